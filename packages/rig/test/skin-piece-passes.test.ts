import { connectedPieces, pieceWeightByJoint } from '../src/skinning/bind-rigid-pieces';
import { pruneInfluences } from '../src/skinning/prune-influences';
// A deterministic generator, so a failure reproduces.
import { mulberry32 as random } from '@rigforge/mesh/testing';

/** The pass as it was written before (a comparator sort per vertex): the reference. */
function pruneReference(candJoints: Int32Array, candWeights: Float32Array, slots: number, maxInfluences: number, minWeight: number, outJoints: Uint16Array, outWeights: Float32Array): void {
  const n = candJoints.length / slots;
  const order = new Int32Array(slots);
  for (let v = 0; v < n; v++) {
    for (let s = 0; s < slots; s++) order[s] = v * slots + s;
    order.sort((a, b) => (candWeights[b]! - candWeights[a]!) || 0);
    let total = 0;
    for (let s = 0; s < slots; s++) if (candJoints[order[s]!]! >= 0) total += candWeights[order[s]!]!;
    let kept = 0, keptSum = 0;
    for (let s = 0; s < slots && kept < maxInfluences; s++) {
      const q = order[s]!;
      if (candJoints[q]! < 0) break;
      const w = candWeights[q]!;
      if (kept > 0 && w < minWeight * total) break;
      outJoints[4 * v + kept] = candJoints[q]!;
      outWeights[4 * v + kept] = w;
      keptSum += w;
      kept++;
    }
    for (let s = 0; s < kept; s++) outWeights[4 * v + s] = outWeights[4 * v + s]! / keptSum;
  }
}

/** Union-find with a Map of roots, as connectedPieces was: the reference. */
function piecesReference(indices: Uint32Array, n: number): number[][] {
  const root = Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => { while (root[i] !== i) i = root[i]!; return i; };
  const used = new Uint8Array(n);
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t]!, b = indices[t + 1]!, c = indices[t + 2]!;
    used[a] = used[b] = used[c] = 1;
    root[find(b)] = find(a);
    root[find(c)] = find(a);
  }
  const byRoot = new Map<number, number[]>();
  for (let v = 0; v < n; v++) if (used[v]) { const r = find(v); byRoot.set(r, [...(byRoot.get(r) ?? []), v]); }
  return [...byRoot.values()];
}

describe('pruneInfluences', () => {
  it('keeps the largest weights, ties in slot order, as the comparator sort did, bit for bit', () => {
    const rand = random(7);
    const slots = 6, n = 4000;
    const joints = new Int32Array(n * slots), weights = new Float32Array(n * slots);
    for (let s = 0; s < n * slots; s++) {
      const kind = rand();
      // Empty slots (−1, 0), ties (a few repeated values), −0 and spread weights.
      joints[s] = kind < 0.25 ? -1 : Math.floor(rand() * 40);
      weights[s] = kind < 0.25 ? 0 : kind < 0.5 ? [0.25, 0.5, 0.005][Math.floor(rand() * 3)]! : kind < 0.55 ? -0 : rand();
    }
    for (const [maxInfluences, minWeight] of [[4, 0.01], [2, 0.2], [1, 0]] as const) {
      const a = { j: new Uint16Array(4 * n), w: new Float32Array(4 * n) }, b = { j: new Uint16Array(4 * n), w: new Float32Array(4 * n) };
      pruneInfluences(joints, weights, slots, { maxInfluences, minWeight }, a.j, a.w);
      pruneReference(joints, weights, slots, maxInfluences, minWeight, b.j, b.w);
      expect(Buffer.from(a.j.buffer).equals(Buffer.from(b.j.buffer))).toBe(true);
      expect(Buffer.from(a.w.buffer).equals(Buffer.from(b.w.buffer))).toBe(true);
    }
  });

  it('orders a vertex largest first and keeps the earlier slot of two equal weights', () => {
    const joints = new Int32Array([3, 5, 7, -1]), weights = new Float32Array([0.25, 0.5, 0.25, 0]);
    const outJ = new Uint16Array(4), outW = new Float32Array(4);
    pruneInfluences(joints, weights, 4, { maxInfluences: 2, minWeight: 0.01 }, outJ, outW);
    expect([...outJ]).toEqual([5, 3, 0, 0]);
    expect(outW[0]).toBeCloseTo(2 / 3, 6);
  });
});

describe('connectedPieces', () => {
  it('lists the pieces by first vertex, each ascending, whatever the triangles link first', () => {
    const rand = random(11);
    for (let trial = 0; trial < 20; trial++) {
      const n = 300;
      const tris: number[] = [];
      // Many small pieces (random triangles within blocks of 10–40 vertices) and some vertices in none.
      for (let lo = 0; lo < n;) {
        const size = 10 + Math.floor(rand() * 30), hi = Math.min(n, lo + size);
        for (let k = 0; k < size / 3; k++) for (let c = 0; c < 3; c++) tris.push(lo + Math.floor(rand() * (hi - lo)));
        lo = hi;
      }
      // Shuffle the triangles so links come in any order.
      for (let t = tris.length / 3 - 1; t > 0; t--) {
        const u = Math.floor(rand() * (t + 1));
        for (let c = 0; c < 3; c++) [tris[3 * t + c], tris[3 * u + c]] = [tris[3 * u + c]!, tris[3 * t + c]!];
      }
      const indices = new Uint32Array(tris);
      expect(connectedPieces(indices, n)).toEqual(piecesReference(indices, n));
    }
  });
});

describe('pieceWeightByJoint', () => {
  it('sums each joint over the piece in first-met order, the same after a call that met other joints', () => {
    const slots = 3;
    const joints = new Int32Array([4, -1, 2, 2, 300, -1, 4, 2, -1]);
    const weights = new Float32Array([0.5, 0, 0.25, 0.125, 0.75, 0, 0.25, 0.5, 0]);
    const first = pieceWeightByJoint([0, 1, 2], joints, weights, slots);
    expect([...first]).toEqual([[4, 0.75], [2, 0.875], [300, 0.75]]);
    // A second call starts from nothing (the scratch was reset), vertex 1 alone.
    expect([...pieceWeightByJoint([1], joints, weights, slots)]).toEqual([[2, 0.125], [300, 0.75]]);
    expect([...pieceWeightByJoint([], joints, weights, slots)]).toEqual([]);
  });
});
