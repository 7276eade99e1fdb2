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
  if (count === 0) return { feet: 0, heightOverSpan: 0, footprint: 0, thinShare: 0 };
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
  const slabs: number[] = [];
  for (let k = 0; k < 5; k++) slabs.push(slabPieces(shape, yMin + Math.round(0.04 * k * h), yMin + Math.round(0.04 * (k + 1) * h), 2));
  slabs.sort((a, b) => a - b);
  return { feet: slabs[2]!, heightOverSpan: h / span, footprint: (2 * footprint) / span, thinShare: thin / count };
}
