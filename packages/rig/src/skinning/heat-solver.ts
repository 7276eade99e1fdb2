/**
 * The linear solver of bone heat (skinning/bone-heat): preconditioned conjugate gradients for the
 * symmetric positive definite systems (diag − offdiag) x = rhs of each bone's support, kept apart
 * from bone-heat's weight rules so the two change independently. The stopping test is
 * bone-heat's: no unknown's residual in weight units (r_i / A_ii, what one Jacobi step would still
 * change it by) above `tolerance`.
 *
 * Preconditioners: `jacobi` (the diagonal; the default, which the dev-set scores were measured
 * with) and `ic0`, incomplete Cholesky with no fill (L keeps the sparsity of the matrix's lower
 * triangle, A ≈ L·Lᵀ; factored per support in O(nnz·degree); a non-positive pivot, from negative
 * cotangents, falls back to Jacobi). Measured (fast engine, artist skeletons, CPU ms of the CG on
 * a 2-core machine under load): IC(0) takes 2–2.7× fewer iterations (mean per bone 55 → 30 on a
 * 68k-triangle human, 82 → 40 on a fish, 51 → 20 on a crab), but an iteration costs about twice
 * as much (two triangular solves), so the solves are only ~7% faster (1.60 s → 1.49 s on the
 * human); and since the Jacobi iterates stop short of convergence where heat does not decay (H
 * = 0), the two stop at different weights: 16 of the 56 dev-set characters move in the 3rd
 * decimal or more (a fish's L1 0.087 → 0.129, a human's 0.789 → 0.766). Not the default.
 * `ssor`: symmetric Gauss–Seidel with Eisenstat's trick ({@link eisenstatSsor}), an iteration
 * costing about one product. On the VALID humans' solves 2.4× fewer row-iterations and 0.71× the
 * time where it converges, but a system it finds indefinite is rerun by Jacobi CG (so gets Jacobi's
 * weights), and where both converge they stop at different weights (up to 0.17 on one solve: the
 * residual test does not bound the error where H = 0): the dev set's CPU 0.98×, the VALID artist's
 * L1 +0.003. Not the default either; it is the preconditioner for a heat system CG converges on
 * (packages/rig/docs/speed.md, ninth speed round). On the positive definite systems of bone-heat's
 * `edgeWeights: 'finite-element' | 'clamped'` it converges and, where the screening bounds the
 * error, agrees with Jacobi to the tolerance (test/heat-edge-weights.test.ts); on the dev set it
 * cuts the skin stage to ~0.8× its CPU, but those systems move VALID's weights by +0.03 L1
 * (packages/rig/docs/speed.md, twelfth speed round): still not the default. The fifteenth speed round traced that
 * +0.03 to the rigid-piece rule (a human's teeth piece, whose head share Jacobi CG had left above
 * 0.7 by stopping short) and measured the converged solve as the default with a 0.6 threshold for a
 * piece shared with the owner's parent: not taken (all characters' L1 0.328 → 0.339, a frog, the
 * sheep and a butterfly worse, rig CPU 0.98×), so `jacobi` stays the default.
 * Why any change to the iterations moves weights: Blender's edge weights (a boundary edge's whole
 * cotangent) make some systems indefinite, and there Jacobi CG ends on `pq ≤ 0` wherever that
 * happens (26 bone solves on four dev-set characters; packages/rig/docs/speed.md, fourth speed round).
 * No maintained sparse Cholesky or IC library is on npm (checked), hence the hand-written one.
 * Measured on 140 dumped solves and not kept, each bit-identical and none faster (packages/rig/docs/speed.md, twentieth
 * speed round): skipping the rows that are still exactly zero (9.5% of the row work), the columns
 * and values interleaved in one array, Int32 indices with x's update in the direction pass.
 * Taken (twenty-third round): the Jacobi loop in WebAssembly (`CgKernel`), the same iterates bit
 * for bit and ~4× faster.
 * Round 31 (solve) measured SSOR, IC(0), warm starts and the converged answer a factorisation or
 * multigrid would reach on the VALID humans' systems: half the iterations at best, but every one
 * stops elsewhere (VALID's L1 0.271 → 0.287–0.289, through bind-rigid-pieces' 0.7 threshold), and
 * the CG is now ~15% of those rigs. Jacobi stays.
 * `amg` (round 35, skinning/heat-amg): one plain-aggregation multigrid V-cycle per iteration. On the
 * VALID humans' 76 definite support systems over 3,000 rows, 10× fewer iterations than Jacobi at
 * 2·10⁻⁴ (895 against 9,160) and the converged answer at 10⁻⁵ in 1,234 (Jacobi 18,026), but it
 * stops near the converged answer, so it scores as the converged solve does (quaternius L1 +0.002,
 * an anglerfish 0.083 → 0.167), and in JavaScript costs 1.45× the skin stage of the WebAssembly
 * Jacobi. Not the default; a system it finds indefinite is rerun by Jacobi CG.
 */

