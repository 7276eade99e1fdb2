/**
 * A mesh's solid and its morphological opening: the thick body the opening keeps (the core) and the
 * thin parts it removes (fins, wings, antennae, tails, limbs). Read by the orientation step's
 * paired-fins cue (orientation-up-fins.ts) and the measuring scripts' up-anatomy cues
 * (scripts/lib/up-anatomy.ts, fin-anatomy.ts), so both open the same solid.
 */
import type { Mesh } from '@rigforge/mesh';
import { chamferPasses, computeDistanceField } from './distance-field';
import { solidVoxels } from './solid-voxels';
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

/**
 * Voxelises `mesh` and opens it by `openingShare` of the thickest point's distance to the outside.
 * `kernel`: the chamfer passes' (fit/distance-field.ts chamferPasses), `js` for the reference.
 */
export function openSolid(mesh: Mesh, options: OpenSolidOptions = {}, kernel: 'js' | 'wasm' = 'wasm'): OpenedSolid {
  const o = { ...OPEN_SOLID_DEFAULTS, ...options };
  const grid = voxelizeMesh(mesh, { resolution: o.resolution });
  // The solid voxels listed once (ascending, as a scan of the grid meets them): every step below
  // visits only them, most of the 64-cell grid being air.
  const list = solidVoxels(grid.solid);
  const count = list.length;
  const dt = computeDistanceField(grid, list, kernel);
  let maxDt = 0;
  for (let s = 0; s < count; s++) { const d = dt[list[s]!]!; if (d > maxDt) maxDt = d; }
  const r = Math.max(1.5, o.openingShare * maxDt);
  // The opening: the core (distance ≥ r) grown back by r over the solid, a chamfer distance from
  // the core by the distance field's two passes. Air stays at 1e9, more than any solid voxel's
  // value, so reading it (the passes read every neighbour) lowers nothing: the same distances as a
  // growth over solid neighbours only.
  const grow = new Float32Array(grid.solid.length).fill(1e9);
  for (let s = 0; s < count; s++) { const i = list[s]!; if (dt[i]! >= r) grow[i] = 0; }
  chamferPasses(grid, grow, list, kernel);
  const core = new Uint8Array(grid.solid.length);
  for (let s = 0; s < count; s++) { const i = list[s]!; if (grow[i]! <= r) core[i] = 1; }
  return { grid, core };
}
