import {
  EngineError,
  quatFromAxisAngle,
  quatRotate,
  readAnimationClip,
  sampleTrack,
  writeFbx,
  writeGlb,
  type AnimationClip,
  type Mesh,
  type Skeleton,
  type Vec3,
} from '@rigforge/mesh';
import { buildHumanoidClip } from '@rigforge/mesh/testing';
import { RIG_STAGES } from '@rigforge/vocabulary';
import { fitSkeleton } from '../src/fit-skeleton';
import { forwardKinematics } from '../src/retarget/pose-math';
import { quadrupedJointRole } from '../src/retarget/quadruped-joint-role';
import { retargetClip } from '../src/retarget-clip';
import { rigMesh } from '../src/rig-mesh';
import { buildCreature, buildHumanoidWalk, buildQuadrupedWalk, measureFootContact } from '../testing';

/** An animation download with several clips on the Mixamo-named humanoid skeleton. */
async function clipFile(clips: AnimationClip[], format: 'glb' | 'fbx'): Promise<Uint8Array> {
  const { skeleton } = buildHumanoidClip();
  const mesh: Mesh = { positions: new Float32Array([-0.1, 0.9, 0, 0.1, 0.9, 0, 0, 1.1, 0]), indices: new Uint32Array([0, 1, 2]), groups: [], materials: [] };
  const skin = { joints: new Uint16Array(12), weights: Float32Array.from({ length: 12 }, (_, i) => (i % 4 === 0 ? 1 : 0)) };
  return format === 'glb' ? writeGlb(mesh, { rig: { skeleton, skin }, animations: clips }) : writeFbx(mesh, { rig: { skeleton, skin }, animations: clips });
}

const THREE_CLIPS = (): AnimationClip[] => [
  { ...buildHumanoidClip({ elbowBendDegrees: 20, hipsDrop: 0 }).clip, name: 'idle' },
  buildHumanoidWalk('walk'),
  buildHumanoidWalk('run', { swing: 40, knee: 80, speed: 3 }),
];

/** World joint positions of a retargeted clip at time t (its skeleton's rest pose and tracks). */
function positionsAt(clip: AnimationClip, t: number): Vec3[] {
  const local = clip.skeleton.map((j) => ({ translation: [...j.rest.translation] as Vec3, rotation: [...j.rest.rotation] as [number, number, number, number], scale: [...j.rest.scale] as Vec3 }));
  for (const track of clip.tracks) {
    const v = sampleTrack(track, t);
    if (track.path === 'rotation') local[track.joint]!.rotation = [v[0]!, v[1]!, v[2]!, v[3]!];
    if (track.path === 'translation') local[track.joint]!.translation = [v[0]!, v[1]!, v[2]!];
  }
  return forwardKinematics(clip.skeleton, local).map((w) => w.position);
}

describe('rigMesh: every clip of the animation file', () => {
  let input: Uint8Array;
  beforeAll(async () => {
    input = await writeGlb(buildCreature('biped', 0.3).mesh);
  });

  test.each(['glb', 'fbx'] as const)('a %s file of 3 clips gives one animation per clip in GLB and FBX output, names and lengths kept', async (format) => {
    const animation = await clipFile(THREE_CLIPS(), format);
    for (const outputFormat of ['glb', 'fbx'] as const) {
      const stages: string[] = [];
      const result = await rigMesh(input, { animation, outputFormat, thumbnailSize: 32, onStage: (s) => void stages.push(s) });
      expect(stages).toEqual([...RIG_STAGES]); // with clips, every stage, the retarget among them
      expect(result.report.animations).toBe(3);
      expect(result.report.clips?.map((c) => c.name)).toEqual(['idle', 'walk', 'run']);
      const back = await readAnimationClip(result.model);
      expect(back.map((c) => c.name)).toEqual(['idle', 'walk', 'run']);
      back.forEach((c, i) => {
        expect(c.duration).toBeCloseTo(THREE_CLIPS()[i]!.duration, 3);
        expect(c.tracks.filter((t) => t.path === 'rotation').length).toBeGreaterThan(10);
      });
      // The walk's hips advance 1.2 m/s scaled by the hip-height ratio: the clips are not copies of one another.
      const hips = (c: AnimationClip): number => positionsAt(c, c.duration)[c.skeleton.findIndex((j) => j.name === 'hips')]![2];
      expect(hips(back[2]!)).toBeGreaterThan(2 * hips(back[1]!));
    }
  });

  test('animation_clips keeps only the named clips, in the file\'s order; an unknown name is invalid_input listing the clips', async () => {
    const animation = await clipFile(THREE_CLIPS(), 'glb');
    const some = await rigMesh(input, { animation, animationClips: ['run', 'idle'], thumbnailSize: 32 });
    expect((await readAnimationClip(some.model)).map((c) => c.name)).toEqual(['idle', 'run']);
    const error = await rigMesh(input, { animation, animationClips: ['jump'] }).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ code: 'invalid_input', message: 'animation_clips: "jump" is not in the animation file; its clips are "idle", "walk", "run"' });
  });
});