import { amgConjugateGradient } from './heat-amg';
import { jacobiCgWasm } from './wasm/jacobi-cg-wasm';

/** Buffers for {@link conjugateGradient}, allocated once for systems up to `size` unknowns and `nnz` off-diagonals. */
export class ConjugateGradientWork {
  readonly x: Float64Array;
  readonly r: Float64Array;
  readonly p: Float64Array;
  readonly q: Float64Array;
  readonly z: Float64Array;
  readonly inv: Float64Array;
  /** IC(0) factor: per row, the strictly lower entries (sorted by column) and the diagonal. */
  readonly lStart: Uint32Array;
  readonly lCols: Uint32Array;
  readonly lVals: Float64Array;
  readonly lDiag: Float64Array;
  readonly scatter: Float64Array;
  /** SSOR: per row, where its entries right of the diagonal start (the row's split in `lCols`). */
  readonly upper: Uint32Array;
  constructor(size: number, nnz: number) {
    this.x = new Float64Array(size);
    this.r = new Float64Array(size);
    this.p = new Float64Array(size);
    this.q = new Float64Array(size);
    this.z = new Float64Array(size);
    this.inv = new Float64Array(size);
    this.lStart = new Uint32Array(size + 1);
    this.lCols = new Uint32Array(nnz);
    this.lVals = new Float64Array(nnz);
    this.lDiag = new Float64Array(size);
    this.scatter = new Float64Array(size);
    this.upper = new Uint32Array(size);
  }
}

/** Which preconditioner {@link conjugateGradient} uses (see the file header). */
export type HeatPreconditioner = 'amg' | 'ic0' | 'jacobi' | 'ssor';

/**
 * Where Jacobi CG runs: `wasm` (the default; `wasm/jacobi-cg-wasm.ts`, the same iterates bit for
 * bit, ~4× faster) or `js` (the loop below: the reference the WebAssembly kernel is tested
 * against, and what runs where WebAssembly is missing).
 */
export type CgKernel = 'js' | 'wasm';

/**
 * Preconditioned CG for the SPD system (diag − offdiag) x = rhs in CSR (`rowStart`, `cols`,
 * `vals` the off-diagonals, given positive). The solution is a view into `work`'s buffers, valid
 * until the next call.
 */
