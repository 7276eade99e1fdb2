/**
 * The up axes the rigger can stand a model up from. Dependency-free, so the wire contract imports
 * the one list through the `@rigforge/rig/up-axis` subpath.
 */

/** Which axis of the file points up on the character: the rigger wants +Y. */
export type UpAxis = '+y' | '+z' | '-z' | '+x' | '-x' | '-y';

export const UP_AXES = ['+y', '+z', '-z', '+x', '-x', '-y'] as const satisfies readonly UpAxis[];

export function isUpAxis(value: unknown): value is UpAxis {
  return typeof value === 'string' && (UP_AXES as readonly string[]).includes(value);
}
