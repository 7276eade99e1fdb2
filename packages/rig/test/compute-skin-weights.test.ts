import { EngineError, type Mesh, type SkinWeights } from '@rigforge/mesh';
import { COMPUTE_SKIN_WEIGHTS_DEFAULTS, computeSkinWeights } from '../src/compute-skin-weights';
import { placeBoneSegments } from '../src/skinning/place-bone-segments';
import { voxelizeWithinBudget } from '../src/skinning/voxelize-within-budget';
import {
  capsule,
  humanoid,
  jointIndex,
  mergeMeshes,
  scaleMesh,
  scaleSkeleton,
  skeletonOf,
  unweld,
  weightOf,
} from './skinning-fixtures';

/** Sums to 1, at most 4 non-zero influences, joint indices valid, no negative weight. */
function expectValid(skin: SkinWeights, n: number, jointCount: number): void {
  expect(skin.joints.length).toBe(4 * n);
  expect(skin.weights.length).toBe(4 * n);
  let bad = 0;
  for (let v = 0; v < n; v++) {
    let sum = 0;
    for (let k = 0; k < 4; k++) {
      const w = skin.weights[4 * v + k]!;
      if (w < 0 || skin.joints[4 * v + k]! >= jointCount) bad++;
      sum += w;
    }
    if (!(Math.abs(sum - 1) < 1e-4)) bad++;
  }
  expect(bad).toBe(0);
}

function verticesWhere(mesh: Mesh, pred: (x: number, y: number, z: number) => boolean): number[] {
  const out: number[] = [];
  for (let v = 0; v < mesh.positions.length / 3; v++) {
    if (pred(mesh.positions[3 * v]!, mesh.positions[3 * v + 1]!, mesh.positions[3 * v + 2]!)) out.push(v);
  }
  return out;
}

function maxWeightOf(skin: SkinWeights, vertices: number[], joints: number[]): number {
  let m = 0;
  for (const v of vertices) m = Math.max(m, joints.reduce((s, j) => s + weightOf(skin, v, j), 0));
  return m;
}
function minWeightOf(skin: SkinWeights, vertices: number[], joints: number[]): number {
  let m = Infinity;
  for (const v of vertices) m = Math.min(m, joints.reduce((s, j) => s + weightOf(skin, v, j), 0));
  return m;
}

function l1(a: SkinWeights, va: number, b: SkinWeights, vb: number, jointCount: number): number {
  let d = 0;
  for (let j = 0; j < jointCount; j++) d += Math.abs(weightOf(a, va, j) - weightOf(b, vb, j));
  return d;
}

// These describe the geodesic weights (the fallback above heat's vertex limit and the evidence of
// its empty-piece fill); the default method, heat, has its own tests below and in bone-heat.test.ts.
const GEODESIC = { method: 'geodesic' } as const;

