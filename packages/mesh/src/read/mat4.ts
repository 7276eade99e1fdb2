/**
 * Minimal column-major 4×4 matrix helpers for baking scene transforms (glTF's layout; FBX matrices
 * are built in the same convention). Float64 so deep hierarchies do not drift.
 */
export type Mat4 = Float64Array;

export function identity(): Mat4 {
  const m = new Float64Array(16);
  m[0] = m[5] = m[10] = m[15] = 1;
  return m;
}

export function multiply(a: Mat4, b: Mat4): Mat4 {
  const out = new Float64Array(16);
  for (let c = 0; c < 4; c++) {
    for (let r = 0; r < 4; r++) {
      let s = 0;
      for (let k = 0; k < 4; k++) s += a[k * 4 + r]! * b[c * 4 + k]!;
      out[c * 4 + r] = s;
    }
  }
  return out;
}

export function translation(x: number, y: number, z: number): Mat4 {
  const m = identity();
  m[12] = x; m[13] = y; m[14] = z;
  return m;
}

export function scaling(x: number, y: number, z: number): Mat4 {
  const m = identity();
  m[0] = x; m[5] = y; m[10] = z;
  return m;
}

/** Rotation from a unit quaternion (x, y, z, w); renormalised defensively. */
export function fromQuat(qx: number, qy: number, qz: number, qw: number): Mat4 {
  const len = Math.hypot(qx, qy, qz, qw) || 1;
  const x = qx / len, y = qy / len, z = qz / len, w = qw / len;
  const m = identity();
  m[0] = 1 - 2 * (y * y + z * z); m[1] = 2 * (x * y + z * w); m[2] = 2 * (x * z - y * w);
  m[4] = 2 * (x * y - z * w); m[5] = 1 - 2 * (x * x + z * z); m[6] = 2 * (y * z + x * w);
  m[8] = 2 * (x * z + y * w); m[9] = 2 * (y * z - x * w); m[10] = 1 - 2 * (x * x + y * y);
  return m;
}

/** Rotation about one axis by `deg` degrees. */
export function axisRotation(axis: 0 | 1 | 2, deg: number): Mat4 {
  const r = (deg * Math.PI) / 180;
  const c = Math.cos(r), s = Math.sin(r);
  const m = identity();
  if (axis === 0) { m[5] = c; m[6] = s; m[9] = -s; m[10] = c; }
  else if (axis === 1) { m[0] = c; m[2] = -s; m[8] = s; m[10] = c; }
  else { m[0] = c; m[1] = s; m[4] = -s; m[5] = c; }
  return m;
}

/**
 * Whether `m` is the identity within 1e-12. Compares in place: a Float64Array(16) is past V8's
 * 64-byte limit for typed arrays kept on its heap, so each `identity()` is a malloc'd backing store
 * freed by the GC, and this runs twice per drawn primitive on every read (issue 25: the API checks
 * every submitted mesh).
 */
export function isIdentity(m: Mat4): boolean {
  for (let i = 0; i < 16; i++) if (Math.abs(m[i]! - (i % 5 === 0 ? 1 : 0)) > 1e-12) return false;
  return true;
}

/**
 * Applies `m` to positions (and its inverse-transpose to normals) in place. Returns whether the
 * transform mirrors (negative determinant), in which case callers must flip triangle winding.
 */
export function transformVertices(m: Mat4, positions: Float32Array, normals?: Float32Array): boolean {
  transformPositions(m, positions);
  if (normals) transformNormals(m, normals);
  return mirrors(m);
}

/** Applies `m` to positions in place. */
export function transformPositions(m: Mat4, positions: Float32Array): void {
  for (let i = 0; i + 2 < positions.length; i += 3) {
    const x = positions[i]!, y = positions[i + 1]!, z = positions[i + 2]!;
    positions[i] = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
    positions[i + 1] = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
    positions[i + 2] = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
  }
}

/** Applies the inverse-transpose of `m` to normals in place, renormalised. */
export function transformNormals(m: Mat4, normals: Float32Array): void {
  const a = m[0]!, b = m[4]!, c = m[8]!, d = m[1]!, e = m[5]!, f = m[9]!, g = m[2]!, h = m[6]!, k = m[10]!;
  // Cofactor matrix = det × inverse-transpose; the scale is removed by renormalising.
  const n00 = e * k - f * h, n01 = -(d * k - f * g), n02 = d * h - e * g;
  const n10 = -(b * k - c * h), n11 = a * k - c * g, n12 = -(a * h - b * g);
  const n20 = b * f - c * e, n21 = -(a * f - c * d), n22 = a * e - b * d;
  const sign = mirrors(m) ? -1 : 1;
  for (let i = 0; i + 2 < normals.length; i += 3) {
    const x = normals[i]!, y = normals[i + 1]!, z = normals[i + 2]!;
    const nx = n00 * x + n01 * y + n02 * z;
    const ny = n10 * x + n11 * y + n12 * z;
    const nz = n20 * x + n21 * y + n22 * z;
    const len = Math.sqrt(nx * nx + ny * ny + nz * nz) * sign;
    if (len !== 0 && Number.isFinite(len)) {
      normals[i] = nx / len; normals[i + 1] = ny / len; normals[i + 2] = nz / len;
    }
  }
}

/** Whether `m` mirrors (negative determinant of its linear part): triangle winding must flip. */
export function mirrors(m: Mat4): boolean {
  const a = m[0]!, b = m[4]!, c = m[8]!, d = m[1]!, e = m[5]!, f = m[9]!, g = m[2]!, h = m[6]!, k = m[10]!;
  return a * (e * k - f * h) - b * (d * k - f * g) + c * (d * h - e * g) < 0;
}

/** Reverses the winding of every triangle in place. */
export function flipWinding(indices: Uint32Array): void {
  for (let t = 0; t + 2 < indices.length; t += 3) {
    const b = indices[t + 1]!;
    indices[t + 1] = indices[t + 2]!;
    indices[t + 2] = b;
  }
}
