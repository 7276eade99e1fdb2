/**
 * Closing the inflated sheet into one solid: the front sheet is the planar mesh lifted to +h, the
 * back sheet the same triangles at −h with reversed winding. Outline vertices have h = 0 and are the
 * same vertices in both sheets, so every outline edge is shared by exactly one front and one back
 * triangle and the result is watertight and manifold by index, not just by position.
 *
 * Both sheets use the same planar UVs: seen from behind, the projected image appears mirrored,
 * which is what a cut-out printed through would look like, and the seam needs no duplicated
 * vertices (glTF requires one UV per vertex). Normals are area-weighted vertex normals; at the
 * outline they average the front and back faces into the sideways normal a round body has there.
 */
import type { Mesh } from '@rigforge/mesh';
import type { PlanarMesh } from './triangulate-outline';

export interface BuildClosedMeshOptions {
  /** Model height in metres; the outline's vertical extent is scaled to it. */
  height: number;
  /** Maps working-image pixels to texture UVs. */
  uv: (x: number, y: number) => [number, number];
}

/** Build the closed, textured mesh (centred on x = z = 0, standing on y = 0, facing +Z). */
export function buildClosedMesh(planar: PlanarMesh, heights: Float64Array, options: BuildClosedMeshOptions): Mesh {
  const { points, triangles, boundary } = planar;
  const n = points.length / 2;
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (let v = 0; v < n; v++) {
    minX = Math.min(minX, points[v * 2]!); maxX = Math.max(maxX, points[v * 2]!);
    minY = Math.min(minY, points[v * 2 + 1]!); maxY = Math.max(maxY, points[v * 2 + 1]!);
  }
  const scale = options.height / Math.max(1e-9, maxY - minY);
  const centreX = (minX + maxX) / 2;

  const back = new Int32Array(n);
  let count = n;
  for (let v = 0; v < n; v++) back[v] = boundary[v] ? v : count++;
  const positions = new Float32Array(count * 3);
  const uvs = new Float32Array(count * 2);
  for (let v = 0; v < n; v++) {
    const px = points[v * 2]!, py = points[v * 2 + 1]!;
    const x = (px - centreX) * scale;
    const y = (maxY - py) * scale;
    const z = heights[v]! * scale;
    const [s, t] = options.uv(px, py);
    for (const [index, depth] of [[v, z], [back[v]!, -z]] as const) {
      positions[index * 3] = x; positions[index * 3 + 1] = y; positions[index * 3 + 2] = depth;
      uvs[index * 2] = s; uvs[index * 2 + 1] = t;
    }
  }
  // Planar triangles are counter-clockwise with y down, i.e. clockwise seen from +Z with y up:
  // the front sheet swaps two corners to face +Z, the back sheet keeps them to face −Z.
  const tcount = triangles.length / 3;
  const indices = new Uint32Array(tcount * 6);
  for (let t = 0; t < tcount; t++) {
    const a = triangles[t * 3]!, b = triangles[t * 3 + 1]!, c = triangles[t * 3 + 2]!;
    indices.set([a, c, b], t * 3);
    indices.set([back[a]!, back[b]!, back[c]!], (tcount + t) * 3);
  }
  return {
    positions,
    normals: vertexNormals(positions, indices),
    uvs,
    indices,
    groups: [{ materialIndex: 0, start: 0, count: indices.length }],
    materials: [],
  };
}

function vertexNormals(positions: Float32Array, indices: Uint32Array): Float32Array {
  const acc = new Float64Array(positions.length);
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t]! * 3, b = indices[t + 1]! * 3, c = indices[t + 2]! * 3;
    const ux = positions[b]! - positions[a]!, uy = positions[b + 1]! - positions[a + 1]!, uz = positions[b + 2]! - positions[a + 2]!;
    const vx = positions[c]! - positions[a]!, vy = positions[c + 1]! - positions[a + 1]!, vz = positions[c + 2]! - positions[a + 2]!;
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    for (const k of [a, b, c]) { acc[k] = acc[k]! + nx; acc[k + 1] = acc[k + 1]! + ny; acc[k + 2] = acc[k + 2]! + nz; }
  }
  const out = new Float32Array(positions.length);
  for (let i = 0; i < out.length; i += 3) {
    const len = Math.hypot(acc[i]!, acc[i + 1]!, acc[i + 2]!);
    if (len > 1e-20) { out[i] = acc[i]! / len; out[i + 1] = acc[i + 1]! / len; out[i + 2] = acc[i + 2]! / len; }
    else out[i + 2] = 1;
  }
  return out;
}
