// Separate pieces no bone reaches (an antenna of small segments, a fin pushed into the body) follow
// the piece they are attached to: each takes the blend of the surface where it touches it.
import { connectedPieces } from '../src/skinning/bind-rigid-pieces';
import { computeSkinWeights } from '../src/compute-skin-weights';
import { attachLoosePieces, loosePieceContacts } from '../src/skinning/attach-loose-pieces';
import { capsule, mergeMeshes, skeletonOf, weightOf } from './skinning-fixtures';

// A body along +Z (tail → chest → head) and a leg hanging from the chest with its foot on the floor.
const skeleton = skeletonOf([
  ['tail', null, [0, 0.5, -0.4]], ['chest', 'tail', [0, 0.5, 0]], ['head', 'chest', [0, 0.5, 0.4]],
  ['leg', 'chest', [0.1, 0.45, 0]], ['foot', 'leg', [0.2, 0.1, 0.1]],
]);
const body = capsule([0, 0.5, -0.45], [0, 0.5, 0.6], 0.1, { rows: 40 });
const leg = capsule([0.1, 0.45, 0], [0.2, 0.1, 0.1], 0.03, { rows: 12 });
// An antenna: four segments of their own in a row from the head's tip, up and out, a small gap
// between each, the last ones nearer the leg's tip than the head's bone.
const antenna = [0, 1, 2, 3].map((i) => capsule(
  [0.05 + 0.06 * i, 0.55 - 0.08 * i, 0.68 + 0.02 * i], [0.09 + 0.06 * i, 0.5 - 0.08 * i, 0.69 + 0.02 * i], 0.012, { rows: 4 },
));
// A fin pushed into the side of the body over the tail's bone, no joint in it.
const fin = capsule([0.09, 0.5, -0.27], [0.2, 0.5, -0.3], 0.02, { rows: 6 });
const mesh = mergeMeshes([body, leg, ...antenna, fin]);
const sizes = [body, leg, ...antenna, fin].map((m) => m.positions.length / 3);
const starts = sizes.reduce<number[]>((acc, s) => [...acc, acc[acc.length - 1]! + s], [0]);
const range = (k: number): number[] => Array.from({ length: sizes[k]! }, (_, i) => starts[k]! + i);

