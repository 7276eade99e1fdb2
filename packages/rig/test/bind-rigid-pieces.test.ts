// Separate rigid pieces (a robot's arm plates and hand) go wholly to one joint; a piece spanning a joint keeps its blend.
import type { Mesh, SkinWeights } from '@rigforge/mesh';
import { computeSkinWeights } from '../src/compute-skin-weights';
import { bindRigidPieces, connectedPieces } from '../src/skinning/bind-rigid-pieces';
import { confineLeavesToPieces, keepLeafPiecesOnChain } from '../src/skinning/confine-leaves-to-pieces';
import { capsule, mergeMeshes, skeletonOf, weightOf } from './skinning-fixtures';

const arm = skeletonOf([['shoulder', null, [0, 1, 0]], ['elbow', 'shoulder', [0.4, 1, 0]], ['wrist', 'elbow', [0.8, 1, 0]]]);
// A robot arm: an upper-arm plate, a forearm plate and a hand, each a piece of its own, their
// rounded ends meeting at the elbow and the wrist.
const plates = [
  capsule([0.046, 1, 0], [0.354, 1, 0], 0.045, { rows: 24 }),
  capsule([0.446, 1, 0], [0.754, 1, 0], 0.045, { rows: 24 }),
  capsule([0.846, 1, 0], [0.96, 1, 0], 0.045, { rows: 12 }),
];
const robot = mergeMeshes(plates);
const offsets = plates.reduce<number[]>((acc, p) => [...acc, acc[acc.length - 1]! + p.positions.length / 3], [0]);
const pieceOf = (v: number): number => offsets.findIndex((o, i) => v >= o && v < offsets[i + 1]!);

/** The largest weight any vertex of piece `k` gives a joint other than `j`. */
function strayWeight(skin: SkinWeights, k: number, j: number): number {
  let worst = 0;
  for (let v = offsets[k]!; v < offsets[k + 1]!; v++) worst = Math.max(worst, 1 - weightOf(skin, v, j));
  return worst;
}

