import { cotangentLaplacian, type HeatEdgeWeights } from '../src/skinning/bone-heat';
import { ConjugateGradientWork, conjugateGradient, type HeatPreconditioner } from '../src/skinning/heat-solver';

/**
 * A flat zig-zag strip of obtuse triangles (apex angles ~157°, their opposite edges on the
 * boundary): Blender's edge weights give those boundary edges the whole negative cotangent, and
 * the heat system is indefinite.
 */
function obtuseStrip(): { positions: Float32Array; indices: Uint32Array } {
  const k = 12, h = 0.1;
  const positions: number[] = [], indices: number[] = [];
  for (let i = 0; i <= k; i++) positions.push(i, 0, 0);
  for (let i = 0; i < k; i++) positions.push(i + 0.5, h, 0);
  const top = (i: number): number => k + 1 + i;
  for (let i = 0; i < k; i++) {
    indices.push(i, i + 1, top(i));
    if (i + 1 < k) indices.push(top(i), i + 1, top(i + 1));
  }
  return { positions: Float32Array.from(positions), indices: Uint32Array.from(indices) };
}

/** One bone's screened system on the strip: heat 1 held at the first vertex, a sink towards 0 at the last. */
function heatSystem(edgeWeights: HeatEdgeWeights): { offsets: Uint32Array; columns: Uint32Array; values: Float64Array; diag: Float64Array; rhs: Float64Array } {
  const { positions, indices } = obtuseStrip();
  const lap = cotangentLaplacian(positions, indices, edgeWeights);
  const diag = Float64Array.from(lap.diagonal), rhs = new Float64Array(lap.n);
  diag[0]! += 100;
  rhs[0] = 100;
  diag[12]! += 1; // the strip's other end
  return { offsets: lap.offsets, columns: lap.columns, values: lap.values, diag, rhs };
}

function solve(edgeWeights: HeatEdgeWeights, pc: HeatPreconditioner, tolerance: number): { x: number[]; iterations: number; residual: number } {
  const s = heatSystem(edgeWeights);
  const n = s.rhs.length;
  const { x, iterations } = conjugateGradient(s.offsets, s.columns, s.values, s.diag, s.rhs, tolerance, 1000, new ConjugateGradientWork(n, s.columns.length), pc);
  let residual = 0;
  for (let i = 0; i < n; i++) {
    let ax = s.diag[i]! * x[i]!;
    for (let e = s.offsets[i]!; e < s.offsets[i + 1]!; e++) ax -= s.values[e]! * x[s.columns[e]!]!;
    residual = Math.max(residual, Math.abs(s.rhs[i]! - ax) / s.diag[i]!);
  }
  return { x: Array.from(x), iterations, residual };
}

describe('heat edge weights', () => {
  it("Blender's weights make the obtuse strip's system indefinite: CG breaks down far from the solution", () => {
    const { residual, x } = solve('blender', 'jacobi', 1e-8);
    expect(residual).toBeGreaterThan(0.1);
    expect(Math.min(...x)).toBeLessThan(0); // heat below 0: not a weight
  });

  it.each(['finite-element', 'clamped'] as const)('%s weights: the system is positive definite (xᵀAx > 0 for every x tried)', (edgeWeights) => {
    const s = heatSystem(edgeWeights);
    const n = s.rhs.length;
    let seed = 7;
    const random = (): number => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    for (let trial = 0; trial < 200; trial++) {
      // Random vectors and the alternating ones an indefinite strip fails on.
      const v = Array.from({ length: n }, (_, i) => (trial % 2 ? random() : (i % 2 ? 1 : -1) * (1 + 0.1 * random())));
      let q = 0;
      for (let i = 0; i < n; i++) {
        let av = s.diag[i]! * v[i]!;
        for (let e = s.offsets[i]!; e < s.offsets[i + 1]!; e++) av -= s.values[e]! * v[s.columns[e]!]!;
        q += v[i]! * av;
      }
      expect(q).toBeGreaterThan(0);
    }
  });

  it.each([
    ['finite-element', 'jacobi'], ['finite-element', 'ssor'], ['clamped', 'jacobi'], ['clamped', 'ssor'],
  ] as const)('%s weights: %s CG converges under the tolerance', (edgeWeights, pc) => {
    const { residual, x, iterations } = solve(edgeWeights, pc, 1e-8);
    expect(residual).toBeLessThanOrEqual(1e-8);
    expect(iterations).toBeLessThan(1000);
    expect(x[0]!).toBeGreaterThan(0.9);
  });

  it.each(['jacobi', 'ssor'] as const)('clamped weights (an M-matrix): %s keeps every heat value within [0, 1]', (pc) => {
    for (const w of solve('clamped', pc, 1e-8).x) {
      expect(w).toBeGreaterThan(0);
      expect(w).toBeLessThanOrEqual(1 + 1e-9);
    }
  });

  it.each(['finite-element', 'clamped'] as const)('%s weights: SSOR reaches the same heat as Jacobi to the tolerance, in fewer iterations', (edgeWeights) => {
    const jacobi = solve(edgeWeights, 'jacobi', 1e-8);
    const ssor = solve(edgeWeights, 'ssor', 1e-8);
    for (let i = 0; i < jacobi.x.length; i++) expect(Math.abs(ssor.x[i]! - jacobi.x[i]!)).toBeLessThan(1e-6);
    expect(ssor.iterations).toBeLessThan(jacobi.iterations);
  });
});
