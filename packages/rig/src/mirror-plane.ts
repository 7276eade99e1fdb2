/**
 * A mesh's best bilateral mirror plane, found by reflect-and-compare on surface samples, and the
 * best of the three axis-aligned planes through the same centre. The orientation finder only
 * tries quarter turns, so a body whose mirror plane lies between two file axes (a fish whose back
 * is 45° off the vertical) can never be stood right: mirror-roll.ts rolls such a mesh so its
 * plane is axis-aligned first.
 */
import type { Mesh } from '@rigforge/mesh';
import { cross, normalize, type Vec3 } from './fit/vec3';

export interface MirrorPlaneOptions {
  /**
   * Surface samples (area-weighted, deterministic). Default 2000: on the development set the one
   * file off the axes scores 0.31 / 0.37 / 0.40 of its axis-aligned plane at 3000 / 2000 / 1500
   * samples, every other file ≥ 0.97 / 0.96 / 0.95, for a median 466 / 266 / 156 ms of CPU.
   */
  samples?: number;
  /**
   * Nearest-neighbour distances are cut at this fraction of the box diagonal (a truncated
   * Chamfer distance: a missing limb costs the cut, not its length). Default 0.05.
   */
  cut?: number;
  /** Search off the axes (false: only the three axis-aligned planes are scored; `best` is their best). Default true. */
  search?: boolean;
  /**
   * Only starts scoring at most this fraction of the axis-aligned plane are refined; when none does,
   * `best` is the axis-aligned plane. The refinement is most of the search's cost (each step a whole
   * reflect-and-compare), and every rig with an automatic up axis pays it, while only a plane far
   * better than the axes' (MIRROR_CLEAR_RATIO) changes anything. On the development set every file
   * but the one off the axes has no start below 0.96 of its axis-aligned plane (the refined best
   * included), so 0.8 leaves every decision as the full search's. Default 0.8; 1 refines every
   * file's three best starts.
   */
  refineBelow?: number;
  /**
   * The starts off the axes are scanned with only the first this many samples reflected (each still
   * compared with all of them: the prefix of independent draws is a uniform subsample, so the scan
   * score estimates the full one without bias); the axes' planes and every refined plane are scored
   * with all samples, so only which starts are refined can change. Default 500.
   */
  scanSamples?: number;
}

export const MIRROR_PLANE_DEFAULTS: Required<MirrorPlaneOptions> = { samples: 2000, cut: 0.05, search: true, refineBelow: 0.8, scanSamples: 500 };

/**
 * How much better a mirror plane must score than another to count as clearly the body's (its score
 * at most this fraction of the other's). Set by hand from the development set
 * (scripts/measure-mirror-planes.ts, 2000 samples): the one file whose plane lies off the axes
 * scores 0.37 of its best axis-aligned plane, every other file's best plane is its axis-aligned one
 * (≥ 0.96); a flat butterfly's wingspan plane scores 0.47 of the other plane across its flat body.
 */
export const MIRROR_CLEAR_RATIO = 0.5;

export interface MirrorPlane {
  /** Unit normal of the plane (through `centre`). */
  normal: Vec3;
  /** Mean truncated nearest-neighbour distance of the reflected samples, over the box diagonal (0 = a perfect mirror). */
  score: number;
}

export interface MirrorPlanes {
  centre: Vec3;
  /** The best plane found anywhere. */
  best: MirrorPlane;
  /** The best of the planes normal to X, Y and Z. */
  axisAligned: MirrorPlane & { axis: 0 | 1 | 2 };
  /** The scores of the planes normal to X, Y and Z. */
  axisScores: [number, number, number];
  /** The samples' bounding box size along X, Y and Z. */
  extent: [number, number, number];
}

/** Deterministic area-weighted points on the surface (a fixed LCG, so the answer is repeatable). */
export function sampleSurface(mesh: Mesh, count: number): Float64Array {
  // The loops run on the arrays alone (a thin reader of the mesh object: see fit/hand-region.ts's handRegion).
  return sampleSurfaceOf(mesh.positions, mesh.indices, count);
}

