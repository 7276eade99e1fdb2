/**
 * What a model's surface says about which way is up and which way it faces, measured for each of
 * the 24 quarter-turn orientations it could stand in. The features are rules of anatomy read off
 * a coarse surface grid: a creature is mirror-symmetric left to right; it stands on thin supports
 * (feet, paws, a tail fin is not one) with its bulk above them; its toes, head and chest point
 * forward. `find-orientation.ts` weighs them with a small fitted model.
 *
 * The grid has the same number of cells along each file axis (spanning the bounding box), so a
 * quarter turn of the file only permutes and mirrors its indices: the 24 candidate frames are read
 * from one grid, and a model turned by a quarter turn gets exactly the permuted features.
 */
import type { Mesh } from '@rigforge/mesh';
import { ANATOMY_FEATURE_NAMES, anatomyOfCandidate, CONTACT_FEATURE_NAMES, measureMeshAnatomy } from './orientation-anatomy';
import { UP_AXES, upAxisTurn, type UpAxis } from './rotate-mesh-up';
import { solidVoxels } from './fit/solid-voxels';
import { clampedCell } from './voxel/clamped-cell';

/** Cells along each axis of the surface grid: 32 (fillEnclosed holds a row of cells in a 32-bit word; a cell's coordinates are its index's bits). */
const N_BITS = 5;
const N = 1 << N_BITS;

/** One of the 24 candidate orientations: stand the file up along `upAxis`, then turn `rotationY` about +Y. */
export interface OrientationCandidate {
  upAxis: UpAxis;
  rotationY: 0 | 90 | 180 | -90;
}

export const ROTATIONS_Y = [0, 90, 180, -90] as const;

/** All 24 candidates, +y / 0 (the file as it is) first. */
export const ORIENTATION_CANDIDATES: readonly OrientationCandidate[] = UP_AXES.flatMap((upAxis) =>
  ROTATIONS_Y.map((rotationY) => ({ upAxis, rotationY })),
);

/**
 * The fore-aft ends' sections (measureEnds), last of the surface features: they need each slab's
 * spans tracked in the candidates' cell loop, paid only when a model names one of them.
 */
export const ENDS_FEATURE_NAMES = ['frontThickerSection', 'backFlatter'] as const;

/** Names of the surface features, in the order `measureOrientationFeatures` gives them. */
const SURFACE_FEATURE_NAMES = [
  'symmetryLeftRight',
  'bottomFootprint',
  'topFootprint',
  'bottomPieces',
  'topPieces',
  'centroidHeight',
  'thinBelow',
  'heightOverLength',
  'heightOverWidth',
  'widthOverLength',
  'bulkForward',
  'toesForward',
  'topForward',
  'frontHigher',
  'frontThicker',
  'downFacingBottom',
  'upIsLongest',
  'upIsShortest',
  'toesForwardIfTall',
  'frontHigherIfLong',
  'solidCentroidHeight',
  'solidThinBelow',
  'solidBottomPieces',
  'solidTopPieces',
  'solidBulkForward',
  'solidFrontThicker',
  ...ENDS_FEATURE_NAMES,
] as const;

/**
 * Names of all the features of a candidate, in the order `measureAllOrientationFeatures` gives
 * them: the surface features, then the flat faces and the origin (orientation-anatomy.ts).
 */
export const ORIENTATION_FEATURE_NAMES = [...SURFACE_FEATURE_NAMES, ...ANATOMY_FEATURE_NAMES] as const;

/** The surface grid of a mesh in its file frame, with the extents of its bounding box. */
export interface SurfaceGrid {
  occupied: Uint8Array;
  /** The surface and what it encloses (cells the outside cannot reach without crossing it). */
  solid: Uint8Array;
  /** Surface normal sums per cell (x, y, z), for the down-facing soles. */
  normals: Float32Array;
  extent: [number, number, number];
  /** The bounding box's lower corner (file units): with `extent`, where the file's origin is in the box. */
  min: [number, number, number];
  /** The occupied cells' file coordinates, one array per file axis (the candidates' counts visit only these). */
  occupiedCells: CellList;
  /** The solid cells' file coordinates. */
  solidCells: CellList;
}

/** Cells by their file coordinates: cell c is (at[0][c], at[1][c], at[2][c]). */
export interface CellList { count: number; at: [Uint8Array, Uint8Array, Uint8Array] }

/**
 * The set cells' coordinates, in index order (`solidVoxels`' list: the grid's cells are 0 or 1); a
 * cell's coordinates are its index's bits (N is a power of two).
 */
function setCells(cells: Uint8Array): CellList {
  const list = solidVoxels(cells);
  const count = list.length;
  const at: CellList['at'] = [new Uint8Array(count), new Uint8Array(count), new Uint8Array(count)];
  for (let k = 0; k < count; k++) {
    const i = list[k]!;
    at[0][k] = i >> (2 * N_BITS); at[1][k] = (i >> N_BITS) & (N - 1); at[2][k] = i & (N - 1);
  }
  return { count, at };
}

