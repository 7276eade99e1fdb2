/**
 * Smooth vertex normals: each triangle adds its unnormalised face normal (length = 2 × area) to its
 * three vertices, so large faces dominate and slivers barely count; then every sum is normalised.
 * Angle weighting is marginally nicer on irregular meshes but costs three acos per triangle; area
 * weighting is the common default (three.js, Blender "face area") and is a single pass.
 * Vertices with no usable face (isolated or only degenerate triangles) get +Y, so the result is
 * always unit length, which the glTF validator requires.
 */
export function computeVertexNormals(positions: Float32Array, indices: Uint32Array): Float32Array {
  const vertexCount = Math.floor(positions.length / 3);
  const acc = new Float64Array(vertexCount * 3);
  for (let t = 0; t + 2 < indices.length; t += 3) {
    const a = indices[t]! * 3;
    const b = indices[t + 1]! * 3;
    const c = indices[t + 2]! * 3;
    if (a >= positions.length || b >= positions.length || c >= positions.length) continue;
    const ax = positions[a]!, ay = positions[a + 1]!, az = positions[a + 2]!;
    const e1x = positions[b]! - ax, e1y = positions[b + 1]! - ay, e1z = positions[b + 2]! - az;
    const e2x = positions[c]! - ax, e2y = positions[c + 1]! - ay, e2z = positions[c + 2]! - az;
    const nx = e1y * e2z - e1z * e2y;
    const ny = e1z * e2x - e1x * e2z;
    const nz = e1x * e2y - e1y * e2x;
    add3(acc, a, nx, ny, nz);
    add3(acc, b, nx, ny, nz);
    add3(acc, c, nx, ny, nz);
  }
  const out = new Float32Array(vertexCount * 3);
  for (let i = 0; i < out.length; i += 3) {
    writeUnit(out, i, acc[i]!, acc[i + 1]!, acc[i + 2]!);
  }
  return out;
}

/** Copies normals, renormalising each and replacing zero-length or non-finite ones with +Y. */
export function normalizeNormals(normals: Float32Array): Float32Array {
  const out = new Float32Array(normals.length - (normals.length % 3));
  for (let i = 0; i < out.length; i += 3) {
    writeUnit(out, i, normals[i]!, normals[i + 1]!, normals[i + 2]!);
  }
  return out;
}

function writeUnit(out: Float32Array, i: number, x: number, y: number, z: number): void {
  const len = Math.sqrt(x * x + y * y + z * z);
  if (len > 1e-30 && Number.isFinite(len)) {
    out[i] = x / len;
    out[i + 1] = y / len;
    out[i + 2] = z / len;
  } else {
    out[i] = 0;
    out[i + 1] = 1;
    out[i + 2] = 0;
  }
}

function add3(acc: Float64Array, i: number, x: number, y: number, z: number): void {
  acc[i] = acc[i]! + x;
  acc[i + 1] = acc[i + 1]! + y;
  acc[i + 2] = acc[i + 2]! + z;
}