function sampleSurfaceOf(p: Float32Array, idx: Uint32Array, count: number): Float64Array {
  const tris = idx.length / 3;
  const cum = new Float64Array(tris);
  let total = 0;
  for (let t = 0; t < tris; t++) {
    const a = idx[3 * t]! * 3, b = idx[3 * t + 1]! * 3, c = idx[3 * t + 2]! * 3;
    const ux = p[b]! - p[a]!, uy = p[b + 1]! - p[a + 1]!, uz = p[b + 2]! - p[a + 2]!;
    const vx = p[c]! - p[a]!, vy = p[c + 1]! - p[a + 1]!, vz = p[c + 2]! - p[a + 2]!;
    const cx = uy * vz - uz * vy, cy = uz * vx - ux * vz, cz = ux * vy - uy * vx;
    total += Math.sqrt(cx * cx + cy * cy + cz * cz) / 2;
    cum[t] = total;
  }
  const out = new Float64Array(count * 3);
  if (tris === 0 || total <= 0) return new Float64Array(0);
  let seed = 12345;
  const rand = (): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 4294967296;
  };
  for (let s = 0; s < count; s++) {
    const r = rand() * total;
    let lo = 0, hi = tris - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid]! < r) lo = mid + 1; else hi = mid;
    }
    let u = rand(), v = rand();
    if (u + v > 1) { u = 1 - u; v = 1 - v; }
    const a = idx[3 * lo]! * 3, b = idx[3 * lo + 1]! * 3, c = idx[3 * lo + 2]! * 3;
    for (let k = 0; k < 3; k++) out[3 * s + k] = p[a + k]! + u * (p[b + k]! - p[a + k]!) + v * (p[c + k]! - p[a + k]!);
  }
  return out;
}

/**
 * Cell offsets within `reach` cells on each axis, nearest first: sorted by the least squared gap
 * (in cells) between a point in the centre cell and any point of the offset cell, Σ max(0, |o| − 1)².
 */
function offsetsByGap(reach: number): { offsets: Int32Array; gaps: Float64Array } {
  const list: [number, number, number, number][] = [];
  const g = (o: number): number => Math.max(0, Math.abs(o) - 1) ** 2;
  for (let a = -reach; a <= reach; a++) for (let b = -reach; b <= reach; b++) for (let c = -reach; c <= reach; c++) list.push([a, b, c, g(a) + g(b) + g(c)]);
  // Ties (every cell of the 27 at GRID_SPLIT 1 has gap 0) go centre first, then faces, edges and
  // corners: the nearest point so far shrinks soonest and more cells are passed over. The answer is
  // a minimum, so the order changes only how many cells are read.
  const faces = (e: readonly number[]): number => Math.abs(e[0]!) + Math.abs(e[1]!) + Math.abs(e[2]!);
  list.sort((p, q) => p[3] - q[3] || faces(p) - faces(q));
  return { offsets: Int32Array.from(list.flatMap(([a, b, c]) => [a, b, c])), gaps: Float64Array.from(list.map((e) => e[3])) };
}

/**
 * Cells per cut along each axis in PointGrid. Finer cells hold fewer points but cost more cells per
 * query; the whole search on the development set, against the 27-cell scan without the nearest-first
 * order (CPU, one sitting): 0.43× with 1, 0.52× with 2, 0.78× with 3 (packages/rig/docs/speed.md, "Where the time goes").
 */
const GRID_SPLIT = 1;
const GRID_OFFSETS = offsetsByGap(GRID_SPLIT);
// PointGrid.nearest reads the centre cell before the loop: the order must start with it.
if (GRID_OFFSETS.offsets[0] !== 0 || GRID_OFFSETS.offsets[1] !== 0 || GRID_OFFSETS.offsets[2] !== 0) throw new Error('mirror-plane: the centre cell must come first');
const OFFSETS_BY_FACES = offsetsByFaces(GRID_OFFSETS.offsets);
// meanReflected takes a neighbour's squared gaps from the centre cell's faces: every offset must be
// within one cell.
if (GRID_OFFSETS.offsets.some((a) => Math.abs(a) > 1)) throw new Error('mirror-plane: meanReflected reads neighbours one cell away only');

/**
 * Which of the centre cell's six faces each offset lies across (bit 0 +x, 1 −x, 2 +y, 3 −y, 4 +z,
 * 5 −z: a positive offset on an axis lies past the + face), and for each set of faces (a 6-bit
 * mask) the offsets after the centre lying across only faces of the set, in GRID_OFFSETS' order.
 * A neighbour's gap along an axis is at least the gap of the face it crosses on that axis (one
 * cell: the same expression; more: a larger term), and its squared gap is a sum of such terms, so
 * a neighbour across a face that is no nearer than the nearest so far is no nearer either:
 * meanReflected reads only the offsets of the faces still open (the nearest only shrinks).
 */
