/**
 * A facing cue from anatomy, read as a rule over the finder's facing (findOrientation's
 * `facingCue`): once the up axis is chosen, the facing turns a half turn when the anatomy of the
 * model stood that way says clearly that it faces backwards. Two cues, each a signed fore-aft
 * offset over the candidate's fore-aft length (positive: the model faces +Z):
 *
 * - eyes: game characters' eyes are often separate small pieces (balls, lids, pupils) on the front
 *   of the head: the small loose pieces of the upper half that have a mirror twin across the
 *   left-right axis, their area-weighted fore-aft centre less that of the whole upper half's
 *   surface. Read only when there are a few of them (a mesh of many small pieces, buckles and
 *   plates, says nothing of its face);
 * - feet: toes reach forward of the ankles: the fore-aft centre of the surface in the lowest 5% of
 *   the height less that of the band above it (5–15%, the shins). Read only on a candidate taller
 *   than it is long (a standing biped; a long body's lowest band is its belly, fins or tentacles);
 * - knees (orientation-facing-knees.ts, read when the eyes and feet say nothing): a standing model's
 *   knees sitting beyond the whole fore-aft span of its shins bend forwards;
 * - detail (orientation-facing-detail.ts, read last by orientation-facing-turn.ts where the others
 *   say nothing of the facing found): a head end carries more of the triangles than of the surface.
 *
 * Both are measured off the triangles once per mesh (its welded pieces, triangle centres and
 * areas) and read per candidate by its signed axis permutation, so a turned file reads the turned
 * cue; a half turn about the up axis negates both exactly.
 */
import { hypot3, type Mesh } from '@rigforge/mesh';
import { candidateFrame, ORIENTATION_CANDIDATES, type OrientationCandidate } from './orientation-features';
import { facingDetailOf } from './orientation-facing-detail';
import { kneesOf } from './orientation-facing-knees';
import { findRoot, singletons, uniteThree } from './union-find';
import { weldVertices, type WeldedVertices } from './weld-vertices';

export interface FacingCueOptions {
  /** Eyes' offset (share of the fore-aft length) at which the eyes cue speaks. Default 0.3 (chosen leaving one artist out). */
  minEyes?: number;
  /** Most small paired upper pieces the eyes cue reads (more: accessories, not eyes). Default 8 (set by hand). */
  maxEyePieces?: number;
  /** Feet's offset (share of the fore-aft length) at which the feet cue speaks. Default 0.15 (chosen leaving one artist out). */
  minFeet?: number;
  /** Whether the knees speak when the eyes and the feet do not (a sign, no bar). Default true (packages/rig/docs/orientation.md, twenty-first round). */
  knees?: boolean;
  /**
   * Whether a facing all three say nothing of turns a quarter to one whose feet reach forward by
   * `minFeet`, where no left-right axis is kept (orientation-facing-turn.ts). Default true (packages/rig/docs/orientation.md, twenty-first round).
   */
  quarterFeet?: boolean;
  /**
   * Detail offset (share of the fore-aft length) at or below whose negative the facing turns a half
   * turn where the other cues say nothing (orientation-facing-detail.ts). Default 0.005 (chosen
   * leaving one artist out; packages/rig/docs/orientation.md, twenty-fourth round); Infinity: off.
   */
  minDetail?: number;
  /**
   * The detail is read on a candidate taller than long, or on one at least this many times as long
   * as high standing on four or more ground-reaching legs (a walker lying along its length; a fish's
   * or a flyer's long body is not read). Default 3 (chosen with `minDetail`).
   */
  minDetailLength?: number;
  /**
   * Whether a facing every cue says nothing of (its detail under `minDetail` too) turns a quarter to
   * a standing one whose detail says forward by `minDetail`, where no left-right axis is kept
   * (orientation-facing-turn.ts). Default true (packages/rig/docs/orientation.md, twenty-fourth round).
   */
  quarterDetail?: boolean;
  /** A piece is small under this share of the surface area. Default 0.02 (set by hand). */
  maxPieceArea?: number;
  /** ... and this share of the mesh's bounding-box diagonal. Default 0.12 (set by hand). */
  maxPieceSize?: number;
}