describe('bindRigidPieces', () => {
  it('leaves each separate piece of a robot arm wholly to the joint whose region holds it', () => {
    const skin = computeSkinWeights(robot, arm);
    expect(strayWeight(skin, 0, 0)).toBeLessThan(1e-6);
    expect(strayWeight(skin, 1, 1)).toBeLessThan(1e-6);
    expect(strayWeight(skin, 2, 2)).toBeLessThan(1e-6);
  });

  it('binds a plate blended with its joint\'s parent, and leaves the blend of a plate blended with its child or of a piece spanning a joint (a sleeve over the elbow)', () => {
    const sleeve = capsule([0.25, 1, 0], [0.55, 1, 0], 0.07, { rows: 24 });
    const mesh: Mesh = mergeMeshes([robot, sleeve]);
    const n = mesh.positions.length / 3, slots = 2, first = robot.positions.length / 3;
    // The upper-arm plate and the sleeve 0.8 shoulder, 0.2 elbow (its child); the forearm plate
    // 0.8 elbow, 0.2 shoulder (its parent); the hand 0.8 wrist, 0.2 elbow (its parent).
    const joints = new Int32Array(n * slots), weights = new Float32Array(n * slots);
    for (let v = 0; v < n; v++) {
      const k = v < first ? pieceOf(v) : 0;
      joints.set(k === 0 ? [0, 1] : k === 1 ? [1, 0] : [2, 1], v * slots);
      weights.set([0.8, 0.2], v * slots);
    }
    bindRigidPieces(mesh.positions, connectedPieces(mesh.indices, mesh.positions.length / 3), arm, [-1, 0, 1], joints, weights, slots);
    // The sleeve and the upper-arm plate keep both joints: heat's share of the child, on a piece
    // along the bone, says the piece bends towards where the child's bone starts.
    for (const v of [0, ...Array.from({ length: n - first }, (_, i) => first + i)]) {
      expect([joints[v * slots], joints[v * slots + 1], weights[v * slots + 1]]).toEqual([0, 1, expect.closeTo(0.2, 6)]);
    }
    // The forearm plate and the hand, each in its joint's region, are that joint's wholly.
    for (const k of [1, 2]) expect([joints[offsets[k]! * slots], weights[offsets[k]! * slots], joints[offsets[k]! * slots + 1]]).toEqual([k, 1, -1]);
  });

  it('binds a short piece at one place on the bone (a collar) blended with its joint\'s child, unless childBlendSpan is 0', () => {
    // A collar around the upper arm near the elbow: a quarter of the shoulder's bone long, 0.8
    // shoulder and 0.2 elbow (its child) as heat gives it, in the shoulder's region.
    const collar = capsule([0.31, 1, 0], [0.35, 1, 0], 0.03, { rows: 8 });
    const mesh: Mesh = mergeMeshes([robot, collar]);
    const n = mesh.positions.length / 3, slots = 2, first = robot.positions.length / 3;
    const solve = (): { joints: Int32Array; weights: Float32Array } => {
      const joints = new Int32Array(n * slots), weights = new Float32Array(n * slots);
      for (let v = 0; v < n; v++) {
        const k = v < first ? pieceOf(v) : 0;
        joints.set(k === 0 ? [0, 1] : k === 1 ? [1, 0] : [2, 1], v * slots);
        weights.set([0.8, 0.2], v * slots);
      }
      return { joints, weights };
    };
    const pieces = connectedPieces(mesh.indices, n);
    const bound = solve();
    bindRigidPieces(mesh.positions, pieces, arm, [-1, 0, 1], bound.joints, bound.weights, slots);
    // The collar is the shoulder's wholly; the upper-arm plate, along the whole bone, keeps its blend.
    for (let v = first; v < n; v++) expect([bound.joints[v * slots], bound.weights[v * slots], bound.joints[v * slots + 1]]).toEqual([0, 1, -1]);
    expect([bound.joints[0], bound.joints[1], bound.weights[1]]).toEqual([0, 1, expect.closeTo(0.2, 6)]);
    const blended = solve();
    bindRigidPieces(mesh.positions, pieces, arm, [-1, 0, 1], blended.joints, blended.weights, slots, { childBlendSpan: 0 });
    for (let v = first; v < n; v++) expect([blended.joints[v * slots], blended.joints[v * slots + 1], blended.weights[v * slots + 1]]).toEqual([0, 1, expect.closeTo(0.2, 6)]);
  });

  it("with parentOwnerShare 0.6 binds a plate shared 0.62 / 0.38 with its joint's parent (heat's blend just past a joint), not one shared so with another joint; by default (0.65) binds neither", () => {
    const n = robot.positions.length / 3, slots = 2;
    // The forearm plate 0.62 elbow, 0.38 shoulder (its parent); the hand 0.62 wrist, 0.38 shoulder (not its parent).
    const solved = (): { joints: Int32Array; weights: Float32Array } => {
      const joints = new Int32Array(n * slots), weights = new Float32Array(n * slots);
      for (let v = 0; v < n; v++) {
        const k = pieceOf(v);
        joints.set(k === 0 ? [0, 1] : k === 1 ? [1, 0] : [2, 0], v * slots);
        weights.set(k === 0 ? [1, 0] : [0.62, 0.38], v * slots);
      }
      return { joints, weights };
    };
    const lowered = solved();
    bindRigidPieces(robot.positions, connectedPieces(robot.indices, n), arm, [-1, 0, 1], lowered.joints, lowered.weights, slots, { parentOwnerShare: 0.6 });
    expect([lowered.joints[offsets[1]! * slots], lowered.weights[offsets[1]! * slots], lowered.joints[offsets[1]! * slots + 1]]).toEqual([1, 1, -1]);
    expect([lowered.joints[offsets[2]! * slots], lowered.weights[offsets[2]! * slots + 1]]).toEqual([2, expect.closeTo(0.38, 6)]);
    // The default asks an owner whose runner-up is its parent for 0.65 (and others for ownerShare's 0.7): both keep their blend.
    const byDefault = solved();
    bindRigidPieces(robot.positions, connectedPieces(robot.indices, n), arm, [-1, 0, 1], byDefault.joints, byDefault.weights, slots);
    for (const k of [1, 2]) {
      expect([byDefault.joints[offsets[k]! * slots], byDefault.joints[offsets[k]! * slots + 1], byDefault.weights[offsets[k]! * slots + 1]]).toEqual([k, 0, expect.closeTo(0.38, 6)]);
    }
  });

  it("by default binds a plate its joint's parent shares 0.33 or 0.28 (a converged and a stopped-short solve of the same piece) alike, but not one shared 0.38 with the parent or 0.33 with another joint", () => {
    const n = robot.positions.length / 3, slots = 2;
    // The forearm plate `owner` elbow and the rest shoulder (its parent); the hand `owner` wrist and the rest `other`.
    const bound = (owner: number, other: number): boolean[] => {
      const joints = new Int32Array(n * slots), weights = new Float32Array(n * slots);
      for (let v = 0; v < n; v++) {
        const k = pieceOf(v);
        joints.set(k === 0 ? [0, 1] : k === 1 ? [1, 0] : [2, other], v * slots);
        weights.set(k === 0 ? [1, 0] : [owner, 1 - owner], v * slots);
      }
      bindRigidPieces(robot.positions, connectedPieces(robot.indices, n), arm, [-1, 0, 1], joints, weights, slots);
      return [1, 2].map((k) => joints[offsets[k]! * slots + 1] === -1);
    };
    // Heat's CG run to convergence leaves a parent a third of a piece just past the joint (the
    // humans' teeth, 0.64–0.67 head), the shipped stopping test less (0.71–0.75): the bar sits
    // below both, so the bound pieces do not depend on where the solver stops.
    expect(bound(0.67, 0)).toEqual([true, false]);
    expect(bound(0.72, 0)).toEqual([true, true]);
    // A piece its artist blends with the parent (a frog's head pieces, heat 0.62 / 0.38) keeps its blend.
    expect(bound(0.62, 0)).toEqual([false, false]);
  });

  it("with the parent bar lowered binds a leaf's piece shared with its parent only where the leaf or its parent holds a rigid piece of its own (leafBarNeedsRigidPart)", () => {
    const n = robot.positions.length / 3, slots = 2;
    // The hand (the wrist, a leaf) 0.6 wrist / 0.4 elbow (its parent); the forearm plate wholly the
    // elbow's (a robot's rigid plate) or 0.5 / 0.5 elbow / shoulder (skin, as a body's shin).
    const handBound = (forearmRigid: boolean, options: Parameters<typeof bindRigidPieces>[7]): boolean => {
      const joints = new Int32Array(n * slots), weights = new Float32Array(n * slots);
      for (let v = 0; v < n; v++) {
        const k = pieceOf(v);
        joints.set(k === 0 ? [0, 1] : k === 1 ? [1, 0] : [2, 1], v * slots);
        weights.set(k === 0 ? [1, 0] : k === 1 ? (forearmRigid ? [1, 0] : [0.5, 0.5]) : [0.6, 0.4], v * slots);
      }
      bindRigidPieces(robot.positions, connectedPieces(robot.indices, n), arm, [-1, 0, 1], joints, weights, slots, options);
      return joints[offsets[2]! * slots + 1] === -1;
    };
    // Next to the elbow's rigid plate the hand is a part of a robot: bound at a bar of 0.55.
    expect(handBound(true, { parentOwnerShare: 0.55 })).toBe(true);
    // On skin (neither the wrist nor the elbow holds a piece of its own) it is an attachment, a boot: it keeps its blend ...
    expect(handBound(false, { parentOwnerShare: 0.55 })).toBe(false);
    // ... unless the test is off, or its owner holds ownerShare.
    expect(handBound(false, { parentOwnerShare: 0.55, leafBarNeedsRigidPart: false })).toBe(true);
    expect(handBound(false, { parentOwnerShare: 0.55, ownerShare: 0.6 })).toBe(true);
  });

  it('leaves a mesh of one piece as solved', () => {
    const body = capsule([0, 1, 0], [0.9, 1, 0], 0.05, { rows: 32 });
    const n = body.positions.length / 3;
    const joints = new Int32Array(2 * n).fill(1), weights = new Float32Array(2 * n).fill(0.5);
    for (let v = 0; v < n; v++) joints[2 * v] = 0;
    expect(bindRigidPieces(body.positions, connectedPieces(body.indices, body.positions.length / 3), arm, [-1, 0, 1], joints, weights, 2)).toEqual([]);
    expect(weights.every((w) => w === 0.5)).toBe(true);
  });
});

