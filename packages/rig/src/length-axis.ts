/**
 * The file axis a body lies along: the one its bounding box is clearly longest on. A swimming body
 * (the aquatic plan) lies along its length, so an orientation that stands it on that axis (a fish
 * on its tail) is wrong whatever the finder's surface features say: find-orientation's
 * `lengthAxis` gate reads this.
 */
import type { Mesh } from '@rigforge/mesh';
import type { BodyPlan } from './body-plan';

export interface LengthAxisOptions {
  /**
   * How many times each other extent the longest must be to count as the body's length. Default
   * 1.5, set by hand (not fitted): the swimming bodies of the development set are 1.2–3.0 times
   * as long as they are deep or wide, and the gate only acts when the up axis chosen lies along
   * that length, which no upright file does at any ratio up to 2.9.
   */
  minRatio?: number;
}

export const LENGTH_AXIS_DEFAULTS: Required<LengthAxisOptions> = { minRatio: 1.5 };

/** Plans whose body lies along its length: a fish or whale swims along it and is never stood on its end. */
export const LENGTHWISE_PLANS: readonly BodyPlan[] = ['aquatic'];

/** The axis the mesh's bounding box is longest on by `minRatio` over both others; undefined when none is. */
export function lengthAxisOf(mesh: Mesh, options: LengthAxisOptions = {}): 'x' | 'y' | 'z' | undefined {
  const { minRatio } = { ...LENGTH_AXIS_DEFAULTS, ...options };
  // The loop runs on the array alone (a thin reader of the mesh object: see fit/hand-region.ts's handRegion).
  return lengthAxisOfPositions(mesh.positions, minRatio);
}

function lengthAxisOfPositions(p: Float32Array, minRatio: number): 'x' | 'y' | 'z' | undefined {
  if (p.length < 3) return undefined;
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i + 2 < p.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const v = p[i + k]!;
      if (v < lo[k]!) lo[k] = v;
      if (v > hi[k]!) hi[k] = v;
    }
  }
  const extent = [0, 1, 2].map((k) => hi[k]! - lo[k]!);
  const long = extent.indexOf(Math.max(...extent));
  const others = extent.filter((_, k) => k !== long);
  if (others.some((e) => extent[long]! < minRatio * e)) return undefined;
  return (['x', 'y', 'z'] as const)[long];
}
