import type { AnimationClip, AnimationJoint, Mesh, Skeleton } from '../src/mesh-model';
import { writeGlb } from '../src/write-glb';
import { quatFromAxisAngle, quatInvert, quatMultiply, quatRotate, type Quat, type Vec3 } from '../src/animation/quat';

export interface BuildHumanoidClipOptions {
  /** Joint naming: Mixamo (`mixamorig:LeftForeArm`) or Unity Humanoid (`LeftLowerArm`). Default `mixamo`. */
  names?: 'mixamo' | 'unity';
  /** Give every joint a non-identity rest rotation (as Mixamo and Blender exports do). Default false. */
  restRotations?: boolean;
  /** Final bend of the left elbow, degrees; the forearm turns forward (+X toward +Z) about −Y. Default 90. */
  elbowBendDegrees?: number;
  /** How far the hips sink at the end, in metres (a crouch). Default 0.1. */
  hipsDrop?: number;
  /** Clip length in seconds; keys at 0, half and the end. Default 1. */
  duration?: number;
}

/** [mixamo, unity, parent index, world position in metres] of the synthetic 1.7 m humanoid. */
const JOINTS: Array<[string, string, number, Vec3]> = [
  ['Hips', 'Hips', -1, [0, 1, 0]],
  ['Spine', 'Spine', 0, [0, 1.1, 0]],
  ['Spine1', 'Chest', 1, [0, 1.25, 0]],
  ['Spine2', 'UpperChest', 2, [0, 1.4, 0]],
  ['Neck', 'Neck', 3, [0, 1.55, 0]],
  ['Head', 'Head', 4, [0, 1.65, 0]],
  ['HeadTop_End', 'HeadTop_End', 5, [0, 1.8, 0]],
  ['LeftShoulder', 'LeftShoulder', 3, [0.05, 1.5, 0]],
  ['LeftArm', 'LeftUpperArm', 7, [0.18, 1.5, 0]],
  ['LeftForeArm', 'LeftLowerArm', 8, [0.45, 1.5, 0]],
  ['LeftHand', 'LeftHand', 9, [0.7, 1.5, 0]],
  ['LeftHandIndex1', 'LeftIndexProximal', 10, [0.78, 1.5, 0.02]],
  ['RightShoulder', 'RightShoulder', 3, [-0.05, 1.5, 0]],
  ['RightArm', 'RightUpperArm', 12, [-0.18, 1.5, 0]],
  ['RightForeArm', 'RightLowerArm', 13, [-0.45, 1.5, 0]],
  ['RightHand', 'RightHand', 14, [-0.7, 1.5, 0]],
  ['LeftUpLeg', 'LeftUpperLeg', 0, [0.1, 0.95, 0]],
  ['LeftLeg', 'LeftLowerLeg', 16, [0.1, 0.5, 0]],
  ['LeftFoot', 'LeftFoot', 17, [0.1, 0.08, 0]],
  ['LeftToeBase', 'LeftToes', 18, [0.1, 0.02, 0.12]],
  ['RightUpLeg', 'RightUpperLeg', 0, [-0.1, 0.95, 0]],
  ['RightLeg', 'RightLowerLeg', 20, [-0.1, 0.5, 0]],
  ['RightFoot', 'RightFoot', 21, [-0.1, 0.08, 0]],
  ['RightToeBase', 'RightToes', 22, [-0.1, 0.02, 0.12]],
];

/**
 * A synthetic humanoid clip for tests and benchmarks: a 24-joint T-pose skeleton facing +Z (left
 * hand on +X) with Mixamo or Unity names, whose left elbow bends forward and whose hips sink over
 * the clip. Returns the clip and the same skeleton as a rest-position `Skeleton` (for writeGlb).
 */
