/**
 * Everything the body-plan fitters read from the geometry: the solid voxel grid, its distance
 * field, the medial tree with its branches, and whether the solid is mirror-symmetric about the
 * box's centre plane x = cx.
 */
import type { Mesh } from '@rigforge/mesh';
import { computeDistanceField } from './distance-field';
import { buildMedialTree, pathToRoot, type MedialTree } from './medial-tree';
import { smoothPolyline } from './polyline';
import { solidVoxels } from './solid-voxels';
import { countNonZero } from '../voxel/count-non-zero';
import type { Vec3 } from './vec3';
import { voxelCenter, voxelGridCells, voxelizeMesh, voxelTriangles, type VoxelGrid, type VoxelTriangles } from './voxel-grid';

export interface ShapeAnalysis {
  grid: VoxelGrid;
  dt: Float32Array;
  maxDt: number;
  tree: MedialTree;
  /** x of the mirror plane (box centre, x = 0 or the centroid, whichever mirrors best). */
  cx: number;
  /** Intersection-over-union of the solid with its mirror image about x = cx, 0..1. */
  symmetry: number;
  symmetric: boolean;
  /** Mesh units per voxel. */
  cell: number;
  size: Vec3;
  min: Vec3;
  max: Vec3;
  center: (v: number) => Vec3;
}

/**
 * Solid voxels above which the grid is coarsened. The medial-tree cover spreads cost
 * branches × solid voxels × 26: thin creatures stay far below (≤ 34k solid at resolution 80, a
 * chibi biped the most), while a bulky prop fills its box (a crate: ~450k solid, 75 s to fit).
 * Coarsening to this many keeps every shape under a second.
 */
const MAX_SOLID_VOXELS = 40_000;

/**
 * The finest grid up to `resolution` whose solid stays within MAX_SOLID_VOXELS. A cheap pass at
 * PROBE_RESOLUTION estimates how full the box is (solid count grows with the cube of the
 * resolution), so a bulky shape is never voxelised finely first.
 */
function boundedGrid(mesh: Mesh, resolution: number, triangles: VoxelTriangles): VoxelGrid {
  const PROBE_RESOLUTION = 24;
  let target = resolution;
  // The probe's solid voxels are at most its grid's cells: where even that many could not make
  // the estimate exceed the budget (a thin mesh at 80 cells, most at the legs gate's 48), the probe
  // cannot coarsen the grid and is not run.
  if (resolution > PROBE_RESOLUTION && voxelGridCells(triangles, PROBE_RESOLUTION) * (resolution / PROBE_RESOLUTION) ** 3 > 2 * MAX_SOLID_VOXELS) {
    const probe = countNonZero(voxelizeMesh(mesh, { resolution: PROBE_RESOLUTION }, triangles).solid);
    const estimate = probe * (resolution / PROBE_RESOLUTION) ** 3;
    // The coarse probe overestimates thin shapes (its surface cells are thick), so it only decides
    // for clearly bulky ones; borderline shapes are measured at full resolution below.
    if (estimate > 2 * MAX_SOLID_VOXELS) target = Math.floor(resolution * Math.cbrt(MAX_SOLID_VOXELS / estimate));
  }
  for (;;) {
    const grid = voxelizeMesh(mesh, { resolution: target }, triangles);
    // The grid is 0/1, so its non-zero cells are its sum.
    const solid = countNonZero(grid.solid);
    if (solid <= MAX_SOLID_VOXELS || target <= 16) return grid;
    target = Math.max(16, Math.floor(target * Math.cbrt(MAX_SOLID_VOXELS / solid) * 0.97));
  }
}

/**
 * `triangles`: the mesh's `voxelTriangles`, when the caller has them (the legs gate derives a turned
 * copy's from the filed mesh's: fit/turned-voxel-triangles.ts); read once for the probe and every
 * grid after it.
 */
export function analyzeShape(mesh: Mesh, resolution: number, triangles: VoxelTriangles = voxelTriangles(mesh)): ShapeAnalysis {
  const grid = boundedGrid(mesh, resolution, triangles);
  // The solid voxels listed once, for the distance field, the medial tree and the mirror plane.
  const solidList = solidVoxels(grid.solid);
  const dt = computeDistanceField(grid, solidList);
  // Air keeps distance 0 (the field's passes visit the solid list only), so the largest distance
  // is the solid voxels' largest, or 0: the list is read instead of every cell.
  let maxDt = 0;
  for (let s = 0; s < solidList.length; s++) { const d = dt[solidList[s]!]!; if (d > maxDt) maxDt = d; }
  const tree = buildMedialTree(grid, dt, {}, solidList);
  // Mirror plane: the box centre, x = 0 and the solid's centroid are tried; the best mirror IoU
  // wins (a character holding a sword in one hand is symmetric about x = 0, not its box centre).
  const { nx, solid } = grid;
  let sumX = 0;
  // From the solid list (ascending, as a scan meets them): the same terms summed in the same
  // order. The solid voxels' rows and columns are kept for the mirror IoU, which then visits them
  // only (a few per cent of the grid) instead of every cell three times.
  const count = solidList.length;
  const solidRow = new Int32Array(count), solidX = new Int32Array(count);
  for (let s = 0; s < count; s++) {
    const i = solidList[s]!, x = i % nx;
    sumX += x + 0.5; solidRow[s] = i - x; solidX[s] = x;
  }
  const candidates = [nx / 2, -grid.origin[0] / grid.cell, count ? sumX / count : nx / 2];
  let symmetry = -1, planeVox = nx / 2;
  for (const pv of candidates) {
    if (!(pv > 0 && pv < nx)) continue;
    const iou = mirrorIoU(solid, solidRow, solidX, nx, pv);
    if (iou > symmetry + 1e-9) { symmetry = iou; planeVox = pv; }
  }
  const cx = grid.origin[0] + planeVox * grid.cell;
  return withVoxelCenter({
    grid, dt, maxDt, tree,
    cx,
    symmetry: Math.max(symmetry, 0),
    symmetric: symmetry > 0.8,
    cell: grid.cell,
    size: [grid.max[0] - grid.min[0], grid.max[1] - grid.min[1], grid.max[2] - grid.min[2]],
    min: [...grid.min],
    max: [...grid.max],
  });
}

