/**
 * A cue learned from rigged characters (issue 23, "skeletons transferred from the most similar
 * characters"): how much a mesh, stood up a candidate way, looks like characters that stand up
 * rather than characters lying down. What ships (orientation-exemplar-cue.ts): each candidate's
 * three coarse silhouettes (`silhouettesOf`: side, front and top, front and top folded left to
 * right) against every one of the 24 orientations of upright characters of many artists
 * (orientation-exemplars.json, written by scripts/fit-orientation-exemplars.ts from the development
 * set; the set itself never enters the repository), and the share of the nearest views that have
 * the up axis right (`exemplarVotes`, `bestPerUpAxis`). A quarter turn of the file only permutes
 * and mirrors its three projections, so the 24 candidates are read from one voxelisation.
 *
 * find-orientation.ts weighs the votes into the probabilities the up gates read (`exemplarWeight`,
 * `weighByCue`). The 'cells' descriptor and the plain distance to the nearest exemplars
 * (`exemplarDistances`) are the alternatives measured beside it (scripts/orientation-exemplars-loao.ts;
 * packages/rig/docs/orientation.md, "Orientation: measured", fifteenth round), not shipped.
 */
import type { Mesh } from '@rigforge/mesh';
import { candidateFrame, ORIENTATION_CANDIDATES } from './orientation-features';
import { DESCRIPTOR_CELLS, SILHOUETTE_CELLS, SILHOUETTE_VOXELS, silhouetteCounts } from './orientation-exemplar-counts';
import { clampedCell } from './voxel/clamped-cell';

/** Cells of the descriptor: left-right (distance from the mid-plane), up, front. */
export const EXEMPLAR_GRID = [2, 6, 4] as const;

/** An upright exemplar: its descriptor, and an anonymous group (its artist's index) for validation. */
export interface OrientationExemplar { group: number; descriptor: number[] }

export interface ExemplarOptions {
  /**
   * 'silhouettes' (default): the three views' silhouettes (side, front, top) in a square of the
   * view's longer side, SILHOUETTE_CELLS on a side, front and top folded left to right; 'cells':
   * surface area's shares in EXEMPLAR_GRID's cells of the bounding box, and the box's proportions.
   */
  descriptor?: 'silhouettes' | 'cells';
  /** Nearest exemplars averaged. Default 3. */
  neighbours?: number;
  /** Weight of the box's three log proportions against the (unit-length) occupancy. Default 0.25. */
  proportionWeight?: number;
}

export const EXEMPLAR_DEFAULTS = { descriptor: 'silhouettes', neighbours: 3, proportionWeight: 0.25 } as const;

/** Per triangle: its area and its centroid's place in the file's bounding box (0..1 per file axis). */
interface Placed { area: Float64Array; t: [Float64Array, Float64Array, Float64Array]; extent: [number, number, number] }

function placeTriangles(mesh: Mesh): Placed {
  const p = mesh.positions, idx = mesh.indices;
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i + 2 < p.length; i += 3) {
    for (let k = 0; k < 3; k++) { const v = p[i + k]!; if (v < lo[k]!) lo[k] = v; if (v > hi[k]!) hi[k] = v; }
  }
  const extent = [0, 1, 2].map((k) => Math.max(hi[k]! - lo[k]!, 1e-9)) as [number, number, number];
  const n = Math.floor(idx.length / 3);
  const area = new Float64Array(n);
  const t: [Float64Array, Float64Array, Float64Array] = [new Float64Array(n), new Float64Array(n), new Float64Array(n)];
  for (let f = 0; f < n; f++) {
    const a = idx[3 * f]! * 3, b = idx[3 * f + 1]! * 3, c = idx[3 * f + 2]! * 3;
    const ux = p[b]! - p[a]!, uy = p[b + 1]! - p[a + 1]!, uz = p[b + 2]! - p[a + 2]!;
    const vx = p[c]! - p[a]!, vy = p[c + 1]! - p[a + 1]!, vz = p[c + 2]! - p[a + 2]!;
    area[f] = 0.5 * Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
    for (let k = 0; k < 3; k++) t[k]![f] = Math.min(1, Math.max(0, ((p[a + k]! + p[b + k]! + p[c + k]!) / 3 - lo[k]!) / extent[k]!));
  }
  return { area, t, extent };
}

/**
 * The descriptors of a mesh's 24 candidate orientations (ORIENTATION_CANDIDATES order): the square
 * roots of the surface area's shares in EXEMPLAR_GRID's cells (a unit vector, so distances are
 * Hellinger-like), then log(height/width), log(height/length), log(width/length) times
 * `proportionWeight`.
 */
