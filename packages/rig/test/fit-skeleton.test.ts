import { EngineError, type Mesh } from '@rigforge/mesh';
import { BODY_PLANS, type BodyPlan } from '../src/body-plan';
import { BIPED_JOINTS } from '../src/fit/fit-biped';
import { fitSkeleton } from '../src/fit-skeleton';
import { assessPlausibility } from '../src/fit/plausibility';
import { analyzeShape } from '../src/fit/shape-analysis';
import { SkeletonBuilder } from '../src/fit/skeleton-builder';
import type { Vec3 } from '../src/fit/vec3';
import { buildAPoseBiped, buildChibiBiped, buildClothedBiped, buildCreature } from '../testing/build-creature';
import { capsule, ellipsoid, primitivesToMesh } from '../testing/creature-primitives';
import { meshDiagonal, measureJointError } from '../testing/measure-joint-error';

/** Per-plan CD-J2J limits (fraction of the bbox diagonal); see README "Quality" for the reasoning. */
const CD_J2J_LIMIT: Record<BodyPlan, number> = {
  biped: 0.03,
  quadruped: 0.035,
  hexapod: 0.035,
  octopod: 0.025,
  avian: 0.025,
  serpentine: 0.035,
  aquatic: 0.05,
  others: 0.035,
};

const SYMMETRIC: BodyPlan[] = ['biped', 'quadruped', 'hexapod', 'octopod', 'avian', 'aquatic'];

describe('fitSkeleton on the procedural creatures', () => {
  const fits = new Map(BODY_PLANS.map((plan) => {
    const creature = buildCreature(plan);
    return [plan, { creature, result: fitSkeleton(creature.mesh, plan) }] as const;
  }));

  test.each(BODY_PLANS)('%s: CD-J2J under its limit, good match, parents first', (plan) => {
    const { creature, result } = fits.get(plan)!;
    const err = measureJointError(creature.truth, result.skeleton, creature.mesh);
    expect(err).toBeLessThan(CD_J2J_LIMIT[plan]);
    expect(result.report.matchScore).toBeGreaterThanOrEqual(0.8);
    expect(result.report.bodyPlan).toBe(plan);
    result.skeleton.joints.forEach((j, i) => {
      expect(j.parent).toBeLessThan(i);
      expect(j.parent).toBeGreaterThanOrEqual(i === 0 ? -1 : 0);
    });
    expect(new Set(result.skeleton.joints.map((j) => j.name)).size).toBe(result.skeleton.joints.length);
  });

  test.each(BODY_PLANS)('%s: every joint lies inside the volume', (plan) => {
    const { creature, result } = fits.get(plan)!;
    const outside = result.skeleton.joints.filter((j) => !creature.contains(j.position)).map((j) => j.name);
    expect(outside).toEqual([]);
  });

  test.each(SYMMETRIC)('%s: left/right joints mirror each other about x = 0', (plan) => {
    const { creature, result } = fits.get(plan)!;
    const diag = meshDiagonal(creature.mesh);
    const byName = new Map(result.skeleton.joints.map((j) => [j.name, j.position]));
    let pairs = 0;
    for (const [name, p] of byName) {
      if (!/(^|_)left(_|$)/.test(name)) continue;
      const q = byName.get(name.replace(/(^|_)left(_|$)/, '$1right$2'));
      expect(q).toBeDefined();
      pairs++;
      // Snapping into the voxel solid may move one side by up to a voxel.
      expect(Math.abs(p[0] + q![0]) / diag).toBeLessThan(0.01);
      expect(Math.abs(p[1] - q![1]) / diag).toBeLessThan(0.01);
      expect(Math.abs(p[2] - q![2]) / diag).toBeLessThan(0.01);
    }
    expect(pairs).toBeGreaterThan(0);
  });

  test('biped uses the documented humanoid joint names', () => {
    const names = fits.get('biped')!.result.skeleton.joints.map((j) => j.name).sort();
    expect(names).toEqual([...BIPED_JOINTS].sort());
    expect(fits.get('biped')!.result.skeleton.joints[0]!.name).toBe('hips');
  });

  test('serpentine gets a long chain of 12-24 joints', () => {
    const n = fits.get('serpentine')!.result.skeleton.joints.length;
    expect(n).toBeGreaterThanOrEqual(12);
    expect(n).toBeLessThanOrEqual(24);
  });

  test('aquatic finds the dorsal and both pectoral fins', () => {
    const names = fits.get('aquatic')!.result.skeleton.joints.map((j) => j.name);
    expect(names).toEqual(expect.arrayContaining(['dorsal_1', 'pectoral_left_1', 'pectoral_right_1', 'head', 'tail_4']));
  });
});

