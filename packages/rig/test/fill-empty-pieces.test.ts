import { fillEmptyPieces, nearestWeightedVertex } from '../src/skinning/fill-empty-pieces';
import { vertexAdjacency } from '../src/skinning/smooth-skin-weights';

// Two quads side by side along x, not connected: the body (vertices 0–3, weighted) and a piece
// (vertices 4–7, empty) just past its right edge. 2 slots per vertex.
const positions = new Float32Array([
  0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0,
  1.1, 0, 0, 2, 0, 0, 2, 1, 0, 1.1, 1, 0,
]);
const indices = new Uint32Array([0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7]);
const slots = 2;
const empty = new Uint8Array([0, 0, 0, 0, 1, 1, 1, 1]);

function bodyWeights(): { joints: Int32Array; weights: Float32Array } {
  // Left edge of the body: joint 0; right edge (touching the piece): joint 1 with a bit of joint 2.
  const joints = new Int32Array(8 * slots).fill(-1);
  const weights = new Float32Array(8 * slots);
  for (const v of [0, 3]) { joints[v * slots] = 0; weights[v * slots] = 1; }
  for (const v of [1, 2]) { joints[v * slots] = 1; weights[v * slots] = 0.8; joints[v * slots + 1] = 2; weights[v * slots + 1] = 0.2; }
  return { joints, weights };
}

function geodesicOf(joint: number): { joints: Int32Array; weights: Float32Array } {
  const joints = new Int32Array(8 * slots).fill(-1);
  const weights = new Float32Array(8 * slots);
  for (let v = 0; v < 8; v++) { joints[v * slots] = joint; weights[v * slots] = 1; }
  return { joints, weights };
}

// Joint 2 is joint 1's child (one chain: upper and lower arm); in `siblings` both hang from joint 0
// (left and right upper arm under the chest).
const chain = [-1, 0, 1];
const siblings = [-1, 0, 0];

/** Fills the piece from `body` (default: bodyWeights()) and returns each piece vertex's (joint, weight) slots. */
function fillPiece(geodesicJoint: number, parents: number[], body = bodyWeights()): { piece: [number, number][][]; body: Int32Array; geodesicCalls: number } {
  const { joints, weights } = body;
  let geodesicCalls = 0;
  const geodesic = (): { joints: Int32Array; weights: Float32Array } => {
    geodesicCalls++;
    return geodesicOf(geodesicJoint);
  };
  fillEmptyPieces(positions, vertexAdjacency(indices, 8), empty, joints, weights, slots, geodesic, parents);
  const piece = [4, 5, 6, 7].map((v) => Array.from({ length: slots }, (_, s): [number, number] => [joints[v * slots + s]!, weights[v * slots + s]!]));
  return { piece, body: joints, geodesicCalls };
}

/** bodyWeights() with the body's right edge wholly on joint 1. */
function bodyOnOneJoint(): { joints: Int32Array; weights: Float32Array } {
  const body = bodyWeights();
  for (const v of [1, 2]) { body.weights[v * slots] = 1; body.joints[v * slots + 1] = -1; body.weights[v * slots + 1] = 0; }
  return body;
}

function expectEveryPieceVertex(piece: [number, number][][], want: [number, number][]): void {
  for (const slotsOfVertex of piece) {
    want.forEach(([joint, weight], s) => {
      expect(slotsOfVertex[s]![0]).toBe(joint);
      expect(slotsOfVertex[s]![1]).toBeCloseTo(weight);
    });
  }
}

describe('fillEmptyPieces', () => {
  it('gives an empty piece, rigidly, the touched joint its geodesic weights also name', () => {
    const { piece, geodesicCalls } = fillPiece(2, chain);
    expectEveryPieceVertex(piece, [[2, 1], [-1, 0]]);
    expect(geodesicCalls).toBe(1);
  });

  it('gives a piece touching one joint wholly to it without asking for the geodesic weights', () => {
    for (const geodesicJoint of [1, 5]) {
      const { piece, geodesicCalls } = fillPiece(geodesicJoint, chain, bodyOnOneJoint());
      expectEveryPieceVertex(piece, [[1, 1], [-1, 0]]);
      expect(piece[0]![0]![1]).toBe(1);
      expect(geodesicCalls).toBe(0);
    }
  });

  it('falls back to the touched weights when the geodesic names none of them', () => {
    const { piece, body } = fillPiece(5, chain);
    expectEveryPieceVertex(piece, [[1, 0.8], [2, 0.2]]);
    // The body keeps its own weights.
    expect(body[0]).toBe(0);
  });

  it('gives a piece on two branches (a collar on both upper arms) wholly to their common ancestor', () => {
    expectEveryPieceVertex(fillPiece(5, siblings).piece, [[0, 1], [-1, 0]]);
  });

  it('keeps the blend when the other branch holds under a tenth of the piece', () => {
    const body = bodyWeights();
    for (const v of [1, 2]) { body.weights[v * slots] = 0.95; body.weights[v * slots + 1] = 0.05; }
    expectEveryPieceVertex(fillPiece(5, siblings, body).piece, [[1, 0.95], [2, 0.05]]);
  });
});