export function measureExemplarDescriptors(mesh: Mesh, options: ExemplarOptions = {}): number[][] {
  const o = { ...EXEMPLAR_DEFAULTS, ...options };
  if (o.descriptor === 'silhouettes') return measureSilhouettes(mesh);
  const { area, t, extent } = placeTriangles(mesh);
  const [gx, gy, gz] = EXEMPLAR_GRID;
  const total = area.reduce((s, v) => s + v, 0) || 1;
  return ORIENTATION_CANDIDATES.map((c) => {
    const { axis, sign } = candidateFrame(c);
    const cells = new Float64Array(gx * gy * gz);
    const tx = t[axis[0]]!, ty = t[axis[1]]!, tz = t[axis[2]]!;
    for (let f = 0; f < area.length; f++) {
      // Left-right folded: the distance from the box's mid-plane (a body mirrors across it).
      const x = Math.min(gx - 1, Math.floor(Math.abs(2 * tx[f]! - 1) * gx));
      const yv = sign[1] > 0 ? ty[f]! : 1 - ty[f]!, zv = sign[2] > 0 ? tz[f]! : 1 - tz[f]!;
      const y = Math.min(gy - 1, Math.floor(yv * gy)), z = Math.min(gz - 1, Math.floor(zv * gz));
      cells[(x * gy + y) * gz + z]! += area[f]!;
    }
    const w = extent[axis[0]]!, h = extent[axis[1]]!, l = extent[axis[2]]!;
    return [...Array.from(cells, (v) => Math.sqrt(v / total)), ...[Math.log(h / w), Math.log(h / l), Math.log(w / l)].map((v) => v * o.proportionWeight)];
  });
}

/** Euclidean distance of two descriptors. */
function distance(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(s);
}

/** Per candidate: the mean distance to its `neighbours` nearest exemplars (Infinity with none). */
export function exemplarDistances(descriptors: readonly (readonly number[])[], exemplars: readonly OrientationExemplar[], options: ExemplarOptions = {}): number[] {
  const k = Math.max(1, options.neighbours ?? EXEMPLAR_DEFAULTS.neighbours);
  return descriptors.map((d) => {
    const near = exemplars.map((e) => distance(d, e.descriptor)).sort((a, b) => a - b).slice(0, k);
    return near.length ? near.reduce((s, v) => s + v, 0) / near.length : Infinity;
  });
}

/** One orientation of an exemplar character: its descriptor, and whether it stands the character up (up axis right; and facing too). */
export interface LabelledView { group: number; descriptor: number[]; upRight: boolean; right: boolean }

/**
 * Per candidate: the log of the share of its `neighbours` nearest views (all 24 orientations of
 * every exemplar character) that have the up axis right (`by` 'up') or the whole orientation
 * ('orientation'), smoothed towards the base rate (1/6, 1/24) by one view. A discriminative
 * reading: it asks whether the candidate looks more like characters stood up than like characters
 * lying down, not merely whether something upright resembles it.
 */
export function exemplarVotes(descriptors: readonly (readonly number[])[], views: readonly LabelledView[], options: ExemplarOptions & { by?: 'up' | 'orientation' } = {}): number[] {
  const k = Math.max(1, options.neighbours ?? EXEMPLAR_DEFAULTS.neighbours);
  const base = options.by === 'orientation' ? 1 / 24 : 1 / 6;
  return descriptors.map((d) => {
    const near = views.map((v) => ({ d: distance(d, v.descriptor), yes: options.by === 'orientation' ? v.right : v.upRight }))
      .sort((a, b) => a.d - b.d).slice(0, k);
    return Math.log((near.filter((n) => n.yes).length + base) / (near.length + 1));
  });
}

/**
 * The finder's probabilities weighed by a cue's per-candidate scores (log-odds, higher likelier):
 * p(c) · exp(weight · (s(c) − max s)), renormalised. Weight 0 (or no finite score) leaves them.
 */
export function weighByCue(probs: readonly number[], scores: readonly number[], weight: number): number[] {
  const max = Math.max(...scores);
  if (weight <= 0 || !Number.isFinite(max)) return [...probs];
  const w = probs.map((p, c) => p * Math.exp(weight * (scores[c]! - max)));
  const sum = w.reduce((s, v) => s + v, 0);
  return sum > 0 ? w.map((v) => v / sum) : [...probs];
}

export { SILHOUETTE_CELLS, SILHOUETTE_VOXELS } from './orientation-exemplar-counts';

/**
 * The surface's voxels in a cube around the bounding box's centre, its side the box's longest
 * (so a view keeps its proportions), the triangles sampled finer than a voxel.
 */