export function buildHumanoidClip(options: BuildHumanoidClipOptions = {}): { clip: AnimationClip; skeleton: Skeleton } {
  const names = options.names ?? 'mixamo';
  const bend = ((options.elbowBendDegrees ?? 90) * Math.PI) / 180;
  const drop = options.hipsDrop ?? 0.1;
  const duration = options.duration ?? 1;
  const nameOf = (j: (typeof JOINTS)[number]) => (names === 'mixamo' ? `mixamorig:${j[0]}` : j[1]);
  // World rest rotations: arbitrary but deterministic when asked for, identity otherwise.
  const worldRest: Quat[] = JOINTS.map((_, i) => (options.restRotations ? quatFromAxisAngle([Math.sin(i + 1), Math.cos(2 * i + 1), 0.5], 0.3 + 0.2 * i) : [0, 0, 0, 1]));
  const skeleton: AnimationJoint[] = JOINTS.map((j, i) => {
    const p = j[2];
    const parentRot: Quat = p >= 0 ? worldRest[p]! : [0, 0, 0, 1];
    const parentPos: Vec3 = p >= 0 ? JOINTS[p]![3] : [0, 0, 0];
    const offset: Vec3 = [j[3][0] - parentPos[0], j[3][1] - parentPos[1], j[3][2] - parentPos[2]];
    return {
      name: nameOf(j),
      parent: p,
      rest: {
        translation: quatRotate(quatInvert(parentRot), offset),
        rotation: quatMultiply(quatInvert(parentRot), worldRest[i]!),
        scale: [1, 1, 1],
      },
    };
  });
  const times = Float32Array.from([0, duration / 2, duration]);
  const fore = JOINTS.findIndex((j) => j[0] === 'LeftForeArm');
  const arm = JOINTS[fore]![2];
  const rot = new Float32Array(12);
  [0, 0.5, 1].forEach((u, k) => {
    // World rotation = bend about −Y, applied to the rest; local = parent⁻¹ · world.
    const world = quatMultiply(quatFromAxisAngle([0, -1, 0], bend * u), worldRest[fore]!);
    rot.set(quatMultiply(quatInvert(worldRest[arm]!), world), k * 4);
  });
  const hips = skeleton[0]!.rest.translation;
  const trans = Float32Array.from([...hips, hips[0], hips[1] - drop / 2, hips[2], hips[0], hips[1] - drop, hips[2]]);
  const clip: AnimationClip = {
    name: 'elbow_bend',
    duration,
    skeleton,
    tracks: [
      { joint: fore, path: 'rotation', times, values: rot, interpolation: 'LINEAR' },
      { joint: 0, path: 'translation', times, values: trans, interpolation: 'LINEAR' },
    ],
  };
  return { clip, skeleton: { joints: JOINTS.map((j) => ({ name: nameOf(j), parent: j[2], position: [...j[3]] as Vec3 })) } };
}

/**
 * The synthetic humanoid clip as a GLB file, the way an animation download looks: a small box
 * skinned to the hips, the joint hierarchy and one glTF animation. Rest rotations are identity
 * (writeGlb's joints carry translation only).
 */
export async function buildHumanoidClipGlb(options: Omit<BuildHumanoidClipOptions, 'restRotations'> = {}): Promise<Uint8Array> {
  const { clip, skeleton } = buildHumanoidClip({ ...options, restRotations: false });
  const p: number[] = [];
  for (const x of [-0.1, 0.1]) for (const y of [0.9, 1.1]) for (const z of [-0.1, 0.1]) p.push(x, y, z);
  const faces = [[0, 1, 3, 2], [4, 6, 7, 5], [0, 4, 5, 1], [2, 3, 7, 6], [0, 2, 6, 4], [1, 5, 7, 3]];
  const indices: number[] = [];
  for (const [a, b, c, d] of faces) indices.push(a!, b!, c!, a!, c!, d!);
  const mesh: Mesh = { positions: new Float32Array(p), indices: new Uint32Array(indices), groups: [], materials: [] };
  const weights = new Float32Array(32);
  for (let v = 0; v < 8; v++) weights[v * 4] = 1;
  return writeGlb(mesh, { rig: { skeleton, skin: { joints: new Uint16Array(32), weights } }, animations: [clip] });
}
