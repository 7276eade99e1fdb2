import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  EngineError,
  quatAngle,
  quatFromAxisAngle,
  quatInvert,
  quatMultiply,
  readAnimationClip,
  writeFbx,
  type AnimationClip,
  type Mesh,
  type Quat,
  type Skeleton,
  type SkinWeights,
} from '../src';
import { buildHumanoidClip } from '../testing';
import { eulerXyzNear, quatFromEulerXyz } from '../src/fbx-write/write-fbx-animation';
import { clipWorldPose, maxWorldMotionError } from './clip-world-pose';
import { child, childrenNamed, parseFbxBinary } from './fbx-test-parse';

const OUT = join(__dirname, '../../../test-output/write-fbx-animation');
mkdirSync(OUT, { recursive: true });
const HAS_ASSIMP = spawnSync('sh', ['-c', 'command -v assimp']).status === 0;
if (!HAS_ASSIMP) console.warn('write-fbx-animation: assimp not installed (apt-get install -y assimp-utils): assimp check skipped');

/** A box at the hips skinned to joint 0: enough mesh for a rigged file. */
function humanoidRig(): { mesh: Mesh; rig: { skeleton: Skeleton; skin: SkinWeights }; clip: AnimationClip } {
  const { clip, skeleton } = buildHumanoidClip();
  const p: number[] = [];
  for (const x of [-0.1, 0.1]) for (const y of [0.9, 1.1]) for (const z of [-0.1, 0.1]) p.push(x, y, z);
  const faces = [[0, 1, 3, 2], [4, 6, 7, 5], [0, 4, 5, 1], [2, 3, 7, 6], [0, 2, 6, 4], [1, 5, 7, 3]];
  const indices: number[] = [];
  for (const [a, b, c, d] of faces) indices.push(a!, b!, c!, a!, c!, d!);
  const weights = new Float32Array(32);
  for (let v = 0; v < 8; v++) weights[v * 4] = 1;
  return {
    mesh: { positions: new Float32Array(p), indices: new Uint32Array(indices), groups: [], materials: [] },
    rig: { skeleton, skin: { joints: new Uint16Array(32), weights } },
    clip,
  };
}

describe('Euler XYZ conversion', () => {
  test('quaternion → Euler → quaternion is the same rotation, gimbal lock included', () => {
    let seed = 3;
    const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
    const cases: Quat[] = [quatFromEulerXyz([0.3, Math.PI / 2, -1.2]), quatFromEulerXyz([0.3, -Math.PI / 2, 0.7])];
    for (let i = 0; i < 200; i++) cases.push(quatFromAxisAngle([rand() - 0.5, rand() - 0.5, rand() - 0.5], rand() * 2 * Math.PI));
    for (const q of cases) {
      const e = eulerXyzNear(q, null);
      expect(quatAngle(quatMultiply(quatInvert(q), quatFromEulerXyz(e)))).toBeLessThan(1e-6);
      const near = eulerXyzNear(q, [e[0] + 4 * Math.PI, e[1], e[2] - 2 * Math.PI]);
      expect(quatAngle(quatMultiply(quatInvert(q), quatFromEulerXyz(near)))).toBeLessThan(1e-6);
      // Unwrapped next to a far-off previous key: within half a turn on every axis.
      expect(Math.abs(near[0] - (e[0] + 4 * Math.PI))).toBeLessThanOrEqual(Math.PI + 1e-9);
    }
  });
});