/** Marks every cell the surface passes through, sampling each triangle finer than a cell. */
export function buildSurfaceGrid(mesh: Mesh): SurfaceGrid {
  // The loops run on the arrays alone (a thin reader of the mesh object: see fit/hand-region.ts's handRegion).
  return surfaceGridOf(mesh.positions, mesh.indices);
}

function surfaceGridOf(p: Float32Array, idx: Uint32Array): SurfaceGrid {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i + 2 < p.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k]!, p[i + k]!);
      max[k] = Math.max(max[k]!, p[i + k]!);
    }
  }
  const rawExtent = [0, 1, 2].map((k) => Math.max(max[k]! - min[k]!, 0));
  const diag = Math.hypot(...rawExtent) || 1;
  // A flat axis still gets a cell size (a sheet lies in one layer).
  const extent = rawExtent.map((e) => Math.max(e, 1e-6 * diag)) as [number, number, number];
  const occupied = new Uint8Array(N * N * N);
  const normals = new Float32Array(N * N * N * 3);
  // Each vertex's place in cells, ((v − min) / extent) · N, worked out once per vertex rather than
  // once per corner of each of its ~6 triangles (nine divisions a triangle were most of a
  // 60k-triangle human's loop): the same doubles, a trailing partial vertex's included. An index
  // past the positions reads undefined from either array, so its corner is NaN as before.
  const cells = new Float64Array(p.length);
  for (let i = 0, k = 0; i < p.length; i++, k = k === 2 ? 0 : k + 1) cells[i] = ((p[i]! - min[k]!) / extent[k]!) * N;
  // ... and its cell's index (−1 for a NaN coordinate), for a triangle of one step: its three
  // samples are its corners, q·A + s·B + r·C with two weights 0 and one 1 being that corner for
  // finite coordinates (one step needs them: a non-finite corner makes the steps NaN, no sample).
  const vertices = Math.floor(p.length / 3);
  const corner = new Int32Array(vertices);
  for (let v = 0; v < vertices; v++) {
    const wx = cells[v * 3]!, wy = cells[v * 3 + 1]!, wz = cells[v * 3 + 2]!;
    const x = clampedCell(wx, N);
    const y = clampedCell(wy, N);
    const z = clampedCell(wz, N);
    corner[v] = (x | y | z) < 0 ? -1 : (((x << N_BITS) | y) << N_BITS) | z;
  }
  // A corner sample: its cell marked and its share of the normal added (as the loop below does).
  const mark = (v: number, sx: number, sy: number, sz: number): void => {
    if (v < 0) return;
    occupied[v] = 1;
    const n = v * 3;
    normals[n] = normals[n]! + sx;
    normals[n + 1] = normals[n + 1]! + sy;
    normals[n + 2] = normals[n + 2]! + sz;
  };
  // Corners and edges in scalars: arrays per triangle were most of this loop's time on large
  // meshes (the same doubles as before).
  for (let t = 0; t + 2 < idx.length; t += 3) {
    const a = idx[t]! * 3, b = idx[t + 1]! * 3, c = idx[t + 2]! * 3;
    const A0 = cells[a]!, A1 = cells[a + 1]!, A2 = cells[a + 2]!;
    const B0 = cells[b]!, B1 = cells[b + 1]!, B2 = cells[b + 2]!;
    const C0 = cells[c]!, C1 = cells[c + 1]!, C2 = cells[c + 2]!;
    // Normal in world units (for the soles), area-weighted by its length.
    const u0 = p[b]! - p[a]!, u1 = p[b + 1]! - p[a + 1]!, u2 = p[b + 2]! - p[a + 2]!;
    const w0 = p[c]! - p[a]!, w1 = p[c + 1]! - p[a + 1]!, w2 = p[c + 2]! - p[a + 2]!;
    const nx = u1 * w2 - u2 * w1, ny = u2 * w0 - u0 * w2, nz = u0 * w1 - u1 * w0;
    // Samples per edge: twice the longest edge in cells, rounded up. The square root of the
    // largest squared length gives the same whole number as the longest Math.hypot (several
    // times slower) except within rounding of a whole number, where the hypot decides as before.
    const ab = (A0 - B0) ** 2 + (A1 - B1) ** 2 + (A2 - B2) ** 2;
    const bc = (B0 - C0) ** 2 + (B1 - C1) ** 2 + (B2 - C2) ** 2;
    const ca = (C0 - A0) ** 2 + (C1 - A1) ** 2 + (C2 - A2) ** 2;
    let twice = 2 * Math.sqrt(Math.max(ab, bc, ca));
    if (Math.abs(twice - Math.round(twice)) <= 1e-9 * (1 + twice)) {
      twice = Math.max(
        Math.hypot(A0 - B0, A1 - B1, A2 - B2),
        Math.hypot(B0 - C0, B1 - C1, B2 - C2),
        Math.hypot(C0 - A0, C1 - A1, C2 - A2),
      ) * 2;
    }
    const steps = Math.min(Math.ceil(twice), 256);
    // Every (i, j) below is one sample, so their number is known before the loop: each sample's
    // share of the normal is added as it is drawn (a cell's additions are the same value, in the
    // same order, as when the samples were first listed and then added).
    const samples = ((steps + 1) * (steps + 2)) / 2;
    const sx = nx / samples, sy = ny / samples, sz = nz / samples;
    const den = Math.max(steps, 1);
    if (steps === 1) {
      // The samples (0, 0), (0, 1), (1, 0) in the loop's order: a, c, b.
      mark(corner[idx[t]!]!, sx, sy, sz);
      mark(corner[idx[t + 2]!]!, sx, sy, sz);
      mark(corner[idx[t + 1]!]!, sx, sy, sz);
      continue;
    }
    for (let i = 0; i <= steps; i++) {
      const s = i / den;
      // Hoisted, as the expression groups them: q = (1 − s) − r; q·A + s·B + r·C = (q·A + s·B) + r·C.
      const rest = 1 - s, sB0 = s * B0, sB1 = s * B1, sB2 = s * B2;
      for (let j = 0; j <= steps - i; j++) {
        const r = j / den, q = rest - r;
        const wx = q * A0 + sB0 + r * C0, wy = q * A1 + sB1 + r * C1, wz = q * A2 + sB2 + r * C2;
        // The cell, clamped to the grid; a NaN coordinate (a non-finite vertex) made an index NaN,
        // whose stores did nothing, so its sample is skipped.
        const x = clampedCell(wx, N);
        const y = clampedCell(wy, N);
        const z = clampedCell(wz, N);
        if ((x | y | z) < 0) continue;
        const v = (((x << N_BITS) | y) << N_BITS) | z;
        occupied[v] = 1;
        // Written out, not through a helper shared with the Float64 histograms (a store site
        // seeing both array types was polymorphic): the same additions.
        const n = v * 3;
        normals[n] = normals[n]! + sx;
        normals[n + 1] = normals[n + 1]! + sy;
        normals[n + 2] = normals[n + 2]! + sz;
      }
    }
  }
  const solid = fillEnclosed(occupied);
  return { occupied, solid, normals, extent, min: [min[0]!, min[1]!, min[2]!], occupiedCells: setCells(occupied), solidCells: setCells(solid) };
}

