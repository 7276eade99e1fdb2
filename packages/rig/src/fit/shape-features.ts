/**
 * What a shape shows apart from its medial tree, for the body-plan rules: feet counted as pieces
 * of the solid at the ground, and proportions along the solid's own horizontal axes (not X and Z,
 * so a character the orientation finder turned a quarter wrong reads the same).
 *
 * - Feet: the median number of pieces in the five horizontal slabs 4% of the height thick that
 *   stack up from the ground to 20% of it. Legs that the tree merges (six legs of one hip, toes
 *   of one foot) still stand apart there, and the median ignores one slab where a tail or a fin
 *   touches down.
 * - Proportions: the height over the longer horizontal span (an upright body is about as tall
 *   as it spans, arms out), the footprint over that span (what the bottom fifth covers), and the
 *   share of the solid within a voxel and a half of the surface (wings are sheets).
 * - Stance: the ground contacts that carry the body in left-right pairs (see measureStance). Legs
 *   too short for the medial tree (a sheep's stubs under a round body) still stand on the ground
 *   with the body above them; a fish's fins touch down with nothing above them, or on its midline
 *   as a keel.
 * - Lateral parts (|x - mirror plane| beyond half the half-span: arms, wings, fins, sprawling
 *   legs): their share skin-deep (a wing or an arm is thin, a stubby mascot's arm is not) and how
 *   much of the front view they fill (a wing is a sheet, an arm a line).
 * - Body length: the longer horizontal span along the solid's principal axes over the larger of
 *   the other span and the height (a fish read a quarter turn wrong is still long).
 */
import type { ShapeAnalysis } from './shape-analysis';

export interface ShapeFeatures {
  /** Median pieces at the ground (see above). */
  feet: number;
  /** Height over the longer horizontal span along the solid's principal axes. */
  heightOverSpan: number;
  /** Horizontal span of the bottom fifth over the longer span of the whole. */
  footprint: number;
  /** Share of the solid voxels within 1.5 voxels of the surface. */
  thinShare: number;
  /** Ground contacts that carry the body, in left-right pairs off the midline (measureStance). */
  stance: number;
  /** The body touches down only on a keel: thin contacts one behind the other on its midline (measureStance). */
  keel: boolean;
  /** Share of the lateral parts' solid within 1.5 voxels of the surface (0 when there are none). */
  lateralThin: number;
  /** Front-view area of the lateral parts over their box in that view (height × their width). */
  lateralFill: number;
  /** Longer principal horizontal span over the larger of the shorter span and the height. */
  bodyLength: number;
}

/** A ground contact carries the body when its tallest column holds this share of the height in solid. */
const CARRYING_COLUMN = 0.3;
/** Contacts nearer the mirror plane than this share of the half width are on the midline. */
const MIDLINE = 0.1;

/**
 * Ground contacts that carry the body, counted in left-right pairs: the pieces (8-connected, two
 * cells or more) of the columns whose lowest solid voxel is within 3% of the height (a row at
 * least) of the ground, keeping those whose tallest column holds CARRYING_COLUMN of the height
 * in solid (a leg under the body; not a fin's or a sprawling leg's tip with air above it), off
 * the midline (feet merged into one piece, a fish's keel fins and a tail tip are not counted),
 * and as many on the left as on the right (the smaller side, twice).
 *
 * A keel: no carrying contact off the midline, and two or more on it, each narrower than a
 * quarter of the body's width and spread fore and aft more than side to side (a fish's ventral
 * fins touching down; a foot, or two merged, is as wide as a leg, and two feet stand side by side).
 */