describe('fitSkeleton robustness', () => {
  test('an A-pose humanoid (arms 45° down) fits as well as the T-pose', () => {
    const c = buildAPoseBiped(1, 45);
    const r = fitSkeleton(c.mesh, 'biped');
    expect(measureJointError(c.truth, r.skeleton, c.mesh)).toBeLessThan(CD_J2J_LIMIT.biped);
    expect(r.skeleton.joints.filter((j) => !c.contains(j.position))).toEqual([]);
    expect(r.report.warnings).toEqual([]);
  });

  test('a body plan that does not match gives a poorer rig with a warning, not an error', () => {
    const snake = buildCreature('serpentine');
    const r = fitSkeleton(snake.mesh, 'biped');
    expect(r.skeleton.joints.length).toBe(BIPED_JOINTS.length);
    expect(r.report.matchScore).toBeLessThan(0.6);
    expect(r.report.warnings.length).toBeGreaterThan(0);
    const spider = buildCreature('octopod');
    const s = fitSkeleton(spider.mesh, 'biped');
    expect(s.report.matchScore).toBeLessThan(0.6);
  });

  test('a big-headed (chibi) humanoid whose head holds the thickest voxel still finds head and arms', () => {
    const c = buildChibiBiped();
    const r = fitSkeleton(c.mesh, 'biped');
    expect(measureJointError(c.truth, r.skeleton, c.mesh)).toBeLessThan(0.04);
    expect(r.report.warnings).toEqual([]);
    expect(r.skeleton.joints.filter((j) => !c.contains(j.position))).toEqual([]);
  });

  test('a low lizard with sprawling legs: the tail on the ground is not taken for a leg', () => {
    const prims = [
      capsule([0, 0.08, -0.2], [0, 0.08, 0.2], 0.07, 'torso'),
      ellipsoid([0, 0.09, 0.32], [0.06, 0.045, 0.09], 'head'),
      capsule([0, 0.07, -0.22], [0, 0.04, -0.45], 0.045, 'tail'),
      capsule([0, 0.04, -0.45], [0.05, 0.025, -0.75], 0.025, 'tail'),
    ];
    for (const s of [1, -1]) {
      for (const z of [0.15, -0.15]) {
        prims.push(
          capsule([0.05 * s, 0.07, z], [0.16 * s, 0.1, z], 0.025, 'leg'),
          capsule([0.16 * s, 0.1, z], [0.2 * s, 0.02, z + 0.02], 0.02, 'leg'),
          capsule([0.2 * s, 0.015, z + 0.02], [0.24 * s, 0.015, z + 0.06], 0.015, 'leg'),
        );
      }
    }
    const { mesh } = primitivesToMesh(prims);
    const r = fitSkeleton(mesh, 'quadruped');
    expect(r.report.warnings).toEqual([]);
    const at = (name: string) => r.skeleton.joints.find((j) => j.name === name)!.position;
    for (const fb of ['front', 'back']) for (const side of ['left', 'right']) expect(Math.abs(at(`${fb}_${side}_toe`)[0])).toBeGreaterThan(0.15);
    expect(at('tail_4')[2]).toBeLessThan(-0.6);
    expect(at('head')[2]).toBeGreaterThan(0.2);
  });

  test('a symmetric body in an asymmetric pose (left arm raised 40°) keeps the pose', () => {
    const c = buildCreature('biped');
    const pivot = [0.17, 1.4, 0];
    const a = (40 * Math.PI) / 180;
    const raise = (x: number, y: number): [number, number] => {
      const dx = x - pivot[0]!, dy = y - pivot[1]!;
      return [pivot[0]! + dx * Math.cos(a) - dy * Math.sin(a), pivot[1]! + dx * Math.sin(a) + dy * Math.cos(a)];
    };
    const positions = c.mesh.positions.slice();
    c.vertexParts.forEach((part, v) => {
      if (!['left_upper_arm', 'left_forearm', 'left_hand'].includes(part)) return;
      [positions[v * 3], positions[v * 3 + 1]] = raise(positions[v * 3]!, positions[v * 3 + 1]!);
    });
    const truth = {
      joints: c.truth.joints.map((j) => {
        if (!['left_upper_arm', 'left_lower_arm', 'left_hand'].includes(j.name)) return j;
        const [x, y] = raise(j.position[0], j.position[1]);
        return { ...j, position: [x, y, j.position[2]] as [number, number, number] };
      }),
    };
    const mesh: Mesh = { ...c.mesh, positions };
    const r = fitSkeleton(mesh, 'biped');
    expect(measureJointError(truth, r.skeleton, mesh)).toBeLessThan(CD_J2J_LIMIT.biped);
    const hand = r.skeleton.joints.find((j) => j.name === 'left_hand')!.position;
    const trueHand = truth.joints.find((j) => j.name === 'left_hand')!.position;
    expect(Math.hypot(hand[0] - trueHand[0], hand[1] - trueHand[1], hand[2] - trueHand[2])).toBeLessThan(0.1);
  });

  test.each(['quadruped', 'octopod'] as const)('%s with holes (every 15th triangle dropped) fits like the closed mesh', (plan) => {
    const c = buildCreature(plan);
    const keep: number[] = [];
    for (let t = 0; t < c.mesh.indices.length / 3; t++) if (t % 15 !== 7) keep.push(...c.mesh.indices.subarray(t * 3, t * 3 + 3));
    const open: Mesh = { ...c.mesh, indices: Uint32Array.from(keep) };
    const r = fitSkeleton(open, plan);
    expect(measureJointError(c.truth, r.skeleton, c.mesh)).toBeLessThan(CD_J2J_LIMIT[plan]);
    expect(r.report.matchScore).toBeGreaterThanOrEqual(0.8);
    expect(r.skeleton.joints.filter((j) => !c.contains(j.position))).toEqual([]);
  });

  test('positions come back in the mesh units (scale-invariant fit)', () => {
    const c = buildCreature('biped');
    const scaled: Mesh = { ...c.mesh, positions: c.mesh.positions.map((v) => v * 100) };
    const a = fitSkeleton(c.mesh, 'biped').skeleton;
    const b = fitSkeleton(scaled, 'biped').skeleton;
    b.joints.forEach((j, i) => {
      for (let k = 0; k < 3; k++) expect(j.position[k]! / 100).toBeCloseTo(a.joints[i]!.position[k]!, 3);
    });
  });

  test('unreferenced, non-finite and degenerate geometry is ignored', () => {
    const c = buildCreature('quadruped');
    const n = c.mesh.positions.length / 3;
    const positions = new Float32Array(c.mesh.positions.length + 9);
    positions.set(c.mesh.positions);
    positions.set([50, 50, 50, NaN, 0, 0, 1, 1, 1], c.mesh.positions.length);
    const indices = new Uint32Array(c.mesh.indices.length + 6);
    indices.set(c.mesh.indices);
    indices.set([n + 1, n + 2, 0, 0, 0, 1], c.mesh.indices.length); // NaN triangle, degenerate triangle
    const dirty: Mesh = { ...c.mesh, positions, indices };
    const err = measureJointError(c.truth, fitSkeleton(dirty, 'quadruped').skeleton, c.mesh);
    expect(err).toBeLessThan(CD_J2J_LIMIT.quadruped);
  });

  test('an unknown body plan is an invalid_input EngineError', () => {
    const c = buildCreature('others');
    expect(() => fitSkeleton(c.mesh, 'dragon' as BodyPlan)).toThrow(EngineError);
  });

  test('a mesh without (non-degenerate) triangles is an invalid_input EngineError', () => {
    const empty: Mesh = { positions: new Float32Array(9), indices: new Uint32Array(0), groups: [], materials: [] };
    expect(() => fitSkeleton(empty, 'biped')).toThrow(/no non-degenerate triangles/);
    const collinear: Mesh = { positions: Float32Array.from([0, 0, 0, 1, 0, 0, 2, 0, 0]), indices: Uint32Array.from([0, 1, 2]), groups: [], materials: [] };
    expect(() => fitSkeleton(collinear, 'others')).toThrow(EngineError);
  });
});

