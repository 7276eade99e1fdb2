/**
 * A sheet lies flat: a body whose thinnest side is both a flat body's thickness and a slender
 * one's (mirror-plane.ts isFlatSide and isSlenderSide at their defaults: at most 0.2 of each other
 * side and 0.07 of the longest — a butterfly with its wings spread; the procedural snake, round, is
 * none) has its up axis along that side: the wings' normal, not their span nor the body's length. A rule about
 * anatomy with no constant of its own (packages/rig/docs/orientation.md, "Orientation: measured", twentieth round).
 * It runs where the legs rules run (find-orientation.ts decideOrientation), after them: a sheet
 * stands on no legs, so they cannot stand it up.
 */
import { isFlatSide, isSlenderSide, type MirrorPlanes } from './mirror-plane';
import type { UpAxis } from './up-axis';

/** The file axis of a sheet's thickness, or undefined when the mesh is no sheet. */
export function sheetAxisOf(planes: Pick<MirrorPlanes, 'extent'>): 'x' | 'y' | 'z' | undefined {
  const k = ([0, 1, 2] as const).find((j) => isFlatSide(planes, j) && isSlenderSide(planes, j));
  return k === undefined ? undefined : (['x', 'y', 'z'] as const)[k];
}

/**
 * The up axis to take instead of `upAxis` (undefined: keep it): for a sheet whose thickness lies
 * along `sheetAxis`, an up axis across it gives way to the likelier (by `upP`) of the two along it.
 */
export function liesFlatInstead(upAxis: UpAxis, sheetAxis: 'x' | 'y' | 'z', upP: (up: UpAxis) => number): UpAxis | undefined {
  if (upAxis[1] === sheetAxis) return undefined;
  const plus = `+${sheetAxis}` as const, minus = `-${sheetAxis}` as const;
  return upP(minus) > upP(plus) ? minus : plus;
}