describe('writeFbx animations', () => {
  test('round trip: buildHumanoidClip → writeFbx → readAnimationClip gives the same motion', async () => {
    const { mesh, rig, clip } = humanoidRig();
    const bytes = writeFbx(mesh, { rig, animations: [clip] });
    writeFileSync(join(OUT, 'humanoid-elbow.fbx'), bytes);
    const clips = await readAnimationClip(bytes);
    expect(clips).toHaveLength(1);
    const back = clips[0]!;
    expect(back.name).toBe('elbow_bend');
    expect(back.duration).toBeCloseTo(1, 6);
    expect(back.skeleton.map((j) => j.name)).toEqual(clip.skeleton.map((j) => j.name));
    expect(back.skeleton.map((j) => j.parent)).toEqual(clip.skeleton.map((j) => j.parent));
    // The file orients its joints (each +Y toward its child), so rest rotations and local values
    // differ from the clip's; positions and rotations relative to rest, in world space, do not.
    const restBack = clipWorldPose(back, null).position;
    clip.skeleton.forEach((_, i) => restBack[i]!.forEach((v, c) => expect(v).toBeCloseTo(clipWorldPose(clip, null).position[i]![c]!, 5)));
    const all = clip.skeleton.map((_, i) => i);
    const error = maxWorldMotionError(clip, back, all, 1);
    expect(error.radians).toBeLessThan(1e-3);
    expect(error.distance).toBeLessThan(1e-4);
    expect(clipWorldPose(back, 1).position[0]![1]).toBeCloseTo(0.9, 5);
    expect(clipWorldPose(back, 0.25).position[0]![1]).toBeCloseTo(0.975, 5);
  });

  test('a multi-axis, multi-turn spin is unwrapped (no 360° jumps) and matches slerp between keys', async () => {
    const { mesh, rig, clip } = humanoidRig();
    const times = Float32Array.from({ length: 9 }, (_, k) => k * 0.25);
    const values = new Float32Array(9 * 4);
    // Three quarter turns per key about a tilted axis: 6 turns over the clip.
    for (let k = 0; k < 9; k++) values.set(quatFromAxisAngle([0.3, 1, 0.2], k * 1.5 * Math.PI * 0.5), k * 4);
    const spin: AnimationClip = { ...clip, name: 'spin', duration: 2, tracks: [{ joint: 1, path: 'rotation', times, values, interpolation: 'LINEAR' }] };
    const bytes = writeFbx(mesh, { rig, animations: [spin] });
    const file = parseFbxBinary(bytes);
    const objects = file.nodes.find((x) => x.name === 'Objects')!.children;
    const curves = objects.filter((o) => o.name === 'AnimationCurve');
    expect(curves).toHaveLength(3);
    for (const c of curves) {
      const v = Array.from(child(c, 'KeyValueFloat').props[0] as Float32Array);
      for (let k = 1; k < v.length; k++) expect(Math.abs(v[k]! - v[k - 1]!)).toBeLessThan(180);
    }
    const back = (await readAnimationClip(bytes))[0]!;
    expect(maxWorldMotionError(spin, back, [1], 2, 80).radians).toBeLessThan(1e-3);
  });

  test('Definitions count the animation objects; the stack spans the clip; GlobalSettings covers it', () => {
    const { mesh, rig, clip } = humanoidRig();
    const bytes = writeFbx(mesh, { rig, animations: [{ ...clip, duration: 2, tracks: clip.tracks.map((t) => ({ ...t, times: t.times.map((x) => x * 2) })) }] });
    const file = parseFbxBinary(bytes);
    const defs = file.nodes.find((x) => x.name === 'Definitions')!;
    const countOf = (type: string) => {
      const d = childrenNamed(defs, 'ObjectType').find((o) => o.props[0] === type);
      return d ? (child(d, 'Count').props[0] as number) : 0;
    };
    const objects = file.nodes.find((x) => x.name === 'Objects')!.children;
    for (const type of ['AnimationStack', 'AnimationLayer', 'AnimationCurveNode', 'AnimationCurve']) {
      expect(countOf(type)).toBe(objects.filter((o) => o.name === type).length);
    }
    expect(countOf('AnimationStack')).toBe(1);
    expect(countOf('AnimationCurveNode')).toBe(2);
    const stack = objects.find((o) => o.name === 'AnimationStack')!;
    const props = new Map(child(stack, 'Properties70').children.map((p) => [p.props[0] as string, p.props[4]]));
    expect(Number(props.get('LocalStart'))).toBe(0);
    expect(Number(props.get('LocalStop'))).toBe(2 * 46186158000);
    const settings = new Map(child(file.nodes.find((x) => x.name === 'GlobalSettings')!, 'Properties70').children.map((p) => [p.props[0] as string, p.props[4]]));
    expect(Number(settings.get('TimeSpanStop'))).toBe(2 * 46186158000);
  });

  test('non-finite animation values are refused with invalid_input; tracks on unknown joints are skipped', () => {
    const { mesh, rig, clip } = humanoidRig();
    const bad = { ...clip, tracks: [{ ...clip.tracks[0]!, values: clip.tracks[0]!.values.map((v, i) => (i === 2 ? NaN : v)) }] };
    const e = (() => { try { writeFbx(mesh, { rig, animations: [bad] }); return null; } catch (x) { return x; } })();
    expect(e).toBeInstanceOf(EngineError);
    expect((e as EngineError).code).toBe('invalid_input');
    const stray = { ...clip, tracks: [{ ...clip.tracks[0]!, joint: 99 }] };
    const objects = parseFbxBinary(writeFbx(mesh, { rig, animations: [stray] })).nodes.find((x) => x.name === 'Objects')!.children;
    expect(objects.filter((o) => o.name === 'AnimationStack')).toHaveLength(0);
  });

  (HAS_ASSIMP ? test : test.skip)('assimp lists the animation and its channels', () => {
    const { mesh, rig, clip } = humanoidRig();
    const path = join(OUT, 'humanoid-elbow-assimp.fbx');
    writeFileSync(path, writeFbx(mesh, { rig, animations: [clip] }));
    const r = spawnSync('assimp', ['info', path], { encoding: 'utf8', timeout: 30000 });
    expect(r.status).toBe(0);
    expect(Number(/^Animations:\s+(\d+)/m.exec(r.stdout)?.[1])).toBe(1);
    const gltf = join(OUT, 'humanoid-elbow-assimp.gltf');
    const x = spawnSync('assimp', ['export', path, gltf], { encoding: 'utf8', timeout: 30000 });
    expect(x.status).toBe(0);
    const json = JSON.parse(require('node:fs').readFileSync(gltf, 'utf8')) as { animations?: Array<{ channels: Array<{ target: { node: number; path: string } }> }>; nodes: Array<{ name?: string }> };
    const channels = json.animations?.flatMap((a) => a.channels) ?? [];
    const animated = new Set(channels.map((c) => `${json.nodes[c.target.node]?.name}:${c.target.path}`));
    expect(animated.has('mixamorig:LeftForeArm:rotation')).toBe(true);
    expect(animated.has('mixamorig:Hips:translation')).toBe(true);
  });
});