describe('confineLeavesToPieces', () => {
  // A head on a neck in one piece and two eyeballs of their own at the front of the head, their
  // joints (leaves of the head) at the eyeballs' centres: an artist gives the eyes their eyeballs only.
  const body = capsule([0, 0.8, 0], [0, 1.3, 0], 0.1, { rows: 40 });
  const eyeballs = [-0.03, 0.03].map((x) => capsule([x, 1.2, 0.12], [x, 1.2, 0.13], 0.025, { rows: 4 }));
  const mesh = mergeMeshes([body, ...eyeballs]);
  const head = skeletonOf([
    ['neck', null, [0, 0.9, 0]], ['head', 'neck', [0, 1.1, 0]], ['eyeR', 'head', [-0.03, 1.2, 0.125]], ['eyeL', 'head', [0.03, 1.2, 0.125]],
  ]);
  const parents = [-1, 0, 1, 1];
  const first = body.positions.length / 3, n = mesh.positions.length / 3, slots = 2;
  const eyeOf = (v: number): number => (mesh.positions[3 * v]! < 0 ? 2 : 3);
  /** Weights as bone heat leaves them: each eyeball 0.6 eye / 0.4 head, the front of the face 0.7 eye / 0.3 head. */
  function solved(): { joints: Int32Array; weights: Float32Array } {
    const joints = new Int32Array(n * slots).fill(-1), weights = new Float32Array(n * slots);
    for (let v = 0; v < n; v++) {
      const face = v < first && mesh.positions[3 * v + 1]! > 1.15 && mesh.positions[3 * v + 2]! > 0.05;
      if (v >= first) { joints.set([eyeOf(v), 1], v * slots); weights.set([0.6, 0.4], v * slots); }
      else if (face) { joints.set([eyeOf(v), 1], v * slots); weights.set([0.7, 0.3], v * slots); }
      else { joints[v * slots] = mesh.positions[3 * v + 1]! > 1.1 ? 1 : 0; weights[v * slots] = 1; }
    }
    return { joints, weights };
  }
  const onFace = (joints: Int32Array, weights: Float32Array, j: number): number => {
    let sum = 0;
    for (let v = 0; v < first; v++) for (let s = v * slots; s < v * slots + slots; s++) if (joints[s] === j) sum += weights[s]!;
    return sum;
  };

  it('gives sibling leaves inside pieces of their own (eyes in their eyeballs) those pieces only; the face goes to their parent', () => {
    const { joints, weights } = solved();
    expect(onFace(joints, weights, 2)).toBeGreaterThan(0);
    expect(confineLeavesToPieces(mesh.positions, connectedPieces(mesh.indices, mesh.positions.length / 3), head, parents, joints, weights, slots)).toBe(2);
    expect(onFace(joints, weights, 2) + onFace(joints, weights, 3)).toBe(0);
    for (let v = 0; v < first; v++) expect(weights[v * slots]! + weights[v * slots + 1]!).toBeCloseTo(1, 6);
    for (let v = first; v < n; v++) expect([joints[v * slots], weights[v * slots]]).toEqual([eyeOf(v), 1]);
  });

  it('keeps a leaf to the piece centred on it when the solve gave it its lids and most of the body, or gave its eyeball to the head', () => {
    // Lids around each eyeball (pieces around the eye joint, centred above it) and a solve that
    // gave the eyes most of the head piece and the head most of one eyeball: the artist's eyes
    // move their eyeballs only, the lids and the head move with the head.
    const lids = [-0.03, 0.03].map((x) => capsule([x, 1.215, 0.125], [x, 1.215, 0.13], 0.035, { rows: 4 }));
    const withLids = mergeMeshes([body, ...eyeballs, ...lids]);
    const m = withLids.positions.length / 3, eyeEnd = first + 2 * (eyeballs[0]!.positions.length / 3);
    const side = (v: number): number => (withLids.positions[3 * v]! < 0 ? 2 : 3);
    const joints = new Int32Array(m * slots).fill(-1), weights = new Float32Array(m * slots);
    for (let v = 0; v < m; v++) {
      const y = withLids.positions[3 * v + 1]!;
      if (v >= first && v < eyeEnd) { joints.set([side(v), 1], v * slots); weights.set(side(v) === 2 ? [0.6, 0.4] : [0.4, 0.6], v * slots); }
      else if (v >= eyeEnd) { joints.set([side(v), 1], v * slots); weights.set([0.7, 0.3], v * slots); }
      else if (y > 1.0) { joints.set([side(v), 1], v * slots); weights.set([0.8, 0.2], v * slots); }
      else { joints[v * slots] = 0; weights[v * slots] = 1; }
    }
    expect(confineLeavesToPieces(withLids.positions, connectedPieces(withLids.indices, withLids.positions.length / 3), head, parents, joints, weights, slots)).toBe(2);
    for (let v = 0; v < m; v++) {
      let eye = 0;
      for (let s = v * slots; s < v * slots + slots; s++) if (joints[s] === 2 || joints[s] === 3) eye += weights[s]!;
      expect(eye).toBe(v >= first && v < eyeEnd ? 1 : 0);
    }
  });

  it("gives the parent a confined leaf's sibling leaf's weight outside its region (a mouth holding the neck)", () => {
    // A mouth joint at the front of the face beside the eyes, which the solve gave half of every
    // vertex above the neck: it keeps what lies nearer it than the head, the head takes the rest.
    const withMouth = skeletonOf([
      ['neck', null, [0, 0.9, 0]], ['head', 'neck', [0, 1.1, 0]], ['eyeR', 'head', [-0.03, 1.2, 0.125]], ['eyeL', 'head', [0.03, 1.2, 0.125]],
      ['mouth', 'head', [0, 1.15, 0.1]],
    ]);
    const { joints, weights } = solved();
    const slotsOf = (v: number): [number, number] => [joints[v * slots]!, joints[v * slots + 1]!];
    for (let v = 0; v < first; v++) {
      if (mesh.positions[3 * v + 1]! <= 1.0 || slotsOf(v).includes(2) || slotsOf(v).includes(3)) continue;
      joints.set([joints[v * slots]!, 4], v * slots);
      weights.set([0.5, 0.5], v * slots);
    }
    expect(confineLeavesToPieces(mesh.positions, connectedPieces(mesh.indices, mesh.positions.length / 3), withMouth, [-1, 0, 1, 1, 1], joints, weights, slots)).toBe(2);
    // Past the plane across the head → mouth link at its middle: the mouth's region.
    const inMouthRegion = (v: number): boolean =>
      (mesh.positions[3 * v + 1]! - 1.125) * 0.05 + (mesh.positions[3 * v + 2]! - 0.05) * 0.1 >= 0;
    let kept = 0;
    for (let v = 0; v < first; v++) {
      const mouth = joints[v * slots] === 4 ? weights[v * slots]! : joints[v * slots + 1] === 4 ? weights[v * slots + 1]! : 0;
      if (mouth > 0) { expect(inMouthRegion(v)).toBe(true); kept++; }
      expect(weights[v * slots]! + weights[v * slots + 1]!).toBeCloseTo(1, 6);
    }
    expect(kept).toBeGreaterThan(0);
  });

  it("finds a leaf's own piece whose root edge lies just past its joint (a wing on its sheet), and keeps a limb's other whole pieces", () => {
    // A toy: a torso, a head piece around the head joint and a hair piece above it, each arm a
    // sheet starting just past its joint plus a hand piece; a shoulder pad the solve gives 0.6 to
    // the arm. The artist gives the arm its sheet and hand, the torso the pad.
    const torso = capsule([0, 0.9, 0], [0, 1.3, 0], 0.1, { rows: 12 });
    const headPiece = capsule([0, 1.5, 0], [0, 1.6, 0], 0.1, { rows: 8 });
    const hair = capsule([-0.05, 1.75, 0], [0.05, 1.75, 0], 0.03, { rows: 4 });
    const armPieces = [1, -1].flatMap((x) => [
      capsule([x * 0.16, 1.3, 0], [x * 0.3, 1.3, 0], 0.03, { rows: 6 }),
      capsule([x * 0.36, 1.3, 0], [x * 0.42, 1.3, 0], 0.03, { rows: 4 }),
      capsule([x * 0.08, 1.42, 0], [x * 0.12, 1.42, 0], 0.02, { rows: 4 }),
    ]);
    const parts = [torso, headPiece, hair, ...armPieces];
    const toy = mergeMeshes(parts);
    const starts = parts.reduce<number[]>((acc, q) => [...acc, acc[acc.length - 1]! + q.positions.length / 3], [0]);
    const partOf = (v: number): number => starts.findIndex((o, i) => v >= o && v < starts[i + 1]!);
    const rig = skeletonOf([['torso', null, [0, 1.1, 0]], ['head', 'torso', [0, 1.55, 0]], ['armL', 'torso', [0.12, 1.3, 0]], ['armR', 'torso', [-0.12, 1.3, 0]]]);
    const m = toy.positions.length / 3;
    // Part index → [joint, weight] as solved: torso, head, hair, then per arm sheet, hand, pad.
    const solvedAs = (k: number): [number, number][] => {
      if (k === 0) return [[0, 1]];
      if (k <= 2) return [[1, 1]];
      const arm = k <= 5 ? 2 : 3;
      return (k - 3) % 3 === 2 ? [[arm, 0.6], [0, 0.4]] : [[arm, 1]];
    };
    const run = (jointMargin: number): { joints: Int32Array; weights: Float32Array; confined: number } => {
      const joints = new Int32Array(m * slots).fill(-1), weights = new Float32Array(m * slots);
      for (let v = 0; v < m; v++) solvedAs(partOf(v)).forEach(([j, w], s) => { joints[v * slots + s] = j; weights[v * slots + s] = w; });
      const confined = confineLeavesToPieces(toy.positions, connectedPieces(toy.indices, toy.positions.length / 3), rig, [-1, 0, 0, 0], joints, weights, slots, { jointMargin });
      return { joints, weights, confined };
    };
    // Without a margin the arms' joints lie outside their sheets: the head alone has a piece, and a lone leaf is left as solved.
    expect(run(0).confined).toBe(0);
    const { joints, weights, confined } = run(0.1);
    expect(confined).toBe(3);
    for (let v = 0; v < m; v++) {
      const k = partOf(v);
      const expected = k === 0 ? 0 : k <= 2 ? 1 : (k - 3) % 3 === 2 ? 0 : k <= 5 ? 2 : 3;
      let onExpected = 0;
      for (let s = v * slots; s < v * slots + slots; s++) if (joints[s] === expected) onExpected += weights[s]!;
      expect(onExpected).toBeCloseTo(1, 6);
    }
  });

  it('leaves a lone leaf in a piece of its own as solved (a shoe over the ankle, blended by its artist)', () => {
    const one = mergeMeshes([body, eyeballs[1]!]);
    const lone = skeletonOf([['neck', null, [0, 0.9, 0]], ['head', 'neck', [0, 1.1, 0]], ['eyeL', 'head', [0.03, 1.2, 0.125]]]);
    const m = one.positions.length / 3;
    const joints = new Int32Array(m * slots).fill(-1), weights = new Float32Array(m * slots);
    for (let v = 0; v < m; v++) { joints.set([2, 1], v * slots); weights.set(v >= first ? [0.6, 0.4] : [0.3, 0.7], v * slots); }
    const before = weights.slice();
    expect(confineLeavesToPieces(one.positions, connectedPieces(one.indices, one.positions.length / 3), lone, [-1, 0, 1], joints, weights, slots)).toBe(0);
    expect(weights).toEqual(before);
  });
});

