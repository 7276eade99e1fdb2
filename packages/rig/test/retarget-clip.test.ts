import { EngineError, readAnimationClip, writeGlb, quatFromAxisAngle, quatMultiply, quatRotate, sampleTrack, type AnimationClip, type Quat, type Skeleton, type Vec3 } from '@rigforge/mesh';
import { buildHumanoidClip, buildHumanoidClipGlb } from '@rigforge/mesh/testing';
import { fitSkeleton } from '../src/fit-skeleton';
import { buildCreature } from '../testing/build-creature';
import { bipedJointRole } from '../src/retarget/biped-joint-role';
import { retargetClip, type RetargetResult } from '../src/retarget-clip';
import { rigMesh } from '../src/rig-mesh';

// gltf-validator ships no types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const validator = require('gltf-validator') as {
  validateBytes(bytes: Uint8Array, options?: Record<string, unknown>): Promise<{ issues: { numErrors: number; messages: { message: string; severity: number }[] } }>;
};

let target: Skeleton;
beforeAll(() => {
  target = fitSkeleton(buildCreature('biped').mesh, 'biped').skeleton;
});

/** World rotations and positions of the target at time t (rest rotations are identity). */
function pose(result: RetargetResult, skeleton: Skeleton, t: number): { rot: Quat[]; pos: Vec3[] } {
  const rot: Quat[] = [];
  const pos: Vec3[] = [];
  skeleton.joints.forEach((j, k) => {
    let local: Quat = [0, 0, 0, 1];
    let offset: Vec3 = j.parent >= 0 ? sub(j.position, skeleton.joints[j.parent]!.position) : j.position;
    for (const track of result.clip.tracks.filter((x) => x.joint === k)) {
      const v = sampleTrack(track, t);
      if (track.path === 'rotation') local = [v[0]!, v[1]!, v[2]!, v[3]!];
      if (track.path === 'translation') offset = [v[0]!, v[1]!, v[2]!];
    }
    if (j.parent < 0) {
      rot[k] = local;
      pos[k] = offset;
    } else {
      rot[k] = quatMultiply(rot[j.parent]!, local);
      const o = quatRotate(rot[j.parent]!, offset);
      pos[k] = [pos[j.parent]![0] + o[0], pos[j.parent]![1] + o[1], pos[j.parent]![2] + o[2]];
    }
  });
  return { rot, pos };
}

function sub(a: Readonly<Vec3>, b: Readonly<Vec3>): Vec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}
function unit(v: Vec3): Vec3 {
  const l = Math.hypot(...v);
  return [v[0] / l, v[1] / l, v[2] / l];
}
function angleDeg(a: Vec3, b: Vec3): number {
  const u = unit(a), v = unit(b);
  return (Math.acos(Math.max(-1, Math.min(1, u[0] * v[0] + u[1] * v[1] + u[2] * v[2]))) * 180) / Math.PI;
}
const index = (name: string) => target.joints.findIndex((j) => j.name === name);

