/**
 * CG preconditioned by one algebraic-multigrid V-cycle (plain aggregation over the matrix graph),
 * for bone heat's support systems (diag − offdiag) x = rhs: measured as a `preconditioner` of
 * skinning/heat-solver (packages/rig/docs/speed.md, "Round 35 (multigrid)"), not the default.
 *
 * Levels: the strongly coupled neighbours of a node (offdiag_ij ≥ θ·√(A_ii A_jj)) are grouped
 * into aggregates greedily (a node and its free strong neighbours; then the rest join a
 * neighbouring aggregate); a node with no strong neighbour (one screened hard by a nearby bone)
 * joins none and is left to the smoother. The coarse matrix is the Galerkin product Pᵀ A P of
 * the 0/1 prolongation, down to `AMG_COARSEST` unknowns, solved there by a dense Cholesky. The
 * cycle smooths with forward Gauss–Seidel before the coarse correction and backward after, so
 * the preconditioner is symmetric (positive definite where A is). The stopping test is
 * Jacobi CG's: no unknown's residual in weight units above `tolerance`. Undefined when the
 * system shows itself indefinite (a coarse pivot or pᵀAp not positive): the caller runs Jacobi.
 */

/** One level's matrix: A = diag − offdiag in CSR (offdiag entries given positive where the coupling is). */
interface Level {
  n: number;
  rowStart: Uint32Array;
  cols: Uint32Array;
  vals: Float64Array;
  diag: Float64Array;
  /** Each row's aggregate on the next level, −1 when it has none (the smoother's alone). */
  agg?: Int32Array;
  /** Scratch of the cycle: the level's right-hand side and its correction. */
  b: Float64Array;
  z: Float64Array;
}

/** Strength threshold θ of the aggregation. */
const AMG_THETA = 0.08;
/** Coarsest level's size, solved by a dense Cholesky. */
const AMG_COARSEST = 120;

/** The hierarchy of one system, with its coarsest level's Cholesky factor (row-major lower). */
export interface AmgHierarchy {
  levels: Level[];
  factor: Float64Array;
}

/** The levels of (diag − offdiag), or undefined when the coarsest matrix is not positive definite. */
export function buildAmg(rowStart: Uint32Array, cols: Uint32Array, vals: Float64Array, diag: Float64Array, m: number): AmgHierarchy | undefined {
  const first: Level = { n: m, rowStart, cols, vals, diag, b: new Float64Array(m), z: new Float64Array(m) };
  const levels = [first];
  let level = first;
  while (level.n > AMG_COARSEST) {
    const { agg, count } = aggregate(level);
    if (count === 0 || count > 0.8 * level.n) break;
    level.agg = agg;
    level = galerkin(level, agg, count);
    levels.push(level);
  }
  const factor = denseCholesky(level);
  return factor ? { levels, factor } : undefined;
}

function aggregate(level: Level): { agg: Int32Array; count: number } {
  const { n, rowStart, cols, vals, diag } = level;
  const agg = new Int32Array(n).fill(-1);
  const strong = new Uint8Array(vals.length);
  const hasStrong = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    for (let e = rowStart[i]!; e < rowStart[i + 1]!; e++) {
      const j = cols[e]!;
      if (vals[e]! >= AMG_THETA * Math.sqrt(diag[i]! * diag[j]!)) { strong[e] = 1; hasStrong[i] = 1; }
    }
  }
  let count = 0;
  // Pass 1: a node whose strong neighbours are all free seeds an aggregate of them.
  for (let i = 0; i < n; i++) {
    if (agg[i]! >= 0 || !hasStrong[i]) continue;
    let free = true;
    for (let e = rowStart[i]!; e < rowStart[i + 1]! && free; e++) if (strong[e] && agg[cols[e]!]! >= 0) free = false;
    if (!free) continue;
    agg[i] = count;
    for (let e = rowStart[i]!; e < rowStart[i + 1]!; e++) if (strong[e]) agg[cols[e]!] = count;
    count++;
  }
  // Pass 2: the rest join the aggregate of their strongest aggregated neighbour (from pass 1 only).
  const pass1 = agg.slice();
  for (let i = 0; i < n; i++) {
    if (agg[i]! >= 0 || !hasStrong[i]) continue;
    let best = -1, bestVal = 0;
    for (let e = rowStart[i]!; e < rowStart[i + 1]!; e++) {
      if (strong[e] && pass1[cols[e]!]! >= 0 && vals[e]! > bestVal) { bestVal = vals[e]!; best = pass1[cols[e]!]!; }
    }
    if (best >= 0) agg[i] = best;
  }
  // Pass 3: strongly coupled nodes still alone form aggregates with their free strong neighbours.
  for (let i = 0; i < n; i++) {
    if (agg[i]! >= 0 || !hasStrong[i]) continue;
    agg[i] = count;
    for (let e = rowStart[i]!; e < rowStart[i + 1]!; e++) if (strong[e] && agg[cols[e]!]! < 0) agg[cols[e]!] = count;
    count++;
  }
  return { agg, count };
}