export function measureStance(shape: ShapeAnalysis): { stance: number; keel: boolean } {
  const { nx, ny, nz, solid } = shape.grid;
  const bottom = new Int32Array(nx * nz).fill(-1);
  const column = new Int32Array(nx * nz);
  let yMin = ny, yMax = -1, xLo = nx, xHi = -1;
  for (let z = 0; z < nz; z++) {
    for (let y = 0; y < ny; y++) {
      const row = nx * (y + ny * z);
      for (let x = 0; x < nx; x++) {
        if (!solid[row + x]) continue;
        const c = x + nx * z;
        if (bottom[c]! < 0) bottom[c] = y;
        column[c]!++;
        if (y < yMin) yMin = y;
        if (y > yMax) yMax = y;
        if (x < xLo) xLo = x;
        if (x > xHi) xHi = x;
      }
    }
  }
  if (yMax < 0) return { stance: 0, keel: false };
  const h = yMax - yMin + 1;
  const reach = yMin + Math.max(1, Math.round(0.03 * h));
  const plane = (shape.cx - shape.grid.origin[0]) / shape.grid.cell - 0.5;
  const half = Math.max((xHi - xLo + 1) / 2, 1);
  const seen = new Uint8Array(nx * nz);
  const stack: number[] = [];
  let left = 0, right = 0;
  const midline: { x: number; z: number; narrow: boolean }[] = [];
  for (let s = 0; s < bottom.length; s++) {
    if (seen[s] || bottom[s]! < 0 || bottom[s]! > reach) continue;
    let area = 0, sumX = 0, sumZ = 0, tallest = 0, lo = nx, hi = -1;
    seen[s] = 1;
    stack.push(s);
    while (stack.length) {
      const c = stack.pop()!;
      const cx = c % nx, cz = Math.floor(c / nx);
      area++;
      sumX += cx;
      sumZ += cz;
      lo = Math.min(lo, cx);
      hi = Math.max(hi, cx);
      tallest = Math.max(tallest, column[c]!);
      for (let dz = -1; dz <= 1; dz++) {
        for (let dx = -1; dx <= 1; dx++) {
          const x = cx + dx, z = cz + dz;
          if (x < 0 || z < 0 || x >= nx || z >= nz) continue;
          const w = x + nx * z;
          if (!seen[w] && bottom[w]! >= 0 && bottom[w]! <= reach) { seen[w] = 1; stack.push(w); }
        }
      }
    }
    if (area < 2 || tallest < CARRYING_COLUMN * h) continue;
    const side = (sumX / area - plane) / half;
    if (side <= -MIDLINE) left++;
    else if (side >= MIDLINE) right++;
    else midline.push({ x: sumX / area, z: sumZ / area, narrow: hi - lo + 1 < 0.25 * (xHi - xLo + 1) });
  }
  const spread = (k: 'x' | 'z'): number => Math.max(...midline.map((c) => c[k])) - Math.min(...midline.map((c) => c[k]));
  const keel = left + right === 0 && midline.length >= 2 && midline.every((c) => c.narrow) && spread('z') > spread('x');
  return { stance: 2 * Math.min(left, right), keel };
}

/**
 * Pieces of the solid in the horizontal slab of voxel rows [y0, y1] (projected, 8-connected),
 * ignoring specks under `minArea` cells.
 */
export function slabPieces(shape: ShapeAnalysis, y0: number, y1: number, minArea: number): number {
  const { nx, ny, nz, solid } = shape.grid;
  const mask = new Uint8Array(nx * nz);
  for (let z = 0; z < nz; z++) {
    for (let y = Math.max(0, y0); y <= Math.min(ny - 1, y1); y++) {
      const row = nx * (y + ny * z);
      for (let x = 0; x < nx; x++) if (solid[row + x]) mask[x + nx * z] = 1;
    }
  }
  const seen = new Uint8Array(nx * nz);
  const stack: number[] = [];
  let pieces = 0;
  for (let s = 0; s < mask.length; s++) {
    if (!mask[s] || seen[s]) continue;
    let area = 0;
    seen[s] = 1;
    stack.push(s);
    while (stack.length) {
      const c = stack.pop()!;
      area++;
      const cx = c % nx, cz = Math.floor(c / nx);
      for (let dz = -1; dz <= 1; dz++) {
        for (let dx = -1; dx <= 1; dx++) {
          const x = cx + dx, z = cz + dz;
          if (x < 0 || z < 0 || x >= nx || z >= nz) continue;
          const w = x + nx * z;
          if (mask[w] && !seen[w]) { seen[w] = 1; stack.push(w); }
        }
      }
    }
    if (area >= minArea) pieces++;
  }
  return pieces;
}