export const FACING_CUE_DEFAULTS: Required<FacingCueOptions> = { minEyes: 0.3, maxEyePieces: 8, minFeet: 0.15, knees: true, quarterFeet: true, minDetail: 0.005, minDetailLength: 3, quarterDetail: true, maxPieceArea: 0.02, maxPieceSize: 0.12 };

/** Twins mirror each other to within this share of the body's width, height and length. */
const FACING_CUE_PAIR_TOLERANCE = 0.05;

/**
 * What findOrientation applies when its `facingCue` is not given: on, at FACING_CUE_DEFAULTS
 * (packages/rig/docs/orientation.md, "Orientation: measured", fourteenth round: held out 65.0% → 65.7% of the turned
 * files right, every upright file kept, no file of the set as held turned).
 */
export const FACING_CUE_ON: FacingCueOptions | false = {};

/** What the candidates read, measured once per mesh in its file frame. */
export interface FacingSurface {
  /** Triangle centres (x, y, z per triangle) and areas. */
  centres: Float64Array;
  areas: Float64Array;
  /** The mesh's small loose pieces: centre (x, y, z per piece) and area. */
  pieceCentres: Float64Array;
  pieceAreas: Float64Array;
  lo: [number, number, number];
  hi: [number, number, number];
}

export interface FacingCue {
  /** Eyes' fore-aft offset over the length (NaN: no small upper piece), and how many pieces. */
  eyes: number;
  eyePieces: number;
  /** Toes' fore-aft offset over the length (NaN: not read, the candidate is not tall). */
  feet: number;
  /** Knees beyond the shins' span, over the length (0 within; NaN: not read, the candidate is not tall). */
  knees: number;
  /** The triangles' fore-aft centre less the surface's, over the length (orientation-facing-detail.ts). */
  detail: number;
  /** The candidate's height and fore-aft length (the detail's scope reads them). */
  height: number;
  length: number;
}

