/**
 * The up axes the rigger can stand a model up from, and their guard. The list is
 * `@rigforge/vocabulary`'s (one truth, shared with the wire contract).
 */
import { UP_AXES, type UpAxis } from '@rigforge/vocabulary';

export { UP_AXES, type UpAxis };

export function isUpAxis(value: unknown): value is UpAxis {
  return typeof value === 'string' && (UP_AXES as readonly string[]).includes(value);
}

/** The same axis pointing the other way (+y → −y): a model rolled over stands on it. */
export function oppositeUp(up: UpAxis): UpAxis {
  return UP_AXES.find((a) => a[1] === up[1] && a !== up)!;
}

/** A model's three axes, in index order (x 0, y 1, z 2): the axis an up axis lies along is `up[1]`. */
export const AXES = ['x', 'y', 'z'] as const;
export type Axis = (typeof AXES)[number];

/** The model axis an up axis lies along (+y and −y: y). */
export function axisOfUp(up: UpAxis): Axis {
  return AXES.find((a) => a === up[1])!;
}

/** The up axis along `axis` pointing `sign` (+1: +axis). */
export function upAlong(axis: Axis, sign: 1 | -1): UpAxis {
  return UP_AXES.find((u) => u[1] === axis && (u[0] === '+') === (sign > 0))!;
}
