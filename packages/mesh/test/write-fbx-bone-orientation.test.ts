import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  quatFromRotationColumns,
  quatMultiply,
  quatRotate,
  readAnimationClip,
  writeFbx,
  type AnimationClip,
  type AnimationJoint,
  type Mesh,
  type Quat,
  type Skeleton,
  type Vec3,
} from '../src';
import { buildHumanoidClip } from '../testing';
import { boneToChildAngles, clipWorldPose, maxWorldMotionError, type WorldPose } from './clip-world-pose';
import { child, parseFbxBinary } from './fbx-test-parse';

const OUT = join(__dirname, '../../../test-output/write-fbx-bone-orientation');
mkdirSync(OUT, { recursive: true });
const HAS_ASSIMP = spawnSync('sh', ['-c', 'command -v assimp']).status === 0;
if (!HAS_ASSIMP) console.warn('write-fbx-bone-orientation: assimp is not installed (apt-get install -y assimp-utils): the Assimp check is skipped');

/** A box at the hips weighted to every joint in turn (so every joint gets a cluster). */
function boxRig(skeleton: Skeleton): { mesh: Mesh; skin: { joints: Uint16Array; weights: Float32Array } } {
  const p: number[] = [];
  for (const x of [-0.1, 0.1]) for (const y of [0.9, 1.1]) for (const z of [-0.1, 0.1]) p.push(x, y, z);
  const faces = [[0, 1, 3, 2], [4, 6, 7, 5], [0, 4, 5, 1], [2, 3, 7, 6], [0, 2, 6, 4], [1, 5, 7, 3]];
  const indices: number[] = [];
  for (const [a, b, c, d] of faces) indices.push(a!, b!, c!, a!, c!, d!);
  const joints = new Uint16Array(32);
  const weights = new Float32Array(32);
  for (let v = 0; v < 8; v++) {
    joints[v * 4] = (v * 3) % skeleton.joints.length;
    weights[v * 4] = 1;
  }
  return { mesh: { positions: new Float32Array(p), indices: new Uint32Array(indices), groups: [], materials: [] }, skin: { joints, weights } };
}

/** A four-legged skeleton with our quadruped names: legs point down, the spine forward, the tail back. */
function quadrupedSkeleton(): Skeleton {
  const joints: Skeleton['joints'] = [
    { name: 'hips', parent: -1, position: [0, 1, -0.5] },
    { name: 'spine_1', parent: 0, position: [0, 1.02, -0.15] },
    { name: 'chest', parent: 1, position: [0, 1.05, 0.4] },
    { name: 'neck', parent: 2, position: [0, 1.3, 0.6] },
    { name: 'head', parent: 3, position: [0, 1.45, 0.8] },
    { name: 'tail_1', parent: 0, position: [0, 1, -0.7] },
    { name: 'tail_2', parent: 5, position: [0, 0.9, -1] },
  ];
  for (const [fb, z, parent] of [['front', 0.4, 2], ['back', -0.5, 0]] as const) {
    for (const [side, x] of [['left', 0.15], ['right', -0.15]] as const) {
      const base = joints.length;
      joints.push(
        { name: `${fb}_${side}_upper_leg`, parent, position: [x, 0.85, z] },
        { name: `${fb}_${side}_lower_leg`, parent: base, position: [x, 0.5, z + (fb === 'back' ? -0.08 : 0.03)] },
        { name: `${fb}_${side}_foot`, parent: base + 1, position: [x, 0.1, z] },
        { name: `${fb}_${side}_toe`, parent: base + 2, position: [x, 0.02, z + 0.08] },
      );
    }
  }
  return { joints };
}

