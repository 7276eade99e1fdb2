/**
 * The skinning grid at the finest resolution a mesh can afford: the geodesic pass costs labels ×
 * solid cells × 26, so a bulky prop that fills its box is voxelised more coarsely than a character.
 */
import { EMPTY, voxelizeSkinGrid, type SkinVoxelGrid } from './skin-voxel-grid';

/**
 * Solid cells above which the grid is coarsened: the geodesic pass costs labels × cells × 26.
 * Characters stay far below (≤ 130k cells at resolution 128, a chibi biped the most); a bulky prop
 * that fills its box (a crate: ~1.4M cells, 13 s) is skinned on a coarser grid instead.
 */
const MAX_SOLID_CELLS = 150_000;

function countSolidCells(grid: SkinVoxelGrid): number {
  // Locals: under tsx an imported constant is a getter call per read (2% of the dev set's rig time).
  const { state } = grid, empty = EMPTY;
  let solid = 0;
  for (let i = 0; i < state.length; i++) if (state[i] !== empty) solid++;
  return solid;
}

/**
 * The finest grid up to `resolution` within MAX_SOLID_CELLS. A pass at a coarse probe resolution
 * estimates the fill (solid grows with the cube of the resolution), so a bulky mesh is never
 * voxelised finely first.
 */
export function voxelizeWithinBudget(positions: Float32Array, indices: Uint32Array, resolution: number): SkinVoxelGrid {
  const PROBE_RESOLUTION = 32;
  let target = resolution;
  if (resolution > PROBE_RESOLUTION) {
    const probe = countSolidCells(voxelizeSkinGrid(positions, indices, { resolution: PROBE_RESOLUTION }));
    const estimate = probe * (resolution / PROBE_RESOLUTION) ** 3;
    // The coarse probe overestimates thin shapes (its surface cells are thick), so it only decides
    // for clearly bulky ones; borderline shapes are measured at full resolution below.
    if (estimate > 2 * MAX_SOLID_CELLS) target = Math.floor(resolution * Math.cbrt(MAX_SOLID_CELLS / estimate));
  }
  for (;;) {
    const grid = voxelizeSkinGrid(positions, indices, { resolution: target });
    const solid = countSolidCells(grid);
    if (solid <= MAX_SOLID_CELLS || target <= 24) return grid;
    target = Math.max(24, Math.floor(target * Math.cbrt(MAX_SOLID_CELLS / solid) * 0.97));
  }
}