function offsetsByFaces(offsets: Int32Array): Int32Array[] {
  const faces: number[] = [];
  for (let o = 0; 3 * o < offsets.length; o++) {
    let f = 0;
    for (let k = 0; k < 3; k++) {
      const a = offsets[3 * o + k]!;
      if (a > 0) f |= 1 << (2 * k); else if (a < 0) f |= 2 << (2 * k);
    }
    faces.push(f);
  }
  const open: Int32Array[] = [];
  for (let mask = 0; mask < 64; mask++) open.push(Int32Array.from(faces.map((f, o) => (o > 0 && (f & ~mask) === 0 ? o : -1)).filter((o) => o > 0)));
  return open;
}

/**
 * A uniform grid over points for truncated nearest-neighbour queries: cells of a `GRID_SPLIT`-th of
 * the cut, the points stored cell by cell. A query reads the cells within the cut nearest first and
 * stops once no further cell can hold a point nearer than the nearest so far.
 */
export class PointGrid {
  private readonly start: Int32Array;
  /** The points' coordinates, cell by cell. */
  private readonly sorted: Float64Array;
  private readonly n: [number, number, number];
  private readonly s: number;
  constructor(pts: Float64Array, private readonly lo: Vec3, private readonly cut: number) {
    const count = pts.length / 3;
    this.s = cut / GRID_SPLIT;
    let hiX = -Infinity, hiY = -Infinity, hiZ = -Infinity;
    for (let i = 0; i < count; i++) { hiX = Math.max(hiX, pts[3 * i]!); hiY = Math.max(hiY, pts[3 * i + 1]!); hiZ = Math.max(hiZ, pts[3 * i + 2]!); }
    this.n = [Math.floor((hiX - lo[0]) / this.s) + 1, Math.floor((hiY - lo[1]) / this.s) + 1, Math.floor((hiZ - lo[2]) / this.s) + 1];
    const cells = this.n[0] * this.n[1] * this.n[2];
    const cellOf = new Int32Array(count);
    const counts = new Int32Array(cells + 1);
    for (let i = 0; i < count; i++) {
      const c = this.cell(pts[3 * i]!, pts[3 * i + 1]!, pts[3 * i + 2]!);
      cellOf[i] = c;
      counts[c + 1]!++;
    }
    for (let c = 0; c < cells; c++) counts[c + 1]! += counts[c]!;
    this.start = counts;
    const fill = counts.slice(0, cells);
    this.sorted = new Float64Array(count * 3);
    for (let i = 0; i < count; i++) {
      const slot = fill[cellOf[i]!]!++;
      this.sorted[3 * slot] = pts[3 * i]!; this.sorted[3 * slot + 1] = pts[3 * i + 1]!; this.sorted[3 * slot + 2] = pts[3 * i + 2]!;
    }
  }
  private cell(x: number, y: number, z: number): number {
    const i = Math.floor((x - this.lo[0]) / this.s), j = Math.floor((y - this.lo[1]) / this.s), k = Math.floor((z - this.lo[2]) / this.s);
    return (i * this.n[1] + j) * this.n[2] + k;
  }
  /**
   * Distance to the nearest point, at most the cut: the minimum over every point within the cut.
   * The cells are read nearest first; the reading stops when the next cells' least gap is no
   * nearer than the nearest so far, and a cell is passed over when its box is no nearer (a point
   * replaces the nearest only when strictly nearer, so neither drops a point that could). Both
   * tests shrink the gaps by 10⁻⁶ of a cell against rounding. So the answer is exactly the
   * minimum over all the cells within reach.
   */
  nearest(x: number, y: number, z: number): number {
    const s = this.s, lo = this.lo, n0 = this.n[0], n1 = this.n[1], n2 = this.n[2], start = this.start, pts = this.sorted;
    const { offsets, gaps } = GRID_OFFSETS;
    const ux = (x - lo[0]) / s, uy = (y - lo[1]) / s, uz = (z - lo[2]) / s;
    const fi = Math.floor(ux), fj = Math.floor(uy), fk = Math.floor(uz);
    const rx = ux - fi, ry = uy - fj, rz = uz - fk;
    const s2 = s * s, m = 1e-6;
    let best = this.cut * this.cut;
    // The first offset is the centre cell (gap 0, no face crossed).
    if (fi >= 0 && fi < n0 && fj >= 0 && fj < n1 && fk >= 0 && fk < n2) {
      const cell = (fi * n1 + fj) * n2 + fk;
      for (let p = 3 * start[cell]!, end = 3 * start[cell + 1]!; p < end; p += 3) {
        const dx = pts[p]! - x, dy = pts[p + 1]! - y, dz = pts[p + 2]! - z;
        const d = dx * dx + dy * dy + dz * dz;
        if (d < best) best = d;
      }
    }
    // Every other cell lies across one of the centre cell's six faces, and its gap as tested below
    // is at least that face's (the same operations on larger terms): when no face is nearer than
    // the nearest so far, each cell would be passed over, so none is read.
    if (faceClear(1 - rx, m, s2, best) && faceClear(rx + 1 - 1, m, s2, best) && faceClear(1 - ry, m, s2, best) &&
      faceClear(ry + 1 - 1, m, s2, best) && faceClear(1 - rz, m, s2, best) && faceClear(rz + 1 - 1, m, s2, best)) return Math.sqrt(best);
    for (let o = 1; o < gaps.length; o++) {
      if (gaps[o]! * (1 - m) * s2 >= best) break;
      const a = offsets[3 * o]!, b = offsets[3 * o + 1]!, c = offsets[3 * o + 2]!;
      const i = fi + a, j = fj + b, k = fk + c;
      if (i < 0 || i >= n0 || j < 0 || j >= n1 || k < 0 || k >= n2) continue;
      // The gap to the cell's box along each axis, in cells.
      const gx = a > 0 ? a - rx : a < 0 ? rx - a - 1 : 0;
      const gy = b > 0 ? b - ry : b < 0 ? ry - b - 1 : 0;
      const gz = c > 0 ? c - rz : c < 0 ? rz - c - 1 : 0;
      const ex = Math.max(0, gx - m), ey = Math.max(0, gy - m), ez = Math.max(0, gz - m);
      if ((ex * ex + ey * ey + ez * ez) * s2 >= best) continue;
      const cell = (i * n1 + j) * n2 + k;
      for (let p = 3 * start[cell]!, end = 3 * start[cell + 1]!; p < end; p += 3) {
        const dx = pts[p]! - x, dy = pts[p + 1]! - y, dz = pts[p + 2]! - z;
        const d = dx * dx + dy * dy + dz * dz;
        if (d < best) best = d;
      }
    }
    return Math.sqrt(best);
  }

