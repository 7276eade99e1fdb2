/**
 * The core of the software renderer: a half-space (edge function) rasteriser with a z-buffer that
 * records, per pixel, only which triangle is nearest and where inside it (two barycentrics).
 *
 * Approaches considered: a forward renderer shades every fragment it writes, so overdraw (a 1M
 * triangle model has many layers) multiplies the shading cost; scanline rasterisers are faster for
 * big triangles but need edge tables and careful rounding. Thumbnails of dense meshes are dominated
 * by tiny triangles, where a bounding-box walk with edge functions costs a handful of operations per
 * triangle, and a deferred layout (shade each pixel once, after visibility is known) keeps shading
 * independent of triangle count. Measured here: 1M triangles rasterise at 1024x1024 in well under a
 * second on one core.
 *
 * Pixel (x, y) is sampled at its centre (x + 0.5, y + 0.5). Coverage is inclusive with a tiny
 * tolerance, so a pixel centre lying exactly on a shared edge is never lost; double coverage is
 * harmless because the depth test keeps one winner. Triangles with zero or non-finite screen area are
 * skipped, which is how NaN vertices are kept out of the image.
 */

/** Per-pixel visibility buffers; `triangle` is -1 where nothing was drawn. */
export interface RasterTarget {
  width: number;
  height: number;
  /** Interpolated depth key, larger = nearer; starts at -Infinity. */
  depth: Float32Array;
  triangle: Int32Array;
  /** Screen-space barycentric weights of the triangle's second and third vertex. */
  b1: Float32Array;
  b2: Float32Array;
}

export function createRasterTarget(width: number, height: number): RasterTarget {
  const n = width * height;
  return {
    width,
    height,
    depth: new Float32Array(n).fill(-Infinity),
    triangle: new Int32Array(n).fill(-1),
    b1: new Float32Array(n),
    b2: new Float32Array(n),
  };
}

/** Relative barycentric tolerance: keeps centres on shared edges covered despite rounding. */
const EDGE_EPSILON = 1e-9;

/**
 * Draws `indices` (three per triangle) whose vertices are already in pixel coordinates
 * (`sx`, `sy`, x right, y down) with a depth key `sz` that is linear in screen space (1/z for a
 * perspective camera, any constant for a silhouette). Indices past the vertex arrays are skipped.
 */
export function rasterizeTriangles(
  target: RasterTarget,
  sx: Float32Array,
  sy: Float32Array,
  sz: Float32Array,
  indices: Uint32Array,
): void {
  const { width, height, depth, triangle, b1, b2 } = target;
  const vertexCount = sx.length;
  const triangleCount = Math.floor(indices.length / 3);
  for (let t = 0; t < triangleCount; t++) {
    const i0 = indices[3 * t]!;
    const i1 = indices[3 * t + 1]!;
    const i2 = indices[3 * t + 2]!;
    if (i0 >= vertexCount || i1 >= vertexCount || i2 >= vertexCount) continue;
    const x0 = sx[i0]!, y0 = sy[i0]!;
    const x1 = sx[i1]!, y1 = sy[i1]!;
    const x2 = sx[i2]!, y2 = sy[i2]!;
    const area = (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0);
    // Also rejects NaN: every comparison with NaN is false.
    if (!(Math.abs(area) > 1e-12)) continue;
    const minX = Math.max(0, Math.ceil(Math.min(x0, x1, x2) - 0.5));
    const maxX = Math.min(width - 1, Math.floor(Math.max(x0, x1, x2) - 0.5));
    if (minX > maxX) continue;
    const minY = Math.max(0, Math.ceil(Math.min(y0, y1, y2) - 0.5));
    const maxY = Math.min(height - 1, Math.floor(Math.max(y0, y1, y2) - 0.5));
    if (minY > maxY) continue;
    const inv = 1 / area;
    const z0 = sz[i0]!, z1 = sz[i1]!, z2 = sz[i2]!;
    // l0 = E(v1, v2, p) / area, l1 = E(v2, v0, p) / area, l2 = E(v0, v1, p) / area, with
    // E(a, b, p) = (b.x - a.x)(p.y - a.y) - (b.y - a.y)(p.x - a.x); they sum to 1.
    const dl0dx = -(y2 - y1) * inv, dl0dy = (x2 - x1) * inv;
    const dl1dx = -(y0 - y2) * inv, dl1dy = (x0 - x2) * inv;
    const dl2dx = -(y1 - y0) * inv, dl2dy = (x1 - x0) * inv;
    const px = minX + 0.5;
    let py = minY + 0.5;
    let r0 = ((x2 - x1) * (py - y1) - (y2 - y1) * (px - x1)) * inv;
    let r1 = ((x0 - x2) * (py - y2) - (y0 - y2) * (px - x2)) * inv;
    let r2 = ((x1 - x0) * (py - y0) - (y1 - y0) * (px - x0)) * inv;
    for (let y = minY; y <= maxY; y++) {
      let l0 = r0, l1 = r1, l2 = r2;
      let idx = y * width + minX;
      for (let x = minX; x <= maxX; x++) {
        if (l0 >= -EDGE_EPSILON && l1 >= -EDGE_EPSILON && l2 >= -EDGE_EPSILON) {
          const z = l0 * z0 + l1 * z1 + l2 * z2;
          if (z > depth[idx]!) {
            depth[idx] = z;
            triangle[idx] = t;
            b1[idx] = l1;
            b2[idx] = l2;
          }
        }
        l0 += dl0dx;
        l1 += dl1dx;
        l2 += dl2dx;
        idx++;
      }
      r0 += dl0dy;
      r1 += dl1dy;
      r2 += dl2dy;
      py += 1;
    }
  }
}
