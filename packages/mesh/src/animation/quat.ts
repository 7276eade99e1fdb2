/**
 * Quaternion helpers for animation work, as plain tuples (x, y, z, w) in float64. Hamilton
 * convention, as glTF: `quatMultiply(a, b)` applies b first, then a.
 */
export type Quat = [number, number, number, number];
export type Vec3 = [number, number, number];

export const QUAT_IDENTITY: Readonly<Quat> = [0, 0, 0, 1];

export function quatMultiply(a: Readonly<Quat>, b: Readonly<Quat>): Quat {
  const [ax, ay, az, aw] = a;
  const [bx, by, bz, bw] = b;
  return [
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
    aw * bw - ax * bx - ay * by - az * bz,
  ];
}

/** Inverse of a unit quaternion (its conjugate). */
export function quatInvert(q: Readonly<Quat>): Quat {
  return [-q[0], -q[1], -q[2], q[3]];
}

/** Unit length; a zero or non-finite quaternion becomes the identity. */
export function quatNormalize(q: Readonly<Quat>): Quat {
  const len = Math.hypot(q[0], q[1], q[2], q[3]);
  if (!(len > 1e-12) || !Number.isFinite(len)) return [0, 0, 0, 1];
  return [q[0] / len, q[1] / len, q[2] / len, q[3] / len];
}

export function quatFromAxisAngle(axis: Readonly<Vec3>, radians: number): Quat {
  const len = Math.hypot(axis[0], axis[1], axis[2]) || 1;
  const s = Math.sin(radians / 2) / len;
  return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(radians / 2)];
}

/** Rotates vector v by unit quaternion q. */
export function quatRotate(q: Readonly<Quat>, v: Readonly<Vec3>): Vec3 {
  const [x, y, z, w] = q;
  // t = 2 (q.xyz × v); v' = v + w t + q.xyz × t
  const tx = 2 * (y * v[2] - z * v[1]);
  const ty = 2 * (z * v[0] - x * v[2]);
  const tz = 2 * (x * v[1] - y * v[0]);
  return [
    v[0] + w * tx + (y * tz - z * ty),
    v[1] + w * ty + (z * tx - x * tz),
    v[2] + w * tz + (x * ty - y * tx),
  ];
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

/** Spherical interpolation along the shorter arc. */
export function quatSlerp(a: Readonly<Quat>, b: Readonly<Quat>, t: number): Quat {
  let [bx, by, bz, bw] = b;
  let cos = a[0] * bx + a[1] * by + a[2] * bz + a[3] * bw;
  if (cos < 0) {
    cos = -cos; bx = -bx; by = -by; bz = -bz; bw = -bw;
  }
  let s0: number;
  let s1: number;
  if (cos > 0.9995) {
    s0 = 1 - t;
    s1 = t;
  } else {
    const theta = Math.acos(Math.min(1, cos));
    const sin = Math.sin(theta);
    s0 = Math.sin((1 - t) * theta) / sin;
    s1 = Math.sin(t * theta) / sin;
  }
  return quatNormalize([s0 * a[0] + s1 * bx, s0 * a[1] + s1 * by, s0 * a[2] + s1 * bz, s0 * a[3] + s1 * bw]);
}

/** Angle of the rotation, radians in [0, π]. */
export function quatAngle(q: Readonly<Quat>): number {
  return 2 * Math.acos(Math.min(1, Math.abs(quatNormalize(q)[3])));
}

/** Rotation part of a 3×3 matrix given by its columns (scale already removed), Shepperd's method. */
export function quatFromRotationColumns(c0: Readonly<Vec3>, c1: Readonly<Vec3>, c2: Readonly<Vec3>): Quat {
  const m00 = c0[0], m10 = c0[1], m20 = c0[2];
  const m01 = c1[0], m11 = c1[1], m21 = c1[2];
  const m02 = c2[0], m12 = c2[1], m22 = c2[2];
  const trace = m00 + m11 + m22;
  let q: Quat;
  if (trace > 0) {
    const s = Math.sqrt(trace + 1) * 2;
    q = [(m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s, s / 4];
  } else if (m00 > m11 && m00 > m22) {
    const s = Math.sqrt(1 + m00 - m11 - m22) * 2;
    q = [s / 4, (m01 + m10) / s, (m02 + m20) / s, (m21 - m12) / s];
  } else if (m11 > m22) {
    const s = Math.sqrt(1 + m11 - m00 - m22) * 2;
    q = [(m01 + m10) / s, s / 4, (m12 + m21) / s, (m02 - m20) / s];
  } else {
    const s = Math.sqrt(1 + m22 - m00 - m11) * 2;
    q = [(m02 + m20) / s, (m12 + m21) / s, s / 4, (m10 - m01) / s];
  }
  return quatNormalize(q);
}

/**
 * The rotation taking the orthonormal frame (a1, a2) to (b1, b2): each pair is two directions
 * (e.g. up and left) that are orthogonalised first. Used to align two characters' rest frames.
 */
export function quatFromFrames(a1: Readonly<Vec3>, a2: Readonly<Vec3>, b1: Readonly<Vec3>, b2: Readonly<Vec3>): Quat {
  const frame = (u: Readonly<Vec3>, v: Readonly<Vec3>): [Vec3, Vec3, Vec3] => {
    const e1 = normalize(u);
    const d = dot(v, e1);
    const e2 = normalize([v[0] - d * e1[0], v[1] - d * e1[1], v[2] - d * e1[2]]);
    return [e1, e2, cross(e1, e2)];
  };
  const fa = frame(a1, a2);
  const fb = frame(b1, b2);
  // R = Fb · Faᵀ, built column by column.
  const col = (j: number): Vec3 => {
    const out: Vec3 = [0, 0, 0];
    for (let r = 0; r < 3; r++) out[r] = fb[0][r]! * fa[0][j]! + fb[1][r]! * fa[1][j]! + fb[2][r]! * fa[2][j]!;
    return out;
  };
  return quatFromRotationColumns(col(0), col(1), col(2));
}

function dot(a: Readonly<Vec3>, b: Readonly<Vec3>): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

function cross(a: Readonly<Vec3>, b: Readonly<Vec3>): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function normalize(v: Readonly<Vec3>): Vec3 {
  const len = Math.hypot(v[0], v[1], v[2]);
  return len > 1e-12 ? [v[0] / len, v[1] / len, v[2] / len] : [0, 0, 0];
}
