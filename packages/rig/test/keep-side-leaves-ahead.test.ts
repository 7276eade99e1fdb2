// A side leaf (an ear off a head) keeps what lies ahead of its joint; its weight behind the joint goes to its parent.
import { connectedPieces } from '../src/skinning/bind-rigid-pieces';
import type { Mesh } from '@rigforge/mesh';
import type { BoneSegment } from '../src/skinning/bone-segments';
import { keepSideLeavesAhead, sideLeaves } from '../src/skinning/keep-side-leaves-ahead';
import { capsule, mergeMeshes, skeletonOf } from './skinning-fixtures';

// A neck (the root) with a head above it; the head carries its chain on to a crown leaf straight
// ahead and has an ear leaf off its side. The root also has a helper leaf (a leaf of a root).
const skeleton = skeletonOf([
  ['neck', null, [0, 0, 0]],
  ['head', 'neck', [0, 1, 0]],
  ['crown', 'head', [0, 2, 0]],
  ['ear', 'head', [0.5, 1.5, 0]],
  ['helper', 'neck', [0, -0.5, 0]],
]);
const parents = skeleton.joints.map((j) => j.parent);
const NECK = 0, HEAD = 1, CROWN = 2, EAR = 3, HELPER = 4;
// The ear's placed bone runs on up and out from its joint.
const segments: BoneSegment[] = [{ joint: EAR, a: [0.5, 1.5, 0], b: [1, 2, 0] }];
const earDir = [Math.SQRT1_2, Math.SQRT1_2, 0];
const behindEar = (m: Mesh, v: number): number =>
  (m.positions[3 * v]! - 0.5) * earDir[0]! + (m.positions[3 * v + 1]! - 1.5) * earDir[1]! + m.positions[3 * v + 2]! * earDir[2]!;

/** Every vertex of `mesh` given 0.6 to `a` and 0.4 to `b` (two slots). */
function blend(mesh: Mesh, a: number, b: number): { joints: Int32Array; weights: Float32Array } {
  const n = mesh.positions.length / 3;
  const joints = new Int32Array(2 * n), weights = new Float32Array(2 * n);
  for (let v = 0; v < n; v++) { joints.set([a, b], 2 * v); weights.set([0.6, 0.4], 2 * v); }
  return { joints, weights };
}

describe('keepSideLeavesAhead', () => {
  it('finds the side leaves only: not the chain\'s continuation, not a root\'s leaf', () => {
    expect(sideLeaves(skeleton, parents, segments).map((l) => l.leaf)).toEqual([EAR]);
    // Without a placed bone the leaf's part lies along its link from the parent.
    const [ear] = sideLeaves(skeleton, parents, []);
    expect(ear!.direction.map((x) => x.toFixed(3))).toEqual(['0.707', '0.707', '0.000']);
    expect(ear!.parent).toBe(HEAD);
    expect([NECK, CROWN, HELPER].every((j) => !sideLeaves(skeleton, parents, segments).some((l) => l.leaf === j))).toBe(true);
  });

  it('gives the ear\'s weight behind its joint to the head and leaves it ahead of the joint', () => {
    const head = capsule([0, 0.9, 0], [0, 2.1, 0], 0.6, { rows: 16 });
    const { joints, weights } = blend(head, EAR, HEAD);
    const changed = keepSideLeavesAhead(head.positions, connectedPieces(head.indices, head.positions.length / 3), sideLeaves(skeleton, parents, segments), joints, weights, 2, { margin: 0 });
    const n = head.positions.length / 3;
    let behind = 0;
    for (let v = 0; v < n; v++) {
      if (behindEar(head, v) < 0) {
        behind++;
        // The ear's slot goes to the head, which already has one: all of the vertex is the head's.
        expect([joints[2 * v], weights[2 * v + 1]]).toEqual([-1, expect.closeTo(1, 6)]);
        expect(joints[2 * v + 1]).toBe(HEAD);
      } else {
        expect([joints[2 * v], joints[2 * v + 1], weights[2 * v]]).toEqual([EAR, HEAD, expect.closeTo(0.6, 6)]);
      }
    }
    expect(behind).toBeGreaterThan(0);
    expect(changed).toBe(behind);
  });

  it('leaves a band behind the joint as solved with a margin', () => {
    const head = capsule([0, 0.9, 0], [0, 2.1, 0], 0.6, { rows: 16 });
    const { joints, weights } = blend(head, EAR, HEAD);
    keepSideLeavesAhead(head.positions, connectedPieces(head.indices, head.positions.length / 3), sideLeaves(skeleton, parents, segments), joints, weights, 2, { margin: 0.5 });
    const limit = -0.5 * Math.SQRT1_2;
    let moved = 0, kept = 0;
    for (let v = 0; v < head.positions.length / 3; v++) {
      const q = behindEar(head, v);
      if (Math.abs(q - limit) < 1e-4) continue; // float32 positions on the limit itself
      expect(joints[2 * v]).toBe(q < limit ? -1 : EAR);
      if (q < limit) moved++;
      else if (q < 0) kept++;
    }
    expect([moved > 0, kept > 0]).toEqual([true, true]);
  });

  it('keeps the ear as the sole owner of a separate piece wholly its own, even behind its joint', () => {
    const head = capsule([0, 0.9, 0], [0, 2.1, 0], 0.6, { rows: 16 });
    const earPiece = capsule([0.3, 1.3, 0], [0.9, 1.9, 0], 0.1, { rows: 8 });
    const mesh = mergeMeshes([head, earPiece]);
    const n = mesh.positions.length / 3, first = head.positions.length / 3;
    const { joints, weights } = blend(mesh, EAR, HEAD);
    for (let v = first; v < n; v++) { joints.set([EAR, -1], 2 * v); weights.set([1, 0], 2 * v); }
    keepSideLeavesAhead(mesh.positions, connectedPieces(mesh.indices, mesh.positions.length / 3), sideLeaves(skeleton, parents, segments), joints, weights, 2, { margin: 0 });
    let pieceBehind = 0;
    for (let v = first; v < n; v++) {
      if (behindEar(mesh, v) < 0) pieceBehind++;
      expect([joints[2 * v], weights[2 * v]]).toEqual([EAR, 1]);
    }
    expect(pieceBehind).toBeGreaterThan(0);
  });
});
