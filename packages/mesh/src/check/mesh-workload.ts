import { EngineError } from '../mesh-error';
import type { Mesh } from '../mesh-model';
import { dropDegenerateTriangles } from './drop-degenerate-triangles';
import { estimateRasterWork, longestSide, RasterWorkMeter } from './estimate-raster-work';

/**
 * The work budget of the engines that walk triangles on grids. Resolutions are those of the
 * skinning voxeliser (128 cells on the long side) and of the supersampled 512 px thumbnail
 * (1024); the fit's voxel grid is coarser, so it is covered. Budgets are ~10^10 visits each,
 * about 5 s of this machine's voxelising or rasterising; the 35 models of the rig dev set use
 * at most 1.2 M cells and 10 M pixels, so real meshes, even 2M-triangle ones, sit thousands of
 * times below, while random triangle soup (199k triangles: 54 000 M cells, 75 000 M pixels, 65 s)
 * and a dense fan (2M triangles over 256 vertices: 410 000 M cells, 164 s) are far above.
 */
export const MESH_WORKLOAD_LIMITS = {
  gridResolution: 128,
  pixelResolution: 1024,
  maxCellVisits: 10_000_000_000,
  maxPixelVisits: 10_000_000_000,
  /** Share of removable triangles above which the simplified mesh replaces the input. */
  simplifyShare: 0.01,
} as const;

export interface MeshWorkloadResult {
  mesh: Mesh;
  warnings: string[];
}

/**
 * Bounds the work a mesh can cause before any heavy stage runs. Degenerate and duplicate
 * triangles (a two-million-corner face over nine vertices) are dropped when they are more than
 * a trace; what remains is refused with `invalid_input` when its triangles' bounding boxes would
 * cost more grid visits than the budget, since no amount of time makes such a mesh riggable.
 * Linear in the triangle count (~0.5 s at the 2M cap), and hostile meshes stop early: the kept
 * triangles are measured as the degenerate scan meets them, against the box of *all* vertices
 * (at least as large as the box of those used, so the sum is never more than the true one), and
 * the scan stops at the first triangle past the budget. A dense fan of 2M triangles over 256
 * vertices was refused after 0.9 s of dropping and measuring; it is now refused after its first
 * ~30k triangles.
 */
export function boundMeshWorkload(input: Mesh): MeshWorkloadResult {
  const limits = MESH_WORKLOAD_LIMITS;
  const warnings: string[] = [];
  const triangles = input.indices.length / 3;
  const over = (visits: number, max: number) => `${(visits / 1e6).toFixed(0)} M (limit ${(max / 1e6).toFixed(0)} M)`;
  const meter = new RasterWorkMeter(input.positions, longestSide(input.positions), limits.gridResolution, limits.pixelResolution);
  const { indices } = input;
  const dropped = dropDegenerateTriangles(
    input,
    meter.scaled
      ? (t) => {
          meter.add(indices[t * 3]!, indices[t * 3 + 1]!, indices[t * 3 + 2]!);
          return meter.cells <= limits.maxCellVisits && meter.pixels <= limits.maxPixelVisits;
        }
      : undefined,
  );
  if (dropped.stoppedAt !== undefined) {
    const cellsOver = meter.cells > limits.maxCellVisits;
    const need = cellsOver
      ? `${over(meter.cells, limits.maxCellVisits)} voxel visits at ${limits.gridResolution} cells`
      : `${over(meter.pixels, limits.maxPixelVisits)} pixel visits at ${limits.pixelResolution} px`;
    throw new EngineError(
      'invalid_input',
      `mesh: its ${triangles} triangles are too large and overlapping for their number to rig (the first ` +
        `${dropped.stoppedAt + 1} alone need ${need}); random triangle soup and dense fans cannot be rigged`,
    );
  }
  const removed = dropped.degenerate + dropped.duplicate;
  let mesh = input;
  if (removed > triangles * limits.simplifyShare) {
    mesh = dropped.mesh;
    warnings.push(`mesh: dropped ${dropped.degenerate} degenerate and ${dropped.duplicate} duplicate triangles of ${triangles}`);
  }
  if (mesh.indices.length === 0) {
    throw new EngineError('invalid_input', `mesh: all ${triangles} triangles are degenerate (no surface to rig)`);
  }
  const work = estimateRasterWork(mesh, limits.gridResolution, limits.pixelResolution);
  if (work.cells > limits.maxCellVisits || work.pixels > limits.maxPixelVisits) {
    const n = mesh.indices.length / 3;
    throw new EngineError(
      'invalid_input',
      `mesh: its ${n} triangles are too large and overlapping for their number to rig (their bounding boxes ` +
        `need ${over(work.cells, limits.maxCellVisits)} voxel visits at ${limits.gridResolution} cells, ` +
        `${over(work.pixels, limits.maxPixelVisits)} pixel visits at ${limits.pixelResolution} px); ` +
        'random triangle soup and dense fans cannot be rigged',
    );
  }
  return { mesh, warnings };
}