/** A shape analysis's data without its one function: what a thread can post (fit/fit-analysis-ahead.ts). */
export type ShapeAnalysisData = Omit<ShapeAnalysis, 'center'>;

/** The analysis of `data`: its `center` reads `data.grid`, as analyzeShape's own does. */
export function withVoxelCenter(data: ShapeAnalysisData): ShapeAnalysis {
  return { ...data, center: (v) => voxelCenter(data.grid, v) };
}

/**
 * Intersection over union of the solid and its mirror image about the plane x = planeVox, from the
 * solid voxels (row start, column) alone. Per cell of the grid, a = solid there, b = solid at its
 * mirror column (0 when that is off the grid): the intersection counts cells with a and b, i.e.
 * solid voxels whose mirror is solid; the union is |a| + |b| − intersection, and |b| is, over the
 * solid voxels, how many columns mirror onto each one's column. The same integer counts as a scan of
 * every cell, so the same ratio.
 */
function mirrorIoU(solid: Uint8Array, solidRow: Int32Array, solidX: Int32Array, nx: number, planeVox: number): number {
  // Each x's mirror column once (−1 off the grid), and how many columns mirror onto each column.
  const mirror = new Int32Array(nx);
  const mirroredOnto = new Int32Array(nx);
  for (let x = 0; x < nx; x++) {
    const xm = Math.round(2 * planeVox - x - 1);
    mirror[x] = xm >= 0 && xm < nx ? xm : -1;
    if (mirror[x]! >= 0) mirroredOnto[xm]!++;
  }
  let inter = 0, b = 0;
  const count = solidRow.length;
  for (let s = 0; s < count; s++) {
    const x = solidX[s]!;
    const xm = mirror[x]!;
    if (xm >= 0 && solid[solidRow[s]! + xm]) inter++;
    b += mirroredOnto[x]!;
  }
  const uni = count + b - inter;
  return uni ? inter / uni : 0;
}

/** A limb found from an extremity: its path to the root and where it enters the body's core. */
export interface Limb {
  tip: number;
  tipPos: Vec3;
  /** Voxels from tip to root. */
  toRoot: number[];
  /** Index into `toRoot` where the limb meets the thicker body. */
  entry: number;
  entryPos: Vec3;
  /** Smoothed world polyline from the entry to the tip. */
  points: Vec3[];
  /** Typical thickness of the limb (voxels). */
  radius: number;
  /** Length from entry to tip, in mesh units. */
  length: number;
}

/**
 * Walks from the extremity towards the root and stops where the cross-section grows well past
 * the limb's own (distance field above ~1.5× the limb's median): the shoulder, hip or neck base.
 */
export function traceLimb(shape: ShapeAnalysis, tip: number): Limb {
  const toRoot = pathToRoot(shape.tree, tip);
  const pts = toRoot.map((v) => shape.center(v));
  const arcs = [0];
  for (let i = 1; i < pts.length; i++) arcs.push(arcs[i - 1]! + Math.hypot(pts[i]![0] - pts[i - 1]![0], pts[i]![1] - pts[i - 1]![1], pts[i]![2] - pts[i - 1]![2]));
  const total = arcs[arcs.length - 1]!;
  const sample: number[] = [];
  let maxAlong = 0;
  toRoot.forEach((v, i) => {
    const d = shape.dt[v]!;
    if (d > maxAlong) maxAlong = d;
    if (arcs[i]! >= 0.15 * total && arcs[i]! <= 0.5 * total) sample.push(d);
  });
  sample.sort((a, b) => a - b);
  const radius = sample.length ? sample[Math.floor(sample.length / 2)]! : 1;
  const threshold = Math.min(Math.max(1.5 * radius, radius + 1.5), 0.8 * maxAlong);
  let entry = toRoot.length - 1;
  for (let i = 0; i < toRoot.length; i++) {
    if (arcs[i]! >= 0.1 * total && shape.dt[toRoot[i]!]! >= threshold) { entry = i; break; }
  }
  const points = smoothPolyline(pts.slice(0, entry + 1).reverse(), 2);
  return {
    tip,
    tipPos: pts[0]!,
    toRoot,
    entry,
    entryPos: pts[entry]!,
    points,
    radius,
    length: arcs[entry]!,
  };
}