/** Pᵀ A P for the 0/1 prolongation of `agg` (rows without an aggregate dropped). */
function galerkin(level: Level, agg: Int32Array, count: number): Level {
  const { n, rowStart, cols, vals, diag } = level;
  // Rows of each aggregate.
  const start = new Uint32Array(count + 1);
  for (let i = 0; i < n; i++) if (agg[i]! >= 0) start[agg[i]! + 1]!++;
  for (let a = 0; a < count; a++) start[a + 1]! += start[a]!;
  const members = new Uint32Array(start[count]!);
  const fill = start.slice(0, count);
  for (let i = 0; i < n; i++) if (agg[i]! >= 0) members[fill[agg[i]!]!++] = i;
  const cDiag = new Float64Array(count);
  const marker = new Int32Array(count).fill(-1);
  const cRow = new Uint32Array(count + 1);
  const cCols: number[] = [];
  const cVals: number[] = [];
  for (let a = 0; a < count; a++) {
    const rowBegin = cCols.length;
    let d = 0;
    for (let s = start[a]!; s < start[a + 1]!; s++) {
      const i = members[s]!;
      d += diag[i]!;
      for (let e = rowStart[i]!; e < rowStart[i + 1]!; e++) {
        const b = agg[cols[e]!]!;
        if (b < 0) continue;
        if (b === a) { d -= vals[e]!; continue; }
        if (marker[b]! < rowBegin) { marker[b] = cCols.length; cCols.push(b); cVals.push(vals[e]!); } else cVals[marker[b]!]! += vals[e]!;
      }
    }
    cDiag[a] = d;
    cRow[a + 1] = cCols.length;
  }
  return {
    n: count, rowStart: cRow, cols: Uint32Array.from(cCols), vals: Float64Array.from(cVals), diag: cDiag,
    b: new Float64Array(count), z: new Float64Array(count),
  };
}

function denseCholesky(level: Level): Float64Array | undefined {
  const { n, rowStart, cols, vals, diag } = level;
  const a = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    a[i * n + i] = diag[i]!;
    for (let e = rowStart[i]!; e < rowStart[i + 1]!; e++) a[i * n + cols[e]!]! -= vals[e]!;
  }
  for (let j = 0; j < n; j++) {
    let d = a[j * n + j]!;
    for (let k = 0; k < j; k++) d -= a[j * n + k]! * a[j * n + k]!;
    if (!(d > 0)) return undefined;
    const l = Math.sqrt(d);
    a[j * n + j] = l;
    for (let i = j + 1; i < n; i++) {
      let s = a[i * n + j]!;
      for (let k = 0; k < j; k++) s -= a[i * n + k]! * a[j * n + k]!;
      a[i * n + j] = s / l;
    }
  }
  return a;
}