describe('computeSkinWeights', () => {
  const body = humanoid();
  const { mesh, skeleton } = body;
  const J = (name: string) => jointIndex(skeleton, name);
  const skin = computeSkinWeights(mesh, skeleton, GEODESIC);
  const n = mesh.positions.length / 3;

  it('gives every vertex of a humanoid weights summing to 1 over at most 4 valid joints', () => {
    expectValid(skin, n, skeleton.joints.length);
  });

  it('lets the limb at a tip dominate it (hand, foot, head)', () => {
    const leftHandTip = verticesWhere(mesh, (x) => x > 0.84);
    const rightFootSole = verticesWhere(mesh, (x, y) => x < 0 && y < 0.0);
    const headTop = verticesWhere(mesh, (_x, y) => y > 1.74);
    expect(leftHandTip.length).toBeGreaterThan(0);
    expect(minWeightOf(skin, leftHandTip, [J('l_hand')])).toBeGreaterThan(0.9);
    expect(minWeightOf(skin, rightFootSole, [J('r_foot')])).toBeGreaterThan(0.9);
    expect(minWeightOf(skin, headTop, [J('head')])).toBeGreaterThan(0.9);
    // Mid forearm belongs to the forearm joint; mid thigh to the upper-leg joint.
    expect(minWeightOf(skin, verticesWhere(mesh, (x) => x > 0.6 && x < 0.66), [J('l_forearm')])).toBeGreaterThan(0.8);
    expect(minWeightOf(skin, verticesWhere(mesh, (x, y) => x > 0 && y > 0.7 && y < 0.76), [J('l_upper_leg')])).toBeGreaterThan(0.8);
  });

  it('never lets one leg claim the other across the gap between them', () => {
    const right = ['r_upper_leg', 'r_lower_leg', 'r_foot'].map(J);
    const left = ['l_upper_leg', 'l_lower_leg', 'l_foot'].map(J);
    // The inner sides of the legs below the crotch (y 0.82): 7 cm apart through the air, ≥ 0.5 m through the body.
    const leftInner = verticesWhere(mesh, (x, y) => x > 0 && x < 0.06 && y < 0.6);
    const rightInner = verticesWhere(mesh, (x, y) => x < 0 && x > -0.06 && y < 0.6);
    expect(leftInner.length).toBeGreaterThan(10);
    expect(maxWeightOf(skin, leftInner, right)).toBe(0);
    expect(maxWeightOf(skin, rightInner, left)).toBe(0);
  });

  it('keeps legs apart even when the gap is only two voxels wide', () => {
    const skeleton2 = skeletonOf([
      ['hips', null, [0, 1, 0]],
      ['l_leg', 'hips', [0.06, 0.95, 0]],
      ['l_foot', 'l_leg', [0.06, 0.1, 0]],
      ['r_leg', 'hips', [-0.06, 0.95, 0]],
      ['r_foot', 'r_leg', [-0.06, 0.1, 0]],
    ]);
    // Radius 0.05 → gap 0.02 between the legs; the long side (≈1.2) is 128 cells of ~0.0094 on a
    // grid at the mesh's full detail (gridDetailScale 1, pro's; fast's quarter gives 64 cells,
    // where a gap of two voxels at 128 is one and the legs may touch).
    const mesh2 = mergeMeshes([
      capsule([0, 0.95, 0], [0, 1.15, 0], 0.14),
      capsule([0.06, 0.95, 0], [0.06, 0.05, 0], 0.05),
      capsule([-0.06, 0.95, 0], [-0.06, 0.05, 0], 0.05),
    ]);
    const skin2 = computeSkinWeights(mesh2, skeleton2, { ...GEODESIC, gridDetailScale: 1 });
    const leftLow = verticesWhere(mesh2, (x, y) => x > 0.005 && y < 0.6);
    expect(maxWeightOf(skin2, leftLow, [3, 4])).toBe(0);
  });

  it('is smooth: weights change gradually along the surface, and little away from joints', () => {
    const P = mesh.positions;
    const dist = (a: number, b: number) => Math.hypot(P[3 * a]! - P[3 * b]!, P[3 * a + 1]! - P[3 * b + 1]!, P[3 * a + 2]! - P[3 * b + 2]!);
    const nearJoint = (v: number) =>
      skeleton.joints.some((j) => Math.hypot(P[3 * v]! - j.position[0], P[3 * v + 1]! - j.position[1], P[3 * v + 2]! - j.position[2]) < 0.2);
    let worstGradient = 0, worstAway = 0;
    for (let t = 0; t < mesh.indices.length; t += 3) {
      for (let e = 0; e < 3; e++) {
        const a = mesh.indices[t + e]!, b = mesh.indices[t + ((e + 1) % 3)]!;
        const d = l1(skin, a, skin, b, skeleton.joints.length);
        worstGradient = Math.max(worstGradient, d / dist(a, b));
        if (!nearJoint(a) && !nearJoint(b)) worstAway = Math.max(worstAway, d);
      }
    }
    // A full switch between two joints (L1 = 2) takes at least ~4 cm of surface (limb radii are 5–16 cm).
    expect(worstGradient).toBeLessThan(50);
    expect(worstAway).toBeLessThan(0.3);
  });

  it('gives a flat-shaded (unwelded) copy the same weights as the welded mesh', () => {
    const flat = unweld(mesh);
    const flatSkin = computeSkinWeights(flat, skeleton, GEODESIC);
    let worst = 0;
    for (let i = 0; i < mesh.indices.length; i++) worst = Math.max(worst, l1(flatSkin, i, skin, mesh.indices[i]!, skeleton.joints.length));
    expect(worst).toBeLessThan(1e-4);
  });

  it('gives the same weights at ×100 (centimetres) and ×0.001 scale', () => {
    for (const s of [100, 0.001]) {
      const scaled = computeSkinWeights(scaleMesh(mesh, s), scaleSkeleton(skeleton, s), GEODESIC);
      let total = 0;
      for (let v = 0; v < n; v++) total += l1(scaled, v, skin, v, skeleton.joints.length);
      expect(total / n).toBeLessThan(1e-3);
    }
  });

  it('weights a disconnected jacket and sleeves by the torso and arms under them', () => {
    // Open tubes (no caps), 2.5 cm off the body: they float, the flood fill runs under them.
    const jacket = capsule([0, 1.0, 0], [0, 1.4, 0], 0.185, { open: true });
    const sleeve = capsule([0.14, 1.45, 0], [0.4, 1.45, 0], 0.075, { open: true });
    const dressed = mergeMeshes([mesh, jacket, sleeve]);
    const dressedSkin = computeSkinWeights(dressed, skeleton, GEODESIC);
    const total = dressed.positions.length / 3;
    expectValid(dressedSkin, total, skeleton.joints.length);
    const jacketStart = n, sleeveStart = n + jacket.positions.length / 3;
    const range = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => a + i);
    const jacketVerts = range(jacketStart, sleeveStart);
    const sleeveVerts = range(sleeveStart, total);
    const torso = ['hips', 'spine', 'chest', 'neck', 'l_shoulder', 'r_shoulder', 'l_upper_leg', 'r_upper_leg'].map(J);
    // Below the shoulders the jacket follows the torso; at its top edge it may blend into the arm.
    const jacketBody = jacketVerts.filter((v) => dressed.positions[3 * v + 1]! < 1.2);
    expect(minWeightOf(dressedSkin, jacketBody, torso)).toBeGreaterThan(0.95);
    const upperArm = ['l_shoulder', 'l_upper_arm', 'l_forearm'].map(J);
    const sleeveMid = sleeveVerts.filter((v) => dressed.positions[3 * v]! > 0.3);
    expect(minWeightOf(dressedSkin, sleeveMid, [J('l_upper_arm')])).toBeGreaterThan(0.7);
    expect(minWeightOf(dressedSkin, sleeveVerts.filter((v) => dressed.positions[3 * v]! > 0.2), upperArm)).toBeGreaterThan(0.85);
  });

  it('works with any skeleton: bones outside the mesh, a single joint', () => {
    // A two-bone chain lying 0.3 beside a capsule: it starts from the nearest voxels.
    const tube = capsule([0, 0, 0], [0, 1.2, 0], 0.1);
    const outside = skeletonOf([
      ['a', null, [0.4, 0, 0]],
      ['b', 'a', [0.4, 0.5, 0]],
      ['c', 'b', [0.4, 1, 0]],
    ]);
    const s = computeSkinWeights(tube, outside, GEODESIC);
    expectValid(s, tube.positions.length / 3, 3);
    expect(minWeightOf(s, verticesWhere(tube, (_x, y) => y < 0), [0])).toBeGreaterThan(0.8);
    expect(maxWeightOf(s, verticesWhere(tube, (_x, y) => y < 0), [2])).toBeLessThan(0.05);
    expect(minWeightOf(s, verticesWhere(tube, (_x, y) => y > 1.2), [2])).toBeGreaterThan(0.5);
    const one = computeSkinWeights(tube, skeletonOf([['root', null, [0, 0.5, 0]]]), GEODESIC);
    expect(minWeightOf(one, verticesWhere(tube, () => true), [0])).toBe(1);
  });

  it('rejects broken input with invalid_input', () => {
    const bad = { ...mesh, positions: mesh.positions.slice() };
    bad.positions[5] = NaN;
    expect(() => computeSkinWeights(bad, skeleton)).toThrow(EngineError);
    expect(() => computeSkinWeights(mesh, { joints: [] })).toThrow(/no joints/);
    expect(() => computeSkinWeights(mesh, skeletonOf([['a', 'b', [0, 0, 0]], ['b', null, [0, 1, 0]]]))).toThrow(/parents must come before/);
    expect(() => computeSkinWeights(mesh, skeleton, { gridDetailScale: -1 })).toThrow(/gridDetailScale/);
    expect(() => computeSkinWeights(mesh, skeleton, { gridMinDetailResolution: NaN })).toThrow(/gridMinDetailResolution/);
    try {
      computeSkinWeights({ ...mesh, indices: new Uint32Array([0, 1, n]) }, skeleton);
    } catch (e) {
      expect((e as EngineError).code).toBe('invalid_input');
    }
  });
});

