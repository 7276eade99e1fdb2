/** Which material each triangle uses, for the thumbnail renderer. */
import type { Mesh } from '../mesh-model';

/**
 * The material index of every triangle, from the mesh's groups. Triangles outside any group, and
 * groups naming a material that does not exist, get material 0, so renderers never index past the
 * material list. A table costs 4 bytes per triangle and saves a group search per pixel.
 */
export function triangleMaterials(mesh: Mesh, materialCount: number): Uint32Array {
  const triangleCount = Math.floor(mesh.indices.length / 3);
  const out = new Uint32Array(triangleCount);
  for (const g of mesh.groups) {
    const m = Number.isInteger(g.materialIndex) && g.materialIndex >= 0 && g.materialIndex < materialCount ? g.materialIndex : 0;
    const start = Math.max(0, Math.floor(g.start / 3));
    const end = Math.min(triangleCount, Math.floor((g.start + g.count) / 3));
    if (end > start) out.fill(m, start, end);
  }
  return out;
}