/** `welded`: the mesh's weld at the default tolerance when the caller has it (orientForRig shares it with the fit and the skin). */
export function measureFacingSurface(mesh: Mesh, options: FacingCueOptions = {}, welded?: WeldedVertices): FacingSurface {
  const o = { ...FACING_CUE_DEFAULTS, ...options };
  const { positions: p, indices: idx } = welded ?? weldVertices(mesh.positions, mesh.indices);
  const n = p.length / 3;
  const parent = singletons(n);
  const lo: [number, number, number] = [Infinity, Infinity, Infinity], hi: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 3; k++) { lo[k] = Math.min(lo[k]!, p[i * 3 + k]!); hi[k] = Math.max(hi[k]!, p[i * 3 + k]!); }
  }
  const triangles = Math.floor(idx.length / 3);
  const centres = new Float64Array(triangles * 3), areas = new Float64Array(triangles);
  let total = 0;
  for (let t = 0; t < triangles; t++) {
    const a = idx[t * 3]!, b = idx[t * 3 + 1]!, c = idx[t * 3 + 2]!;
    // Only the pieces are read, not which vertex roots each, so any order of linking gives the same pieces.
    uniteThree(parent, a, b, c);
    // Edges in scalars (two arrays and closures per triangle were most of this loop): the same doubles.
    const a3 = a * 3, b3 = b * 3, c3 = c * 3;
    const u0 = p[b3]! - p[a3]!, u1 = p[b3 + 1]! - p[a3 + 1]!, u2 = p[b3 + 2]! - p[a3 + 2]!;
    const v0 = p[c3]! - p[a3]!, v1 = p[c3 + 1]! - p[a3 + 1]!, v2 = p[c3 + 2]! - p[a3 + 2]!;
    // hypot3: Math.hypot's own steps, bit for bit, without its per-call allocations (half this
    // loop's time on a 60k-triangle human).
    const area = 0.5 * hypot3(u1 * v2 - u2 * v1, u2 * v0 - u0 * v2, u0 * v1 - u1 * v0);
    areas[t] = area;
    total += area;
    centres[t * 3] = (p[a3]! + p[b3]! + p[c3]!) / 3;
    centres[t * 3 + 1] = (p[a3 + 1]! + p[b3 + 1]! + p[c3 + 1]!) / 3;
    centres[t * 3 + 2] = (p[a3 + 2]! + p[b3 + 2]! + p[c3 + 2]!) / 3;
  }
  // Per piece: area, area-weighted centre sums, and the span of its triangle centres, in typed
  // arrays by the order the triangles first meet each piece (a map of objects per piece was most of
  // this function's time on a 60k-triangle human): the same additions in the same order.
  const slot = new Int32Array(n).fill(-1);
  const most = Math.min(n, triangles);
  const pArea = new Float64Array(most), pSum = new Float64Array(most * 3);
  const pLo = new Float64Array(most * 3).fill(Infinity), pHi = new Float64Array(most * 3).fill(-Infinity);
  let count = 0;
  for (let t = 0; t < triangles; t++) {
    const r = findRoot(parent, idx[t * 3]!);
    let e = slot[r]!;
    if (e < 0) { e = count++; slot[r] = e; }
    const area = areas[t]!;
    pArea[e] = pArea[e]! + area;
    for (let k = 0, e3 = e * 3, t3 = t * 3; k < 3; k++) {
      const x = centres[t3 + k]!;
      pSum[e3 + k] = pSum[e3 + k]! + area * x;
      pLo[e3 + k] = Math.min(pLo[e3 + k]!, x); pHi[e3 + k] = Math.max(pHi[e3 + k]!, x);
    }
  }
  const diagonal = Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
  const small: number[] = [];
  for (let e = 0; e < count; e++) {
    const area = pArea[e]!, e3 = e * 3;
    if (area > 0 && area < o.maxPieceArea * total
      && Math.hypot(pHi[e3]! - pLo[e3]!, pHi[e3 + 1]! - pLo[e3 + 1]!, pHi[e3 + 2]! - pLo[e3 + 2]!) < o.maxPieceSize * diagonal) small.push(e);
  }
  return {
    centres, areas,
    pieceCentres: Float64Array.from(small.flatMap((e) => [pSum[e * 3]! / pArea[e]!, pSum[e * 3 + 1]! / pArea[e]!, pSum[e * 3 + 2]! / pArea[e]!])),
    pieceAreas: Float64Array.from(small.map((e) => pArea[e]!)),
    lo, hi,
  };
}

