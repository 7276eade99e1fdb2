/**
 * The orientation features' reference for tests: the per-candidate pass the rig ran before
 * `candidateTables` (orientation-features.ts) read every candidate off one set of whole-number
 * tables. The tables must give the same numbers (test/find-orientation.test.ts).
 */
import { candidateFrame, measureEnds, type OrientationCandidate, type SurfaceGrid } from '../src/orientation-features';

const N = 32;

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
 * The surface features of one candidate orientation as measured before the grid's candidate tables
 * (each candidate's own pass over the listed cells and its own plane pieces), kept as the
 * reference the tables must equal number for number. `ends`: measure
 * the fore-aft ends' sections (ENDS_FEATURE_NAMES); when false they are NaN (not measured) and the
 * others are the same numbers.
 */
export function referenceOrientationFeatures(grid: SurfaceGrid, symmetry: [number, number, number], c: OrientationCandidate, ends = true): number[] {
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
  // The inverse, for the listed cells: upright coordinate k of file cell f is f[axis[k]], or
  // N − 1 − f[axis[k]] when sign[k] is negative: from0 + sign[k] · f[axis[k]].
  const from = [0, 1, 2].map((k) => (sign[k]! > 0 ? 0 : N - 1));
  const x0 = from[0]!, y0 = from[1]!, z0 = from[2]!, xs = sign[0]!, ys = sign[1]!, zs = sign[2]!;
  const layer = new Float64Array(N); // occupied cells per height layer
  const sliceZ = new Float64Array(N); // per fore-aft slab
  const sumYinZ = new Float64Array(N);
  const zInLayer = new Float64Array(N);
  const all = new Uint8Array(N * N);
  // Per fore-aft slab, the left-right and vertical span of its cells (the head and tail ends'
  // sections: a head is blunt and round, a tail narrows and flares into a flat fin).
  const xLo = new Int16Array(N).fill(N), xHi = new Int16Array(N).fill(-1);
  const yLo = new Int16Array(N).fill(N), yHi = new Int16Array(N).fill(-1);
  const bottom = new Uint8Array(N * N);
  const top = new Uint8Array(N * N);
  let total = 0, sumY = 0, sumZ = 0, downBottom = 0, areaBottom = 0;
  const upFile = axis[1], upSign = sign[1];
  // Counts and sums of whole cell coordinates only: exact in any order, so the occupied cells are
  // visited from their list (a sixth to a tenth of the grid) instead of scanning the grid.
  {
    const { count: cells, at } = grid.occupiedCells;
    const fx = at[axis[0]]!, fy = at[axis[1]]!, fz = at[axis[2]]!;
    for (let c = 0; c < cells; c++) {
      const x = x0 + xs * fx[c]!, y = y0 + ys * fy[c]!, z = z0 + zs * fz[c]!;
      total++;
      layer[y] = layer[y]! + 1;
      sliceZ[z] = sliceZ[z]! + 1;
      sumYinZ[z] = sumYinZ[z]! + y;
      zInLayer[y] = zInLayer[y]! + z;
      sumY += y;
      sumZ += z;
      all[x * N + z] = 1;
      if (ends) {
        if (x < xLo[z]!) xLo[z] = x;
        if (x > xHi[z]!) xHi[z] = x;
        if (y < yLo[z]!) yLo[z] = y;
        if (y > yHi[z]!) yHi[z] = y;
      }
      if (y < 2) bottom[x * N + z] = 1;
      if (y >= N - 2) top[x * N + z] = 1;
    }
  }
  // The soles' normal sums are not whole numbers: summed in the upright scan's order (x, then
  // y, then z) over the three bottom layers, as a scan of the whole grid meets them.
  for (let x = 0; x < N; x++) {
    for (let y = 0; y < 3; y++) {
      for (let z = 0; z < N; z++) {
        const v = base + x * sx + y * sy + z * sz;
        if (!g[v]) continue;
        const ny = grid.normals[v * 3 + upFile]! * upSign;
        const len = Math.hypot(grid.normals[v * 3]!, grid.normals[v * 3 + 1]!, grid.normals[v * 3 + 2]!);
        areaBottom += len;
        downBottom += Math.max(0, -ny);
      }
    }
  }
  if (total === 0) return new Array<number>(28).fill(0);
  // The same reading of the solid: where the volume is, not only the surface.
  const vLayer = new Float64Array(N);
  const vSlab = new Float64Array(N);
  const solidBottom = new Uint8Array(N * N);
  const solidTop = new Uint8Array(N * N);
  let vTotal = 0, vSumY = 0, vSumZ = 0;
  const { count: solidCount, at: solidAt } = grid.solidCells;
  const gx = solidAt[axis[0]]!, gy = solidAt[axis[1]]!, gz = solidAt[axis[2]]!;
  for (let c = 0; c < solidCount; c++) {
    const x = x0 + xs * gx[c]!, y = y0 + ys * gy[c]!, z = z0 + zs * gz[c]!;
    vTotal++; vLayer[y] = vLayer[y]! + 1; vSlab[z] = vSlab[z]! + 1; vSumY += y; vSumZ += z;
    if (y < 3) solidBottom[x * N + z] = 1;
    if (y >= N - 3) solidTop[x * N + z] = 1;
  }
  const count = (plane: Uint8Array): number => {
    let n = 0;
    for (let i = 0; i < plane.length; i++) n += plane[i]!;
    return n;
  };
  const footprint = count(all) || 1;
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
    count(bottom) / footprint,
    count(top) / footprint,
    Math.min(countPieces(bottom), 4) / 4,
    Math.min(countPieces(top), 4) / 4,
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
    Math.min(countPieces(solidBottom), 4) / 4,
    Math.min(countPieces(solidTop), 4) / 4,
    vSumZ / Math.max(vTotal, 1) / (N - 1) - 0.5,
    Math.log((mean(N - band, N, vSlab) + 1) / (mean(0, band, vSlab) + 1)),
    // Read only on a body long along its facing (a fish, a quadruped): a biped's front and back
    // ends are its face and its back, whose sections say nothing of which is which.
    !sections ? NaN : ext[2]! > ext[1]! ? sections.frontThickerSection : 0,
    !sections ? NaN : ext[2]! > ext[1]! ? sections.backFlatter : 0,
  ];
}

