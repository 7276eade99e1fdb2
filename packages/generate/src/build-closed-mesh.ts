/**
 * Closing the inflated sheet into one solid: the front sheet is the planar mesh lifted to +h, the
 * back sheet the same triangles at −h with reversed winding. Outline vertices have h = 0 and are the
 * same vertices in both sheets, so every outline edge is shared by exactly one front and one back
 * triangle and the result is watertight and manifold by index, not just by position.
 *
 * The back sheet has its own UVs (the back half of the texture atlas), and glTF allows one UV per
 * vertex, so each outline vertex is written twice: once for the front, once for the back, at the
 * same position. The solid is therefore closed by position (`weld` maps every vertex to the one it
 * coincides with; the self-check and the tests weld with it), as every textured model with a UV
 * seam is. Normals are area-weighted over the welded mesh: at the outline they average the front
 * and back faces into the sideways normal a round body has there, with no shading crease.
 */
import type { Mesh } from '@rigforge/mesh';
import { feetForward, type FeetForwardOptions } from './feet-forward';
import type { PlanarMesh } from './triangulate-outline';

export interface BuildClosedMeshOptions {
  /** Model height in metres; the outline's vertical extent is scaled to it. */
  height: number;
  /** Maps working-image pixels to texture UVs of the front sheet. */
  uv: (x: number, y: number) => [number, number];
  /** The same for the back sheet. */
  backUv: (x: number, y: number) => [number, number];
  /**
   * The frame of a part of a larger subject: its centre column and bottom row in working pixels and
   * metres per pixel, so parts built one by one land where they are in the picture. Default: this
   * outline's own (centred, standing on y = 0, `height` tall).
   */
  frame?: ClosedMeshFrame;
  /** Depth of the part's middle plane (metres, +Z towards the viewer). Default 0. */
  depthOffset?: number;
  /**
   * How far the part sits on its back sheet, −1..1: the front sheet at +(1 + lean)·h, the back at
   * −(1 − lean)·h, so the depth at each point is still 2h (0: symmetric about the middle plane; 1: a
   * flat back, a body resting on the ground seen from above). Default 0.
   */
  lean?: number;
  /** Per vertex, the middle plane's offset from `depthOffset` (working pixels, + towards the viewer; both sheets move, so the outline stays closed). Default none. */
  middle?: Float64Array;
  /** Feet reaching forward from the ground (`feet-forward.ts`; its `height` is this mesh's). Default none. */
  feet?: Omit<FeetForwardOptions, 'height'>;
}

export interface ClosedMeshFrame { centreX: number; maxY: number; scale: number }

/** The closed mesh and, per vertex, the vertex it coincides with (the front copy of an outline vertex). */
export interface ClosedMesh { mesh: Mesh; weld: Uint32Array }

/** Build the closed, textured mesh (centred on x = z = 0, standing on y = 0, facing +Z). */
export function buildClosedMesh(planar: PlanarMesh, heights: Float64Array, options: BuildClosedMeshOptions): ClosedMesh {
  const { points, triangles, boundary } = planar;
  const n = points.length / 2;
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (let v = 0; v < n; v++) {
    minX = Math.min(minX, points[v * 2]!); maxX = Math.max(maxX, points[v * 2]!);
    minY = Math.min(minY, points[v * 2 + 1]!); maxY = Math.max(maxY, points[v * 2 + 1]!);
  }
  const frame = options.frame ?? { centreX: (minX + maxX) / 2, maxY, scale: options.height / Math.max(1e-9, maxY - minY) };
  const { centreX, scale } = frame;
  const offset = options.depthOffset ?? 0;
  const lean = options.lean ?? 0;

  const back = new Int32Array(n);
  let count = n;
  for (let v = 0; v < n; v++) back[v] = count++;
  const positions = new Float32Array(count * 3);
  const uvs = new Float32Array(count * 2);
  const weld = new Uint32Array(count);
  for (let v = 0; v < n; v++) { weld[v] = v; weld[back[v]!] = boundary[v] ? v : back[v]!; }
  for (let v = 0; v < n; v++) {
    const px = points[v * 2]!, py = points[v * 2 + 1]!;
    const x = (px - centreX) * scale;
    const y = (frame.maxY - py) * scale;
    const z = heights[v]! * scale;
    // Without a middle field the sheets are exactly as before (no 0 added: a back vertex at −0 stays −0).
    const front = options.middle ? options.middle[v]! * scale + (1 + lean) * z : (1 + lean) * z;
    const behind = options.middle ? options.middle[v]! * scale - (1 - lean) * z : -(1 - lean) * z;
    for (const [index, depth, uv] of [[v, front, options.uv], [back[v]!, behind, options.backUv]] as const) {
      const [s, t] = uv(px, py);
      positions[index * 3] = x; positions[index * 3 + 1] = y; positions[index * 3 + 2] = depth + offset;
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
  const shaped = options.feet ? feetForward(positions, { ...options.feet, height: options.height }) : positions;
  const mesh: Mesh = {
    positions: shaped,
    normals: vertexNormals(shaped, indices, weld),
    uvs,
    indices,
    groups: [{ materialIndex: 0, start: 0, count: indices.length }],
    materials: [],
  };
  return { mesh, weld };
}

function vertexNormals(positions: Float32Array, indices: Uint32Array, weld: Uint32Array): Float32Array {
  const acc = new Float64Array(positions.length);
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t]! * 3, b = indices[t + 1]! * 3, c = indices[t + 2]! * 3;
    const ux = positions[b]! - positions[a]!, uy = positions[b + 1]! - positions[a + 1]!, uz = positions[b + 2]! - positions[a + 2]!;
    const vx = positions[c]! - positions[a]!, vy = positions[c + 1]! - positions[a + 1]!, vz = positions[c + 2]! - positions[a + 2]!;
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    for (const k of [weld[a / 3]! * 3, weld[b / 3]! * 3, weld[c / 3]! * 3]) { acc[k] = acc[k]! + nx; acc[k + 1] = acc[k + 1]! + ny; acc[k + 2] = acc[k + 2]! + nz; }
  }
  const out = new Float32Array(positions.length);
  for (let v = 0; v < weld.length; v++) {
    const i = v * 3, w = weld[v]! * 3;
    acc[i] = acc[w]!; acc[i + 1] = acc[w + 1]!; acc[i + 2] = acc[w + 2]!;
  }
  for (let i = 0; i < out.length; i += 3) {
    const len = Math.hypot(acc[i]!, acc[i + 1]!, acc[i + 2]!);
    if (len > 1e-20) { out[i] = acc[i]! / len; out[i + 1] = acc[i + 1]! / len; out[i + 2] = acc[i + 2]! / len; }
    else out[i + 2] = 1;
  }
  return out;
}