/** z = M⁻¹ b on level k (b in `levels[k].b`, the result in `levels[k].z`). */
function cycle(h: AmgHierarchy, k: number): void {
  const lv = h.levels[k]!;
  const { n, rowStart, cols, vals, diag, b, z } = lv;
  if (k === h.levels.length - 1) {
    const f = h.factor;
    for (let i = 0; i < n; i++) {
      let s = b[i]!;
      for (let j = 0; j < i; j++) s -= f[i * n + j]! * z[j]!;
      z[i] = s / f[i * n + i]!;
    }
    for (let i = n - 1; i >= 0; i--) {
      let s = z[i]!;
      for (let j = i + 1; j < n; j++) s -= f[j * n + i]! * z[j]!;
      z[i] = s / f[i * n + i]!;
    }
    return;
  }
  // Forward Gauss–Seidel from z = 0.
  for (let i = 0; i < n; i++) {
    let s = b[i]!;
    for (let e = rowStart[i]!; e < rowStart[i + 1]!; e++) { const j = cols[e]!; if (j < i) s += vals[e]! * z[j]!; }
    z[i] = s / diag[i]!;
  }
  // Residual, restricted.
  const next = h.levels[k + 1]!, agg = lv.agg!;
  next.b.fill(0);
  for (let i = 0; i < n; i++) {
    const a = agg[i]!;
    if (a < 0) continue;
    let s = b[i]! - diag[i]! * z[i]!;
    for (let e = rowStart[i]!; e < rowStart[i + 1]!; e++) s += vals[e]! * z[cols[e]!]!;
    next.b[a]! += s;
  }
  cycle(h, k + 1);
  for (let i = 0; i < n; i++) { const a = agg[i]!; if (a >= 0) z[i]! += next.z[a]!; }
  // Backward Gauss–Seidel.
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i]!;
    for (let e = rowStart[i]!; e < rowStart[i + 1]!; e++) { const j = cols[e]!; if (j !== i) s += vals[e]! * z[j]!; }
    z[i] = s / diag[i]!;
  }
}

/** CG preconditioned by one V-cycle of {@link buildAmg}'s hierarchy; undefined where indefinite. */
export function amgConjugateGradient(
  rowStart: Uint32Array, cols: Uint32Array, vals: Float64Array, diag: Float64Array, rhs: Float64Array,
  tolerance: number, maxIterations: number, buffers: { x: Float64Array; r: Float64Array; p: Float64Array; q: Float64Array },
): { x: Float64Array; iterations: number } | undefined {
  const m = rhs.length;
  const x = buffers.x.subarray(0, m), r = buffers.r.subarray(0, m), p = buffers.p.subarray(0, m), q = buffers.q.subarray(0, m);
  for (let i = 0; i < m; i++) if (!(diag[i]! > 0)) return undefined;
  const h = buildAmg(rowStart, cols, vals, diag, m);
  if (!h) return undefined;
  const top = h.levels[0]!;
  r.set(rhs);
  x.fill(0);
  let bnorm = 0;
  for (let i = 0; i < m; i++) bnorm += r[i]! * r[i]!;
  top.b.set(r);
  cycle(h, 0);
  let rz = 0;
  for (let i = 0; i < m; i++) { p[i] = top.z[i]!; rz += r[i]! * top.z[i]!; }
  let it = 0;
  for (; it < maxIterations && bnorm > 0; it++) {
    let pq = 0;
    for (let i = 0; i < m; i++) {
      let acc = diag[i]! * p[i]!;
      for (let e = rowStart[i]!; e < rowStart[i + 1]!; e++) acc -= vals[e]! * p[cols[e]!]!;
      q[i] = acc;
      pq += p[i]! * acc;
    }
    if (!(pq > 0)) return undefined;
    const alpha = rz / pq;
    let worst = 0;
    for (let i = 0; i < m; i++) {
      x[i]! += alpha * p[i]!;
      const ri = (r[i]! -= alpha * q[i]!);
      const scaled = Math.abs(ri) / diag[i]!;
      if (scaled > worst) worst = scaled;
    }
    if (worst <= tolerance) { it++; break; }
    top.b.set(r);
    cycle(h, 0);
    let rzNew = 0;
    for (let i = 0; i < m; i++) rzNew += r[i]! * top.z[i]!;
    if (!(rzNew > 0)) return undefined;
    const beta = rzNew / rz;
    rz = rzNew;
    for (let i = 0; i < m; i++) p[i] = top.z[i]! + beta * p[i]!;
  }
  return { x, iterations: it };
}