export function measureShapeFeatures(shape: ShapeAnalysis): ShapeFeatures {
  const { nx, ny, solid } = shape.grid;
  const nxy = nx * ny;
  let yMin = ny, yMax = -1, count = 0, thin = 0;
  let sx = 0, sz = 0, sxx = 0, szz = 0, sxz = 0;
  for (let v = 0; v < solid.length; v++) {
    if (!solid[v]) continue;
    const x = v % nx, y = Math.floor(v / nx) % ny, z = Math.floor(v / nxy);
    if (y < yMin) yMin = y;
    if (y > yMax) yMax = y;
    count++;
    sx += x; sz += z; sxx += x * x; szz += z * z; sxz += x * z;
    if (shape.dt[v]! <= 1.5) thin++;
  }
  if (count === 0) return { feet: 0, heightOverSpan: 0, footprint: 0, thinShare: 0, stance: 0, keel: false, lateralThin: 0, lateralFill: 0, bodyLength: 0 };
  const h = yMax - yMin + 1;
  const mx = sx / count, mz = sz / count;
  // Principal horizontal axes of the solid.
  const cxx = sxx / count - mx * mx, czz = szz / count - mz * mz, cxz = sxz / count - mx * mz;
  const angle = 0.5 * Math.atan2(2 * cxz, cxx - czz);
  const ux = Math.cos(angle), uz = Math.sin(angle);
  let lo1 = Infinity, hi1 = -Infinity, lo2 = Infinity, hi2 = -Infinity, footprint = 0;
  for (let v = 0; v < solid.length; v++) {
    if (!solid[v]) continue;
    const x = v % nx, y = Math.floor(v / nx) % ny, z = Math.floor(v / nxy);
    const a = (x - mx) * ux + (z - mz) * uz, b = -(x - mx) * uz + (z - mz) * ux;
    lo1 = Math.min(lo1, a); hi1 = Math.max(hi1, a); lo2 = Math.min(lo2, b); hi2 = Math.max(hi2, b);
    if ((y - yMin + 0.5) / h <= 0.2) footprint = Math.max(footprint, Math.abs(a), Math.abs(b));
  }
  const span = Math.max(hi1 - lo1 + 1, hi2 - lo2 + 1);
  const across = Math.min(hi1 - lo1 + 1, hi2 - lo2 + 1);
  const slabs: number[] = [];
  for (let k = 0; k < 5; k++) slabs.push(slabPieces(shape, yMin + Math.round(0.04 * k * h), yMin + Math.round(0.04 * (k + 1) * h), 2));
  slabs.sort((a, b) => a - b);
  return {
    feet: slabs[2]!, heightOverSpan: h / span, footprint: (2 * footprint) / span, thinShare: thin / count,
    ...measureStance(shape), ...measureLateral(shape), bodyLength: span / Math.max(across, h),
  };
}

/** The lateral parts' skin-deep share and front-view fill (see the file's comment). */
function measureLateral(shape: ShapeAnalysis): { lateralThin: number; lateralFill: number } {
  const { nx, ny, solid } = shape.grid;
  const nxy = nx * ny;
  const plane = (shape.cx - shape.grid.origin[0]) / shape.grid.cell - 0.5;
  let xLo = nx, xHi = -1, yMin = ny, yMax = -1;
  for (let v = 0; v < solid.length; v++) {
    if (!solid[v]) continue;
    const x = v % nx, y = Math.floor(v / nx) % ny;
    if (x < xLo) xLo = x;
    if (x > xHi) xHi = x;
    if (y < yMin) yMin = y;
    if (y > yMax) yMax = y;
  }
  if (xHi < 0) return { lateralThin: 0, lateralFill: 0 };
  const half = Math.max(plane - xLo, xHi - plane, 1);
  const front = new Uint8Array(nxy);
  let outer = 0, thin = 0, area = 0;
  for (let v = 0; v < solid.length; v++) {
    if (!solid[v]) continue;
    const x = v % nx;
    if (Math.abs(x - plane) <= 0.5 * half) continue;
    outer++;
    if (shape.dt[v]! <= 1.5) thin++;
    const f = v % nxy;
    if (!front[f]) { front[f] = 1; area++; }
  }
  if (outer === 0) return { lateralThin: 0, lateralFill: 0 };
  return { lateralThin: thin / outer, lateralFill: area / (half * (yMax - yMin + 1)) };
}
