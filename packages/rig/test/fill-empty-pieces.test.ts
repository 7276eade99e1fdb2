import { fillEmptyPieces } from '../src/skinning/fill-empty-pieces';
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