describe('keepLeafPiecesOnChain', () => {
  // A body and two wing sheets of their own, each on a chain from the body's centre: root →
  // wingR → wingTipR and root → wingL → wingTipL, the tips (leaves) inside their sheets. The solve
  // gave each sheet 0.6 to its own tip, 0.1 to its wing joint and 0.3 to the other wing's tip.
  const torso = capsule([0, 0, -0.3], [0, 0, 0.3], 0.08, { rows: 16 });
  const sheets = [1, -1].map((side) => capsule([side * 0.1, 0, 0], [side * 0.6, 0, 0], 0.01, { rows: 12 }));
  const mesh = mergeMeshes([torso, ...sheets]);
  const wings = skeletonOf([
    ['root', null, [0, 0, 0]], ['wingR', 'root', [0, 0, 0]], ['tipR', 'wingR', [0.35, 0, 0]], ['wingL', 'root', [0, 0, 0]], ['tipL', 'wingL', [-0.35, 0, 0]],
  ]);
  const parents = [-1, 0, 1, 0, 3];
  const first = torso.positions.length / 3, n = mesh.positions.length / 3, slots = 3;
  const right = (v: number): boolean => mesh.positions[3 * v]! > 0;
  function solved(): { joints: Int32Array; weights: Float32Array } {
    const joints = new Int32Array(n * slots).fill(-1), weights = new Float32Array(n * slots);
    for (let v = 0; v < n; v++) {
      if (v < first) { joints[v * slots] = 0; weights[v * slots] = 1; continue; }
      joints.set(right(v) ? [2, 1, 4] : [4, 3, 2], v * slots);
      weights.set([0.6, 0.1, 0.3], v * slots);
    }
    return { joints, weights };
  }

  it("gives the other branch's weight on a sheet its own leaf holds most to their common ancestor", () => {
    const { joints, weights } = solved();
    expect(keepLeafPiecesOnChain(mesh.positions, connectedPieces(mesh.indices, mesh.positions.length / 3), wings, parents, joints, weights, slots)).toBe(2);
    for (let v = first; v < n; v++) {
      const own = right(v) ? [2, 1, 0] : [4, 3, 0];
      expect([0, 1, 2].map((s) => joints[v * slots + s])).toEqual(own);
      expect([0, 1, 2].map((s) => weights[v * slots + s]!)).toEqual([0.6, 0.1, 0.3].map((w) => expect.closeTo(w, 6)));
    }
    for (let v = 0; v < first; v++) expect([joints[v * slots], weights[v * slots]]).toEqual([0, 1]);
  });

  it("drops the other tree's weight on the sheet when the wings are roots of their own, keeping the chain's", () => {
    const { joints, weights } = solved();
    expect(keepLeafPiecesOnChain(mesh.positions, connectedPieces(mesh.indices, mesh.positions.length / 3), wings, [-1, -1, 1, -1, 3], joints, weights, slots)).toBe(2);
    for (let v = first; v < n; v++) {
      const own = right(v) ? [2, 1] : [4, 3];
      expect([0, 1].map((s) => joints[v * slots + s])).toEqual(own);
      expect(joints[v * slots + 2]).toBe(-1);
      expect(weights[v * slots]!).toBeCloseTo(6 / 7, 6);
      expect(weights[v * slots + 1]!).toBeCloseTo(1 / 7, 6);
    }
  });

  it('leaves a piece around two leaves, or one held most by a joint that is not a leaf, as solved', () => {
    const both = mergeMeshes([torso, capsule([-0.6, 0, 0], [0.6, 0, 0], 0.01, { rows: 24 })]);
    const m = both.positions.length / 3;
    const joints = new Int32Array(m * slots).fill(-1), weights = new Float32Array(m * slots);
    for (let v = 0; v < m; v++) { joints.set([2, 4], v * slots); weights.set([0.6, 0.4], v * slots); }
    const before = weights.slice();
    expect(keepLeafPiecesOnChain(both.positions, connectedPieces(both.indices, both.positions.length / 3), wings, parents, joints, weights, slots)).toBe(0);
    expect(weights).toEqual(before);
    const { joints: j2, weights: w2 } = solved();
    for (let v = first; v < n; v++) w2.set([0.2, 0.5, 0.3], v * slots);
    const before2 = w2.slice();
    expect(keepLeafPiecesOnChain(mesh.positions, connectedPieces(mesh.indices, mesh.positions.length / 3), wings, parents, j2, w2, slots)).toBe(0);
    expect(w2).toEqual(before2);
  });
});