/** Joints above the dev set's influence threshold (0.1) at a vertex. */
function influences(skin: SkinWeights, v: number, jointCount: number): number {
  let k = 0;
  for (let j = 0; j < jointCount; j++) if (weightOf(skin, v, j) > 0.1) k++;
  return k;
}

describe('computeSkinWeights: bones own what lies along them', () => {
  it('gives a rigid end part (a big head on a thin neck) to its own joint', () => {
    const body = mergeMeshes([capsule([0, 0, 0], [0, 1, 0], 0.1, { rows: 16 }), capsule([0, 1.3, 0], [0, 1.31, 0], 0.3, { around: 24, capRings: 12 })]);
    const chain = skeletonOf([['root', null, [0, 0.1, 0]], ['neck', 'root', [0, 0.8, 0]], ['head', 'neck', [0, 1.0, 0]]]);
    const skin = computeSkinWeights(body, chain, GEODESIC);
    const head = verticesWhere(body, (_x, y) => y > 1.1);
    // With the former diffuse falloff the least head weight there was 0.58 (mean 0.82).
    expect(minWeightOf(skin, head, [2])).toBeGreaterThan(0.75);
    expect(head.reduce((s, v) => s + weightOf(skin, v, 2), 0) / head.length).toBeGreaterThan(0.95);
  });

  it('gives no weight to a link through air (a root on the floor under the body)', () => {
    const trunk = capsule([0, 0.5, 0], [0, 1.5, 0], 0.15, { rows: 16 });
    const chain = skeletonOf([['root', null, [0, -0.3, 0]], ['hips', 'root', [0, 0.7, 0]], ['chest', 'hips', [0, 1.3, 0]]]);
    const skin = computeSkinWeights(trunk, chain, GEODESIC);
    expectValid(skin, trunk.positions.length / 3, 3);
    expect(maxWeightOf(skin, verticesWhere(trunk, () => true), [0])).toBe(0);
    // The lower trunk belongs to the hips, whose bone starts there.
    expect(minWeightOf(skin, verticesWhere(trunk, (_x, y) => y < 0.6), [1])).toBeGreaterThan(0.9);
  });

  it('gives a vertex along a bone that bone, not every joint nearby (short bones in a thick tube)', () => {
    const tube = capsule([0, 0, 0], [0, 1.2, 0], 0.12, { rows: 48 });
    const rows: [string, string | null, [number, number, number]][] = [];
    for (let i = 0; i < 6; i++) rows.push([`j${i}`, i ? `j${i - 1}` : null, [0, 0.1 + 0.2 * i, 0]]);
    const chain = skeletonOf(rows);
    const skin = computeSkinWeights(tube, chain, GEODESIC);
    for (let i = 0; i < 5; i++) {
      const mid = verticesWhere(tube, (_x, y) => Math.abs(y - (0.2 + 0.2 * i)) < 0.02);
      expect(mid.length).toBeGreaterThan(0);
      // Formerly: 0.54 and up to 3 joints above 0.1 at mid-bone.
      expect(minWeightOf(skin, mid, [i])).toBeGreaterThan(0.8);
      for (const v of mid) expect(influences(skin, v, 6)).toBe(1);
    }
  });

  it('gives a foot kept as its own root (an IK foot) the part below it, not the shin bone running into it', () => {
    const leg = capsule([0, 0, 0], [0, 1, 0], 0.08, { rows: 24 });
    const chain = skeletonOf([['hip', null, [0, 1, 0]], ['knee', 'hip', [0, 0.6, 0]], ['foot', null, [0, 0.25, 0]]]);
    const skin = computeSkinWeights(leg, chain, GEODESIC);
    // Formerly 0: the knee's leaf extension ran on through the foot joint to the sole.
    expect(minWeightOf(skin, verticesWhere(leg, (_x, y) => y < 0.15), [2])).toBeGreaterThan(0.9);
  });
});