describe('retargetClip', () => {
  test('a 90° Mixamo elbow bend turns the biped forearm 90° forward about −Y; the hips sink by the hip-height ratio', () => {
    const { clip } = buildHumanoidClip({ names: 'mixamo', restRotations: true, elbowBendDegrees: 90, hipsDrop: 0.1 });
    const result = retargetClip(clip, target);
    expect(result.mapped).toHaveLength(22);
    expect(result.mapped).toContainEqual({ source: 'mixamorig:LeftForeArm', target: 'left_lower_arm' });
    expect(result.mapped).toContainEqual({ source: 'mixamorig:Spine2', target: 'upper_chest' });
    expect(result.unmappedSource.sort()).toEqual(['mixamorig:HeadTop_End', 'mixamorig:LeftHandIndex1']);
    expect(result.unmappedTarget).toEqual([]);
    expect(result.clip.duration).toBeCloseTo(1, 6);
    expect(result.clip.tracks.every((t) => t.times.length === 31 && t.times[30] === 1)).toBe(true);

    const elbow = index('left_lower_arm');
    const wrist = index('left_hand');
    const shoulder = index('left_upper_arm');
    const start = pose(result, target, 0);
    const end = pose(result, target, 1);
    const forearm0 = sub(start.pos[wrist]!, start.pos[elbow]!);
    const forearm1 = sub(end.pos[wrist]!, end.pos[elbow]!);
    // At rest the target forearm keeps pointing out along +X (the clip's rest is a T-pose too).
    expect(angleDeg(forearm0, [1, 0, 0])).toBeLessThan(10);
    expect(angleDeg(forearm0, forearm1)).toBeGreaterThan(85);
    expect(angleDeg(forearm0, forearm1)).toBeLessThan(95);
    expect(angleDeg(forearm1, [0, 0, 1])).toBeLessThan(10); // forward, the character's front
    const axis = unit([
      forearm0[1] * forearm1[2] - forearm0[2] * forearm1[1],
      forearm0[2] * forearm1[0] - forearm0[0] * forearm1[2],
      forearm0[0] * forearm1[1] - forearm0[1] * forearm1[0],
    ]);
    expect(angleDeg(axis, [0, -1, 0])).toBeLessThan(10);
    // The upper arm does not move, the elbow stays where it was.
    expect(Math.hypot(...sub(end.pos[elbow]!, start.pos[elbow]!))).toBeLessThan(0.02 + 0.1);
    expect(angleDeg(sub(end.pos[elbow]!, end.pos[shoulder]!), sub(start.pos[elbow]!, start.pos[shoulder]!))).toBeLessThan(1);
    // Hips: source hip height 0.98 m (hips 1.0 above toes 0.02), sinks 0.1 m.
    const hips = index('hips');
    const tgtLow = Math.min(...target.joints.map((j) => j.position[1]));
    const ratio = (target.joints[hips]!.position[1] - tgtLow) / 0.98;
    expect(start.pos[hips]![1]).toBeCloseTo(target.joints[hips]!.position[1], 5);
    // Within 1%: the frame alignment tilts the drop slightly when the fitted head is off the vertical.
    expect(Math.abs(start.pos[hips]![1] - end.pos[hips]![1] - 0.1 * ratio)).toBeLessThan(0.001 * ratio);
  });

  test('Unity Humanoid names and Mixamo names give the same result', () => {
    const mixamo = retargetClip(buildHumanoidClip({ names: 'mixamo' }).clip, target);
    const unity = retargetClip(buildHumanoidClip({ names: 'unity' }).clip, target);
    expect(unity.mapped.map((m) => m.target)).toEqual(mixamo.mapped.map((m) => m.target));
    expect(unity.clip.tracks.length).toBe(mixamo.clip.tracks.length);
    unity.clip.tracks.forEach((t, i) => {
      const m = mixamo.clip.tracks[i]!;
      expect(t.joint).toBe(m.joint);
      Array.from(t.values).forEach((v, k) => expect(v).toBeCloseTo(m.values[k]!, 5));
    });
  });

  test('a clip facing −Z under a scaled armature (Blender-style export) retargets like the plain one', () => {
    const { clip } = buildHumanoidClip({ restRotations: true });
    const turn = quatFromAxisAngle([0, 1, 0], Math.PI);
    const wrapped: AnimationClip = {
      ...clip,
      skeleton: [
        { name: 'Armature', parent: -1, rest: { translation: [0, 0, 0], rotation: turn, scale: [0.01, 0.01, 0.01] } },
        ...clip.skeleton.map((j) => ({
          ...j,
          parent: j.parent + 1,
          rest: { ...j.rest, translation: j.rest.translation.map((v) => v * 100) as Vec3 },
        })),
      ],
      tracks: clip.tracks.map((t) => ({ ...t, joint: t.joint + 1, values: t.path === 'translation' ? t.values.map((v) => v * 100) : t.values })),
    };
    const plain = retargetClip(clip, target);
    const turned = retargetClip(wrapped, target);
    expect(turned.unmappedSource).toContain('Armature');
    turned.clip.tracks.forEach((t, i) => {
      const p = plain.clip.tracks[i]!;
      expect(t.joint).toBe(p.joint);
      Array.from(t.values).forEach((v, k) => expect(v).toBeCloseTo(p.values[k]!, 3));
    });
  });

  test('an A-pose clip onto the T-pose biped: at the clip\'s rest the arms hang 45° like the source\'s', () => {
    const { clip } = buildHumanoidClip({ elbowBendDegrees: 0, hipsDrop: 0 });
    const arm = clip.skeleton.findIndex((j) => j.name === 'mixamorig:LeftArm');
    clip.skeleton[arm]!.rest.rotation = quatFromAxisAngle([0, 0, 1], -Math.PI / 4);
    const aligned = retargetClip(clip, target);
    expect(aligned.warnings.join(' ')).toMatch(/rest poses differ \(upper arm \d+° apart/);
    const rest = pose(aligned, target, 0);
    const upper = sub(rest.pos[index('left_lower_arm')]!, rest.pos[index('left_upper_arm')]!);
    expect(angleDeg(upper, [1, -1, 0])).toBeLessThan(8);
    const fore = sub(rest.pos[index('left_hand')]!, rest.pos[index('left_lower_arm')]!);
    expect(angleDeg(fore, [1, -1, 0])).toBeLessThan(8);
    // Without alignment the target keeps its own rest (T-)pose at the clip's rest.
    const raw = pose(retargetClip(clip, target, { alignRestPose: false }), target, 0);
    const j = (name: string) => target.joints[index(name)]!.position;
    expect(angleDeg(sub(raw.pos[index('left_lower_arm')]!, raw.pos[index('left_upper_arm')]!), sub(j('left_lower_arm'), j('left_upper_arm')))).toBeLessThan(1);
  });

  test('no matching joint names: invalid_input naming the clip joints', () => {
    const { clip } = buildHumanoidClip();
    const anonymous = { ...clip, skeleton: clip.skeleton.map((j, i) => ({ ...j, name: `bone_${i}` })) };
    let error: unknown;
    try {
      retargetClip(anonymous, target);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('invalid_input');
    expect((error as EngineError).message).toMatch(/no joint of the clip matches a humanoid joint name.*"bone_0"/);
  });

  test('joint names from Mixamo, Unity, Unreal, Blender and VRM rigs map to our biped names', () => {
    const cases: Array<[string, string | null]> = [
      ['mixamorig:Hips', 'hips'], ['mixamorig:Spine1', 'chest'], ['mixamorig:Spine2', 'upper_chest'],
      ['mixamorig:LeftArm', 'left_upper_arm'], ['mixamorig:RightForeArm', 'right_lower_arm'],
      ['mixamorig:LeftUpLeg', 'left_upper_leg'], ['mixamorig:LeftLeg', 'left_lower_leg'], ['mixamorig:LeftToeBase', 'left_toes'],
      ['LeftUpperArm', 'left_upper_arm'], ['RightLowerLeg', 'right_lower_leg'], ['UpperChest', 'upper_chest'], ['LeftToes', 'left_toes'],
      ['upperarm_l', 'left_upper_arm'], ['calf_r', 'right_lower_leg'], ['thigh_l', 'left_upper_leg'], ['clavicle_r', 'right_shoulder'],
      ['spine_01', 'spine'], ['spine_03', 'upper_chest'], ['pelvis', 'hips'], ['forearm.L', 'left_lower_arm'],
      ['J_Bip_L_UpperArm', 'left_upper_arm'], ['left_lower_arm', 'left_lower_arm'],
      ['Armature', null], ['mixamorig:HeadTop_End', null],
      // Fingers (fitted when the hands have separable fingers); the thumb's first joint is its
      // metacarpal, Unity's ThumbProximal; Mixamo's "4" end sites drive nothing.
      ['mixamorig:LeftHandIndex1', 'left_index_proximal'], ['mixamorig:RightHandPinky3', 'right_little_distal'],
      ['mixamorig:LeftHandThumb1', 'left_thumb_metacarpal'], ['mixamorig:LeftHandIndex4', null],
      ['LeftThumbProximal', 'left_thumb_metacarpal'], ['RightLittleIntermediate', 'right_little_intermediate'],
      ['thumb_01_l', 'left_thumb_metacarpal'], ['middle_02_r', 'right_middle_intermediate'], ['f_ring.03.L', 'left_ring_distal'],
      ['left_thumb_proximal', 'left_thumb_proximal'], ['right_index_distal', 'right_index_distal'],
    ];
    for (const [name, role] of cases) expect([name, bipedJointRole(name)]).toEqual([name, role]);
  });
});

describe('rigMesh with an animation clip', () => {
  test('retargets the clip into a validator-clean GLB and reports it', async () => {
    const input = await writeGlb(buildCreature('biped').mesh);
    const animation = await buildHumanoidClipGlb();
    const result = await rigMesh(input, { animation, thumbnailSize: 64 });
    const report = await validator.validateBytes(result.model, { maxIssues: 20 });
    expect(report.issues.messages.filter((m) => m.severity === 0)).toEqual([]);
    expect(report.issues.numErrors).toBe(0);
    expect(result.report).toMatchObject({ animations: 1, retarget: { mapped: 22, unmapped: 2, unmappedTarget: [] } });
    expect(result.report.timingsMs.retarget).toBeGreaterThanOrEqual(0);
    const [clip] = await readAnimationClip(result.model);
    expect(clip!.name).toBe('elbow_bend');
    expect(clip!.skeleton).toHaveLength(22);
    expect(clip!.tracks.filter((t) => t.path === 'rotation')).toHaveLength(22);
    expect(clip!.tracks.filter((t) => t.path === 'translation').map((t) => clip!.skeleton[t.joint]!.name)).toEqual(['hips']);
  });

  test('retargets the clip into FBX output too', async () => {
    const input = await writeGlb(buildCreature('biped', 0.3).mesh);
    const result = await rigMesh(input, { outputFormat: 'fbx', animation: await buildHumanoidClipGlb(), thumbnailSize: 64 });
    expect(result.format).toBe('fbx');
    expect(result.report).toMatchObject({ animations: 1 });
    const [clip] = await readAnimationClip(result.model);
    expect(clip!.tracks.filter((t) => t.path === 'rotation').length).toBeGreaterThan(10);
  });

  test.each([
    [{ rigType: 'hexapod' as const }, /retargeted onto biped and quadruped skeletons, not rig type "hexapod"/],
  ])('refuses %p before any work with invalid_input', async (options, message) => {
    const input = await writeGlb(buildCreature('biped', 0.3).mesh);
    const error = await rigMesh(input, { ...options, animation: await buildHumanoidClipGlb() }).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ code: 'invalid_input', message: expect.stringMatching(message) });
  });

  test('a clip file without animation is unsupported_format', async () => {
    const input = await writeGlb(buildCreature('biped', 0.3).mesh);
    const error = await rigMesh(input, { animation: input }).then(() => null, (e: unknown) => e);
    expect(error).toMatchObject({ code: 'unsupported_format', message: expect.stringMatching(/no animation/) });
  });
});
