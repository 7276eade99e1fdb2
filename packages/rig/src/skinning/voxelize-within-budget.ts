/**
 * The skinning grid at the finest resolution a mesh needs and can afford: no finer than the mesh's
 * own detail (its short edges; `meshDetailResolution`), and since the geodesic pass costs labels ×
 * solid cells × 26, a bulky prop that fills its box is voxelised more coarsely than a character.
 */
import { skinGridFrame, voxelizeSkinGrid, type SkinVoxelGrid } from './skin-voxel-grid';
import { kthSmallest } from '../kth-smallest';
import { countNonZero } from '../voxel/count-non-zero';

/**
 * Solid cells above which the grid is coarsened: the geodesic pass costs labels × cells × 26.
 * Characters stay far below (≤ 130k cells at resolution 128, a chibi biped the most); a bulky prop
 * that fills its box (a crate: ~1.4M cells, 13 s) is skinned on a coarser grid instead.
 */
const MAX_SOLID_CELLS = 150_000;

function countSolidCells(grid: SkinVoxelGrid): number {
  // EMPTY is 0 (a test holds it so): the filled cells are the non-zero ones.
  return countNonZero(grid.state);
}

/** How the skinning grid follows the mesh's detail (`voxelizeWithinBudget`). */
export interface SkinGridSizing {
  /**
   * Cells along the longest side per unit of the mesh's detail (`meshDetailResolution`): 1 puts
   * about one cell on a short edge, 0.5 one cell on two. Default 1.
   */
  detailScale?: number;
  /** Fewest cells along the longest side a grid sized by the detail gets. Default MIN_DETAIL_RESOLUTION (64). */
  minDetailResolution?: number;
}

/**
 * The finest grid up to `resolution` and the mesh's detail (× `detailScale`, at least
 * `minDetailResolution`) within MAX_SOLID_CELLS. A pass at a coarse probe resolution
 * estimates the fill (solid grows with the cube of the resolution), so a bulky mesh is never
 * voxelised finely first.
 */
export function voxelizeWithinBudget(positions: Float32Array, indices: Uint32Array, resolution: number, sizing: SkinGridSizing = {}): SkinVoxelGrid {
  const PROBE_RESOLUTION = 32;
  let target = skinGridTarget(resolution, meshDetailResolution(positions, indices), sizing);
  // The probe's solid cells are at most its grid's cells: where even that many could not make the
  // estimate exceed the budget (a mesh at 64 cells unless its box is nearly a cube: 45 of the 56 dev meshes), the probe cannot
  // coarsen the grid and is not run.
  if (target > PROBE_RESOLUTION && probeCouldCoarsen(positions, PROBE_RESOLUTION, target)) {
    const probe = countSolidCells(voxelizeSkinGrid(positions, indices, { resolution: PROBE_RESOLUTION }));
    const estimate = probe * (target / PROBE_RESOLUTION) ** 3;
    // The coarse probe overestimates thin shapes (its surface cells are thick), so it only decides
    // for clearly bulky ones; borderline shapes are measured at full resolution below.
    if (estimate > 2 * MAX_SOLID_CELLS) target = Math.floor(target * Math.cbrt(MAX_SOLID_CELLS / estimate));
  }
  for (;;) {
    const grid = voxelizeSkinGrid(positions, indices, { resolution: target });
    const solid = countSolidCells(grid);
    if (solid <= MAX_SOLID_CELLS || target <= 24) return grid;
    target = Math.max(24, Math.floor(target * Math.cbrt(MAX_SOLID_CELLS / solid) * 0.97));
  }
}

/** Whether a probe at `probeResolution` could estimate more than twice the budget at `target`. */
function probeCouldCoarsen(positions: Float32Array, probeResolution: number, target: number): boolean {
  const [nx, ny, nz] = skinGridFrame(positions, { resolution: probeResolution }).dims;
  return nx * ny * nz * (target / probeResolution) ** 3 > 2 * MAX_SOLID_CELLS;
}

/**
 * Fewest cells along the longest side of a grid sized by the mesh's detail: enough for the
 * geodesic search to keep apart parts a few cells across (legs, fingers of a low-poly hand).
 */
const MIN_DETAIL_RESOLUTION = 64;

/**
 * The grid's cells along the longest side before the solid budget: `resolution` at most, the
 * detail × `detailScale` (rounded up) where that is coarser, never under `minDetailResolution`
 * (nor over `resolution`).
 */
export function skinGridTarget(resolution: number, detail: number, sizing: SkinGridSizing = {}): number {
  const scale = sizing.detailScale ?? 1, floor = sizing.minDetailResolution ?? MIN_DETAIL_RESOLUTION;
  return Math.min(resolution, Math.max(floor, Math.ceil(scale * detail)));
}

/** Triangles sampled (evenly along the index list) for the edge-length percentile. */
const DETAIL_SAMPLE_TRIANGLES = 20_000;

/**
 * The mesh's detail as a grid resolution: its bounding box's longest side over its short edges
 * (the 10th percentile of edge length). A cell finer than the mesh's short edges resolves nothing
 * the mesh has: a 700-triangle toy whose short edges are 1/27 of its height gains nothing from
 * 128 cells but pays 8–20× the voxels (and the geodesic search over them) of a grid at its detail.
 */
export function meshDetailResolution(positions: Float32Array, indices: Uint32Array): number {
  let lo0 = Infinity, lo1 = Infinity, lo2 = Infinity, hi0 = -Infinity, hi1 = -Infinity, hi2 = -Infinity;
  for (let i = 0; i + 2 < positions.length; i += 3) {
    const x = positions[i]!, y = positions[i + 1]!, z = positions[i + 2]!;
    if (x < lo0) lo0 = x; if (x > hi0) hi0 = x;
    if (y < lo1) lo1 = y; if (y > hi1) hi1 = y;
    if (z < lo2) lo2 = z; if (z > hi2) hi2 = z;
  }
  const longest = Math.max(hi0 - lo0, hi1 - lo1, hi2 - lo2);
  const triangles = indices.length / 3;
  const stride = Math.max(1, Math.floor(triangles / DETAIL_SAMPLE_TRIANGLES));
  const lengths = new Float64Array(3 * Math.ceil(triangles / stride));
  let m = 0;
  for (let t = 0; t < triangles; t += stride) {
    for (let e = 0; e < 3; e++) {
      const a = 3 * indices[3 * t + e]!, b = 3 * indices[3 * t + ((e + 1) % 3)]!;
      const dx = positions[a]! - positions[b]!, dy = positions[a + 1]! - positions[b + 1]!, dz = positions[a + 2]! - positions[b + 2]!;
      const len = Math.sqrt(dx * dx + dy * dy + dz * dz);
      if (len > 0) lengths[m++] = len;
    }
  }
  if (m === 0 || !(longest > 0)) return Infinity;
  // The 10th percentile by selection: the sorted order's value at that rank, without the sort.
  return longest / kthSmallest(lengths.subarray(0, m), Math.floor(0.1 * (m - 1)));
}
