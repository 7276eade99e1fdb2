/** Which axis of the file points up on the character: the rigger stands that axis onto +Y. */
export type UpAxis = '+y' | '+z' | '-z' | '+x' | '-x' | '-y';

/** The up axes the rigger can stand a model up from, in the order its pre-rig check tries them. */
export const UP_AXES = ['+y', '+z', '-z', '+x', '-x', '-y'] as const satisfies readonly UpAxis[];