  /**
   * findMirrorPlanes' score: the mean over the first `m` points of `pts` reflected across the plane
   * through `c` with unit normal `nv` of their nearest distance (`nearest`), over `diag`; Infinity
   * once the mean so far exceeds `above`. `nearest`'s steps are written out in the loop, the same
   * operations in the same order: called per point, its three coordinates and its result were
   * boxed (a heap number each), the search's main garbage.
   */
  meanReflected(pts: Float64Array, m: number, c: Vec3, nv: Vec3, diag: number, above: number): number {
    const s = this.s, lo0 = this.lo[0], lo1 = this.lo[1], lo2 = this.lo[2], n0 = this.n[0], n1 = this.n[1], n2 = this.n[2];
    const start = this.start, sorted = this.sorted, cut2 = this.cut * this.cut;
    const { offsets, gaps } = GRID_OFFSETS;
    const c0 = c[0], c1 = c[1], c2 = c[2], v0 = nv[0], v1 = nv[1], v2 = nv[2];
    const s2 = s * s, mg = 1e-6;
    let t = 0;
    for (let q = 0; q < m; q++) {
      const px = pts[3 * q]!, py = pts[3 * q + 1]!, pz = pts[3 * q + 2]!;
      const d = 2 * ((px - c0) * v0 + (py - c1) * v1 + (pz - c2) * v2);
      const x = px - d * v0, y = py - d * v1, z = pz - d * v2;
      const ux = (x - lo0) / s, uy = (y - lo1) / s, uz = (z - lo2) / s;
      const fi = Math.floor(ux), fj = Math.floor(uy), fk = Math.floor(uz);
      const rx = ux - fi, ry = uy - fj, rz = uz - fk;
      let best = cut2;
      if (fi >= 0 && fi < n0 && fj >= 0 && fj < n1 && fk >= 0 && fk < n2) {
        const cell = (fi * n1 + fj) * n2 + fk;
        for (let p = 3 * start[cell]!, end = 3 * start[cell + 1]!; p < end; p += 3) {
          const dx = sorted[p]! - x, dy = sorted[p + 1]! - y, dz = sorted[p + 2]! - z;
          const dd = dx * dx + dy * dy + dz * dz;
          if (dd < best) best = dd;
        }
      }
      // faceClear for the six faces (their expressions in nearest's order), as a mask of the
      // faces not clear: none, and no other cell is read (nearest's early return); else only the
      // offsets across open faces are (OFFSETS_BY_FACES: the rest would be passed over), in order.
      // The faces' squared gaps are each neighbour's terms too: an offset of one cell on an axis
      // has the crossed face's gap there (the same expression), none has 0 (max(0, 0 − mg)² = 0).
      let e = Math.max(0, 1 - rx - mg);
      const xp = e * e;
      e = Math.max(0, rx + 1 - 1 - mg);
      const xm = e * e;
      e = Math.max(0, 1 - ry - mg);
      const yp = e * e;
      e = Math.max(0, ry + 1 - 1 - mg);
      const ym = e * e;
      e = Math.max(0, 1 - rz - mg);
      const zp = e * e;
      e = Math.max(0, rz + 1 - 1 - mg);
      const zm = e * e;
      const open = (xp * s2 >= best ? 0 : 1) | (xm * s2 >= best ? 0 : 2) | (yp * s2 >= best ? 0 : 4) | (ym * s2 >= best ? 0 : 8) | (zp * s2 >= best ? 0 : 16) | (zm * s2 >= best ? 0 : 32);
      if (open !== 0) {
        const list = OFFSETS_BY_FACES[open]!;
        for (let l = 0; l < list.length; l++) {
          const o = list[l]!;
          if (gaps[o]! * (1 - mg) * s2 >= best) break;
          const a = offsets[3 * o]!, b = offsets[3 * o + 1]!, cc = offsets[3 * o + 2]!;
          const i = fi + a, j = fj + b, k = fk + cc;
          if (i < 0 || i >= n0 || j < 0 || j >= n1 || k < 0 || k >= n2) continue;
          const tx = a > 0 ? xp : a < 0 ? xm : 0, ty = b > 0 ? yp : b < 0 ? ym : 0, tz = cc > 0 ? zp : cc < 0 ? zm : 0;
          if ((tx + ty + tz) * s2 >= best) continue;
          const cell = (i * n1 + j) * n2 + k;
          for (let p = 3 * start[cell]!, end = 3 * start[cell + 1]!; p < end; p += 3) {
            const dx = sorted[p]! - x, dy = sorted[p + 1]! - y, dz = sorted[p + 2]! - z;
            const dd = dx * dx + dy * dy + dz * dz;
            if (dd < best) best = dd;
          }
        }
      }
      t += Math.sqrt(best);
      if (t / m / diag > above) return Infinity;
    }
    return t / m / diag;
  }
}

