/**
 * The big end up: a biped's head (a big-headed one most of all) carries more of its solid than its
 * feet, so stood the right way up its solid's centroid lies above its box's middle. Where the gates
 * keep a file's +Y only because nothing else was likelier (the finder unsure of every axis, and
 * its likeliest standing on no legs: find-orientation.ts decideOrientation's last gate) and its box
 * is clearly longest on no side and it is no sheet (a long body's mass across its length is a back or
 * a belly with fins or wings: the fish of the development set carry theirs low, 0.09–0.14 below the
 * middle; a sheet's is its wings' rise: a butterfly's 0.2 below), the up
 * axis along which the solid's centroid lies highest is taken instead, when it lies at least a bar
 * (of the box's extent along it) above the middle. The bar is chosen leaving one artist out
 * (packages/rig/docs/orientation.md, "Orientation: measured", 27th round).
 */
import type { Mesh } from '@rigforge/mesh';
import { voxelizeMesh } from './fit/voxel-grid';
import { UP_AXES, type UpAxis } from './up-axis';

/** The solid's grid (cells per box side): coarse, as the fins rule's opening. */
export const MASS_ABOVE_RESOLUTION = 64;

/**
 * Per up axis (UP_AXES' order as `index`), how far the solid's centroid lies above its box's middle
 * along it, over the box's extent (−0.5..0.5; a direction and its opposite read opposite values).
 */
export function measureMassAbove(mesh: Mesh, resolution: number = MASS_ABOVE_RESOLUTION): (up: UpAxis) => number {
  const { nx, ny, solid } = voxelizeMesh(mesh, { resolution });
  const nxy = nx * ny;
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity], sum = [0, 0, 0];
  let n = 0;
  for (let i = 0; i < solid.length; i++) {
    if (!solid[i]) continue;
    const p = [i % nx, Math.floor(i / nx) % ny, Math.floor(i / nxy)];
    for (let k = 0; k < 3; k++) { lo[k] = Math.min(lo[k]!, p[k]!); hi[k] = Math.max(hi[k]!, p[k]!); sum[k]! += p[k]!; }
    n++;
  }
  return (up) => {
    const k = 'xyz'.indexOf(up[1]!);
    if (n === 0) return 0;
    const above = (sum[k]! / n - (lo[k]! + hi[k]!) / 2) / (hi[k]! - lo[k]! + 1);
    return up[0] === '+' ? above : -above;
  };
}

/**
 * The up axis to take instead of a kept `upAxis` (undefined: keep it): of `allowed`, the one the
 * solid's centroid lies highest along, when at least `minAbove` and not `upAxis` itself.
 */
export function headUpInstead(upAxis: UpAxis, massAbove: (up: UpAxis) => number, minAbove: number, allowed: readonly UpAxis[] = UP_AXES): UpAxis | undefined {
  if (allowed.length === 0) return undefined;
  const top = allowed.reduce((a, b) => (massAbove(b) > massAbove(a) ? b : a));
  return top !== upAxis && massAbove(top) >= minAbove ? top : undefined;
}
