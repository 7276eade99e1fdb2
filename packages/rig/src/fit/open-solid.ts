/**
 * A mesh's solid and its morphological opening: the thick body the opening keeps (the core) and the
 * thin parts it removes (fins, wings, antennae, tails, limbs). Read by the orientation step's
 * paired-fins cue (orientation-up-fins.ts) and the measuring scripts' up-anatomy cues
 * (scripts/lib/up-anatomy.ts, fin-anatomy.ts), so both open the same solid.
 */
import type { Mesh } from '@rigforge/mesh';
import { computeDistanceField, neighbourOffsets } from './distance-field';
import { voxelizeMesh, type VoxelGrid } from './voxel-grid';

export interface OpenSolidOptions {
  /** Voxels along the box's longest side. */
  resolution?: number;
  /** The opening's radius as a share of the thickest point's distance to the outside. */
  openingShare?: number;
}

/**
 * 64 cells and 0.4 of the thickest point, set by hand in the twentieth orientation round (package
 * README, "Orientation: measured"): a fish's fins and a bee's wings are removed, its body kept.
 */
export const OPEN_SOLID_DEFAULTS: Required<OpenSolidOptions> = { resolution: 64, openingShare: 0.4 };

/** The solid and its opening: `core[i]` is 1 where the opening keeps voxel i (the thick body), so a
 * solid voxel with `core` 0 is a thin part. */
export interface OpenedSolid { grid: VoxelGrid; core: Uint8Array }

/** Voxelises `mesh` and opens it by `openingShare` of the thickest point's distance to the outside. */
export function openSolid(mesh: Mesh, options: OpenSolidOptions = {}): OpenedSolid {
  const o = { ...OPEN_SOLID_DEFAULTS, ...options };
  const grid = voxelizeMesh(mesh, { resolution: o.resolution });
  const { solid } = grid;
  const dt = computeDistanceField(grid);
  let maxDt = 0;
  for (let i = 0; i < dt.length; i++) if (solid[i] && dt[i]! > maxDt) maxDt = dt[i]!;
  const r = Math.max(1.5, o.openingShare * maxDt);
  // The opening: the core (distance ≥ r) grown back by r over the solid (a chamfer distance from the
  // core, two passes, as the distance field's).
  const grow = new Float32Array(solid.length).fill(1e9);
  for (let i = 0; i < solid.length; i++) if (solid[i] && dt[i]! >= r) grow[i] = 0;
  const { delta, length } = neighbourOffsets(grid);
  for (let pass = 0; pass < 2; pass++) {
    const forward = pass === 0;
    for (let s = 0; s < solid.length; s++) {
      const i = forward ? s : solid.length - 1 - s;
      if (!solid[i]) continue;
      let best = grow[i]!;
      for (let k = 0; k < delta.length; k++) {
        const j = i + delta[k]!;
        if ((forward ? delta[k]! < 0 : delta[k]! > 0) && j >= 0 && j < solid.length && solid[j]) best = Math.min(best, grow[j]! + length[k]!);
      }
      grow[i] = best;
    }
  }
  const core = new Uint8Array(solid.length);
  for (let i = 0; i < solid.length; i++) if (solid[i] && grow[i]! <= r) core[i] = 1;
  return { grid, core };
}
