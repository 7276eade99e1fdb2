import { buildTriangleRayTree } from '../src/skinning/triangle-ray-tree';

/** A deterministic pseudo-random stream in [0, 1). */
function stream(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);
}

/**
 * The tree's question asked of every triangle, no tree: the segment from p (a hair past it) to q
 * (a hair short of it) enters a triangle facing against it. The same steps as the tree's leaf test.
 */
function entersAny(positions: Float32Array, indices: Uint32Array, p: readonly number[], q: readonly number[]): boolean {
  let dx = q[0]! - p[0]!, dy = q[1]! - p[1]!, dz = q[2]! - p[2]!;
  const px = p[0]! + 1e-5 * dx, py = p[1]! + 1e-5 * dy, pz = p[2]! + 1e-5 * dz;
  dx *= 1 - 2e-5; dy *= 1 - 2e-5; dz *= 1 - 2e-5;
  const dlen = Math.sqrt(dx * dx + dy * dy + dz * dz);
  for (let t = 0; t < indices.length / 3; t++) {
    const i0 = 3 * indices[3 * t]!, i1 = 3 * indices[3 * t + 1]!, i2 = 3 * indices[3 * t + 2]!;
    const e1x = positions[i1]! - positions[i0]!, e1y = positions[i1 + 1]! - positions[i0 + 1]!, e1z = positions[i1 + 2]! - positions[i0 + 2]!;
    const e2x = positions[i2]! - positions[i0]!, e2y = positions[i2 + 1]! - positions[i0 + 1]!, e2z = positions[i2 + 2]! - positions[i0 + 2]!;
    const nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
    if (!(nx * dx + ny * dy + nz * dz < -1e-5 * Math.sqrt(nx * nx + ny * ny + nz * nz) * dlen)) continue;
    const hx = dy * e2z - dz * e2y, hy = dz * e2x - dx * e2z, hz = dx * e2y - dy * e2x;
    const det = e1x * hx + e1y * hy + e1z * hz;
    if (det === 0) continue;
    const inv = 1 / det;
    const sx = px - positions[i0]!, sy = py - positions[i0 + 1]!, sz = pz - positions[i0 + 2]!;
    const u = (sx * hx + sy * hy + sz * hz) * inv;
    if (u < 0 || u > 1) continue;
    const qx = sy * e1z - sz * e1y, qy = sz * e1x - sx * e1z, qz = sx * e1y - sy * e1x;
    const v = (dx * qx + dy * qy + dz * qz) * inv;
    if (v < 0 || u + v > 1) continue;
    const s = (e2x * qx + e2y * qy + e2z * qz) * inv;
    if (s > 0 && s < 1) return true;
  }
  return false;
}

/** Triangles of `count`, each a small random triangle around a centre from `centre(t)`. */
function soup(count: number, seed: number, centre: (t: number, rnd: () => number) => [number, number, number], size: number) {
  const rnd = stream(seed);
  const positions = new Float32Array(9 * count);
  for (let t = 0; t < count; t++) {
    const c = centre(t, rnd);
    for (let k = 0; k < 9; k++) positions[9 * t + k] = c[k % 3]! + size * (2 * rnd() - 1);
  }
  return { positions, indices: Uint32Array.from({ length: 3 * count }, (_, i) => i) };
}

describe('buildTriangleRayTree', () => {
  const meshes = {
    // Scattered triangles: an ordinary tree.
    scattered: soup(400, 1, (_, rnd) => [2 * rnd() - 1, 2 * rnd() - 1, 2 * rnd() - 1], 0.15),
    // Centres along x at 1.2^t: every middle split parts one triangle from the rest, a tree ~250
    // levels deep, so the build's stack of ranges grows several times.
    deep: soup(250, 2, (t) => [1.2 ** t, 0, 0], 0.3),
    // Every centre the same: no middle split parts them, each range is halved.
    stacked: soup(300, 3, () => [0, 0, 0], 0.5),
  };

  it.each(Object.keys(meshes) as (keyof typeof meshes)[])('answers as every triangle asked in turn (%s)', (name) => {
    const { positions, indices } = meshes[name];
    const trees = [buildTriangleRayTree(positions, indices, 'js'), buildTriangleRayTree(positions, indices, 'wasm')];
    const rnd = stream(7);
    // The box the segments' ends are drawn from: the mesh's, a little larger.
    const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < positions.length; i++) {
      lo[i % 3] = Math.min(lo[i % 3]!, positions[i]!);
      hi[i % 3] = Math.max(hi[i % 3]!, positions[i]!);
    }
    const point = (): number[] => [0, 1, 2].map((a) => lo[a]! - 0.1 + (hi[a]! - lo[a]! + 0.2) * rnd());
    let hits = 0;
    for (let k = 0; k < 600; k++) {
      const p = point(), q = point();
      const expected = entersAny(positions, indices, p, q);
      for (const tree of trees) expect(tree.entersSurface(p[0]!, p[1]!, p[2]!, q[0]!, q[1]!, q[2]!)).toBe(expected);
      if (expected) hits++;
    }
    // Both answers come up.
    expect(hits).toBeGreaterThan(20);
    expect(hits).toBeLessThan(580);
    for (const tree of trees) tree.release();
  });

  it('builds a tree of no triangles', () => {
    const tree = buildTriangleRayTree(new Float32Array(0), new Uint32Array(0));
    expect(tree.entersSurface(0, 0, 0, 1, 1, 1)).toBe(false);
    tree.release();
  });
});