/**
 * What the search nearestWeightedVertex replaced (Round 54) answered, by brute force: the least
 * squared distance, and among vertices at it the first met by the old walk of a 32-cell grid
 * (shells of Chebyshev distance from the vertex's cell; by z, y, x within a shell; by index within
 * a cell).
 */
function coarseWalk(positions: Float32Array, empty: Uint8Array): Int32Array {
  const n = positions.length / 3;
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (let v = 0; v < n; v++) for (let a = 0; a < 3; a++) { lo[a] = Math.min(lo[a]!, positions[3 * v + a]!); hi[a] = Math.max(hi[a]!, positions[3 * v + a]!); }
  const cell = (Math.max(hi[0]! - lo[0]!, hi[1]! - lo[1]!, hi[2]! - lo[2]!) || 1) / 32;
  const dims = [0, 1, 2].map((a) => Math.floor((hi[a]! - lo[a]!) / cell) + 1);
  const cellOf = (v: number, a: number): number => Math.min(dims[a]! - 1, Math.floor((positions[3 * v + a]! - lo[a]!) / cell));
  const nearest = new Int32Array(n).fill(-1);
  for (let v = 0; v < n; v++) {
    if (empty[v] !== 1) continue;
    let best: number[] | undefined;
    for (let u = 0; u < n; u++) {
      if (empty[u] === 1) continue;
      const dx = positions[3 * u]! - positions[3 * v]!, dy = positions[3 * u + 1]! - positions[3 * v + 1]!, dz = positions[3 * u + 2]! - positions[3 * v + 2]!;
      const c = [cellOf(u, 0), cellOf(u, 1), cellOf(u, 2)];
      const r = Math.max(Math.abs(c[0]! - cellOf(v, 0)), Math.abs(c[1]! - cellOf(v, 1)), Math.abs(c[2]! - cellOf(v, 2)));
      const key = [dx * dx + dy * dy + dz * dz, r, c[2]!, c[1]!, c[0]!, u];
      const less = (a: number[], b: number[]): boolean => { for (let t = 0; t < a.length; t++) if (a[t] !== b[t]) return a[t]! < b[t]!; return false; };
      if (!best || less(key, best)) best = key;
    }
    nearest[v] = best![5]!;
  }
  return nearest;
}

describe('nearestWeightedVertex', () => {
  it('finds the nearest weighted vertex, and among equally near ones the first of the coarse grid walk', () => {
    // A lattice of weighted vertices in a long box (many exactly equal distances from the empty
    // vertices at half steps and on its planes of symmetry) and random ones, empty vertices among them.
    const points: number[] = [];
    const isEmpty: number[] = [];
    for (let i = 0; i < 24; i++) for (let j = 0; j < 6; j++) for (let k = 0; k < 4; k++) { points.push(i, j, k); isEmpty.push(0); }
    let seed = 7;
    const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let t = 0; t < 300; t++) {
      const half = t % 3 === 0;
      points.push(half ? Math.floor(random() * 23) + 0.5 : random() * 23, half ? Math.floor(random() * 5) + 0.5 : random() * 5, half ? 1.5 : random() * 3);
      isEmpty.push(t % 2 === 0 ? 1 : 0);
    }
    const positions = new Float32Array(points);
    const emptyMarks = new Uint8Array(isEmpty);
    const expected = coarseWalk(positions, emptyMarks);
    expect(Array.from(nearestWeightedVertex(positions, emptyMarks)!)).toEqual(Array.from(expected));
    // The ties are there: some empty vertex has two weighted vertices at its least distance.
    let ties = 0;
    for (let v = 0; v < emptyMarks.length; v++) {
      if (emptyMarks[v] !== 1) continue;
      const d = (u: number): number => (positions[3 * u]! - positions[3 * v]!) ** 2 + (positions[3 * u + 1]! - positions[3 * v + 1]!) ** 2 + (positions[3 * u + 2]! - positions[3 * v + 2]!) ** 2;
      const least = d(expected[v]!);
      let count = 0;
      for (let u = 0; u < emptyMarks.length; u++) if (emptyMarks[u] !== 1 && d(u) === least) count++;
      if (count > 1) ties++;
    }
    expect(ties).toBeGreaterThan(10);
  });

  it('is undefined when no vertex is weighted', () => {
    expect(nearestWeightedVertex(new Float32Array([0, 0, 0, 1, 0, 0]), new Uint8Array([1, 1]))).toBeUndefined();
  });
});
