import * as THREE from 'three';
import { GLTFLoader, type GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { VRMLoaderPlugin, type VRM } from '@pixiv/three-vrm';
import { writeGlb } from '@rigforge/mesh';
import { buildHumanoidClip, buildHumanoidClipGlb } from '@rigforge/mesh/testing';
import { SKELETON_PRESETS } from '@rigforge/vocabulary';
import { rigMesh, type RigMeshResult } from '../src/rig-mesh';
import { bipedJointRole } from '../src/retarget/biped-joint-role';
import { BIPED_JOINT_NAMES, presetJointRole, SKELETON_PRESET_TABLES } from '../src/skeleton-presets';
import { buildCreature, buildFingeredBiped } from '../testing/build-creature';

/**
 * Unity's `HumanBodyBones` enum (UnityEngine, 2019.3 and later), less `LastBone`: the names a
 * Humanoid avatar's automatic mapping matches. Written out from Unity's scripting reference, not
 * derived from our table, so the table is checked against it.
 */
const UNITY_HUMAN_BODY_BONES = [
  'Hips', 'LeftUpperLeg', 'RightUpperLeg', 'LeftLowerLeg', 'RightLowerLeg', 'LeftFoot', 'RightFoot',
  'Spine', 'Chest', 'Neck', 'Head', 'LeftShoulder', 'RightShoulder', 'LeftUpperArm', 'RightUpperArm',
  'LeftLowerArm', 'RightLowerArm', 'LeftHand', 'RightHand', 'LeftToes', 'RightToes', 'LeftEye', 'RightEye', 'Jaw',
  'LeftThumbProximal', 'LeftThumbIntermediate', 'LeftThumbDistal',
  'LeftIndexProximal', 'LeftIndexIntermediate', 'LeftIndexDistal',
  'LeftMiddleProximal', 'LeftMiddleIntermediate', 'LeftMiddleDistal',
  'LeftRingProximal', 'LeftRingIntermediate', 'LeftRingDistal',
  'LeftLittleProximal', 'LeftLittleIntermediate', 'LeftLittleDistal',
  'RightThumbProximal', 'RightThumbIntermediate', 'RightThumbDistal',
  'RightIndexProximal', 'RightIndexIntermediate', 'RightIndexDistal',
  'RightMiddleProximal', 'RightMiddleIntermediate', 'RightMiddleDistal',
  'RightRingProximal', 'RightRingIntermediate', 'RightRingDistal',
  'RightLittleProximal', 'RightLittleIntermediate', 'RightLittleDistal',
  'UpperChest',
];

/**
 * Every bone of a Mixamo auto-rigged character with fingers (65), end bones included, as Mixamo
 * spells them: written out from a Mixamo download's hierarchy, not derived from our table.
 * [name, parent].
 */
const MIXAMO_BONES: ReadonlyArray<readonly [string, string | null]> = (() => {
  const bones: Array<[string, string | null]> = [
    ['Hips', null], ['Spine', 'Hips'], ['Spine1', 'Spine'], ['Spine2', 'Spine1'], ['Neck', 'Spine2'], ['Head', 'Neck'], ['HeadTop_End', 'Head'],
  ];
  for (const side of ['Left', 'Right']) {
    bones.push([`${side}Shoulder`, 'Spine2'], [`${side}Arm`, `${side}Shoulder`], [`${side}ForeArm`, `${side}Arm`], [`${side}Hand`, `${side}ForeArm`]);
    for (const finger of ['Thumb', 'Index', 'Middle', 'Ring', 'Pinky']) {
      for (let k = 1; k <= 4; k++) bones.push([`${side}Hand${finger}${k}`, k === 1 ? `${side}Hand` : `${side}Hand${finger}${k - 1}`]);
    }
    bones.push([`${side}UpLeg`, 'Hips'], [`${side}Leg`, `${side}UpLeg`], [`${side}Foot`, `${side}Leg`], [`${side}ToeBase`, `${side}Foot`], [`${side}Toe_End`, `${side}ToeBase`]);
  }
  return bones.map(([n, p]) => [`mixamorig:${n}`, p === null ? null : `mixamorig:${p}`] as const);
})();

/** The UE5 mannequin's twist bones, [name, parent], as the mannequin spells them. */
const UNREAL_TWIST_BONES: ReadonlyArray<readonly [string, string]> = ['l', 'r'].flatMap((s) =>
  ['upperarm', 'lowerarm', 'thigh', 'calf'].flatMap((seg) => [1, 2].map((k) => [`${seg}_twist_0${k}_${s}`, `${seg}_${s}`] as const)),
);

/** Names of the skinned mesh's bones that some vertex weighs above zero. */
function weightedBones(mesh: THREE.SkinnedMesh): Set<string> {
  const index = mesh.geometry.getAttribute('skinIndex');
  const weight = mesh.geometry.getAttribute('skinWeight');
  const out = new Set<string>();
  for (let v = 0; v < index.count; v++) {
    for (let c = 0; c < 4; c++) if (weight.getComponent(v, c) > 0) out.add(mesh.skeleton.bones[index.getComponent(v, c)]!.name);
  }
  return out;
}

async function loadGltf(bytes: Uint8Array, vrm = false): Promise<GLTF> {
  const loader = new GLTFLoader();
  if (vrm) loader.register((parser) => new VRMLoaderPlugin(parser));
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return new Promise((resolve, reject) => loader.parse(buffer as ArrayBuffer, '', resolve, reject));
}

/** Node name → its parent's name, from the file's own JSON (names exactly as written). */
function parentsOf(gltf: GLTF): Map<string, string | null> {
  const nodes = (gltf.parser.json as { nodes: Array<{ name?: string; children?: number[] }> }).nodes;
  const parents = new Map<string, string | null>(nodes.map((n) => [n.name ?? '', null]));
  for (const n of nodes) for (const c of n.children ?? []) parents.set(nodes[c]!.name ?? '', n.name ?? '');
  return parents;
}

function skinnedMesh(gltf: GLTF): THREE.SkinnedMesh {
  let found: THREE.SkinnedMesh | null = null;
  gltf.scene.traverse((o) => {
    if (!found && (o as THREE.SkinnedMesh).isSkinnedMesh) found = o as THREE.SkinnedMesh;
  });
  if (!found) throw new Error('no skinned mesh');
  return found;
}

describe('skeleton presets', () => {
  let fingered: Uint8Array;
  const rigs = new Map<string, RigMeshResult>();
  const rig = async (key: string, options: Parameters<typeof rigMesh>[1]): Promise<RigMeshResult> => {
    if (!rigs.has(key)) rigs.set(key, await rigMesh(fingered, { rigType: 'biped', thumbnailSize: 32, ...options }));
    return rigs.get(key)!;
  };
  beforeAll(async () => {
    fingered = await writeGlb(buildFingeredBiped().mesh);
  });

  test('every preset names every biped joint, each name once, and reads back to the same joint', () => {
    for (const preset of SKELETON_PRESETS) {
      const names = SKELETON_PRESET_TABLES[preset].names;
      expect(Object.keys(names).sort()).toEqual([...BIPED_JOINT_NAMES].sort());
      expect(new Set(Object.values(names)).size).toBe(BIPED_JOINT_NAMES.length);
      for (const [ours, theirs] of Object.entries(names)) {
        expect(presetJointRole(theirs)).toBe(ours);
        expect(bipedJointRole(theirs)).toBe(ours);
      }
    }
    // Case matters: Unity's thumb starts at Proximal, VRM 1.0's at Metacarpal.
    expect(bipedJointRole('LeftThumbProximal')).toBe('left_thumb_metacarpal');
    expect(bipedJointRole('leftThumbProximal')).toBe('left_thumb_proximal');
    // The joints Unreal's preset adds drive nothing.
    expect(bipedJointRole('spine_05')).toBeNull();
    expect(bipedJointRole('ik_hand_gun')).toBeNull();
    // Nor do twist and end bones: a clip's twist track must not drive the upper arm it lies on.
    expect(bipedJointRole('upperarm_twist_01_l')).toBeNull();
    expect(bipedJointRole('mixamorig:LeftToe_End')).toBeNull();
  });

  test('a unity rig is named exactly with HumanBodyBones names, fingers included', async () => {
    const result = await rig('unity', { skeletonPreset: 'unity' });
    expect(result.report.skeletonPreset).toBe('unity');
    const gltf = await loadGltf(result.model);
    const bones = skinnedMesh(gltf).skeleton.bones.map((b) => b.name);
    expect(bones).toHaveLength(52);
    for (const b of bones) expect(UNITY_HUMAN_BODY_BONES).toContain(b);
    expect(new Set(bones).size).toBe(bones.length);
    const parents = parentsOf(gltf);
    expect(parents.get('LeftUpperArm')).toBe('LeftShoulder');
    expect(parents.get('LeftShoulder')).toBe('UpperChest');
    expect(parents.get('LeftThumbIntermediate')).toBe('LeftThumbProximal');
  });

  test('a Mixamo clip plays on a mixamo rig by bone name, with no mapping', async () => {
    const result = await rig('mixamo', { skeletonPreset: 'mixamo' });
    const gltf = await loadGltf(result.model);
    const parents = parentsOf(gltf);
    const { clip } = buildHumanoidClip({ names: 'mixamo', elbowBendDegrees: 90 });
    // Every joint of the clip, its end site included, is a bone of the rig by its exact name.
    expect(clip.skeleton.map((j) => j.name).filter((n) => !parents.has(n))).toEqual([]);
    // So is every bone of a full Mixamo skeleton (end bones and fingers' 4th joints too), under
    // Mixamo's parent, and the report counts the joints written.
    for (const [name, parent] of MIXAMO_BONES) expect([name, parents.get(name)]).toEqual([name, parent]);
    const mesh = skinnedMesh(gltf);
    expect(mesh.skeleton.bones).toHaveLength(MIXAMO_BONES.length);
    expect(result.report.joints).toBe(MIXAMO_BONES.length);
    // A clip keying every Mixamo bone binds each track in three.js: none is left without a node.
    gltf.scene.updateMatrixWorld(true);
    for (const [name] of MIXAMO_BONES) expect([name, Boolean(THREE.PropertyBinding.findNode(gltf.scene, THREE.PropertyBinding.sanitizeNodeName(name)))]).toEqual([name, true]);
    // The end bones carry no weight; they stand at the tips of their chains.
    const weighted = weightedBones(mesh);
    const ends = MIXAMO_BONES.map(([n]) => n).filter((n) => /(_End|4)$/.test(n));
    expect(ends).toHaveLength(13);
    for (const end of ends) expect([end, weighted.has(THREE.PropertyBinding.sanitizeNodeName(end))]).toEqual([end, false]);
    const world = (name: string): THREE.Vector3 => gltf.scene.getObjectByName(THREE.PropertyBinding.sanitizeNodeName(name))!.getWorldPosition(new THREE.Vector3());
    const top = new THREE.Box3().setFromBufferAttribute(mesh.geometry.getAttribute('position') as THREE.BufferAttribute).max.y;
    expect(world('mixamorig:HeadTop_End').y).toBeCloseTo(top, 4);
    expect(world('mixamorig:HeadTop_End').y).toBeGreaterThan(world('mixamorig:Head').y);
    // The left hand is on +X: the index tip lies past its last knuckle, outward.
    expect(world('mixamorig:LeftHandIndex4').x).toBeGreaterThan(world('mixamorig:LeftHandIndex3').x);
    expect(world('mixamorig:LeftToe_End').z).toBeGreaterThan(world('mixamorig:LeftToeBase').z);

    // Play the clip's rotation tracks in three.js, bound by name (three strips the `:` from node
    // names on load, from the clip's as from the file's; that is the only change to a name).
    const tracks = clip.tracks
      .filter((t) => t.path === 'rotation')
      .map((t) => new THREE.QuaternionKeyframeTrack(`${THREE.PropertyBinding.sanitizeNodeName(clip.skeleton[t.joint]!.name)}.quaternion`, Array.from(t.times), Array.from(t.values)));
    const rest = skinnedPositions(mesh, gltf);
    const mixer = new THREE.AnimationMixer(gltf.scene);
    mixer.clipAction(new THREE.AnimationClip('elbow_bend', clip.duration, tracks)).play();
    mixer.update(clip.duration / 2);
    const posed = skinnedPositions(mesh, gltf);
    // Halfway the left forearm is bent 45° forward: the hand's vertices move to +Z, the right side stays.
    let leftHandDz = 0, leftHand = 0, rightMove = 0;
    for (let v = 0; v < rest.length / 3; v++) {
      const x = rest[v * 3]!;
      const move = Math.hypot(posed[v * 3]! - x, posed[v * 3 + 1]! - rest[v * 3 + 1]!, posed[v * 3 + 2]! - rest[v * 3 + 2]!);
      if (x > 0.75) { leftHandDz += posed[v * 3 + 2]! - rest[v * 3 + 2]!; leftHand++; }
      if (x < -0.1) rightMove = Math.max(rightMove, move);
    }
    expect(leftHand).toBeGreaterThan(50);
    // The hand sits ~0.3 m past the elbow: sin 45° of that forward.
    expect(leftHandDz / leftHand).toBeGreaterThan(0.12);
    expect(rightMove).toBeLessThan(1e-4);
  });

  test('an unreal rig has the UE5 mannequin names, hierarchy and IK bones, and clips retarget onto it', async () => {
    const clipFile = await buildHumanoidClipGlb({ names: 'mixamo' });
    const result = await rig('unreal', { skeletonPreset: 'unreal', animation: clipFile });
    const gltf = await loadGltf(result.model);
    const parents = parentsOf(gltf);
    const chain = (name: string): string[] => {
      const out: string[] = [];
      for (let n: string | null | undefined = name; n; n = parents.get(n)) out.push(n);
      return out;
    };
    expect(chain('head')).toEqual(['head', 'neck_02', 'neck_01', 'spine_05', 'spine_04', 'spine_03', 'spine_02', 'spine_01', 'pelvis', 'root']);
    expect(chain('hand_l')).toEqual(['hand_l', 'lowerarm_l', 'upperarm_l', 'clavicle_l', 'spine_05', 'spine_04', 'spine_03', 'spine_02', 'spine_01', 'pelvis', 'root']);
    expect(chain('ball_r')).toEqual(['ball_r', 'foot_r', 'calf_r', 'thigh_r', 'pelvis', 'root']);
    expect(chain('index_03_l').slice(0, 5)).toEqual(['index_03_l', 'index_02_l', 'index_01_l', 'index_metacarpal_l', 'hand_l']);
    expect(parents.get('thumb_01_r')).toBe('hand_r');
    expect(chain('ik_foot_l')).toEqual(['ik_foot_l', 'ik_foot_root', 'root']);
    expect(chain('ik_hand_l')).toEqual(['ik_hand_l', 'ik_hand_gun', 'ik_hand_root', 'root']);
    for (const [name, parent] of UNREAL_TWIST_BONES) expect([name, parents.get(name)]).toEqual([name, parent]);
    const mesh = skinnedMesh(gltf);
    const weighted = weightedBones(mesh);
    for (const [name] of UNREAL_TWIST_BONES) expect([name, weighted.has(name)]).toEqual([name, false]);
    expect(weighted.has('upperarm_l')).toBe(true);
    // The report counts the joints written, the added ones included.
    expect(result.report.joints).toBe(mesh.skeleton.bones.length);
    // The root stands on the floor under the pelvis; IK bones sit on what they follow.
    const world = (name: string): THREE.Vector3 => gltf.scene.getObjectByName(name)!.getWorldPosition(new THREE.Vector3());
    gltf.scene.updateMatrixWorld(true);
    expect(world('root').y).toBeLessThan(world('foot_l').y);
    expect(world('root').x).toBeCloseTo(world('pelvis').x, 5);
    expect(world('ik_foot_l').distanceTo(world('foot_l'))).toBeLessThan(1e-5);
    expect(world('ik_hand_gun').distanceTo(world('hand_r'))).toBeLessThan(1e-5);
    // Twist bones lie on their segment: the upper arm's 01 a third of the way from the shoulder.
    const third = world('upperarm_l').lerp(world('lowerarm_l'), 1 / 3);
    expect(world('upperarm_twist_01_l').distanceTo(third)).toBeLessThan(1e-5);
    expect(world('calf_twist_02_r').distanceTo(world('calf_r').lerp(world('foot_r'), 2 / 3))).toBeLessThan(1e-5);
    // The clip was retargeted (from our names, before renaming) and plays on the renamed bones.
    expect(result.report.retarget?.mapped).toBeGreaterThan(15);
    const targets = new Set(gltf.animations[0]!.tracks.map((t) => t.name.split('.')[0]));
    expect(targets).toContain('lowerarm_l');
    expect(targets).toContain('pelvis');
    // The pelvis track is local to root now: at time 0 it puts the pelvis where it rests.
    const pelvis = gltf.animations[0]!.tracks.find((t) => t.name === 'pelvis.position')!;
    const restLocal = gltf.scene.getObjectByName('pelvis')!.position;
    expect(Math.abs(pelvis.values[1]! - restLocal.y)).toBeLessThan(0.05);
  });

  test('a vrm output loads in @pixiv/three-vrm with its humanoid bones', async () => {
    const result = await rig('vrm', { skeletonPreset: 'vrm', outputFormat: 'vrm' });
    expect(result.format).toBe('vrm');
    const gltf = await loadGltf(result.model, true);
    const vrm = gltf.userData.vrm as VRM | undefined;
    expect(vrm).toBeDefined();
    expect(vrm!.meta.metaVersion).toBe('1');
    for (const bone of ['hips', 'spine', 'chest', 'upperChest', 'neck', 'head', 'leftUpperArm', 'rightLowerLeg', 'leftToes', 'leftThumbMetacarpal', 'rightLittleDistal'] as const) {
      expect(vrm!.humanoid.getRawBoneNode(bone)?.name).toBe(bone);
    }
    // The normalized rig three-vrm builds moves the raw bones.
    vrm!.humanoid.getNormalizedBoneNode('leftLowerArm')!.rotation.y = 1;
    vrm!.update(0);
    expect(vrm!.humanoid.getRawBoneNode('leftLowerArm')!.quaternion.angleTo(new THREE.Quaternion())).toBeGreaterThan(0.5);
  });

  test('a vrm output with our own names maps the same humanoid', async () => {
    const result = await rig('vrm-rigforge', { outputFormat: 'vrm' });
    const vrm = (await loadGltf(result.model, true)).userData.vrm as VRM;
    expect(vrm.humanoid.getRawBoneNode('leftUpperArm')?.name).toBe('left_upper_arm');
    expect(vrm.humanoid.getRawBoneNode('leftThumbMetacarpal')?.name).toBe('left_thumb_metacarpal');
  });

  test('other body plans keep our names: a preset or VRM on them is invalid input', async () => {
    const quadruped = await writeGlb(buildCreature('quadruped').mesh);
    await expect(rigMesh(quadruped, { rigType: 'quadruped', skeletonPreset: 'mixamo' })).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/rigforge names/) });
    await expect(rigMesh(quadruped, { rigType: 'quadruped', outputFormat: 'vrm' })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(rigMesh(quadruped, { rigType: 'biped', skeletonPreset: 'blender' as never })).rejects.toMatchObject({ code: 'invalid_input' });
  });
});

/** World positions of the skinned vertices in the scene's current pose. */
function skinnedPositions(mesh: THREE.SkinnedMesh, gltf: GLTF): Float32Array {
  gltf.scene.updateMatrixWorld(true);
  const n = mesh.geometry.getAttribute('position').count;
  const out = new Float32Array(n * 3);
  const v = new THREE.Vector3();
  for (let i = 0; i < n; i++) {
    mesh.getVertexPosition(i, v);
    v.applyMatrix4(mesh.matrixWorld);
    out.set([v.x, v.y, v.z], i * 3);
  }
  return out;
}
