/** The quaternion and pose helpers the retargeter uses. */
import { quatMultiply, quatNormalize, quatRotate, type AnimationJoint, type Quat, type Vec3 } from '@rigforge/mesh';

// The shortest arc lives with the other quaternion helpers (the FBX writer orients joints with it).
export { quatBetween } from '@rigforge/mesh';

/** World transform of a joint: rotation, (per-axis) scale and position. */
export interface WorldTransform {
  rotation: Quat;
  scale: Vec3;
  position: Vec3;
}

/**
 * Forward kinematics over a parents-first skeleton. Scale is carried per axis without shear,
 * which is exact for the uniform scales of real rigs (Blender's 0.01 armature) and an
 * approximation for non-uniform scale under rotation.
 */
export function forwardKinematics(
  skeleton: readonly AnimationJoint[],
  local: readonly { translation: Vec3; rotation: Quat; scale: Vec3 }[],
  out: WorldTransform[] = [],
): WorldTransform[] {
  for (let j = 0; j < skeleton.length; j++) {
    const l = local[j]!;
    const p = skeleton[j]!.parent;
    const parent = p >= 0 && p < j ? out[p]! : null;
    if (!parent) {
      out[j] = { rotation: quatNormalize(l.rotation), scale: [...l.scale], position: [...l.translation] };
      continue;
    }
    const t = quatRotate(parent.rotation, [
      parent.scale[0] * l.translation[0], parent.scale[1] * l.translation[1], parent.scale[2] * l.translation[2],
    ]);
    out[j] = {
      rotation: quatNormalize(quatMultiply(parent.rotation, l.rotation)),
      scale: [parent.scale[0] * l.scale[0], parent.scale[1] * l.scale[1], parent.scale[2] * l.scale[2]],
      position: [parent.position[0] + t[0], parent.position[1] + t[1], parent.position[2] + t[2]],
    };
  }
  return out;
}

export function sub(a: Readonly<Vec3>, b: Readonly<Vec3>): Vec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

export function dot(a: Readonly<Vec3>, b: Readonly<Vec3>): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
