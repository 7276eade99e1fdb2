import { quatAngle, quatInvert, quatMultiply, quatRotate, sampleTrack, type AnimationClip, type AnimationJoint, type Quat, type Vec3 } from '../src';

/** World rotation and position of every joint of a parents-first skeleton (unit scale). */
export interface WorldPose {
  rotation: Quat[];
  position: Vec3[];
}

/** Forward kinematics of `clip` at time t (null: the rest pose), tracks overriding the rest values. */
export function clipWorldPose(clip: AnimationClip, t: number | null): WorldPose {
  return skeletonWorldPose(clip.skeleton, (j) => {
    const rest = clip.skeleton[j]!.rest;
    let rotation: Quat = [...rest.rotation];
    let translation: Vec3 = [...rest.translation];
    if (t !== null) {
      for (const track of clip.tracks.filter((x) => x.joint === j)) {
        const v = sampleTrack(track, t);
        if (track.path === 'rotation') rotation = [v[0]!, v[1]!, v[2]!, v[3]!];
        if (track.path === 'translation') translation = [v[0]!, v[1]!, v[2]!];
      }
    }
    return { rotation, translation };
  });
}

export function skeletonWorldPose(joints: readonly AnimationJoint[], local: (j: number) => { rotation: Quat; translation: Vec3 }): WorldPose {
  const rotation: Quat[] = [];
  const position: Vec3[] = [];
  joints.forEach((joint, j) => {
    const l = local(j);
    const p = joint.parent;
    if (p < 0) {
      rotation[j] = l.rotation;
      position[j] = l.translation;
      return;
    }
    rotation[j] = quatMultiply(rotation[p]!, l.rotation);
    const o = quatRotate(rotation[p]!, l.translation);
    position[j] = [position[p]![0] + o[0], position[p]![1] + o[1], position[p]![2] + o[2]];
  });
  return { rotation, position };
}

/**
 * Largest difference between two clips on the same joints (by index), over `samples` + 1 times:
 * world positions, and world rotations relative to each clip's own rest (W(t) · W_rest⁻¹), which
 * do not depend on how each file orients its joints at rest.
 */
export function maxWorldMotionError(a: AnimationClip, b: AnimationClip, joints: number[], duration: number, samples = 40): { radians: number; distance: number } {
  const restA = clipWorldPose(a, null);
  const restB = clipWorldPose(b, null);
  let radians = 0;
  let distance = 0;
  for (let k = 0; k <= samples; k++) {
    const t = (duration * k) / samples;
    const pa = clipWorldPose(a, t);
    const pb = clipWorldPose(b, t);
    for (const j of joints) {
      const da = quatMultiply(pa.rotation[j]!, quatInvert(restA.rotation[j]!));
      const db = quatMultiply(pb.rotation[j]!, quatInvert(restB.rotation[j]!));
      radians = Math.max(radians, quatAngle(quatMultiply(quatInvert(da), db)));
      distance = Math.max(distance, Math.hypot(pa.position[j]![0] - pb.position[j]![0], pa.position[j]![1] - pb.position[j]![1], pa.position[j]![2] - pb.position[j]![2]));
    }
  }
  return { radians, distance };
}

/**
 * Per joint with children at a distance: the angle (degrees) between its rest +Y axis (the
 * direction Blender draws a bone) and the direction to the nearest-aligned child.
 */
export function boneToChildAngles(joints: readonly AnimationJoint[], pose: WorldPose): Map<string, number> {
  const out = new Map<string, number>();
  joints.forEach((joint, k) => {
    const y = quatRotate(pose.rotation[k]!, [0, 1, 0]);
    let best = Infinity;
    joints.forEach((c, i) => {
      if (c.parent !== k) return;
      const d: Vec3 = [pose.position[i]![0] - pose.position[k]![0], pose.position[i]![1] - pose.position[k]![1], pose.position[i]![2] - pose.position[k]![2]];
      const len = Math.hypot(...d) * Math.hypot(...y);
      if (len < 1e-9) return;
      best = Math.min(best, (Math.acos(Math.max(-1, Math.min(1, (d[0] * y[0] + d[1] * y[1] + d[2] * y[2]) / len))) * 180) / Math.PI);
    });
    if (Number.isFinite(best)) out.set(joint.name, best);
  });
  return out;
}