describe('fitSkeleton: joints where the anatomy is, and a wrong fit says so', () => {
  const jointY = (s: { joints: { name: string; position: readonly number[] }[] }, name: string): number => s.joints.find((j) => j.name === name)!.position[1]!;

  test.each(['shorts', 'skirt', 'belt'] as const)('a humanoid in %s gets its hips at the pelvis, not at the hem', (clothing) => {
    const c = buildClothedBiped(clothing);
    const r = fitSkeleton(c.mesh, 'biped');
    const trueHip = jointY(c.truth, 'left_upper_leg');
    // 6 cm on a 1.8 m body; the hem of the shorts is 20 cm below the hip, the skirt's 35 cm.
    expect(Math.abs(jointY(r.skeleton, 'left_upper_leg') - trueHip)).toBeLessThan(0.06);
    expect(Math.abs(jointY(r.skeleton, 'right_upper_leg') - trueHip)).toBeLessThan(0.06);
    expect(jointY(r.skeleton, 'left_lower_leg')).toBeLessThan(trueHip - 0.25);
    expect(r.report.warnings).toEqual([]);
    expect(measureJointError(c.truth, r.skeleton, c.mesh)).toBeLessThan(CD_J2J_LIMIT.biped);
  });

  test('a big-headed humanoid gets its hips at hip height, below the chest, without a warning', () => {
    const c = buildChibiBiped();
    const r = fitSkeleton(c.mesh, 'biped');
    const trueHip = jointY(c.truth, 'left_upper_leg');
    // Measured 8 cm high on this 1.23 m figure: its hips sit at 61% of the shoulder height, the
    // fitter's typical proportion is 67% (people); far from the mouth-level hips of a fit whose
    // legs follow the medial tree into a big head.
    expect(Math.abs(jointY(r.skeleton, 'left_upper_leg') - trueHip)).toBeLessThan(0.1);
    expect(jointY(r.skeleton, 'left_upper_leg')).toBeLessThan(jointY(r.skeleton, 'chest'));
    expect(jointY(r.skeleton, 'left_lower_leg')).toBeLessThan(trueHip);
    expect(r.report.warnings).toEqual([]);
  });

  test('a humanoid with a long tail gets a tail chain, and the tail is not taken for the head', () => {
    const c = buildCreature('biped');
    const prims = [...c.primitives, capsule([0, 0.92, -0.08], [0, 1.0, -0.9], 0.06, 'tail')];
    const { mesh } = primitivesToMesh(prims);
    const r = fitSkeleton(mesh, 'biped');
    const at = (name: string) => r.skeleton.joints.find((j) => j.name === name)?.position;
    expect(at('tail_4')?.[2]).toBeLessThan(-0.6);
    expect(at('head')?.[1]).toBeGreaterThan(1.5);
    expect(r.report.matchScore).toBeGreaterThanOrEqual(0.8);
    expect(r.report.warnings).toEqual([]);
  });

  test('a deliberately wrong skeleton (legs up through the torso, a joint in the air) lowers the score and warns', () => {
    const c = buildCreature('biped');
    const good = new SkeletonBuilder();
    for (const j of c.truth.joints) good.add(j.name, j.parent >= 0 ? c.truth.joints[j.parent]!.name : null, [...j.position] as Vec3);
    const before = new Map(good.names().map((n) => [n, [...good.get(n)] as Vec3]));
    const ok = assessPlausibility('biped', good, before, 0.03, 0, 2.5);
    expect(ok.warnings).toEqual([]);
    expect(ok.factor).toBe(1);
    const bad = new SkeletonBuilder();
    for (const j of c.truth.joints) {
      const p = [...j.position] as Vec3;
      // Hips at mouth level and knees above them: the legs run up through the torso.
      if (/upper_leg$/.test(j.name)) p[1] = 1.65;
      if (/lower_leg$/.test(j.name)) p[1] = 1.7;
      bad.add(j.name, j.parent >= 0 ? c.truth.joints[j.parent]!.name : null, p);
    }
    const moved = new Map(bad.names().map((n) => [n, [...bad.get(n)] as Vec3]));
    moved.set('left_hand', [2, 1.4, 0]); // placed 1.2 m out in the air, then snapped back
    const r = assessPlausibility('biped', bad, moved, 0.03, 0, 2.5);
    expect(r.factor).toBeLessThan(0.5);
    expect(r.warnings.join('\n')).toMatch(/outside the volume/);
    expect(r.warnings.join('\n')).toMatch(/legs run through the torso/);
    expect(r.warnings.join('\n')).toMatch(/implausible proportions/);
  });
});