describe('computeSkinWeights: heat aims leaf bones at their part', () => {
  // A head hanging below the neck line (a bull's): a leaf bone continuing the neck would point
  // into the air ahead of the head, about as far from the muzzle as the neck bone's end is.
  const body = mergeMeshes([capsule([0, 1, 0], [0.5, 1, 0], 0.08, { rows: 24 }), capsule([0.5, 0.98, 0], [0.56, 0.55, 0], 0.12, { rows: 24 })]);
  const chain = skeletonOf([['chest', null, [0, 1, 0]], ['neck', 'chest', [0.25, 1, 0]], ['head', 'neck', [0.5, 1, 0]]]);
  const muzzle = verticesWhere(body, (_x, y) => y < 0.65);

  it('gives a head that hangs below the neck line to the head joint', () => {
    const skin = computeSkinWeights(body, chain, { method: 'heat' });
    expectValid(skin, body.positions.length / 3, 3);
    expect(muzzle.length).toBeGreaterThan(0);
    expect(minWeightOf(skin, muzzle, [2])).toBeGreaterThan(0.95);
  });

  it('shares it with the neck when the leaf bone only continues its parent (aimLeaves: false)', () => {
    // Measured: head 0.54, neck 0.46 at the worst muzzle vertex.
    const skin = computeSkinWeights(body, chain, { method: 'heat', aimLeaves: false });
    expect(maxWeightOf(skin, muzzle, [1])).toBeGreaterThan(0.3);
  });

  // A low-poly man: the hands are leaves of the pelvis at the shoulders beside a chest leaf, and a
  // big head sits over the shoulders. Aimed at the part nearer it than the chest's joint, a hand's
  // bone pointed up into the head; the chest's extension to the crown now claims the head.
  const man = mergeMeshes([
    capsule([0, 0.1, 0], [0, 0.9, 0], 0.3, { rows: 24 }), capsule([0, 1.15, 0], [0, 1.45, 0], 0.55, { rows: 24 }),
    capsule([0.25, 0.8, 0], [1.3, 0.75, 0], 0.12, { rows: 24 }), capsule([-0.25, 0.8, 0], [-1.3, 0.75, 0], 0.12, { rows: 24 }),
  ]);
  const pelvisLeaves = skeletonOf([['pelvis', null, [0, 0.15, 0]], ['chest', 'pelvis', [0, 0.8, 0]], ['handL', 'pelvis', [0.45, 0.8, 0]], ['handR', 'pelvis', [-0.45, 0.8, 0]]]);

  it('aims a shoulder leaf beside a chest leaf along its arm, not into the head over it', () => {
    const grid = voxelizeWithinBudget(man.positions, man.indices, 128);
    const { segments } = placeBoneSegments(pelvisLeaves, grid, { leafJoints: 'extend', aimLeaves: true, leafTips: [], aimPartMargin: COMPUTE_SKIN_WEIGHTS_DEFAULTS.aimPartMargin });
    const hand = segments.find((s) => s.joint === 2)!;
    // Measured: (0.35, 0.18) from the joint, out along the arm; before, (0.03, 0.94): into the head.
    expect(hand.b[0] - hand.a[0]).toBeGreaterThan(hand.b[1] - hand.a[1]);
  });

  // A toy man whose legs are roots of their own, with no parent and no child (as some low-poly
  // artists rig them): each is a lone point, whose heat bone Blender points up into the body.
  const toy = mergeMeshes([
    capsule([0, 0.5, 0], [0, 1.3, 0], 0.3, { rows: 24 }),
    capsule([0.15, 0.55, 0], [0.15, -0.5, 0], 0.1, { rows: 24 }), capsule([-0.15, 0.55, 0], [-0.15, -0.5, 0], 0.1, { rows: 24 }),
  ]);
  const loneLegs = skeletonOf([['body', null, [0, 0.6, 0]], ['chest', 'body', [0, 1.2, 0]], ['legL', null, [0.15, 0.45, 0]], ['legR', null, [-0.15, 0.45, 0]]]);

  it('aims a lone root joint at its part like a leaf (a leg down its leg), unless a chain runs into it', () => {
    const grid = voxelizeWithinBudget(toy.positions, toy.indices, 128);
    const opts = { leafJoints: 'extend' as const, aimLeaves: true, leafTips: [], aimPartMargin: COMPUTE_SKIN_WEIGHTS_DEFAULTS.aimPartMargin };
    const aimed = placeBoneSegments(loneLegs, grid, { ...opts, aimLoneRoots: true }).segments.find((s) => s.joint === 2)!;
    expect(aimed.b[1] - aimed.a[1]).toBeLessThan(-0.1);
    expect(Math.abs(aimed.b[0] - aimed.a[0])).toBeLessThan(0.05);
    const point = placeBoneSegments(loneLegs, grid, { ...opts, aimLoneRoots: false }).segments.find((s) => s.joint === 2)!;
    expect(point.b).toEqual(point.a);
  });

  // A leg whose foot is an IK root at the hoof: the shin, a leaf, runs to it when the foot has a
  // bone of its own (a toe), as the artists' shins do; a lone foot joint owns what lies around it.
  const leg = mergeMeshes([capsule([0, 0.1, 0], [0, 1, 0], 0.06, { rows: 32 }), capsule([0, 0.05, 0], [0, 0.05, 0.2], 0.05, { rows: 12 })]);
  const aboveHoof = verticesWhere(leg, (_x, y, z) => y > 0.2 && y < 0.3 && z < 0.07);

  it('runs a shin into an IK foot that has a toe', () => {
    const chain = skeletonOf([['hip', null, [0, 1, 0]], ['knee', 'hip', [0, 0.6, 0]], ['foot', null, [0, 0.15, 0]], ['toe', 'foot', [0, 0.05, 0.15]]]);
    const skin = computeSkinWeights(leg, chain, { method: 'heat' });
    expect(aboveHoof.length).toBeGreaterThan(0);
    // Measured before: the foot held these (its bone starts at 0.15; the shin's ended at 0.4).
    expect(minWeightOf(skin, aboveHoof, [1])).toBeGreaterThan(0.8);
  });

  it('leaves a lone foot joint the part around it', () => {
    const chain = skeletonOf([['hip', null, [0, 1, 0]], ['knee', 'hip', [0, 0.6, 0]], ['foot', null, [0, 0.15, 0]]]);
    const skin = computeSkinWeights(leg, chain, { method: 'heat' });
    expect(maxWeightOf(skin, aboveHoof, [2])).toBeGreaterThan(0.5);
  });
});