/**
 * Flood fills the outside from the grid's border; every cell it cannot reach is solid. Which cells
 * are reached does not depend on how the walk goes, so it goes a row of N cells along z at a time
 * as one 32-bit word (N is 32): a row's outside is its free cells reached from its seeds within the
 * row (rowFill) or from the outside of its four neighbouring rows, and sweeps over the rows, forward
 * and back, add cells until a sweep adds none. The seeds are the free border cells (every free cell
 * of a row on the x or y border, the two end cells of the others). Each sweep only adds cells joined
 * to the outside by free cells, and at the end no free cell next to the outside is left out, so the
 * outside is exactly the cells the cell-by-cell walk reached (test/orientation-surface-grid.test.ts
 * compares the two).
 */
export function fillEnclosed(occupied: Uint8Array): Uint8Array {
  const rows = N * N;
  const free = new Int32Array(rows), out = new Int32Array(rows);
  for (let r = 0; r < rows; r++) {
    const at = r << N_BITS;
    let w = 0;
    for (let z = 0; z < N; z++) if (occupied[at + z]) w |= 1 << z;
    free[r] = ~w;
    const x = r >> N_BITS, y = r & (N - 1);
    out[r] = x === 0 || x === N - 1 || y === 0 || y === N - 1 ? ~w : ~w & (1 | (1 << (N - 1)));
  }
  // A row's outside from its neighbours' and its own, spread along the row.
  const sweep = (r: number): boolean => {
    const x = r >> N_BITS, y = r & (N - 1);
    let s = out[r]!;
    if (x > 0) s |= out[r - N]!;
    if (x < N - 1) s |= out[r + N]!;
    if (y > 0) s |= out[r - 1]!;
    if (y < N - 1) s |= out[r + 1]!;
    s = rowFill(s & free[r]!, free[r]!);
    if (s === out[r]) return false;
    out[r] = s;
    return true;
  };
  for (let changed = true; changed;) {
    changed = false;
    for (let r = 0; r < rows; r++) if (sweep(r)) changed = true;
    for (let r = rows - 1; r >= 0; r--) if (sweep(r)) changed = true;
  }
  // Solid: every cell the outside did not reach (occupied cells are never reached).
  const solid = new Uint8Array(occupied.length);
  for (let r = 0; r < rows; r++) {
    const inside = ~out[r]!, at = r << N_BITS;
    if (inside === 0) continue;
    for (let z = 0; z < N; z++) solid[at + z] = (inside >>> z) & 1;
  }
  return solid;
}

/**
 * The cells of a row (bits) reached from `seeds` through `free` cells, either way along the row: the
 * seeds spread over runs of free cells by doubling shifts (a Kogge–Stone fill), up then down.
 */