describe('attachLoosePieces', () => {
  it('moves every segment of an antenna and a fin with the part they are attached to, each piece as one', () => {
    const skin = computeSkinWeights(mesh, skeleton);
    for (let k = 2; k < 6; k++) {
      for (const v of range(k)) {
        expect(weightOf(skin, v, 2)).toBeGreaterThan(0.9);
        expect(weightOf(skin, v, 4)).toBe(0);
        for (let j = 0; j < 5; j++) expect(weightOf(skin, v, j)).toBeCloseTo(weightOf(skin, starts[k]!, j), 6);
      }
    }
    for (const v of range(6)) expect(weightOf(skin, v, 0)).toBeGreaterThan(0.5);
  });

  it('settles the pieces alike from contacts found before the weights were (as the skin finds them while heat solves)', () => {
    const n = mesh.positions.length / 3, slots = 4;
    const pieces = connectedPieces(mesh.indices, n);
    const contacts = loosePieceContacts(mesh.positions, pieces, skeleton);
    expect(contacts?.near.size).toBe(5); // the antenna's four links and the fin
    // Every vertex on the tail, the foot's last: the rule rebinds the loose pieces either way.
    const start = (): { joints: Int32Array; weights: Float32Array } => {
      const joints = new Int32Array(n * slots).fill(-1), weights = new Float32Array(n * slots);
      for (let v = 0; v < n; v++) { joints[v * slots] = v < starts[2]! ? 0 : 4; weights[v * slots] = 1; }
      return { joints, weights };
    };
    const given = start(), found = start();
    expect(attachLoosePieces(mesh.positions, pieces, skeleton, given.joints, given.weights, slots, contacts)).toBe(5);
    expect(attachLoosePieces(mesh.positions, pieces, skeleton, found.joints, found.weights, slots)).toBe(5);
    expect(given.joints).toEqual(found.joints);
    expect(given.weights).toEqual(found.weights);
    // One piece, or every piece holding a bone: nothing to settle.
    expect(loosePieceContacts(body.positions, connectedPieces(body.indices, body.positions.length / 3), skeleton)).toBeNull();
  });

  it('follows the chain from its attachment, whatever the solve gave its far links', () => {
    // Weights as a solve may leave them: the far segments to the foot, the fin shared with the foot.
    const n = mesh.positions.length / 3, slots = 2;
    const joints = new Int32Array(n * slots).fill(-1), weights = new Float32Array(n * slots);
    for (let v = 0; v < n; v++) {
      const z = mesh.positions[3 * v + 2]!;
      joints[v * slots] = v < starts[1]! ? (z > 0.2 ? 2 : z > -0.2 ? 1 : 0) : v < starts[2]! ? 3 : v < starts[4]! ? 2 : v < starts[6]! ? 4 : 1;
      weights[v * slots] = 1;
      if (v >= starts[6]!) { joints.set([0, 4], v * slots); weights.set([0.5, 0.5], v * slots); }
    }
    // The two far segments and the fin are rebound; the near ones, already the head's, are kept.
    expect(attachLoosePieces(mesh.positions, connectedPieces(mesh.indices, mesh.positions.length / 3), skeleton, joints, weights, slots)).toBe(3);
    for (let k = 2; k < 6; k++) for (const v of range(k)) expect([joints[v * slots], weights[v * slots], joints[v * slots + 1]]).toEqual([2, 1, -1]);
    for (const v of range(6)) expect([joints[v * slots], weights[v * slots]]).toEqual([0, 1]);
  });

  it('leaves pieces a bone crosses as solved (a leg of its own, a robot plate)', () => {
    const n = mesh.positions.length / 3, slots = 2;
    const joints = new Int32Array(n * slots).fill(-1), weights = new Float32Array(n * slots);
    for (let v = 0; v < n; v++) { joints.set([1, 3], v * slots); weights.set([0.6, 0.4], v * slots); }
    attachLoosePieces(mesh.positions, connectedPieces(mesh.indices, mesh.positions.length / 3), skeleton, joints, weights, slots);
    for (let v = 0; v < starts[2]!; v++) expect([joints[v * slots], joints[v * slots + 1], weights[v * slots]]).toEqual([1, 3, expect.closeTo(0.6, 6)]);
  });

  it('keeps a joint the contact itself carries, even off the contact joints\' chains (a shell two roots share)', () => {
    // Two roots: the shell's own and a head root beside it; the shell carries the head's 15% where
    // the fin touches it. The solve blends the fin half and half: the head root is on no chain of
    // the contact's main joint, but the surface the fin sits on moves with it, so it stays. The
    // leg's tip, absent from the contact, still goes.
    const twoRoots = skeletonOf([
      ['shell', null, [0, 0.5, -0.4]], ['shellEnd', 'shell', [0, 0.5, 0.4]], ['headRoot', null, [0, 0.5, 0.5]],
      ['leg', 'shell', [0.1, 0.45, 0]], ['foot', 'leg', [0.2, 0.1, 0.1]],
    ]);
    const n = mesh.positions.length / 3, slots = 3;
    const joints = new Int32Array(n * slots).fill(-1), weights = new Float32Array(n * slots);
    for (let v = 0; v < n; v++) {
      if (v < starts[1]!) { joints.set([0, 2], v * slots); weights.set([0.85, 0.15], v * slots); }
      else if (v < starts[6]!) { joints[v * slots] = v < starts[2]! ? 3 : 0; weights[v * slots] = 1; }
      else { joints.set([0, 2, 4], v * slots); weights.set([0.45, 0.45, 0.1], v * slots); }
    }
    attachLoosePieces(mesh.positions, connectedPieces(mesh.indices, mesh.positions.length / 3), twoRoots, joints, weights, slots);
    for (const v of range(6)) {
      expect([joints[v * slots], joints[v * slots + 1], joints[v * slots + 2]]).toEqual([0, 2, -1]);
      expect(weights[v * slots]).toBeCloseTo(0.5, 6);
    }
  });
  it("keeps a piece its solve gives wholly to a child of the contact's joint (a mech's head piece on its neck), but not a farther joint", () => {
    // The body is all the chest's; the fin, touching it, is wholly the leg's (a child of the chest,
    // off its unbranched chains); the two far antenna segments are wholly the foot's (the leg's child).
    const n = mesh.positions.length / 3, slots = 2;
    const joints = new Int32Array(n * slots).fill(-1), weights = new Float32Array(n * slots);
    for (let v = 0; v < n; v++) {
      joints[v * slots] = v < starts[1]! ? 1 : v < starts[2]! ? 3 : v < starts[4]! ? 2 : v < starts[6]! ? 4 : 3;
      weights[v * slots] = 1;
    }
    attachLoosePieces(mesh.positions, connectedPieces(mesh.indices, mesh.positions.length / 3), skeleton, joints, weights, slots);
    for (const v of range(6)) expect([joints[v * slots], weights[v * slots]]).toEqual([3, 1]);
    for (let k = 4; k < 6; k++) for (const v of range(k)) expect(joints[v * slots]).toBe(2);
  });
});
