import { renderSilhouette, type Mesh } from '@rigforge/mesh';

/** The triangle indices with every vertex replaced by the first vertex at its position. */
export function weldedIndices(mesh: Mesh): Uint32Array {
  const first = new Map<string, number>();
  const p = mesh.positions;
  const canonical = Array.from({ length: p.length / 3 }, (_, v) => {
    const key = `${p[v * 3]},${p[v * 3 + 1]},${p[v * 3 + 2]}`;
    if (!first.has(key)) first.set(key, v);
    return first.get(key)!;
  });
  return mesh.indices.map((i) => canonical[i]!);
}

/**
 * Problems that keep a mesh from being closed and manifold, judged by vertex after welding vertices
 * at the same position (the outline is written twice, for the front's and the back's UVs).
 */
export function manifoldProblems(mesh: Mesh): string[] {
  const problems: string[] = [];
  const directed = new Map<string, number>();
  const idx = weldedIndices(mesh);
  for (let t = 0; t < idx.length; t += 3) {
    const v = [idx[t]!, idx[t + 1]!, idx[t + 2]!];
    if (v[0] === v[1] || v[1] === v[2] || v[0] === v[2]) problems.push(`triangle ${t / 3} repeats a vertex`);
    for (let k = 0; k < 3; k++) {
      const key = `${v[k]},${v[(k + 1) % 3]}`;
      directed.set(key, (directed.get(key) ?? 0) + 1);
    }
  }
  for (const [key, count] of directed) {
    const [a, b] = key.split(',');
    if (count !== 1) problems.push(`edge ${key} used ${count} times in the same direction`);
    if (directed.get(`${b},${a}`) !== 1) problems.push(`edge ${key} has no single opposite partner`);
  }
  return problems.slice(0, 10);
}

/** Signed volume (divergence theorem); positive when the faces wind outward. */
export function signedVolume(mesh: Mesh): number {
  const p = mesh.positions;
  let v = 0;
  for (let t = 0; t < mesh.indices.length; t += 3) {
    const a = mesh.indices[t]! * 3, b = mesh.indices[t + 1]! * 3, c = mesh.indices[t + 2]! * 3;
    v += p[a]! * (p[b + 1]! * p[c + 2]! - p[b + 2]! * p[c + 1]!)
      - p[a + 1]! * (p[b]! * p[c + 2]! - p[b + 2]! * p[c]!)
      + p[a + 2]! * (p[b]! * p[c + 1]! - p[b + 1]! * p[c]!);
  }
  return v / 6;
}

/**
 * IoU between the image's true subject mask and the model's front silhouette, both on the image's
 * pixel grid: the silhouette is rendered over the mesh's x/y box, which corresponds to the
 * subject's box in the image (`box`, image pixels), at that box's size in image pixels.
 */
export function silhouetteIoU(mesh: Mesh, truth: Uint8Array, width: number, height: number,
  box: { left: number; top: number; width: number; height: number }): number {
  const sw = Math.max(1, Math.round(box.width));
  const sh = Math.max(1, Math.round(box.height));
  const sil = renderSilhouette(mesh, { width: sw, height: sh, view: 'front' });
  let inter = 0, uni = 0;
  for (let y = 0; y < height; y++) {
    const j = Math.floor(((y + 0.5 - box.top) / box.height) * sh);
    for (let x = 0; x < width; x++) {
      const i = Math.floor(((x + 0.5 - box.left) / box.width) * sw);
      const predicted = i >= 0 && j >= 0 && i < sw && j < sh ? sil[j * sw + i]! : 0;
      const actual = truth[y * width + x]!;
      if (predicted && actual) inter++;
      if (predicted || actual) uni++;
    }
  }
  return uni === 0 ? 0 : inter / uni;
}

/** Mean z of the vertices whose x lies in [x0, x1], as fractions of the model's width (where a plate or limb's middle plane sits). */
export function middleZ(m: Mesh, x0: number, x1: number): number {
  let lo = Infinity, hi = -Infinity, sum = 0, count = 0;
  for (let i = 0; i < m.positions.length; i += 3) { lo = Math.min(lo, m.positions[i]!); hi = Math.max(hi, m.positions[i]!); }
  for (let i = 0; i < m.positions.length; i += 3) {
    const f = (m.positions[i]! - lo) / (hi - lo);
    if (f >= x0 && f <= x1) { sum += m.positions[i + 2]!; count++; }
  }
  return sum / count;
}