function rowFill(seeds: number, free: number): number {
  let up = seeds, p = free;
  up |= p & (up << 1); p &= p << 1;
  up |= p & (up << 2); p &= p << 2;
  up |= p & (up << 4); p &= p << 4;
  up |= p & (up << 8); p &= p << 8;
  up |= p & (up << 16);
  let down = seeds;
  p = free;
  down |= p & (down >>> 1); p &= p >>> 1;
  down |= p & (down >>> 2); p &= p >>> 2;
  down |= p & (down >>> 4); p &= p >>> 4;
  down |= p & (down >>> 8); p &= p >>> 8;
  down |= p & (down >>> 16);
  return up | down;
}

/**
 * The candidate's frame as a signed permutation: upright axis k (0 x left-right, 1 y up, 2 z
 * front) is file axis `axis[k]` times `sign[k]`.
 */
export function candidateFrame(c: OrientationCandidate): { axis: [number, number, number]; sign: [number, number, number] } {
  const turn = upAxisTurn(c.upAxis);
  const a = (c.rotationY * Math.PI) / 180;
  const cos = Math.round(Math.cos(a)), sin = Math.round(Math.sin(a));
  // Upright coordinates of each file basis vector (rotateMeshUp, then rotateMeshY's formula).
  const image = [0, 1, 2].map((k) => {
    const [x, y, z] = turn(k === 0 ? 1 : 0, k === 1 ? 1 : 0, k === 2 ? 1 : 0);
    return [cos * x + sin * z, y, -sin * x + cos * z];
  });
  const axis: [number, number, number] = [0, 0, 0];
  const sign: [number, number, number] = [1, 1, 1];
  for (let f = 0; f < 3; f++) {
    for (let k = 0; k < 3; k++) {
      const v = image[f]![k]!;
      if (v !== 0) { axis[k] = f; sign[k] = v; }
    }
  }
  return { axis, sign };
}

/** Connected pieces (8-neighbour) of a set of cells on an N × N plane (a typed stack: each cell is pushed once). */
function countPieces(plane: Uint8Array): number {
  const seen = new Uint8Array(plane.length);
  const stack = new Int32Array(plane.length);
  let pieces = 0;
  for (let s = 0; s < plane.length; s++) {
    if (!plane[s] || seen[s]) continue;
    pieces++;
    seen[s] = 1;
    let top = 0;
    stack[top++] = s;
    while (top > 0) {
      const v = stack[--top]!;
      const i = Math.floor(v / N), j = v % N;
      for (let di = -1; di <= 1; di++) {
        for (let dj = -1; dj <= 1; dj++) {
          const a = i + di, b = j + dj;
          if (a < 0 || b < 0 || a >= N || b >= N) continue;
          const w = a * N + b;
          if (plane[w] && !seen[w]) { seen[w] = 1; stack[top++] = w; }
        }
      }
    }
  }
  return pieces;
}

/**
 * Mirror symmetry of the grid across each file axis (IoU with its mirror, best of a few small shifts).
 *
 * Counted from the occupied cells' list, not by scanning the grid: for a shift, a cell is in both
 * when it and its mirror are occupied, and in either when it or its mirror is; so either = (occupied
 * cells) + (occupied cells whose mirror image lands in the grid) − both. Whole counts, so the
 * ratios are exactly the scan's.
 */
export function measureAxisSymmetry(grid: SurfaceGrid): [number, number, number] {
  const out: [number, number, number] = [0, 0, 0];
  const g = grid.occupied;
  const { count: cells, at } = grid.occupiedCells;
  const stride = [N * N, N, 1];
  // Each occupied cell's grid index, once for the 15 passes below.
  const index = new Int32Array(cells);
  for (let c = 0; c < cells; c++) index[c] = (at[0][c]! * N + at[1][c]!) * N + at[2][c]!;
  for (let a = 0; a < 3; a++) {
    const coord = at[a as 0 | 1 | 2];
    const s = stride[a]!;
    // Occupied cells per coordinate along the axis: the mirrored count below is a sum over them
    // (whole numbers, the same count as a pass over the cells per shift).
    const perCoord = new Int32Array(N);
    for (let c = 0; c < cells; c++) perCoord[coord[c]!]!++;
    let best = 0;
    for (let shift = -2; shift <= 2; shift++) {
      let both = 0, mirrored = 0;
      for (let c = 0; c < cells; c++) {
        const x = coord[c]!;
        // This cell's mirror: coordinate N − 1 − x + shift along axis a.
        const m = N - 1 - x + shift;
        if (m < 0 || m >= N) continue;
        const v = index[c]! + (m - x) * s;
        if (g[v]) both++;
      }
      // Occupied cells w that are the mirror image of some cell: w's coordinate m = N − 1 − x + shift
      // for an x in [0, N), i.e. x = N − 1 − m + shift in range.
      for (let w = 0; w < N; w++) {
        const x = N - 1 - w + shift;
        if (x >= 0 && x < N) mirrored += perCoord[w]!;
      }
      const either = cells + mirrored - both;
      best = Math.max(best, either ? both / either : 0);
    }
    out[a] = best;
  }
  return out;
}

