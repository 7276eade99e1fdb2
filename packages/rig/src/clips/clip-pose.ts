/**
 * Poses of a fitted skeleton (rest rotations identity, as fitSkeleton returns) and the clip made
 * from them: a pose is one local rotation per joint plus the root's offset from its rest position;
 * forward kinematics gives world rotations and positions, and the frames of a cycle become the
 * clip's rotation tracks and the root's translation track.
 */
import {
  QUAT_IDENTITY,
  quatMultiply,
  quatRotate,
  type AnimationClip,
  type AnimationJoint,
  type AnimationTrack,
  type Quat,
  type Skeleton,
  type Vec3,
} from '@rigforge/mesh';

export interface Pose {
  /** Local rotation of every joint (identity = rest). */
  local: Quat[];
  /** World offset of every root joint from its rest position. */
  rootOffset: Vec3;
}

export interface WorldPose {
  rotation: Quat[];
  position: Vec3[];
}

export function restPose(skeleton: Skeleton): Pose {
  return { local: skeleton.joints.map(() => [...QUAT_IDENTITY] as Quat), rootOffset: [0, 0, 0] };
}

/** Forward kinematics of `pose` over the parents-first `skeleton`. */
export function worldPose(skeleton: Skeleton, pose: Pose): WorldPose {
  const rotation: Quat[] = [];
  const position: Vec3[] = [];
  skeleton.joints.forEach((j, k) => {
    const p = j.parent;
    if (p < 0 || p >= k) {
      rotation[k] = pose.local[k]!;
      position[k] = add(j.position, pose.rootOffset);
      return;
    }
    rotation[k] = quatMultiply(rotation[p]!, pose.local[k]!);
    position[k] = add(position[p]!, quatRotate(rotation[p]!, sub(j.position, skeleton.joints[p]!.position)));
  });
  return { rotation, position };
}

/** The clip of `poses` sampled at `fps` (frame f at f / fps seconds): every animated joint's rotation and each root's translation. */
export function clipFromPoses(name: string, skeleton: Skeleton, poses: Pose[], fps: number): AnimationClip {
  const n = poses.length;
  const times = Float32Array.from({ length: n }, (_, f) => f / fps);
  const joints: AnimationJoint[] = skeleton.joints.map((j, i) => {
    const p = j.parent >= 0 && j.parent < i ? j.parent : -1;
    const base: Vec3 = p >= 0 ? skeleton.joints[p]!.position : [0, 0, 0];
    return { name: j.name, parent: p, rest: { translation: sub(j.position, base), rotation: [0, 0, 0, 1], scale: [1, 1, 1] } };
  });
  const tracks: AnimationTrack[] = [];
  joints.forEach((j, k) => {
    const moves = poses.some((pose) => Math.abs(pose.local[k]![3]) < 1 - 1e-9);
    if (moves || j.parent < 0) {
      const values = new Float32Array(n * 4);
      poses.forEach((pose, f) => values.set(pose.local[k]!, f * 4));
      tracks.push({ joint: k, path: 'rotation', times, values, interpolation: 'LINEAR' });
    }
    if (j.parent < 0) {
      const values = new Float32Array(n * 3);
      poses.forEach((pose, f) => values.set(add(j.rest.translation, pose.rootOffset), f * 3));
      tracks.push({ joint: k, path: 'translation', times, values, interpolation: 'LINEAR' });
    }
  });
  return { name, duration: (n - 1) / fps, skeleton: joints, tracks };
}

export function add(a: Readonly<Vec3>, b: Readonly<Vec3>): Vec3 {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
}

export function sub(a: Readonly<Vec3>, b: Readonly<Vec3>): Vec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

export function scale(a: Readonly<Vec3>, s: number): Vec3 {
  return [a[0] * s, a[1] * s, a[2] * s];
}

export function length(a: Readonly<Vec3>): number {
  return Math.hypot(a[0], a[1], a[2]);
}
