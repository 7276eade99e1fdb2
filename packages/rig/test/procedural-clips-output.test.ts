/**
 * Ready clips in the rigged output: rigMesh writes them into GLB and FBX (read back with their
 * names and keys), three.js's GLTFLoader plays one in Node (a bone moves between two times), and
 * Blender's importer turns them into actions whose frames pose the armature differently (skipped,
 * with a message, where blender is not installed).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readAnimationClip, writeGlb } from '@rigforge/mesh';
import { AnimationMixer, Bone } from 'three';
import { GLTFLoader, type GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { rigMesh } from '../src/rig-mesh';
import { buildCreature } from '../testing';

// Blender's glTF importer imports numpy (Debian: python3-numpy; or a numpy on PYTHONPATH).
const HAS_BLENDER = spawnSync('sh', ['-c', 'command -v blender']).status === 0
  && spawnSync('blender', ['-b', '--factory-startup', '--python-expr', 'import numpy'], { timeout: 60_000 }).status === 0;
if (!HAS_BLENDER) console.warn('procedural-clips-output: blender (with numpy for its glTF importer) not available: the Blender playback check is skipped');

const OUT = mkdtempSync(join(tmpdir(), 'rig-clips-'));
let glb: Uint8Array;

beforeAll(async () => {
  const input = await writeGlb(buildCreature('quadruped').mesh);
  glb = (await rigMesh(input, { rigType: 'quadruped', upAxis: '+y', rotationY: 0, proceduralClips: ['walk', 'idle'] })).model;
}, 120_000);

test('GLB and FBX carry the ready clips by name, after the report lists them', async () => {
  const clips = await readAnimationClip(glb);
  expect(clips.map((c) => c.name)).toEqual(['walk', 'idle']);
  expect(clips[0]!.tracks.length).toBeGreaterThan(8);
  const input = await writeGlb(buildCreature('hexapod').mesh);
  const fbx = await rigMesh(input, { rigType: 'hexapod', upAxis: '+y', rotationY: 0, outputFormat: 'fbx', proceduralClips: ['walk'] });
  expect(fbx.report.clips?.map((c) => c.name)).toEqual(['walk']);
  expect((await readAnimationClip(fbx.model)).map((c) => c.name)).toEqual(['walk']);
}, 120_000);

test('a clip not for the plan is invalid_input before any work', async () => {
  await expect(rigMesh(new Uint8Array([1, 2, 3]), { rigType: 'serpentine', proceduralClips: ['gallop'] })).rejects.toThrow(/"gallop" is not a clip for rig type serpentine/);
  await expect(rigMesh(new Uint8Array([1, 2, 3]), { rigType: 'auto', proceduralClips: ['idle'] })).rejects.toThrow(/named/);
});

test('three.js plays the walk: GLTFLoader reads it in Node and a leg bone turns between two times', async () => {
  const buffer = glb.buffer.slice(glb.byteOffset, glb.byteOffset + glb.byteLength) as ArrayBuffer;
  const gltf = await new Promise<GLTF>((resolve, reject) => new GLTFLoader().parse(buffer, '', resolve, reject));
  const walk = gltf.animations.find((a) => a.name === 'walk');
  expect(walk).toBeDefined();
  const mixer = new AnimationMixer(gltf.scene);
  mixer.clipAction(walk!).play();
  let leg: Bone | undefined;
  gltf.scene.traverse((o) => { if (o instanceof Bone && o.name === 'front_left_upper_leg') leg = o; });
  expect(leg).toBeDefined();
  mixer.setTime(0.05);
  const a = leg!.quaternion.clone();
  mixer.setTime(0.3);
  expect(leg!.quaternion.angleTo(a)).toBeGreaterThan(0.05);
});

(HAS_BLENDER ? test : test.skip)("Blender imports the clips as actions and a frame change poses a bone", () => {
  const file = join(OUT, 'quadruped-clips.glb');
  writeFileSync(file, glb);
  const script = [
    'import bpy, json, numpy',
    // numpy 1.24 removed the alias Blender 3.4's glTF importer uses (as in scripts/render-clip-frames.py).
    'try:\n    numpy.bool\nexcept AttributeError:\n    numpy.bool = bool',
    'bpy.ops.wm.read_factory_settings(use_empty=True)',
    `bpy.ops.import_scene.gltf(filepath=${JSON.stringify(file)})`,
    "arm = next(o for o in bpy.data.objects if o.type == 'ARMATURE')",
    "act = next(a for a in bpy.data.actions if a.name.startswith('walk'))",
    'arm.animation_data_create(); arm.animation_data.action = act',
    "pb = arm.pose.bones['front_left_upper_leg']",
    'bpy.context.scene.frame_set(2); q1 = pb.matrix.to_quaternion()',
    'bpy.context.scene.frame_set(9); q2 = pb.matrix.to_quaternion()',
    "print('CLIPS_CHECK ' + json.dumps({'actions': [a.name for a in bpy.data.actions], 'angle': q1.rotation_difference(q2).angle}))",
  ].join('\n');
  const run = spawnSync('blender', ['-b', '--factory-startup', '--python-expr', script], { encoding: 'utf8', timeout: 120_000 });
  const line = run.stdout.split('\n').find((l) => l.startsWith('CLIPS_CHECK '));
  if (!line) throw new Error(`blender printed no result:\n${run.stdout.slice(-2000)}\n${run.stderr.slice(-2000)}`);
  const report = JSON.parse(line.slice('CLIPS_CHECK '.length)) as { actions: string[]; angle: number };
  expect(report.actions.some((a) => a.startsWith('walk'))).toBe(true);
  expect(report.actions.some((a) => a.startsWith('idle'))).toBe(true);
  expect(report.angle).toBeGreaterThan(0.05);
}, 150_000);
