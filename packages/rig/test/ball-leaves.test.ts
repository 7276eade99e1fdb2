// A leaf at the centre of a piece of its own (an eye in its eyeball) turns that ball in place: it
// moves nothing else, and it does not end its parent's part (skinning/ball-leaves).
import { centredIn, pairedBalls } from '../src/skinning/ball-leaves';
import { bindRigidPieces, connectedPieces } from '../src/skinning/bind-rigid-pieces';
import { confineLeavesToPieces } from '../src/skinning/confine-leaves-to-pieces';
import { pieceBox } from '../src/skinning/piece-box';
import { capsule, mergeMeshes, skeletonOf } from './skinning-fixtures';

// A head on a neck in one piece, two eyeballs centred on the eye joints (leaves of the head).
const body = capsule([0, 0.8, 0], [0, 1.3, 0], 0.1, { rows: 40 });
const eyeballs = [-0.03, 0.03].map((x) => capsule([x, 1.2, 0.12], [x, 1.2, 0.13], 0.025, { rows: 4 }));
const head = skeletonOf([
  ['neck', null, [0, 0.9, 0]], ['head', 'neck', [0, 1.1, 0]], ['eyeR', 'head', [-0.03, 1.2, 0.125]], ['eyeL', 'head', [0.03, 1.2, 0.125]],
]);
const parents = [-1, 0, 1, 1];
const slots = 2;

/** Weights with each part wholly one joint's, or `[joint, share]` pairs, per part of `parts` (vertex ranges in order). */
function weightsOf(parts: { positions: Float32Array }[], solved: (k: number, v: number) => [number, number][]): { joints: Int32Array; weights: Float32Array; partOf: (v: number) => number } {
  const starts = parts.reduce<number[]>((acc, q) => [...acc, acc[acc.length - 1]! + q.positions.length / 3], [0]);
  const partOf = (v: number): number => starts.findIndex((o, i) => v >= o && v < starts[i + 1]!);
  const n = starts[starts.length - 1]!;
  const joints = new Int32Array(n * slots).fill(-1), weights = new Float32Array(n * slots);
  for (let v = 0; v < n; v++) solved(partOf(v), v).forEach(([j, w], s) => { joints[v * slots + s] = j; weights[v * slots + s] = w; });
  return { joints, weights, partOf };
}

describe('centredIn', () => {
  it('tells a joint at the centre of its piece (an eye in its eyeball) from one at its end (a toy arm at its shoulder)', () => {
    const eyeball = pieceBox(eyeballs[0]!.positions, Array.from({ length: eyeballs[0]!.positions.length / 3 }, (_, i) => i));
    expect(centredIn(eyeball, [-0.03, 1.2, 0.125])).toBe(true);
    // Off the middle half on one axis: past a quarter of the box from its side.
    expect(centredIn(eyeball, [-0.03, 1.2, 0.145])).toBe(false);
    const arm = capsule([0.12, 1.3, 0], [0.3, 1.3, 0], 0.03, { rows: 6 });
    const armBox = pieceBox(arm.positions, Array.from({ length: arm.positions.length / 3 }, (_, i) => i));
    expect(centredIn(armBox, [0.1, 1.3, 0])).toBe(false);
    // A flat box (no extent on an axis) holds its plane's points in the middle on that axis.
    expect(centredIn({ lo: [0, 0, 1], hi: [1, 1, 1] }, [0.5, 0.5, 1])).toBe(true);
  });
});

describe('pairedBalls', () => {
  it('keeps the centred leaves that have a centred sibling (a pair of eyes), not a lone one (a toy head on its body)', () => {
    // 0 root; 1 head (of 0) with eyes 2 and 3; 4 torso (of 0) with a lone centred leaf 5.
    expect([...pairedBalls([2, 3, 5], [-1, 0, 1, 1, 0, 4])].sort()).toEqual([2, 3]);
    expect(pairedBalls([5], [-1, 0, 1, 1, 0, 4]).size).toBe(0);
  });
});