/**
 * Whether a face of a query's cell at gap `g` (in cells, as PointGrid.nearest computes a neighbour's
 * gap across it: 1 − r, or r − (−1) − 1) passes the neighbour's test against the nearest so far.
 */
function faceClear(g: number, m: number, s2: number, best: number): boolean {
  const e = Math.max(0, g - m);
  return e * e * s2 >= best;
}

/** Principal axes of points about their centre (Jacobi on the 3 × 3 covariance). */
function principalAxes(pts: Float64Array, c: Vec3): Vec3[] {
  const a = [[0, 0, 0], [0, 0, 0], [0, 0, 0]];
  const n = pts.length / 3;
  for (let i = 0; i < n; i++) {
    const d = [pts[3 * i]! - c[0], pts[3 * i + 1]! - c[1], pts[3 * i + 2]! - c[2]];
    for (let r = 0; r < 3; r++) for (let s = 0; s < 3; s++) a[r]![s]! += d[r]! * d[s]!;
  }
  const v = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  for (let sweep = 0; sweep < 30; sweep++) {
    for (const [p, q] of [[0, 1], [0, 2], [1, 2]] as const) {
      if (Math.abs(a[p]![q]!) < 1e-12) continue;
      const theta = (a[q]![q]! - a[p]![p]!) / (2 * a[p]![q]!);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const cs = 1 / Math.sqrt(t * t + 1), sn = t * cs;
      for (let k = 0; k < 3; k++) {
        const akp = a[k]![p]!, akq = a[k]![q]!;
        a[k]![p] = cs * akp - sn * akq; a[k]![q] = sn * akp + cs * akq;
      }
      for (let k = 0; k < 3; k++) {
        const apk = a[p]![k]!, aqk = a[q]![k]!;
        a[p]![k] = cs * apk - sn * aqk; a[q]![k] = sn * apk + cs * aqk;
      }
      for (let k = 0; k < 3; k++) {
        const vkp = v[k]![p]!, vkq = v[k]![q]!;
        v[k]![p] = cs * vkp - sn * vkq; v[k]![q] = sn * vkp + cs * vkq;
      }
    }
  }
  return [0, 1, 2].map((k) => normalize([v[0]![k]!, v[1]![k]!, v[2]![k]!]));
}