/** The cue of one candidate orientation (the model stood up as the candidate says, facing +Z). */
export function facingCueOf(surface: FacingSurface, c: OrientationCandidate): FacingCue {
  const { axis, sign } = candidateFrame(c);
  const { lo, hi } = surface;
  // Upright coordinate k of a file point: sign[k] · file[axis[k]]; its span, from the box.
  const span = (k: number): [number, number] => (sign[k]! > 0 ? [lo[axis[k]!]!, hi[axis[k]!]!] : [-hi[axis[k]!]!, -lo[axis[k]!]!]);
  const [y0, y1] = span(1), [z0, z1] = span(2);
  const height = y1 - y0, length = z1 - z0;
  if (!(height > 0 && length > 0)) return { eyes: NaN, eyePieces: 0, feet: NaN, knees: NaN, detail: NaN, height, length };
  const up = axis[1]!, fore = axis[2]!, su = sign[1]!, sf = sign[2]!;
  // Area-weighted fore-aft centre of the surface between two height shares.
  const band = (from: number, to: number): number => {
    let s = 0, m = 0;
    for (let t = 0; t < surface.areas.length; t++) {
      const h = (su * surface.centres[t * 3 + up]! - y0) / height;
      if (h >= from && h < to) { s += surface.areas[t]! * sf * surface.centres[t * 3 + fore]!; m += surface.areas[t]!; }
    }
    return m > 0 ? s / m : NaN;
  };
  // The small pieces of the upper half that have a mirror twin across the body's left-right axis
  // (eyes, lids and pupils come in pairs; a lone small piece is a tail tip, a segment, a buckle).
  const [x0, x1] = span(0);
  const width = x1 - x0, side = axis[0]!, sx = sign[0]!;
  const upper: { x: number; y: number; z: number; area: number }[] = [];
  for (let i = 0; i < surface.pieceAreas.length; i++) {
    const y = su * surface.pieceCentres[i * 3 + up]!;
    if ((y - y0) / height > 0.5) upper.push({ x: sx * surface.pieceCentres[i * 3 + side]!, y, z: sf * surface.pieceCentres[i * 3 + fore]!, area: surface.pieceAreas[i]! });
  }
  const mid = (x0 + x1) / 2, tol = FACING_CUE_PAIR_TOLERANCE;
  const paired = upper.filter((a) => upper.some((b) => b !== a && Math.abs(a.x - mid) > tol * width
    && Math.abs(a.x + b.x - 2 * mid) < tol * width && Math.abs(a.y - b.y) < tol * height && Math.abs(a.z - b.z) < tol * length
    && Math.abs(a.area - b.area) < 0.3 * Math.max(a.area, b.area)));
  let es = 0, em = 0;
  for (const e of paired) { es += e.area * e.z; em += e.area; }
  const eyePieces = paired.length;
  const eyes = em > 0 ? (es / em - band(0.5, 1.01)) / length : NaN;
  const feet = height > length ? (band(0, 0.05) - band(0.05, 0.15)) / length : NaN;
  return { eyes, eyePieces, feet, knees: kneesOf(surface, c), detail: facingDetailOf(surface, c), height, length };
}

/**
 * What the cue says of a candidate: 1 it faces forward, −1 backwards, 0 nothing. The eyes speak
 * first (when a few small upper pieces sit clearly off the head's centre), then the feet, then the
 * knees (any knee beyond the shins' span: straight legs read 0).
 */
export function facingCueVerdict(cue: FacingCue, options: FacingCueOptions = {}): -1 | 0 | 1 {
  const o = { ...FACING_CUE_DEFAULTS, ...options };
  if (cue.eyePieces >= 1 && cue.eyePieces <= o.maxEyePieces && Math.abs(cue.eyes) >= o.minEyes) return cue.eyes > 0 ? 1 : -1;
  if (Math.abs(cue.feet) >= o.minFeet) return cue.feet > 0 ? 1 : -1;
  // Written so a cue without knees (undefined, NaN) says nothing.
  if (o.knees && (cue.knees > 0 || cue.knees < 0)) return cue.knees > 0 ? 1 : -1;
  return 0;
}

/**
 * Whether the cue turns the facing of a mesh stood up as `found` says a half turn: it says that
 * way faces backwards (and so the half turn forwards).
 */
export function facingCueHalfTurn(mesh: Mesh, found: OrientationCandidate, options: FacingCueOptions = {}): boolean {
  const c = ORIENTATION_CANDIDATES.find((q) => q.upAxis === found.upAxis && q.rotationY === found.rotationY);
  return c !== undefined && facingCueVerdict(facingCueOf(measureFacingSurface(mesh, options), c), options) < 0;
}

/** The rotation a half turn from `rotationY` (about the up axis), in the candidates' degrees. */
export function halfTurn(rotationY: OrientationCandidate['rotationY']): OrientationCandidate['rotationY'] {
  return rotationY === 0 ? 180 : rotationY === 180 ? 0 : rotationY === 90 ? -90 : 90;
}