/**
 * What every candidate reads of one grid, counted once: a quarter turn only permutes and mirrors
 * the grid's indices, so each candidate's histograms and sums are read off these (whole counts,
 * so the same numbers as the candidate's own pass over the cells gave).
 */
export interface CandidateTables {
  /** Occupied cells per coordinate pair: `pairs[a][b][i * N + j]` counts cells with coordinate i on file axis a and j on b (a ≠ b). */
  pairs: Int32Array[][];
  /** Occupied cells per coordinate, per file axis. */
  occupied: [Int32Array, Int32Array, Int32Array];
  /** Solid cells per coordinate, per file axis. */
  solid: [Int32Array, Int32Array, Int32Array];
  /** Per file axis: the planes the bottom and top of a model stood along it read (lowest and highest layers of that axis). */
  ends: [AxisEnds, AxisEnds, AxisEnds];
  /** Per occupied cell, the length of its normal sum (Math.hypot of the three stored components); 0 elsewhere. */
  normalLength: Float64Array;
}

/**
 * The occupied cells' footprint and the bottom and top planes of a model stood along a file axis,
 * up or down: counts and 8-connected pieces. A quarter turn about the up axis maps the plane onto
 * itself by a symmetry of the square (a rotation or a mirror), which keeps its cell count and its
 * 8-connected pieces, so the four facings of an up axis share them, and the opposite up axis reads
 * the same planes with bottom and top swapped.
 */
interface AxisEnds {
  /** Columns along the axis holding an occupied cell (the footprint). */
  footprint: number;
  /** Occupied cells of the two lowest and two highest layers along the axis, projected: count and pieces. */
  low2: PlaneCount; high2: PlaneCount;
  /** Solid cells of the three lowest and three highest layers. */
  low3: PlaneCount; high3: PlaneCount;
}

interface PlaneCount { cells: number; pieces: number }

function planeCount(plane: Uint8Array): PlaneCount {
  let cells = 0;
  for (let i = 0; i < plane.length; i++) cells += plane[i]!;
  return { cells, pieces: countPieces(plane) };
}

/** The tables of a grid (candidateFrame's axes index them). */
export function candidateTables(grid: SurfaceGrid): CandidateTables {
  const pairs: Int32Array[][] = [0, 1, 2].map(() => [0, 1, 2].map(() => new Int32Array(N * N)));
  const occupied: CandidateTables['occupied'] = [new Int32Array(N), new Int32Array(N), new Int32Array(N)];
  const solid: CandidateTables['solid'] = [new Int32Array(N), new Int32Array(N), new Int32Array(N)];
  const normalLength = new Float64Array(N * N * N);
  const stride = [N * N, N, 1];
  // Per file axis: the projections onto the other two (index: the lower-numbered axis first).
  const planes = (): [Uint8Array, Uint8Array, Uint8Array] => [new Uint8Array(N * N), new Uint8Array(N * N), new Uint8Array(N * N)];
  const columns = planes();
  const low2 = planes(), high2 = planes();
  const low3 = planes(), high3 = planes();
  // Per cell, each axis a's coordinate and its projection's index (the other two, the lower-numbered
  // axis first), written out per axis: whole counts and flags, the same in any order.
  {
    const { count, at } = grid.occupiedCells;
    const n = grid.normals;
    const [occ0, occ1, occ2] = occupied;
    const [col0, col1, col2] = columns;
    const [lo0, lo1, lo2] = low2, [hi0, hi1, hi2] = high2;
    const p01 = pairs[0]![1]!, p02 = pairs[0]![2]!, p10 = pairs[1]![0]!, p12 = pairs[1]![2]!, p20 = pairs[2]![0]!, p21 = pairs[2]![1]!;
    for (let c = 0; c < count; c++) {
      const f0 = at[0][c]!, f1 = at[1][c]!, f2 = at[2][c]!;
      const v = f0 * stride[0]! + f1 * stride[1]! + f2;
      normalLength[v] = Math.hypot(n[v * 3]!, n[v * 3 + 1]!, n[v * 3 + 2]!);
      const o0 = f1 * N + f2, o1 = f0 * N + f2, o2 = f0 * N + f1;
      occ0[f0]!++; occ1[f1]!++; occ2[f2]!++;
      col0[o0] = 1; col1[o1] = 1; col2[o2] = 1;
      if (f0 < 2) lo0[o0] = 1;
      if (f1 < 2) lo1[o1] = 1;
      if (f2 < 2) lo2[o2] = 1;
      if (f0 >= N - 2) hi0[o0] = 1;
      if (f1 >= N - 2) hi1[o1] = 1;
      if (f2 >= N - 2) hi2[o2] = 1;
      p01[f0 * N + f1]!++; p02[f0 * N + f2]!++; p10[f1 * N + f0]!++; p12[f1 * N + f2]!++; p20[f2 * N + f0]!++; p21[f2 * N + f1]!++;
    }
  }
  {
    const { count, at } = grid.solidCells;
    const [sol0, sol1, sol2] = solid;
    const [lo0, lo1, lo2] = low3, [hi0, hi1, hi2] = high3;
    for (let c = 0; c < count; c++) {
      const f0 = at[0][c]!, f1 = at[1][c]!, f2 = at[2][c]!;
      const o0 = f1 * N + f2, o1 = f0 * N + f2, o2 = f0 * N + f1;
      sol0[f0]!++; sol1[f1]!++; sol2[f2]!++;
      if (f0 < 3) lo0[o0] = 1;
      if (f1 < 3) lo1[o1] = 1;
      if (f2 < 3) lo2[o2] = 1;
      if (f0 >= N - 3) hi0[o0] = 1;
      if (f1 >= N - 3) hi1[o1] = 1;
      if (f2 >= N - 3) hi2[o2] = 1;
    }
  }
  const axisEnds = (a: number): AxisEnds => ({
    footprint: planeCount(columns[a]!).cells,
    low2: planeCount(low2[a]!), high2: planeCount(high2[a]!), low3: planeCount(low3[a]!), high3: planeCount(high3[a]!),
  });
  const ends: CandidateTables['ends'] = [axisEnds(0), axisEnds(1), axisEnds(2)];
  return { pairs, occupied, solid, ends, normalLength };
}