export function conjugateGradient(
  rowStart: Uint32Array, cols: Uint32Array, vals: Float64Array, diag: Float64Array, rhs: Float64Array,
  tolerance: number, maxIterations: number, work: ConjugateGradientWork, preconditioner: HeatPreconditioner,
  kernel: CgKernel = 'wasm',
): { x: Float64Array; iterations: number } {
  if (preconditioner === 'amg') {
    const solved = amgConjugateGradient(rowStart, cols, vals, diag, rhs, tolerance, maxIterations, work);
    if (solved) return solved;
  }
  if (preconditioner === 'ssor') {
    const solved = eisenstatSsor(rowStart, cols, vals, diag, rhs, tolerance, maxIterations, work);
    if (solved) return solved;
  }
  const m = rhs.length;
  // Jacobi (also SSOR's fallback) in WebAssembly: the loop below, operation for operation.
  if (preconditioner !== 'ic0' && kernel === 'wasm') {
    const x = work.x.subarray(0, m);
    const iterations = jacobiCgWasm(rowStart, cols, vals, diag, rhs, tolerance, maxIterations, x);
    if (iterations !== undefined) return { x, iterations };
  }
  const x = work.x.subarray(0, m).fill(0), r = work.r.subarray(0, m), p = work.p.subarray(0, m), q = work.q.subarray(0, m);
  const z = work.z.subarray(0, m);
  const inv = work.inv.subarray(0, m);
  r.set(rhs);
  for (let i = 0; i < m; i++) inv[i] = diag[i]! > 0 ? 1 / diag[i]! : 0;
  const ic = preconditioner === 'ic0' && incompleteCholesky(rowStart, cols, vals, diag, m, work);
  let bnorm = 0;
  for (let i = 0; i < m; i++) bnorm += r[i]! * r[i]!;
  // z = M⁻¹ r (no closure: under tsx each one made per call costs a naming call).
  if (ic) solveFactor(work, r, z, m);
  else for (let i = 0; i < m; i++) z[i] = r[i]! * inv[i]!;
  let rz = 0;
  for (let i = 0; i < m; i++) {
    p[i] = z[i]!;
    rz += r[i]! * z[i]!;
  }
  let it = 0;
  for (; it < maxIterations && bnorm > 0; it++) {
    let pq = 0;
    for (let i = 0; i < m; i++) {
      let acc = diag[i]! * p[i]!;
      const end = rowStart[i + 1]!;
      for (let e = rowStart[i]!; e < end; e++) acc -= vals[e]! * p[cols[e]!]!;
      q[i] = acc;
      pq += p[i]! * acc;
    }
    if (!(pq > 0)) break; // not positive: a mesh whose negative cotangents make it indefinite
    const alpha = rz / pq;
    let worst = 0;
    // Jacobi folds r·z (summed as r·r·inv, the order the earlier solver used, so its results stay
    // bit-identical) into this pass and z into the direction update: three passes per iteration
    // instead of six.
    let rzNew = 0;
    for (let i = 0; i < m; i++) {
      x[i]! += alpha * p[i]!;
      const ri = (r[i]! -= alpha * q[i]!);
      const scaled = Math.abs(ri) * inv[i]!;
      if (scaled > worst) worst = scaled;
      rzNew += ri * ri * inv[i]!;
    }
    if (worst <= tolerance) { it++; break; }
    if (ic) {
      solveFactor(work, r, z, m);
      rzNew = 0;
      for (let i = 0; i < m; i++) rzNew += r[i]! * z[i]!;
      const beta = rzNew / rz;
      rz = rzNew;
      for (let i = 0; i < m; i++) p[i] = z[i]! + beta * p[i]!;
    } else {
      const beta = rzNew / rz;
      rz = rzNew;
      for (let i = 0; i < m; i++) p[i] = r[i]! * inv[i]! + beta * p[i]!;
    }
  }
  return { x, iterations: it };
}

/**
 * IC(0) of (diag − offdiag) into `work` (row i of L: its entries left of the diagonal, by
 * column, then the diagonal). False when a pivot is not positive (the caller uses Jacobi).
 */