describe('confineLeavesToPieces with ball leaves', () => {
  // A tear line in front of the right eyeball (not around its joint, in its region), which the
  // solve gives wholly to the right eye: the artist gives it the head.
  const tearLine = capsule([-0.03, 1.2, 0.16], [-0.03, 1.2, 0.165], 0.005, { rows: 4 });
  const parts = [body, ...eyeballs, tearLine];
  const mesh = mergeMeshes(parts);
  const solved = (k: number, v: number): [number, number][] =>
    k === 0 ? [[mesh.positions[3 * v + 1]! > 1.1 ? 1 : 0, 1]] : k === 1 ? [[2, 0.6], [1, 0.4]] : k === 2 ? [[3, 0.6], [1, 0.4]] : [[2, 1]];

  it('gives the head a piece beside the eyeball that the solve gave the eye whole', () => {
    const { joints, weights, partOf } = weightsOf(parts, solved);
    expect(confineLeavesToPieces(mesh.positions, connectedPieces(mesh.indices, mesh.positions.length / 3), head, parents, joints, weights, slots)).toBe(2);
    for (let v = 0; v < joints.length / slots; v++) {
      const expected = [0, 2, 3, 1][partOf(v)]!;
      if (partOf(v) === 0) continue;
      expect([joints[v * slots], weights[v * slots], joints[v * slots + 1]]).toEqual([expected, 1, -1]);
    }
  });

  it('keeps it with the eye as a limb\'s further piece when ball leaves are off', () => {
    const { joints, weights, partOf } = weightsOf(parts, solved);
    confineLeavesToPieces(mesh.positions, connectedPieces(mesh.indices, mesh.positions.length / 3), head, parents, joints, weights, slots, { ballLeaves: false });
    for (let v = 0; v < joints.length / slots; v++) if (partOf(v) === 3) expect([joints[v * slots], weights[v * slots]]).toEqual([2, 1]);
  });
});

describe('bindRigidPieces with ball leaves', () => {
  // Brows modelled apart above both eyes, past the planes across the head → eye bones through
  // the eyes: heat gives them 0.8 head, 0.2 neck. The eyeballs are wholly their eyes'.
  const brows = capsule([-0.04, 1.24, 0.1], [0.04, 1.24, 0.1], 0.006, { rows: 4 });
  const parts = [body, ...eyeballs, brows];
  const mesh = mergeMeshes(parts);
  const solved = (k: number, v: number): [number, number][] =>
    k === 0 ? [[mesh.positions[3 * v + 1]! > 1.1 ? 1 : 0, 0.5], [mesh.positions[3 * v + 1]! > 1.1 ? 0 : 1, 0.5]] : k === 1 ? [[2, 1]] : k === 2 ? [[3, 1]] : [[1, 0.8], [0, 0.2]];

  it('binds a head piece lying past the eyes to the head: the eyes do not end the head\'s region', () => {
    const { joints, weights, partOf } = weightsOf(parts, solved);
    const rigid = bindRigidPieces(mesh.positions, connectedPieces(mesh.indices, mesh.positions.length / 3), head, parents, joints, weights, slots);
    expect(rigid.map((r) => r.joint).sort()).toEqual([1, 2, 3]);
    for (let v = 0; v < joints.length / slots; v++) if (partOf(v) === 3) expect([joints[v * slots], weights[v * slots], joints[v * slots + 1]]).toEqual([1, 1, -1]);
  });

  it('leaves it blended when ball leaves are off (the eyes\' planes end the head\'s region), or when the eye is a limb\'s end at the edge of its piece', () => {
    const off = weightsOf(parts, solved);
    bindRigidPieces(mesh.positions, connectedPieces(mesh.indices, mesh.positions.length / 3), head, parents, off.joints, off.weights, slots, { ballLeaves: false });
    for (let v = 0; v < off.joints.length / slots; v++) if (off.partOf(v) === 3) expect(off.weights[v * slots]).toBeCloseTo(0.8, 6);
    // The same eyeballs with the eye joints at their back edge: limbs' ends, not balls.
    const limbEnds = skeletonOf([
      ['neck', null, [0, 0.9, 0]], ['head', 'neck', [0, 1.1, 0]], ['eyeR', 'head', [-0.03, 1.2, 0.096]], ['eyeL', 'head', [0.03, 1.2, 0.096]],
    ]);
    const edge = weightsOf(parts, solved);
    bindRigidPieces(mesh.positions, connectedPieces(mesh.indices, mesh.positions.length / 3), limbEnds, parents, edge.joints, edge.weights, slots);
    for (let v = 0; v < edge.joints.length / slots; v++) if (edge.partOf(v) === 3) expect(edge.weights[v * slots]).toBeCloseTo(0.8, 6);
  });
});