describe('retargetClip: feet, up axis and quadrupeds', () => {
  let biped: Skeleton;
  let quadruped: Skeleton;
  beforeAll(() => {
    biped = fitSkeleton(buildCreature('biped').mesh, 'biped').skeleton;
    quadruped = fitSkeleton(buildCreature('quadruped').mesh, 'quadruped').skeleton;
  });

  /**
   * The biped with big feet (toes three times as far ahead of the ankles) and long thighs (knees
   * lowered 40% of the way to the ankles): proportions unlike the clip's, whose toes then dip when
   * a leg swings forward.
   */
  const longThighs = (s: Skeleton): Skeleton => ({
    joints: s.joints.map((j) => {
      const p = s.joints[j.parent]?.position;
      if (/_toes$/.test(j.name) && p) return { ...j, position: [p[0] + 3 * (j.position[0] - p[0]), j.position[1], p[2] + 3 * (j.position[2] - p[2])] as Vec3 };
      if (!/_lower_leg$/.test(j.name)) return j;
      const ankle = s.joints.find((c) => c.parent === s.joints.indexOf(j))!.position;
      return { ...j, position: [j.position[0], j.position[1] - 0.4 * (j.position[1] - ankle[1]), j.position[2]] as Vec3 };
    }),
  });

  test('foot contact on a 31-frame walk: the target\'s feet go no lower below the floor than the clip\'s own (which never dip)', () => {
    const walk = buildHumanoidWalk();
    expect(measureFootContact(walk, 'biped').below).toBeLessThan(1e-6);
    const target = longThighs(biped);
    const up = { source: [0, 1, 0] as Vec3, target: [0, 1, 0] as Vec3 };
    // Without the lift the long-thighed target's stance foot sinks (the case to fix)...
    const unlifted = measureFootContact(retargetClip(walk, target, { up, keepFeetAboveFloor: false }).clip, 'biped');
    expect(unlifted.below).toBeGreaterThan(0.01);
    // ...with it, no frame goes below the floor, on the plain and the long-thighed biped.
    for (const skeleton of [biped, target]) {
      const result = retargetClip(walk, skeleton, { up });
      const measured = measureFootContact(result.clip, 'biped');
      expect(measured.frames).toBe(31);
      expect(measured.below).toBeLessThan(1e-4);
      expect(result.floor!.targetBelow).toBeLessThan(1e-6);
    }
  });

  test('a clip whose own feet dip keeps that dip on the target, not more', () => {
    // The elbow-bend clip sinks its hips 10 cm with straight legs: its feet go 5.6% of height under the floor.
    // Compared in hip heights (hips above the toes: 0.98 m in the clip), the scale retargeting uses.
    const { clip } = buildHumanoidClip({ hipsDrop: 0.1 });
    const source = measureFootContact(clip, 'biped');
    expect(source.below).toBeGreaterThan(0.05);
    const result = retargetClip(clip, longThighs(biped), { up: { source: [0, 1, 0], target: [0, 1, 0] } });
    const target = measureFootContact(result.clip, 'biped');
    expect((target.below * target.height) / result.floor!.hipHeight).toBeLessThanOrEqual((source.below * source.height) / 0.98 + 1e-3);
  });

  test.each([
    ['biped', () => buildHumanoidWalk(), () => biped],
    ['quadruped', () => buildQuadrupedWalk(), () => quadruped],
  ] as const)('a %s target stored lying down (+Z up) gets the same motion as upright, turned: hip height, root motion, feet', (plan, clip, skeleton) => {
    const turn = quatFromAxisAngle([1, 0, 0], Math.PI / 2); // +Y → +Z
    const upright = skeleton();
    const lying: Skeleton = { joints: upright.joints.map((j) => ({ ...j, position: quatRotate(turn, j.position) })) };
    const a = retargetClip(clip(), upright, { bodyPlan: plan, up: { source: [0, 1, 0], target: [0, 1, 0] } });
    // Up given (as rigMesh knows it) and estimated from the legs: both match the upright result.
    for (const up of [{ source: [0, 1, 0] as Vec3, target: [0, 0, 1] as Vec3 }, undefined]) {
      const b = retargetClip(clip(), lying, { bodyPlan: plan, ...(up ? { up } : {}) });
      const tolerance = up ? 1e-4 : 0.05; // the estimate from a fitted skeleton's legs is off by a degree or two
      for (const t of [0, 0.3, 0.5, 1]) {
        const pa = positionsAt(a.clip, t);
        const pb = positionsAt(b.clip, t);
        pa.forEach((p, k) => quatRotate(turn, p).forEach((v, c) => expect(Math.abs(v - pb[k]![c]!)).toBeLessThan(tolerance * (1 + Math.abs(v)))));
      }
      expect(measureFootContact(b.clip, plan, [0, 0, 1]).below).toBeLessThan(up ? 1e-4 : 0.02);
    }
  });

  test('a four-legged walk onto the quadruped rig, by joint role: every leg segment driven, the body walks forward, feet stay up', () => {
    const walk = buildQuadrupedWalk();
    const result = retargetClip(walk, quadruped, { bodyPlan: 'quadruped', up: { source: [0, 1, 0], target: [0, 1, 0] } });
    const driven = new Set(result.mapped.map((m) => m.target));
    for (const leg of ['front_left', 'front_right', 'back_left', 'back_right']) {
      for (const seg of ['upper_leg', 'lower_leg', 'foot', 'toe']) expect(driven).toContain(`${leg}_${seg}`);
    }
    for (const j of ['hips', 'spine_1', 'spine_2', 'chest', 'neck', 'head', 'tail_1', 'tail_2']) expect(driven).toContain(j);
    expect(result.mapped.every((m) => quadrupedJointRole(m.source) === m.target)).toBe(true);
    // Root motion: 0.8 m over the second, scaled by the hip-height ratio, along the target's forward (+Z).
    const hips = quadruped.joints.findIndex((j) => j.name === 'hips');
    const ratio = result.floor!.hipHeight / (0.62 - 0.01);
    const travel = positionsAt(result.clip, 1)[hips]![2] - positionsAt(result.clip, 0)[hips]![2];
    expect(travel).toBeCloseTo(0.8 * ratio, 2);
    // The legs swing: the front-left foot moves back and forth relative to the hips by a fair part of a stride.
    const foot = quadruped.joints.findIndex((j) => j.name === 'front_left_foot');
    const rel = [0, 0.25, 0.5, 0.75].map((t) => positionsAt(result.clip, t)[foot]![2] - positionsAt(result.clip, t)[hips]![2]);
    expect(Math.max(...rel) - Math.min(...rel)).toBeGreaterThan(0.2 * result.floor!.hipHeight);
    expect(measureFootContact(result.clip, 'quadruped').below).toBeLessThan(1e-4);
  });

  test('quadruped joint names from biped-template, Blender and our own rigs map to our quadruped roles', () => {
    const cases: Array<[string, string | null]> = [
      ['front_left_upper_leg', 'front_left_upper_leg'], ['FrontLeftUpperLeg', 'front_left_upper_leg'], ['LeftForeArm', 'front_left_lower_leg'],
      ['Bip01 L UpperArm', 'front_left_upper_leg'], ['Bip01 L Hand', 'front_left_foot'], ['Bip01 L Finger0', 'front_left_toe'],
      ['Bip01 R Thigh', 'back_right_upper_leg'], ['Bip01 R Calf', 'back_right_lower_leg'], ['Bip01 R Toe0', 'back_right_toe'],
      ['Hind_Leg_Upper.L', 'back_left_upper_leg'], ['hind_foot.L', 'back_left_foot'], ['Bip01 Pelvis', 'hips'], ['Spine', 'spine_1'], ['Spine1', 'spine_2'], ['spine_03', 'chest'],
      ['Tail3', 'tail_3'], ['tail_01', 'tail_1'], ['Bip01 Head', 'head'], ['HorseLink', null], ['back', null],
    ];
    for (const [name, role] of cases) expect([name, quadrupedJointRole(name)]).toEqual([name, role]);
  });
});