/**
 * The surface features of one candidate orientation, in SURFACE_FEATURE_NAMES order. `ends`: measure
 * the fore-aft ends' sections (ENDS_FEATURE_NAMES); when false they are NaN (not measured) and the
 * others are the same numbers. `tables`: the grid's candidateTables, when the caller reads several
 * candidates of one grid (made here otherwise).
 */
export function measureOrientationFeatures(grid: SurfaceGrid, symmetry: [number, number, number], c: OrientationCandidate, ends = true, tables: CandidateTables = candidateTables(grid)): number[] {
  const { axis, sign } = candidateFrame(c);
  const g = grid.occupied;
  // Upright cell (x, y, z) → file cell: file axis axis[k] takes u_k (or N − 1 − u_k), so the
  // index is a constant plus a signed stride per upright axis (the soles' scan below).
  const fileStride = [N * N, N, 1];
  let base = 0;
  const step = [0, 0, 0];
  for (let k = 0; k < 3; k++) {
    const s = fileStride[axis[k]!]!;
    if (sign[k]! > 0) step[k] = s;
    else { step[k] = -s; base += (N - 1) * s; }
  }
  const sx = step[0]!, sy = step[1]!, sz = step[2]!;
  // Upright coordinate k of file coordinate f along axis[k]: f, or N − 1 − f when sign[k] is negative.
  const from = [0, 1, 2].map((k) => (sign[k]! > 0 ? 0 : N - 1));
  const x0 = from[0]!, y0 = from[1]!, z0 = from[2]!, xs = sign[0]!, ys = sign[1]!, zs = sign[2]!;
  const L = axis[0], U = axis[1], F = axis[2];
  // Histograms and sums of whole cell coordinates, read off the tables: per height layer y the
  // occupied cells (`layer`) and the sum of their z (`zInLayer`), per fore-aft slab z the cells
  // (`sliceZ`) and the sum of their y (`sumYinZ`), and the slabs' spans. Each is a sum of whole
  // numbers, exact in any order, so the same doubles as a pass over the cells.
  const layer = new Float64Array(N);
  const sliceZ = new Float64Array(N);
  const sumYinZ = new Float64Array(N);
  const zInLayer = new Float64Array(N);
  // Per fore-aft slab, the left-right and vertical span of its cells (the head and tail ends'
  // sections: a head is blunt and round, a tail narrows and flares into a flat fin).
  const xLo = new Int16Array(N).fill(N), xHi = new Int16Array(N).fill(-1);
  const yLo = new Int16Array(N).fill(N), yHi = new Int16Array(N).fill(-1);
  let total = 0, sumY = 0, sumZ = 0, downBottom = 0, areaBottom = 0;
  const hU = tables.occupied[U]!, hF = tables.occupied[F]!;
  for (let u = 0; u < N; u++) {
    const y = y0 + ys * u, n = hU[u]!;
    layer[y] = n; sumY += y * n; total += n;
  }
  for (let f = 0; f < N; f++) {
    const z = z0 + zs * f, n = hF[f]!;
    sliceZ[z] = n; sumZ += z * n;
  }
  const UF = tables.pairs[U]![F]!;
  for (let u = 0; u < N; u++) {
    const y = y0 + ys * u;
    let zs_ = 0;
    for (let f = 0; f < N; f++) {
      const n = UF[u * N + f]!;
      if (!n) continue;
      const z = z0 + zs * f;
      zs_ += z * n;
      sumYinZ[z] = sumYinZ[z]! + y * n;
      if (ends) {
        if (y < yLo[z]!) yLo[z] = y;
        if (y > yHi[z]!) yHi[z] = y;
      }
    }
    zInLayer[y] = zs_;
  }
  if (ends) {
    const LF = tables.pairs[L]![F]!;
    for (let l = 0; l < N; l++) {
      const x = x0 + xs * l;
      for (let f = 0; f < N; f++) {
        if (!LF[l * N + f]) continue;
        const z = z0 + zs * f;
        if (x < xLo[z]!) xLo[z] = x;
        if (x > xHi[z]!) xHi[z] = x;
      }
    }
  }
  // The soles' normal sums are not whole numbers: summed in the upright scan's order (x, then
  // y, then z) over the three bottom layers, as a scan of the whole grid meets them.
  const upFile = axis[1], upSign = sign[1];
  const lengths = tables.normalLength;
  for (let x = 0; x < N; x++) {
    for (let y = 0; y < 3; y++) {
      for (let z = 0; z < N; z++) {
        const v = base + x * sx + y * sy + z * sz;
        if (!g[v]) continue;
        const ny = grid.normals[v * 3 + upFile]! * upSign;
        areaBottom += lengths[v]!;
        downBottom += Math.max(0, -ny);
      }
    }
  }
  if (total === 0) return SURFACE_FEATURE_NAMES.map(() => 0);
  // The same reading of the solid: where the volume is, not only the surface.
  const vLayer = new Float64Array(N);
  const vSlab = new Float64Array(N);
  let vTotal = 0, vSumY = 0, vSumZ = 0;
  const sU = tables.solid[U]!, sF = tables.solid[F]!;
  for (let u = 0; u < N; u++) {
    const y = y0 + ys * u, n = sU[u]!;
    vLayer[y] = n; vSumY += y * n; vTotal += n;
  }
  for (let f = 0; f < N; f++) {
    const z = z0 + zs * f, n = sF[f]!;
    vSlab[z] = n; vSumZ += z * n;
  }
  // Bottom and top planes: the up axis's lowest or highest layers, as the model stands (up or down).
  const up = tables.ends[U]!;
  const bottom = ys > 0 ? up.low2 : up.high2, top = ys > 0 ? up.high2 : up.low2;
  const solidBottom = ys > 0 ? up.low3 : up.high3, solidTop = ys > 0 ? up.high3 : up.low3;
  const footprint = up.footprint || 1;
  const mean = (from: number, to: number, arr: Float64Array): number => {
    let s = 0;
    for (let i = from; i < to; i++) s += arr[i]!;
    return s / Math.max(to - from, 1);
  };
  const zMeanOf = (from: number, to: number): number => {
    let s = 0, n = 0;
    for (let y = from; y < to; y++) { s += zInLayer[y]!; n += layer[y]!; }
    return n ? s / n : N / 2;
  };
  const yMeanOfSlab = (from: number, to: number): number => {
    let s = 0, n = 0;
    for (let z = from; z < to; z++) { s += sumYinZ[z]!; n += sliceZ[z]!; }
    return n ? s / n : N / 2;
  };
  const ext = [grid.extent[axis[0]]!, grid.extent[axis[1]]!, grid.extent[axis[2]]!];
  const centroidZ = sumZ / total;
  const band = Math.round(N * 0.2);
  const sections = ends ? measureEnds(xLo, xHi, yLo, yHi, band) : undefined;
  return [
    symmetry[axis[0]]!,
    bottom.cells / footprint,
    top.cells / footprint,
    Math.min(bottom.pieces, 4) / 4,
    Math.min(top.pieces, 4) / 4,
    sumY / total / (N - 1) - 0.5,
    Math.log((mean(0, Math.round(N * 0.3), layer) + 1) / (mean(Math.round(N * 0.3), N, layer) + 1)),
    Math.log(ext[1]! / ext[2]!),
    Math.log(ext[1]! / ext[0]!),
    Math.log(ext[0]! / ext[2]!),
    centroidZ / (N - 1) - 0.5,
    (zMeanOf(0, 2) - zMeanOf(2, 8)) / N,
    (zMeanOf(N - band, N) - centroidZ) / N,
    (yMeanOfSlab(N - band, N) - yMeanOfSlab(0, band)) / N,
    Math.log((mean(N - band, N, sliceZ) + 1) / (mean(0, band, sliceZ) + 1)),
    areaBottom > 0 ? downBottom / areaBottom : 0,
    ext[1]! >= Math.max(ext[0]!, ext[2]!) ? 1 : 0,
    ext[1]! <= Math.min(ext[0]!, ext[2]!) ? 1 : 0,
    ext[1]! > ext[2]! ? (zMeanOf(0, 2) - zMeanOf(2, 8)) / N : 0,
    ext[2]! > ext[1]! ? (yMeanOfSlab(N - band, N) - yMeanOfSlab(0, band)) / N : 0,
    vSumY / Math.max(vTotal, 1) / (N - 1) - 0.5,
    Math.log((mean(0, Math.round(N * 0.3), vLayer) + 1) / (mean(Math.round(N * 0.3), N, vLayer) + 1)),
    Math.min(solidBottom.pieces, 4) / 4,
    Math.min(solidTop.pieces, 4) / 4,
    vSumZ / Math.max(vTotal, 1) / (N - 1) - 0.5,
    Math.log((mean(N - band, N, vSlab) + 1) / (mean(0, band, vSlab) + 1)),
    // Read only on a body long along its facing (a fish, a quadruped): a biped's front and back
    // ends are its face and its back, whose sections say nothing of which is which.
    !sections ? NaN : ext[2]! > ext[1]! ? sections.frontThickerSection : 0,
    !sections ? NaN : ext[2]! > ext[1]! ? sections.backFlatter : 0,
  ];
}

