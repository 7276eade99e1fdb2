import * as THREE from 'three';
import { GLTFLoader, type GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { VRMLoaderPlugin, type VRM } from '@pixiv/three-vrm';
import { quatInvert, quatMultiply, quatAngle, readAnimationClip, sampleTrack, writeGlb, type AnimationClip, type Quat, type Vec3 } from '@rigforge/mesh';
import { buildHumanoidClip, buildHumanoidClipGlb } from '@rigforge/mesh/testing';
import { SKELETON_PRESETS } from '@rigforge/vocabulary';
import { rigMesh, type RigMeshResult } from '../src/rig-mesh';
import { bipedJointRole } from '../src/retarget/biped-joint-role';
import { forwardKinematics } from '../src/retarget/pose-math';
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

  test('a mixamo rig has every bone of a Mixamo skeleton by its exact name, under Mixamo\'s parent', async () => {
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
  });

  test('a clip made in Mixamo bone frames plays on a mixamo rig by name: its T-pose is the bind pose, a raised arm goes up', async () => {
    const result = await rig('mixamo', { skeletonPreset: 'mixamo' });
    const gltf = await loadGltf(result.model);
    const mesh = skinnedMesh(gltf);
    const node = (name: string): THREE.Object3D => gltf.scene.getObjectByName(THREE.PropertyBinding.sanitizeNodeName(name))!;
    const world = (name: string): THREE.Vector3 => node(name).getWorldPosition(new THREE.Vector3());
    const rest = skinnedPositions(mesh, gltf);
    // The bind pose is the mesh as modelled: the joints' rest rotations and the inverse bind
    // matrices cancel exactly.
    const modelled = mesh.geometry.getAttribute('position');
    let bindMove = 0;
    for (let v = 0; v < modelled.count; v++) {
      bindMove = Math.max(bindMove, Math.hypot(rest[v * 3]! - modelled.getX(v), rest[v * 3 + 1]! - modelled.getY(v), rest[v * 3 + 2]! - modelled.getZ(v)));
    }
    expect(bindMove).toBeLessThan(1e-5);
    const restWorld = new Map(MIXAMO_BONES.map(([n]) => [n, world(n)]));

    // Mixamo's rest frames for this skeleton's bone positions, built here from Mixamo's convention
    // (not read from the file's rotations), and a clip authored on them: every bone keyed, as a
    // Mixamo download is, with its rest local rotation times a turn about its own axes.
    const frames = mixamoRestFrames(restWorld);
    // Returns the skinned vertices and the bones' world positions in the pose (the mixer puts the
    // rest back when it stops).
    const play = (turns: Record<string, THREE.Quaternion>): { skinned: Float32Array; at: (name: string) => THREE.Vector3 } => {
      const tracks = MIXAMO_BONES.map(([name, parent]) => {
        const local = (turn: THREE.Quaternion): THREE.Quaternion =>
          (parent ? frames.get(parent)!.clone().invert() : new THREE.Quaternion()).multiply(frames.get(name)!).multiply(turn);
        const posed = local(turns[name] ?? new THREE.Quaternion());
        return new THREE.QuaternionKeyframeTrack(`${THREE.PropertyBinding.sanitizeNodeName(name)}.quaternion`, [0, 1, 2], [...local(new THREE.Quaternion()).toArray(), ...posed.toArray(), ...posed.toArray()]);
      });
      const mixer = new THREE.AnimationMixer(gltf.scene);
      mixer.clipAction(new THREE.AnimationClip('mixamo', 2, tracks)).play();
      mixer.update(1);
      const skinned = skinnedPositions(mesh, gltf);
      const bones = new Map(MIXAMO_BONES.map(([n]) => [n, world(n)]));
      mixer.stopAllAction();
      mixer.uncacheRoot(gltf.scene);
      return { skinned, at: (name) => bones.get(name)! };
    };
    const maxMove = (a: Float32Array, b: Float32Array): number => {
      let max = 0;
      for (let i = 0; i < a.length; i += 3) max = Math.max(max, Math.hypot(a[i]! - b[i]!, a[i + 1]! - b[i + 1]!, a[i + 2]! - b[i + 2]!));
      return max;
    };

    // Mixamo's T-pose, every bone keyed: the mesh stays where it rests (a bone frame rolled
    // otherwise than Mixamo's would twist the mesh around that bone).
    expect(maxMove(play({}).skinned, rest)).toBeLessThan(1e-4);

    // Both arms turned −90° about their own +X: in Mixamo's mirrored arm frames the same turn
    // raises both; the left thigh +90° about its +X lifts the knee forward, the shin −90° hangs
    // the foot straight below the knee again.
    const about = (axis: [number, number, number], degrees: number): THREE.Quaternion => new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(...axis), (degrees * Math.PI) / 180);
    const { skinned: posed, at } = play({
      'mixamorig:LeftArm': about([1, 0, 0], -90),
      'mixamorig:RightArm': about([1, 0, 0], -90),
      'mixamorig:LeftUpLeg': about([1, 0, 0], 90),
      'mixamorig:LeftLeg': about([1, 0, 0], -90),
    });
    const r = (name: string): THREE.Vector3 => restWorld.get(name)!;
    for (const side of ['Left', 'Right']) {
      const arm = `mixamorig:${side}Arm`;
      const shoulder = at(arm);
      const reach = r(`mixamorig:${side}Hand`).clone().sub(r(arm));
      const hand = at(`mixamorig:${side}Hand`);
      // The hand goes up, above the shoulder joint...
      expect(hand.y - shoulder.y).toBeGreaterThan(0.8 * reach.length());
      // ...exactly where a quarter turn about the Mixamo arm frame's +X puts it.
      const x = new THREE.Vector3(1, 0, 0).applyQuaternion(frames.get(arm)!);
      const expected = shoulder.clone().add(reach.applyAxisAngle(x, -Math.PI / 2));
      expect([side, hand.distanceTo(expected)]).toEqual([side, expect.closeTo(0, 3)]);
    }
    const hip = at('mixamorig:LeftUpLeg');
    const knee = at('mixamorig:LeftLeg');
    const foot = at('mixamorig:LeftFoot');
    const thigh = r('mixamorig:LeftLeg').distanceTo(r('mixamorig:LeftUpLeg'));
    const shin = r('mixamorig:LeftFoot').distanceTo(r('mixamorig:LeftLeg'));
    expect(knee.z - hip.z).toBeGreaterThan(0.9 * thigh);
    expect(Math.abs(knee.y - hip.y)).toBeLessThan(0.15 * thigh);
    expect(knee.y - foot.y).toBeGreaterThan(0.9 * shin);
    expect(Math.abs(foot.z - knee.z)).toBeLessThan(0.2 * shin);
    expect(at('mixamorig:RightFoot').distanceTo(r('mixamorig:RightFoot'))).toBeLessThan(1e-5);
    // The skin follows: the hands' vertices rise above the head, the left foot's come forward;
    // the right foot's stay.
    const top = new THREE.Box3().setFromBufferAttribute(modelled as THREE.BufferAttribute).max.y;
    let handsUp = 0, hands = 0, leftFootDz = 0, leftFoot = 0, rightFootMove = 0;
    for (let v = 0; v < rest.length / 3; v++) {
      const [x, y] = [rest[v * 3]!, rest[v * 3 + 1]!];
      if (Math.abs(x) > 0.75) { hands++; if (posed[v * 3 + 1]! > top) handsUp++; }
      if (y < 0.15 && x > 0.03) { leftFoot++; leftFootDz += posed[v * 3 + 2]! - rest[v * 3 + 2]!; }
      if (y < 0.15 && x < -0.03) rightFootMove = Math.max(rightFootMove, Math.hypot(posed[v * 3]! - x, posed[v * 3 + 1]! - y, posed[v * 3 + 2]! - rest[v * 3 + 2]!));
    }
    expect(hands).toBeGreaterThan(100);
    expect(handsUp / hands).toBeGreaterThan(0.95);
    expect(leftFoot).toBeGreaterThan(50);
    expect(leftFootDz / leftFoot).toBeGreaterThan(0.5 * thigh);
    expect(rightFootMove).toBeLessThan(1e-4);

    // Anchors in Mixamo's own numbers: the pre-rotations (FBX Euler XYZ, degrees) of a Mixamo
    // rig's shoulders and thighs relative to their parents. Our bones point where the fitted ones
    // do (this figure's clavicles slope down more than Mixamo's), but the roll, where +X points
    // across the bone, is Mixamo's.
    const mixamoPreRotation: Record<string, [number, number, number]> = {
      'mixamorig:LeftShoulder': [-2.78, 89.23, -104.55],
      'mixamorig:RightShoulder': [-74.43, -87.32, 179.01],
      'mixamorig:LeftUpLeg': [1.02, -0.02, -178.69],
      'mixamorig:RightUpLeg': [1.36, 0.03, 178.69],
    };
    const fresh = await loadGltf(result.model);
    const axis = (q: THREE.Quaternion, x: number, y: number): THREE.Vector3 => new THREE.Vector3(x, y, 0).applyQuaternion(q);
    const degrees = (a: THREE.Vector3, b: THREE.Vector3): number => (a.angleTo(b) * 180) / Math.PI;
    for (const [name, euler] of Object.entries(mixamoPreRotation)) {
      const theirs = new THREE.Quaternion().setFromEuler(new THREE.Euler(...euler.map((d) => (d * Math.PI) / 180) as [number, number, number], 'ZYX'));
      const ours = fresh.scene.getObjectByName(THREE.PropertyBinding.sanitizeNodeName(name))!.quaternion;
      expect([name, degrees(axis(ours, 1, 0), axis(theirs, 1, 0)) < 5]).toEqual([name, true]);
      expect([name, degrees(axis(ours, 0, 1), axis(theirs, 0, 1)) < 45]).toEqual([name, true]);
    }
  });

  test('our own clips on a mixamo rig, in GLB and FBX, move every joint as on a rig with our names', async () => {
    // Ready clips are made on our skeleton in identity rests; the writers re-express them in the
    // Mixamo bone frames. Read back, each joint's world position and its world turn from rest
    // must be the same as in the file with our names.
    const ours = await rig('walk-rigforge', { proceduralClips: ['walk'] });
    const [reference] = await readAnimationClip(ours.model);
    const names = SKELETON_PRESET_TABLES.mixamo.names;
    for (const outputFormat of ['glb', 'fbx'] as const) {
      const result = await rig(`walk-mixamo-${outputFormat}`, { skeletonPreset: 'mixamo', proceduralClips: ['walk'], outputFormat });
      const [clip] = await readAnimationClip(result.model);
      const pairs = reference!.skeleton.map((j, k) => [k, clip!.skeleton.findIndex((m) => m.name === names[j.name])] as const);
      expect(pairs.filter(([, m]) => m < 0)).toEqual([]);
      let distance = 0, radians = 0;
      const restA = poseAt(reference!, null);
      const restB = poseAt(clip!, null);
      for (let i = 0; i <= 20; i++) {
        const t = (reference!.duration * i) / 20;
        const a = poseAt(reference!, t);
        const b = poseAt(clip!, t);
        for (const [k, m] of pairs) {
          const [pa, pb] = [a[k]!.position, b[m]!.position];
          distance = Math.max(distance, Math.hypot(pa[0] - pb[0], pa[1] - pb[1], pa[2] - pb[2]));
          const turnA = quatMultiply(a[k]!.rotation, quatInvert(restA[k]!.rotation));
          const turnB = quatMultiply(b[m]!.rotation, quatInvert(restB[m]!.rotation));
          radians = Math.max(radians, quatAngle(quatMultiply(turnA, quatInvert(turnB))));
        }
      }
      expect([outputFormat, distance < 1e-3, radians < 2e-3]).toEqual([outputFormat, true, true]);
    }
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

/**
 * Mixamo's bone frames for these rest positions, in world space: each bone's +Y toward its child
 * (Spine2 toward the neck, a hand toward its middle finger; an end bone continues its parent),
 * +X per Mixamo's convention, as a Mixamo rig's FBX pre-rotations show it: the hips keep the
 * world's axes; spine, neck, head +X to the character's left (+X); legs and feet to its right
 * (−X); on the left arm and hand +X points back (−Z), on the right forward (+Z), so +Z points
 * down a T-pose arm on both sides.
 */
function mixamoRestFrames(rest: ReadonlyMap<string, THREE.Vector3>): Map<string, THREE.Quaternion> {
  const aimAt: Record<string, string> = { Hips: '', Spine2: 'Neck', LeftHand: 'LeftHandMiddle1', RightHand: 'RightHandMiddle1' };
  const frames = new Map<string, THREE.Quaternion>();
  for (const [name, parent] of MIXAMO_BONES) {
    const bare = name.replace('mixamorig:', '');
    if (bare === 'Hips') { frames.set(name, new THREE.Quaternion()); continue; }
    const child = aimAt[bare] !== undefined ? `mixamorig:${aimAt[bare]}` : MIXAMO_BONES.find(([, p]) => p === name)?.[0];
    if (!child) { frames.set(name, frames.get(parent!)!.clone()); continue; }
    const y = rest.get(child)!.clone().sub(rest.get(name)!).normalize();
    const lean = /^(Left|Right)(Shoulder|Arm|ForeArm|Hand)/.test(bare)
      ? new THREE.Vector3(0, 0, bare.startsWith('Left') ? -1 : 1)
      : /^(Left|Right)(UpLeg|Leg|Foot|ToeBase)/.test(bare) ? new THREE.Vector3(-1, 0, 0) : new THREE.Vector3(1, 0, 0);
    const x = lean.sub(y.clone().multiplyScalar(lean.dot(y))).normalize();
    const z = new THREE.Vector3().crossVectors(x, y);
    frames.set(name, new THREE.Quaternion().setFromRotationMatrix(new THREE.Matrix4().makeBasis(x, y, z)));
  }
  return frames;
}

/** World transforms of a clip's joints at time t (null: its rest pose), tracks sampled over the rest. */
function poseAt(clip: AnimationClip, t: number | null): ReturnType<typeof forwardKinematics> {
  const local = clip.skeleton.map((j) => ({ translation: [...j.rest.translation] as Vec3, rotation: [...j.rest.rotation] as Quat, scale: [...j.rest.scale] as Vec3 }));
  if (t !== null) {
    for (const track of clip.tracks) {
      const v = sampleTrack(track, t);
      const l = local[track.joint]!;
      if (track.path === 'rotation') l.rotation = [v[0]!, v[1]!, v[2]!, v[3]!];
      else if (track.path === 'translation') l.translation = [v[0]!, v[1]!, v[2]!];
    }
  }
  return forwardKinematics(clip.skeleton, local);
}

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