/**
 * Finds the best mirror plane through the samples' centre: starting from the file axes, the
 * principal axes and the axes' diagonals, each refined by a shrinking local search over the
 * normal's direction (8° down to 0.5°); and the best of the three axis-aligned planes.
 */
export function findMirrorPlanes(mesh: Mesh, options: MirrorPlaneOptions = {}): MirrorPlanes | undefined {
  const o = { ...MIRROR_PLANE_DEFAULTS, ...options };
  const pts = sampleSurface(mesh, o.samples);
  const n = pts.length / 3;
  if (n < 10) return undefined;
  const lo: Vec3 = [Infinity, Infinity, Infinity], hi: Vec3 = [-Infinity, -Infinity, -Infinity];
  const centre: Vec3 = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 3; k++) {
      const v = pts[3 * i + k]!;
      lo[k] = Math.min(lo[k]!, v); hi[k] = Math.max(hi[k]!, v); centre[k]! += v / n;
    }
  }
  const diag = Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
  if (!(diag > 0)) return undefined;
  const h = o.cut * diag;
  const grid = new PointGrid(pts, lo, h);
  // The mean truncated distance of the first m samples reflected across the plane. With `above`,
  // the scan is abandoned (Infinity) once the mean so far exceeds it: the distances are never
  // negative, so the partial sum never falls and the full score would exceed it too. Callers pass
  // the bound their decision reads (a start above refineBelow is never refined; a step no better
  // than the current plane is never taken), so every decision is the full scan's.
  const score = (nv: Vec3, m = n, above = Infinity): number => grid.meanReflected(pts, m, centre, nv, diag, above);
  const axes: Vec3[] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  const axisScores = axes.map((v) => score(v)) as [number, number, number];
  const axis = axisScores.indexOf(Math.min(...axisScores)) as 0 | 1 | 2;
  const extent: [number, number, number] = [hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]];
  const axisAligned = { normal: axes[axis]!, score: axisScores[axis], axis };
  if (!o.search) return { centre, best: axisAligned, axisAligned, axisScores, extent };
  const s2 = Math.SQRT1_2, s3 = 1 / Math.sqrt(3);
  const starts: Vec3[] = [
    ...principalAxes(pts, centre),
    [s2, s2, 0], [s2, -s2, 0], [s2, 0, s2], [s2, 0, -s2], [0, s2, s2], [0, s2, -s2],
    [s3, s3, s3], [s3, s3, -s3], [s3, -s3, s3], [-s3, s3, s3],
  ];
  // Refine the three best starts (each start's score is paid once), when they promise a plane
  // clearly better than the axes' (refineBelow).
  const scan = Math.min(n, Math.max(1, o.scanSamples));
  // Sorted by a comparison, not a difference: two stopped scans are both Infinity (Infinity −
  // Infinity is NaN); a stable sort keeps the starts at or below the bound in the same order.
  const ranked = [
    ...axes.map((normal, k) => ({ normal, score: axisScores[k]!, scanned: axisScores[k]! })),
    ...starts.map((normal) => ({ normal, score: NaN, scanned: score(normal, scan, o.refineBelow * axisAligned.score) })),
  ].sort((a, b) => (a.scanned < b.scanned ? -1 : a.scanned > b.scanned ? 1 : 0));
  let best: MirrorPlane = axisAligned;
  const scored = ranked.slice(0, 3).filter((start) => start.scanned <= o.refineBelow * axisAligned.score);
  for (const start of scored) {
    let cur: MirrorPlane = { normal: start.normal, score: Number.isNaN(start.score) ? score(start.normal) : start.score };
    for (let step = 8; step >= 0.5; step /= 2) {
      const rad = (step * Math.PI) / 180;
      // Two directions across the normal to step along.
      const u = normalize(Math.abs(cur.normal[0]) < 0.9 ? cross(cur.normal, [1, 0, 0]) : cross(cur.normal, [0, 1, 0]));
      const w = cross(cur.normal, u);
      // At most a few moves per step size: each is a whole reflect-and-compare.
      let moved = true;
      for (let tries = 0; moved && tries < 12; tries++) {
        moved = false;
        for (const [a, b] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
          const nv = normalize([0, 1, 2].map((k) => cur.normal[k]! + Math.tan(rad) * (a * u[k]! + b * w[k]!)) as Vec3);
          const s = score(nv, n, cur.score - 1e-12);
          if (s < cur.score - 1e-12) { cur = { normal: nv, score: s }; moved = true; break; }
        }
      }
    }
    if (cur.score < best.score) best = cur;
  }
  return { centre, best, axisAligned, axisScores, extent };
}