function incompleteCholesky(
  rowStart: Uint32Array, cols: Uint32Array, vals: Float64Array, diag: Float64Array, m: number, work: ConjugateGradientWork,
): boolean {
  const { lStart, lCols, lVals, lDiag, scatter } = work;
  // The strictly lower part of each row, sorted by column (rows hold a handful of entries).
  let nnz = 0;
  for (let i = 0; i < m; i++) {
    lStart[i] = nnz;
    const begin = nnz;
    for (let e = rowStart[i]!; e < rowStart[i + 1]!; e++) {
      const j = cols[e]!;
      if (j >= i) continue;
      let s = nnz++;
      while (s > begin && lCols[s - 1]! > j) { lCols[s] = lCols[s - 1]!; lVals[s] = lVals[s - 1]!; s--; }
      lCols[s] = j;
      lVals[s] = -vals[e]!;
    }
  }
  lStart[m] = nnz;
  // Row by row (left-looking): L_ij = (A_ij − Σ_{k<j} L_ik·L_jk) / L_jj over the pattern, with row
  // i's finished entries scattered into `scatter` for the sparse dot products.
  for (let i = 0; i < m; i++) {
    const begin = lStart[i]!, end = lStart[i + 1]!;
    let d = diag[i]!;
    for (let s = begin; s < end; s++) {
      const j = lCols[s]!;
      let acc = lVals[s]!;
      for (let t = lStart[j]!; t < lStart[j + 1]!; t++) acc -= lVals[t]! * scatter[lCols[t]!]!;
      const l = acc / lDiag[j]!;
      lVals[s] = l;
      scatter[j] = l;
      d -= l * l;
    }
    for (let s = begin; s < end; s++) scatter[lCols[s]!] = 0;
    if (!(d > 0)) return false;
    lDiag[i] = Math.sqrt(d);
  }
  return true;
}

/** z = (L·Lᵀ)⁻¹ r with the factor in `work`. */
function solveFactor(work: ConjugateGradientWork, r: Float64Array, z: Float64Array, m: number): void {
  const { lStart, lCols, lVals, lDiag } = work;
  for (let i = 0; i < m; i++) {
    let acc = r[i]!;
    for (let s = lStart[i]!; s < lStart[i + 1]!; s++) acc -= lVals[s]! * z[lCols[s]!]!;
    z[i] = acc / lDiag[i]!;
  }
  for (let i = m - 1; i >= 0; i--) {
    const zi = (z[i] = z[i]! / lDiag[i]!);
    for (let s = lStart[i]!; s < lStart[i + 1]!; s++) z[lCols[s]!]! -= lVals[s]! * zi;
  }
}

/**
 * CG preconditioned by symmetric Gauss–Seidel (SSOR, ω = 1) in the rows' order, with Eisenstat's
 * trick: with A = L + Lᵀ − D (L the lower triangle and the diagonal), CG runs on
 * L⁻¹ A L⁻ᵀ y = L⁻¹ b, preconditioned by D, and L⁻¹ A L⁻ᵀ p = t + L⁻¹(p − D t) with t = L⁻ᵀ p:
 * one backward and one forward triangular solve per iteration, about one product's work. The
 * stopping test is Jacobi's on the original residual b − A x = L r̂, evaluated every
 * `SSOR_CHECK_EVERY` iterations (half a product). Undefined when the system shows itself
 * indefinite (pq ≤ 0): the caller then runs Jacobi CG.
 */