/** A one-second clip on `skeleton` (identity rest rotations) swinging the first joint that has a child. */
function swingClip(skeleton: Skeleton): AnimationClip {
  const rest: AnimationJoint[] = skeleton.joints.map((j) => {
    const parent = skeleton.joints[j.parent];
    const t: Vec3 = parent ? [j.position[0] - parent.position[0], j.position[1] - parent.position[1], j.position[2] - parent.position[2]] : [...j.position];
    return { name: j.name, parent: j.parent, rest: { translation: t, rotation: [0, 0, 0, 1], scale: [1, 1, 1] } };
  });
  const times = Float32Array.from([0, 0.5, 1]);
  const swing = Float32Array.from([0, 0, 0, 1, Math.sin(0.3), 0, 0, Math.cos(0.3), 0, Math.sin(0.2), Math.sin(0.2), Math.cos(0.2) * Math.SQRT1_2 + 0.3]);
  for (let k = 0; k < 3; k++) {
    const q = swing.subarray(k * 4, k * 4 + 4);
    const l = Math.hypot(...q);
    for (let c = 0; c < 4; c++) q[c] = q[c]! / l;
  }
  const hips = Float32Array.from([...rest[0]!.rest.translation, ...rest[0]!.rest.translation.map((v, c) => v + (c === 2 ? 0.3 : 0)), ...rest[0]!.rest.translation]);
  return {
    name: 'swing',
    duration: 1,
    skeleton: rest,
    tracks: [
      { joint: 0, path: 'translation', times, values: hips, interpolation: 'LINEAR' },
      ...skeleton.joints.map((_, j) => ({ joint: j, path: 'rotation' as const, times, values: swing, interpolation: 'LINEAR' as const })).filter((t) => t.joint % 3 === 1),
    ],
  };
}

const CASES: Array<[string, () => Skeleton]> = [
  ['a humanoid (legs down, arms out, fingers)', () => buildHumanoidClip().skeleton],
  ['a quadruped (four legs down, spine forward, tail back)', quadrupedSkeleton],
];

describe('writeFbx joint orientation: every bone points at its child', () => {
  test.each(CASES)('%s, read back with our reader: bone +Y within 0.01° of the child; bind pose and motion kept', async (label, make) => {
    const skeleton = make();
    const { mesh, skin } = boxRig(skeleton);
    const clip = swingClip(skeleton);
    const bytes = writeFbx(mesh, { rig: { skeleton, skin }, animations: [clip] });
    writeFileSync(join(OUT, `${label.split(' ')[1]}.fbx`), bytes);
    const back = (await readAnimationClip(bytes))[0]!;
    const rest = clipWorldPose(back, null);
    const angles = boneToChildAngles(back.skeleton, rest);
    const withChildren = new Set(skeleton.joints.filter((_, k) => skeleton.joints.some((c) => c.parent === k)).map((j) => j.name));
    expect(new Set(angles.keys())).toEqual(withChildren);
    expect(Math.max(...angles.values())).toBeLessThan(0.01);
    // The rest positions are the skeleton's; the clip moves the joints exactly as before.
    // (The reader lists joints in its own hierarchy order: compare by name.)
    const at = skeleton.joints.map((j) => back.skeleton.findIndex((b) => b.name === j.name));
    skeleton.joints.forEach((j, k) => j.position.forEach((v, c) => expect(rest.position[at[k]!]![c]).toBeCloseTo(v, 5)));
    const reordered: AnimationClip = { ...back, tracks: back.tracks.filter((t) => at.includes(t.joint)).map((t) => ({ ...t, joint: at.indexOf(t.joint) })), skeleton: at.map((i) => ({ ...back.skeleton[i]!, parent: at.indexOf(back.skeleton[i]!.parent) })) };
    const error = maxWorldMotionError(clip, reordered, skeleton.joints.map((_, k) => k), 1);
    expect(error.radians).toBeLessThan(1e-3);
    expect(error.distance).toBeLessThan(1e-4);
    // Cluster TransformLink and BindPose matrices are the oriented rest matrices (rotation included).
    const objects = parseFbxBinary(bytes).nodes.find((n) => n.name === 'Objects')!.children;
    const names = skeleton.joints.map((j) => j.name);
    for (const cluster of objects.filter((o) => o.name === 'Deformer' && o.props[2] === 'Cluster')) {
      const k = names.indexOf(String(cluster.props[1]).split('\u0000')[0]!);
      expectMatrixOf(child(cluster, 'TransformLink').props[0] as Float64Array, rest.rotation[at[k]!]!, rest.position[at[k]!]!);
    }
  });

  (HAS_ASSIMP ? test.each(CASES) : test.skip.each(CASES))('%s, read by Assimp (glTF export): bone +Y within 0.01° of the child', (label, make) => {
    const skeleton = make();
    const { mesh, skin } = boxRig(skeleton);
    const fbxPath = join(OUT, `${label.split(' ')[1]}-assimp.fbx`);
    const gltfPath = join(OUT, `${label.split(' ')[1]}-assimp.gltf`);
    writeFileSync(fbxPath, writeFbx(mesh, { rig: { skeleton, skin } }));
    const r = spawnSync('assimp', ['export', fbxPath, gltfPath], { encoding: 'utf8', timeout: 30000 });
    expect(r.status).toBe(0);
    const gltf = JSON.parse(readFileSync(gltfPath, 'utf8')) as GltfNodes;
    const { joints, pose } = gltfWorldPose(gltf, skeleton.joints.map((j) => j.name));
    const angles = boneToChildAngles(joints, pose);
    expect(angles.size).toBe(skeleton.joints.filter((_, k) => skeleton.joints.some((c) => c.parent === k)).length);
    expect(Math.max(...angles.values())).toBeLessThan(0.01);
    skeleton.joints.forEach((j, k) => j.position.forEach((v, c) => expect(pose.position[k]![c]).toBeCloseTo(v, 4)));
  });
});

