// Round bodies fitted as artists rig them: a ball-bodied walker (biped), a round flyer (avian) and
// a blob with stubby feet (others). Procedural shapes, so the suite needs no dev set.
import { computeSkinWeights } from '../src/compute-skin-weights';
import { fitSkeleton } from '../src/fit-skeleton';
import { capsule, ellipsoid, primitiveContains, primitivesToMesh, type Primitive } from '../testing/creature-primitives';

const inside = (prims: Primitive[], p: readonly number[]): boolean => prims.some((q) => primitiveContains(q, p, 0.01));

/** A ball on two bent legs, no arms and no neck. */
function ballWalker(): Primitive[] {
  const prims: Primitive[] = [ellipsoid([0, 0.6, 0], [0.4, 0.4, 0.4], 'body')];
  for (const s of [1, -1]) {
    prims.push(
      capsule([0.3 * s, 0.45, 0], [0.55 * s, 0.4, 0], 0.06, 'leg'),
      capsule([0.55 * s, 0.4, 0], [0.6 * s, 0.04, 0], 0.06, 'leg'),
    );
  }
  return prims;
}

describe('round bodies', () => {
  test('a ball-bodied walker without arms: the torso stacks up to the ball centre and the arm stand-ins stay in the ball', () => {
    const prims = ballWalker();
    const { mesh } = primitivesToMesh(prims);
    const r = fitSkeleton(mesh, 'biped');
    const at = (name: string) => r.skeleton.joints.find((j) => j.name === name)!.position;
    expect(r.report.warnings.join('\n')).toMatch(/arm not found/);
    expect(r.report.matchScore).toBeLessThan(0.8);
    // The head joint is the ball's centre (where a ball turns), not its top; the chain below it.
    expect(at('head')[1]).toBeGreaterThan(0.45);
    expect(at('head')[1]).toBeLessThan(0.75);
    for (const name of ['spine', 'chest', 'upper_chest', 'neck']) expect(at(name)[1]).toBeLessThanOrEqual(at('head')[1] + 1e-6);
    // Arm stand-ins: inside the ball, near its side, not reaching into the air.
    for (const side of ['left', 'right']) {
      for (const j of ['upper_arm', 'lower_arm', 'hand']) {
        const p = at(`${side}_${j}`);
        expect(inside(prims, p)).toBe(true);
        expect(Math.abs(p[0])).toBeGreaterThan(0.2);
      }
    }
  });

  test('a ball-bodied walker is skinned as one piece: its spine, head and arm stand-ins carry no weight, the hips own the ball', () => {
    const prims = ballWalker();
    const { mesh, vertexParts } = primitivesToMesh(prims);
    const r = fitSkeleton(mesh, 'biped');
    const names = r.skeleton.joints.map((j) => j.name);
    const standIns = r.standInJoints.map((j) => names[j]);
    expect(standIns).toEqual(expect.arrayContaining(['spine', 'head', 'left_upper_arm', 'right_hand']));
    expect(standIns).not.toContain('hips');
    expect(standIns.filter((n) => /leg|foot|toes/.test(n!))).toEqual([]);
    expect(r.report.warnings.join('\n')).toMatch(/one mass, skinned to the hips/);
    const skin = computeSkinWeights(mesh, r.skeleton, { nonDeformingJoints: r.standInJoints });
    const hips = names.indexOf('hips');
    const n = mesh.positions.length / 3;
    let bodyVertices = 0, minHips = 1;
    for (let v = 0; v < n; v++) {
      for (let s = 0; s < 4; s++) {
        if (skin.weights[4 * v + s]! > 0) expect(r.standInJoints).not.toContain(skin.joints[4 * v + s]);
      }
      // The ball's upper part (above where the legs leave it) is the hips' alone.
      if (vertexParts[v] !== 'body' || mesh.positions[3 * v + 1]! < 0.7) continue;
      bodyVertices++;
      let w = 0;
      for (let s = 0; s < 4; s++) if (skin.joints[4 * v + s] === hips) w += skin.weights[4 * v + s]!;
      minHips = Math.min(minHips, w);
    }
    expect(bodyVertices).toBeGreaterThan(30);
    // The legs' roots lie inside the ball, so its top keeps a little of them (up to ~0.2 here).
    expect(minHips).toBeGreaterThan(0.75);
  });

  test('a round flyer (a ball with stubby wings and feelers) gets its chain up the core and no leg or tail stand-ins', () => {
    const prims: Primitive[] = [ellipsoid([0, 0.5, 0], [0.45, 0.45, 0.45], 'body')];
    for (const s of [1, -1]) {
      prims.push(
        ellipsoid([0.6 * s, 0.55, -0.05], [0.3, 0.03, 0.15], 'wing'),
        capsule([0.15 * s, 0.9, 0.1], [0.3 * s, 1.25, 0.2], 0.025, 'feeler'),
      );
    }
    const { mesh } = primitivesToMesh(prims);
    const r = fitSkeleton(mesh, 'avian');
    const names = r.skeleton.joints.map((j) => j.name);
    const at = (name: string) => r.skeleton.joints.find((j) => j.name === name)!.position;
    expect(names).toEqual(expect.arrayContaining(['hips', 'spine', 'chest', 'neck', 'head', 'left_wing_1', 'right_wing_1']));
    expect(names.filter((n) => /leg|foot|toes|tail/.test(n))).toEqual([]);
    expect(r.report.warnings.join('\n')).toMatch(/left leg not found in the shape; none placed/);
    // Up the vertical column through the ball: from the ground to near its top, on the midline.
    expect(at('hips')[1]).toBeLessThan(0.2);
    expect(at('head')[1]).toBeGreaterThan(0.7);
    for (const name of ['hips', 'spine', 'chest', 'neck', 'head']) expect(Math.abs(at(name)[0])).toBeLessThan(0.02);
    for (let i = 1; i < 5; i++) expect(at(['hips', 'spine', 'chest', 'neck', 'head'][i]!)[1]).toBeGreaterThan(at(['hips', 'spine', 'chest', 'neck', 'head'][i - 1]!)[1]);
  });

  test('a stubby wing high on a big round body: its bone points at the wing\'s tip, so the plate is the wing\'s and the body is not', () => {
    const prims: Primitive[] = [ellipsoid([0, 0.6, 0], [0.6, 0.6, 0.55], 'body')];
    for (const s of [1, -1]) prims.push(ellipsoid([0.75 * s, 0.85, -0.05], [0.35, 0.03, 0.15], 'wing'));
    // Tessellated finely enough that the skinning grid (no finer than the mesh's short edges)
    // resolves the thin plate, which is what the traced tip is measured on.
    const { mesh, vertexParts } = primitivesToMesh(prims, 2);
    const r = fitSkeleton(mesh, 'avian');
    const names = r.skeleton.joints.map((j) => j.name);
    expect(r.leafTips.map((t) => names[t.joint]).sort()).toEqual(['left_wing_1', 'right_wing_1']);
    for (const t of r.leafTips) expect(Math.abs(t.tip[0])).toBeGreaterThan(1);
    // Share of each part's weight on the wing joints, with and without the traced tips (without,
    // the wing's bone is aimed at the centroid of what lies nearest it, mostly body).
    const onWings = (tips: typeof r.leafTips): { body: number; wing: number } => {
      // The geodesic weights without the piece and leaf rules, which measure the tip alone (the rules bind
      // each separate wing plate wholly to its wing joint, tips or not).
      const skin = computeSkinWeights(mesh, r.skeleton, { leafTips: tips, method: 'geodesic', rigidPieces: false, confineLeaves: false, leafPiecesOnChain: false, sideLeavesAhead: false, chainPieces: false });
      const sum = { body: 0, wing: 0 }, count = { body: 0, wing: 0 };
      for (let v = 0; v < mesh.positions.length / 3; v++) {
        const part = vertexParts[v] as 'body' | 'wing';
        count[part]++;
        for (let k = 0; k < 4; k++) if (/wing/.test(names[skin.joints[4 * v + k]!]!)) sum[part] += skin.weights[4 * v + k]!;
      }
      return { body: sum.body / count.body, wing: sum.wing / count.wing };
    };
    const aimed = onWings([]), tipped = onWings(r.leafTips);
    expect(tipped.wing).toBeGreaterThan(aimed.wing + 0.05);
    expect(tipped.wing).toBeGreaterThan(0.88);
    expect(tipped.body).toBeLessThanOrEqual(aimed.body);
  });

  test('a blob on stubby feet (others): a trunk up the body, no joints in the feet', () => {
    const prims: Primitive[] = [ellipsoid([0, 0.6, 0], [0.45, 0.5, 0.45], 'body')];
    for (const s of [1, -1]) for (const z of [0.2, -0.2]) prims.push(capsule([0.25 * s, 0.3, z], [0.35 * s, 0.04, z * 1.4], 0.07, 'foot'));
    const { mesh } = primitivesToMesh(prims);
    const r = fitSkeleton(mesh, 'others');
    expect(r.skeleton.joints.map((j) => j.name)).toEqual(['root', 'trunk_1', 'trunk_2', 'trunk_3']);
    expect(r.report.warnings).toEqual([]);
  });
});