/**
 * The two fore-aft ends' cross-sections, from each slab's left-right span (`xLo`..`xHi`, cells;
 * empty slabs have lo > hi) and vertical span (`yLo`..`yHi`), slab 0 at the back, the ends `band`
 * slabs deep. A fish's or a quadruped's head end is blunt and round; its tail end narrows to a
 * peduncle and flares into a fin that is flat one way or the other (a fish's caudal fin tall and
 * thin left to right, a whale's fluke wide and thin top to bottom). `frontThickerSection`: log of
 * the front end's mean section thickness (the lesser of a slab's width and height) over the back
 * end's; `backFlatter`: the back end's mean |log(height / width)| per slab less the front end's.
 * Both change sign when the facing turns a half turn.
 */
export function measureEnds(xLo: ArrayLike<number>, xHi: ArrayLike<number>, yLo: ArrayLike<number>, yHi: ArrayLike<number>, band: number): { frontThickerSection: number; backFlatter: number } {
  const n = xLo.length;
  const sections = (from: number, to: number): { thick: number; flat: number } => {
    let t = 0, f = 0, k = 0;
    for (let z = from; z < to; z++) {
      if (xHi[z]! < xLo[z]!) continue;
      const w = xHi[z]! - xLo[z]! + 1, h = yHi[z]! - yLo[z]! + 1;
      t += Math.min(w, h); f += Math.abs(Math.log(h / w)); k++;
    }
    return k ? { thick: t / k, flat: f / k } : { thick: 0, flat: 0 };
  };
  const front = sections(n - band, n), back = sections(0, band);
  return { frontThickerSection: Math.log((front.thick + 1) / (back.thick + 1)), backFlatter: back.flat - front.flat };
}

