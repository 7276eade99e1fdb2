import { quatMultiply, quatNormalize, quatRotate, type AnimationJoint, type Quat, type Vec3 } from '@rigforge/mesh';

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

/** The shortest-arc rotation turning direction `a` into direction `b`. */
export function quatBetween(a: Readonly<Vec3>, b: Readonly<Vec3>): Quat {
  const la = Math.hypot(a[0], a[1], a[2]);
  const lb = Math.hypot(b[0], b[1], b[2]);
  if (!(la > 1e-12) || !(lb > 1e-12)) return [0, 0, 0, 1];
  const u: Vec3 = [a[0] / la, a[1] / la, a[2] / la];
  const v: Vec3 = [b[0] / lb, b[1] / lb, b[2] / lb];
  const d = u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
  if (d < -0.999999) {
    // Opposite: any axis perpendicular to u.
    const axis: Vec3 = Math.abs(u[0]) < 0.9 ? [0, -u[2], u[1]] : [-u[2], 0, u[0]];
    const l = Math.hypot(...axis);
    return [axis[0] / l, axis[1] / l, axis[2] / l, 0];
  }
  const c: Vec3 = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
  return quatNormalize([c[0], c[1], c[2], 1 + d]);
}

export function sub(a: Readonly<Vec3>, b: Readonly<Vec3>): Vec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

export function dot(a: Readonly<Vec3>, b: Readonly<Vec3>): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