function expectMatrixOf(m: Float64Array, q: Quat, p: Vec3): void {
  const cols: Vec3[] = [[m[0]!, m[1]!, m[2]!], [m[4]!, m[5]!, m[6]!], [m[8]!, m[9]!, m[10]!]];
  const expected: Vec3[] = [quatRotate(q, [1, 0, 0]), quatRotate(q, [0, 1, 0]), quatRotate(q, [0, 0, 1])];
  cols.forEach((c, i) => c.forEach((v, r) => expect(v).toBeCloseTo(expected[i]![r]!, 5)));
  [m[12]!, m[13]!, m[14]!].forEach((v, r) => expect(v).toBeCloseTo(p[r]!, 5));
}

interface GltfNodes {
  scene?: number;
  scenes?: Array<{ nodes: number[] }>;
  nodes: Array<{ name?: string; children?: number[]; translation?: number[]; rotation?: number[]; scale?: number[]; matrix?: number[] }>;
}

/** World pose of the named joints in an exported glTF (node TRS or matrix, composed from the scene roots). */
function gltfWorldPose(gltf: GltfNodes, names: string[]): { joints: AnimationJoint[]; pose: WorldPose } {
  const parentOf = new Map<number, number>();
  gltf.nodes.forEach((n, i) => n.children?.forEach((c) => parentOf.set(c, i)));
  const world = new Map<number, { rotation: Quat; position: Vec3 }>();
  const worldOf = (i: number): { rotation: Quat; position: Vec3 } => {
    const cached = world.get(i);
    if (cached) return cached;
    const n = gltf.nodes[i]!;
    let rotation: Quat = (n.rotation as Quat | undefined) ?? [0, 0, 0, 1];
    let translation: Vec3 = (n.translation as Vec3 | undefined) ?? [0, 0, 0];
    if (n.matrix) {
      const m = n.matrix;
      rotation = quatFromRotationColumns([m[0]!, m[1]!, m[2]!], [m[4]!, m[5]!, m[6]!], [m[8]!, m[9]!, m[10]!]);
      translation = [m[12]!, m[13]!, m[14]!];
    }
    const p = parentOf.get(i);
    const parent = p === undefined ? { rotation: [0, 0, 0, 1] as Quat, position: [0, 0, 0] as Vec3 } : worldOf(p);
    const o = quatRotate(parent.rotation, translation);
    const out = { rotation: quatMultiply(parent.rotation, rotation), position: [parent.position[0] + o[0], parent.position[1] + o[1], parent.position[2] + o[2]] as Vec3 };
    world.set(i, out);
    return out;
  };
  const index = names.map((name) => gltf.nodes.findIndex((n) => n.name === name));
  expect(index.every((i) => i >= 0)).toBe(true);
  const joints: AnimationJoint[] = index.map((i, k) => {
    let p = parentOf.get(i);
    while (p !== undefined && !index.includes(p)) p = parentOf.get(p);
    return { name: names[k]!, parent: p === undefined ? -1 : index.indexOf(p), rest: { translation: [0, 0, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1] } };
  });
  return { joints, pose: { rotation: index.map((i) => worldOf(i).rotation), position: index.map((i) => worldOf(i).position) } };
}