/** Which of the separable measures a set of feature names needs (each is paid only when it is read). */
export interface OrientationMeasures {
  /** The fore-aft ends' sections (ENDS_FEATURE_NAMES), in the candidates' cell loop. */
  ends: boolean;
  /** The flat faces and the origin (orientation-anatomy.ts), a pass over the grid. */
  anatomy: boolean;
  /** The ground contact (CONTACT_FEATURE_NAMES), a pass over the triangles. */
  contact: boolean;
}

/** The measures `names` need: a measure is made when one of its features is named. */
export function orientationMeasures(names: readonly string[]): OrientationMeasures {
  const unknown = names.filter((n) => !(ORIENTATION_FEATURE_NAMES as readonly string[]).includes(n));
  if (unknown.length) throw new Error(`orientation features: ${unknown.join(', ')} not measured (known: ORIENTATION_FEATURE_NAMES)`);
  const named = (group: readonly string[]): boolean => group.some((n) => names.includes(n));
  return { ends: named(ENDS_FEATURE_NAMES), anatomy: named(ANATOMY_FEATURE_NAMES), contact: named(CONTACT_FEATURE_NAMES) };
}

/**
 * Features of all 24 candidates of a mesh (ORIENTATION_CANDIDATES order), in ORIENTATION_FEATURE_NAMES
 * order, of which only those `names` names are measured: the others are NaN. The rig asks for the
 * loaded model's features (find-orientation.ts, measureOrientationCandidates), so it pays for no
 * measure the model does not read; a measured feature is the same number whatever else is asked.
 */
export function measureOrientationFeatureRows(mesh: Mesh, names: readonly string[]): number[][] {
  const wanted = orientationMeasures(names);
  const grid = buildSurfaceGrid(mesh);
  const symmetry = measureAxisSymmetry(grid);
  const anatomy = wanted.anatomy ? measureMeshAnatomy(grid.occupied, grid.normals, grid.min, grid.extent, wanted.contact ? mesh : undefined) : undefined;
  const notMeasured = ORIENTATION_FEATURE_NAMES.map((n) => !names.includes(n));
  const tables = candidateTables(grid);
  return ORIENTATION_CANDIDATES.map((c) => {
    const row = [
      ...measureOrientationFeatures(grid, symmetry, c, wanted.ends, tables),
      ...(anatomy ? anatomyOfCandidate(anatomy, candidateFrame(c)) : ANATOMY_FEATURE_NAMES.map(() => NaN)),
    ];
    return row.map((v, i) => (notMeasured[i] ? NaN : v));
  });
}

/** Every feature of all 24 candidates of a mesh (what the fitting scripts read), in ORIENTATION_FEATURE_NAMES order. */
export function measureAllOrientationFeatures(mesh: Mesh): number[][] {
  return measureOrientationFeatureRows(mesh, ORIENTATION_FEATURE_NAMES);
}