function surfaceVoxels(mesh: Mesh): Uint8Array {
  // The loops run on the arrays alone (a thin reader of the mesh object: see fit/hand-region.ts's handRegion).
  return surfaceVoxelsOf(mesh.positions, mesh.indices);
}

function surfaceVoxelsOf(p: Float32Array, idx: Uint32Array): Uint8Array {
  const R = SILHOUETTE_VOXELS;
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i + 2 < p.length; i += 3) {
    for (let k = 0; k < 3; k++) { const v = p[i + k]!; if (v < lo[k]!) lo[k] = v; if (v > hi[k]!) hi[k] = v; }
  }
  const side = Math.max(hi[0]! - lo[0]!, hi[1]! - lo[1]!, hi[2]! - lo[2]!, 1e-9);
  const origin = [0, 1, 2].map((k) => (lo[k]! + hi[k]!) / 2 - side / 2);
  const voxel = side / R;
  const grid = new Uint8Array(R * R * R);
  // Scalars and inlined cells (a closure and three Math.hypot per triangle were most of the
  // time): the same doubles as before. The samples per edge, ⌈2 · longest edge / voxel⌉, from
  // the square root of the largest squared length, which gives the same whole number as the
  // longest Math.hypot except within rounding of a whole number, where the hypots decide.
  const o0 = origin[0]!, o1 = origin[1]!, o2 = origin[2]!;
  // Each vertex's voxel (−1 for a NaN coordinate), for the triangles sampled at their corners only
  // (n = 1 below, most of a 60k-triangle human's): there the samples are the corners themselves,
  // (1·a + 0·b + 0·c − o) / voxel being (a − o) / voxel for finite coordinates (n = 1 needs them:
  // a non-finite one makes n NaN, and no sample is drawn), so the same voxels.
  const vertices = Math.floor(p.length / 3);
  const corner = new Int32Array(vertices);
  for (let v = 0; v < vertices; v++) {
    const wi = (p[v * 3]! - o0) / voxel, wj = (p[v * 3 + 1]! - o1) / voxel, wk = (p[v * 3 + 2]! - o2) / voxel;
    const i = clampedCell(wi, R);
    const j = clampedCell(wj, R);
    const k = clampedCell(wk, R);
    corner[v] = (i | j | k) < 0 ? -1 : (i * R + j) * R + k;
  }
  for (let f = 0; f + 2 < idx.length; f += 3) {
    const a = idx[f]! * 3, b = idx[f + 1]! * 3, c = idx[f + 2]! * 3;
    const ax = p[a]!, ay = p[a + 1]!, az = p[a + 2]!;
    const bx = p[b]!, by = p[b + 1]!, bz = p[b + 2]!;
    const cx = p[c]!, cy = p[c + 1]!, cz = p[c + 2]!;
    const ab = (ax - bx) ** 2 + (ay - by) ** 2 + (az - bz) ** 2;
    const bc = (bx - cx) ** 2 + (by - cy) ** 2 + (bz - cz) ** 2;
    const ca = (cx - ax) ** 2 + (cy - ay) ** 2 + (cz - az) ** 2;
    let twice = (2 * Math.sqrt(Math.max(ab, bc, ca))) / voxel;
    if (Math.abs(twice - Math.round(twice)) <= 1e-9 * (1 + twice)) {
      const edge = Math.max(Math.hypot(ax - bx, ay - by, az - bz), Math.hypot(bx - cx, by - cy, bz - cz), Math.hypot(cx - ax, cy - ay, cz - az));
      twice = (2 * edge) / voxel;
    }
    const n = Math.max(1, Math.ceil(twice));
    if (n === 1) {
      const va = corner[idx[f]!]!, vb = corner[idx[f + 1]!]!, vc = corner[idx[f + 2]!]!;
      if (va >= 0) grid[va] = 1;
      if (vc >= 0) grid[vc] = 1;
      if (vb >= 0) grid[vb] = 1;
      continue;
    }
    for (let u = 0; u <= n; u++) {
      // b's term is the same for the row (hoisted as the sum groups it: (a + b) + c − o).
      const wb = u / n, wbx = wb * bx, wby = wb * by, wbz = wb * bz;
      for (let v = 0; u + v <= n; v++) {
        const wa = 1 - (u + v) / n, wc = v / n;
        const wi = (wa * ax + wbx + wc * cx - o0) / voxel, wj = (wa * ay + wby + wc * cy - o1) / voxel, wk = (wa * az + wbz + wc * cz - o2) / voxel;
        // The voxel, clamped to the cube; a NaN coordinate (a non-finite vertex) made the index NaN,
        // whose store did nothing, so its sample is skipped.
        const i = clampedCell(wi, R);
        const j = clampedCell(wj, R);
        const k = clampedCell(wk, R);
        if ((i | j | k) < 0) continue;
        grid[(i * R + j) * R + k] = 1;
      }
    }
  }
  return grid;
}