export interface LateralAxisOptions {
  /**
   * A side this many times the mesh's smaller other side or less is a flat body's thickness: the
   * plane across it mirrors any flat sheet onto itself (a butterfly's spread wings), so it says
   * nothing of left and right and is not counted. Default 0.2.
   */
  maxFlatRatio?: number;
  /**
   * A side this fraction of the mesh's longest side or less is a slender body's thickness (a
   * snake's round body): a tube curved within a plane (a snake winding sideways along the ground)
   * is mirrored by that plane whatever its left and right, so the plane across its thickness says
   * nothing of them and is not counted. Default 0.07 (packages/rig/docs/orientation.md, "Orientation: measured",
   * twelfth round): the procedural snake's thickness is 0.042 of its length; on the development set
   * the most slender side is a flat butterfly's (0.052, already a flat side) and the next 0.11 (a
   * long-necked dinosaur's width), so no file's reading changes below 0.11.
   */
  maxSlenderRatio?: number;
  /** The best plane's score over every other counted one's, at most. Default MIRROR_CLEAR_RATIO. */
  clearRatio?: number;
}

export const LATERAL_AXIS_DEFAULTS: Required<LateralAxisOptions> = { maxFlatRatio: 0.2, maxSlenderRatio: 0.07, clearRatio: MIRROR_CLEAR_RATIO };

/** Whether the mesh's side along file axis k is a flat body's thickness (maxFlatRatio). */
export function isFlatSide(planes: Pick<MirrorPlanes, 'extent'>, k: number, options: LateralAxisOptions = {}): boolean {
  const { maxFlatRatio } = { ...LATERAL_AXIS_DEFAULTS, ...options };
  const e = planes.extent;
  return e[k]! <= maxFlatRatio * Math.min(...e.filter((_, j) => j !== k));
}

/** Whether the mesh's side along file axis k is a slender body's thickness (maxSlenderRatio of its longest side). */
export function isSlenderSide(planes: Pick<MirrorPlanes, 'extent'>, k: number, options: LateralAxisOptions = {}): boolean {
  const { maxSlenderRatio } = { ...LATERAL_AXIS_DEFAULTS, ...options };
  const e = planes.extent;
  return e[k]! <= maxSlenderRatio * Math.max(...e);
}

/**
 * The file axis across the body's mirror plane (its left-right axis): the axis-aligned plane that
 * mirrors the mesh clearly best (MIRROR_CLEAR_RATIO of every other one, the plane across a flat
 * body's thickness or a slender one's left out); undefined when none is clearly best.
 */
export function lateralAxisOf(planes: MirrorPlanes, options: LateralAxisOptions = {}): 'x' | 'y' | 'z' | undefined {
  const { clearRatio } = { ...LATERAL_AXIS_DEFAULTS, ...options };
  const counted = [0, 1, 2].filter((k) => !isFlatSide(planes, k, options) && !isSlenderSide(planes, k, options));
  if (counted.length < 2) return undefined;
  const s = planes.axisScores;
  const best = counted.reduce((a, b) => (s[b]! < s[a]! ? b : a));
  if (counted.some((k) => k !== best && !(s[best]! <= clearRatio * s[k]!))) return undefined;
  return (['x', 'y', 'z'] as const)[best];
}