describe('fitSkeleton with an analysis handed in', () => {
  const mesh = buildCreature('biped').mesh;
  const fresh = fitSkeleton(mesh, 'biped');

  test('the analysis of the same mesh at the same resolution gives the same skeleton', () => {
    const analysed = { mesh, resolution: 80, shape: analyzeShape(mesh, 80) };
    expect(fitSkeleton(mesh, 'biped', {}, undefined, analysed).skeleton).toEqual(fresh.skeleton);
  });

  test('it is read, not recomputed: an analysis handed in for this mesh is what the fit uses', () => {
    const other = buildCreature('quadruped').mesh;
    const analysed = { mesh, resolution: 80, shape: analyzeShape(other, 80) };
    expect(fitSkeleton(mesh, 'biped', {}, undefined, analysed).skeleton).not.toEqual(fresh.skeleton);
  });

  test('an analysis of another mesh or at another resolution is ignored', () => {
    const other = buildCreature('quadruped').mesh;
    expect(fitSkeleton(mesh, 'biped', {}, undefined, { mesh: other, resolution: 80, shape: analyzeShape(other, 80) }).skeleton).toEqual(fresh.skeleton);
    expect(fitSkeleton(mesh, 'biped', {}, undefined, { mesh, resolution: 64, shape: analyzeShape(mesh, 64) }).skeleton).toEqual(fresh.skeleton);
  });
});