/** The surface's projections along each file axis (R × R each; [i * R + j]: the other two axes in order). */
export function silhouetteProjections(mesh: Mesh): [Uint8Array, Uint8Array, Uint8Array] {
  const R = SILHOUETTE_VOXELS;
  const grid = surfaceVoxels(mesh);
  const projection: [Uint8Array, Uint8Array, Uint8Array] = [new Uint8Array(R * R), new Uint8Array(R * R), new Uint8Array(R * R)];
  for (let i = 0; i < R; i++) {
    for (let j = 0; j < R; j++) {
      for (let k = 0; k < R; k++) {
        if (!grid[(i * R + j) * R + k]) continue;
        projection[0][j * R + k] = 1; projection[1][i * R + k] = 1; projection[2][i * R + j] = 1;
      }
    }
  }
  return projection;
}

/**
 * The 24 candidates' silhouettes: for each, the side view (front × up), the front view (left-right
 * folded × up) and the top view (left-right folded × front), each SILHOUETTE_CELLS on a side, a
 * cell the share of its voxel columns the body covers. A candidate's views are the file's three
 * projections permuted and mirrored.
 */
export function silhouettesOf(projection: readonly Uint8Array[]): number[][] {
  // The counts' cell maps (orientation-exemplar-counts.ts) are these views' loops recorded once;
  // a cell's share is its count of voxel columns over the block's.
  const block = SILHOUETTE_VOXELS / SILHOUETTE_CELLS;
  const counts = silhouetteCounts(projection);
  return ORIENTATION_CANDIDATES.map((_, c) => Array.from(counts.subarray(c * DESCRIPTOR_CELLS, (c + 1) * DESCRIPTOR_CELLS), (n) => n / (block * block)));
}

function measureSilhouettes(mesh: Mesh): number[][] {
  return silhouettesOf(silhouetteProjections(mesh));
}

/** The shipped exemplars (orientation-exemplars.json): each an upright character's three projections, bits in base64. */
export interface ExemplarData { voxels: number; neighbours: number; exemplars: { group: number; projections: string[] }[] }

/** Packs a projection's cells (0/1) into base64 bits (scripts/fit-orientation-exemplars.ts). */
export function packProjection(cells: Uint8Array): string {
  const bytes = new Uint8Array(Math.ceil(cells.length / 8));
  cells.forEach((v, i) => { if (v) bytes[i >> 3]! |= 1 << (i & 7); });
  return Buffer.from(bytes).toString('base64');
}

export function unpackProjection(packed: string, cells: number): Uint8Array {
  const bytes = Buffer.from(packed, 'base64');
  const out = new Uint8Array(cells);
  for (let i = 0; i < cells; i++) out[i] = (bytes[i >> 3]! >> (i & 7)) & 1;
  return out;
}

/**
 * The labelled views of exemplars: every one of their 24 orientations, its up axis right when it
 * is +Y's (an exemplar is stored standing up).
 */
export function viewsOfExemplars(data: ExemplarData): LabelledView[] {
  if (data.voxels !== SILHOUETTE_VOXELS) throw new Error(`orientation exemplars: stored at ${data.voxels} voxels, read at ${SILHOUETTE_VOXELS} (refit with scripts/fit-orientation-exemplars.ts)`);
  return data.exemplars.flatMap((e) => {
    const projections = e.projections.map((p) => unpackProjection(p, SILHOUETTE_VOXELS * SILHOUETTE_VOXELS));
    return silhouettesOf(projections).map((descriptor, c) => ({
      group: e.group, descriptor, right: c === 0, upRight: ORIENTATION_CANDIDATES[c]!.upAxis === '+y',
    }));
  });
}

/**
 * One score per up axis (the best of its four facings' votes: exemplarVotes by 'up'), in
 * ORIENTATION_CANDIDATES order: the cue weighs up axes only, the finder's facing among the four
 * stays its own.
 */
export function exemplarUpScores(descriptors: readonly (readonly number[])[], views: readonly LabelledView[], neighbours: number): number[] {
  return bestPerUpAxis(exemplarVotes(descriptors, views, { neighbours, by: 'up' }));
}

/** Per candidate: the best of the votes of the candidates sharing its up axis (its four facings). */
export function bestPerUpAxis(votes: readonly number[]): number[] {
  return votes.map((_, c) => Math.max(...votes.filter((__, d) => ORIENTATION_CANDIDATES[d]!.upAxis === ORIENTATION_CANDIDATES[c]!.upAxis)));
}
