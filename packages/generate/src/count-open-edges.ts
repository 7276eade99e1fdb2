/**
 * Self-check run on every generated mesh before it is written: the number of directed edges that
 * do not have exactly one opposite partner (0 for a closed, manifold, consistently wound mesh).
 * Earcut is not formally robust on degenerate outlines, so a broken result must fail the job
 * loudly rather than reach a user as a leaky model. `weld` maps each vertex to the one it coincides
 * with (outline vertices are written twice, for the front's and the back's UVs).
 */
import type { Mesh } from '@rigforge/mesh';

export function countOpenEdges(mesh: Mesh, weld?: Uint32Array): number {
  const n = mesh.positions.length / 3;
  const uses = new Map<number, number>();
  const idx = weld ? mesh.indices.map((i) => weld[i]!) : mesh.indices;
  for (let t = 0; t < idx.length; t += 3) {
    for (let k = 0; k < 3; k++) {
      const key = idx[t + k]! * n + idx[t + ((k + 1) % 3)]!;
      uses.set(key, (uses.get(key) ?? 0) + 1);
    }
  }
  let open = 0;
  for (const [key, count] of uses) {
    const a = Math.floor(key / n);
    const b = key % n;
    if (count !== 1 || uses.get(b * n + a) !== 1) open++;
  }
  return open;
}