function eisenstatSsor(
  rowStart: Uint32Array, cols: Uint32Array, vals: Float64Array, diag: Float64Array, rhs: Float64Array,
  tolerance: number, maxIterations: number, work: ConjugateGradientWork,
): { x: Float64Array; iterations: number } | undefined {
  const m = rhs.length;
  const y = work.x.subarray(0, m).fill(0), r = work.r.subarray(0, m), p = work.p.subarray(0, m), q = work.q.subarray(0, m);
  const t = work.z.subarray(0, m), u = work.lDiag.subarray(0, m);
  const inv = work.inv.subarray(0, m);
  for (let i = 0; i < m; i++) {
    if (!(diag[i]! > 0)) return undefined;
    inv[i] = 1 / diag[i]!;
  }
  // Split rows: lower entries (j < i) then upper ones, for the two triangular solves.
  // (IC(0)'s buffers, free here; `scatter` is not touched, IC(0) needs it zeroed.)
  const { lStart: split, lCols: sCols, lVals: sVals, upper: mid } = work;
  let nnz = 0;
  for (let i = 0; i < m; i++) {
    split[i] = nnz;
    for (let e = rowStart[i]!; e < rowStart[i + 1]!; e++) if (cols[e]! < i) { sCols[nnz] = cols[e]!; sVals[nnz++] = vals[e]!; }
    mid[i] = nnz;
    for (let e = rowStart[i]!; e < rowStart[i + 1]!; e++) if (cols[e]! > i) { sCols[nnz] = cols[e]!; sVals[nnz++] = vals[e]!; }
  }
  split[m] = nnz;
  // r̂ = L⁻¹ b (forward).
  for (let i = 0; i < m; i++) {
    let acc = rhs[i]!;
    for (let e = split[i]!, end = mid[i]!; e < end; e++) acc += sVals[e]! * r[sCols[e]!]!;
    r[i] = acc * inv[i]!;
  }
  let bnorm = 0;
  for (let i = 0; i < m; i++) bnorm += rhs[i]! * rhs[i]!;
  let rz = 0;
  for (let i = 0; i < m; i++) {
    p[i] = 0;
    rz += r[i]! * r[i]! * diag[i]!;
  }
  let beta = 1;
  let it = 0;
  for (; it < maxIterations && bnorm > 0; it++) {
    // p = D r̂ + β p and t = L⁻ᵀ p in one backward pass.
    for (let i = m - 1; i >= 0; i--) {
      const pi = (p[i] = diag[i]! * r[i]! + beta * p[i]!);
      let acc = pi;
      for (let e = mid[i]!, end = split[i + 1]!; e < end; e++) acc += sVals[e]! * t[sCols[e]!]!;
      t[i] = acc * inv[i]!;
    }
    // q = t + L⁻¹(p − D t) (forward), and p·q.
    let pq = 0;
    for (let i = 0; i < m; i++) {
      let acc = p[i]! - diag[i]! * t[i]!;
      for (let e = split[i]!, end = mid[i]!; e < end; e++) acc += sVals[e]! * u[sCols[e]!]!;
      const ui = (u[i] = acc * inv[i]!);
      const qi = (q[i] = t[i]! + ui);
      pq += p[i]! * qi;
    }
    if (!(pq > 0)) return undefined;
    const alpha = rz / pq;
    let rzNew = 0;
    const check = (it + 1) % SSOR_CHECK_EVERY === 0;
    let worst = 0;
    for (let i = 0; i < m; i++) {
      y[i]! += alpha * p[i]!;
      const ri = (r[i]! -= alpha * q[i]!);
      rzNew += ri * ri * diag[i]!;
      if (check) {
        // The original residual b − A x = L r̂ (rows before i already updated), in weight units.
        let acc = ri;
        for (let e = split[i]!, end = mid[i]!; e < end; e++) acc -= sVals[e]! * r[sCols[e]!]! * inv[i]!;
        const scaled = Math.abs(acc);
        if (scaled > worst) worst = scaled;
      }
    }
    if (check && worst <= tolerance) { it++; break; }
    beta = rzNew / rz;
    rz = rzNew;
  }
  // x = L⁻ᵀ y (backward), into t, copied over y.
  for (let i = m - 1; i >= 0; i--) {
    let acc = y[i]!;
    for (let e = mid[i]!, end = split[i + 1]!; e < end; e++) acc += sVals[e]! * t[sCols[e]!]!;
    t[i] = acc * inv[i]!;
  }
  y.set(t);
  return { x: y, iterations: it };
}

/** How often (in iterations) the SSOR solve evaluates its stopping test. */
const SSOR_CHECK_EVERY = 4;
