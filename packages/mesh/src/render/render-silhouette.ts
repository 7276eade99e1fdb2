/**
 * A binary coverage mask of a mesh seen orthographically from the front, for comparing a generated
 * model with the mask of its input image (IoU).
 *
 * Framing, exactly: the camera looks along -Z at the model's front (the model faces +Z, up +Y), so
 * image columns run along +X (left to right) and image rows along -Y (row 0 is the top, at the
 * largest y). The pixel grid spans exactly the x/y bounding box of the vertices the triangles use:
 * column i covers x in [minX + i * w / width, minX + (i + 1) * w / width] with w = maxX - minX, row j
 * covers y in [maxY - (j + 1) * h / height, maxY - j * h / height]. The aspect ratio is not kept:
 * a caller wanting square pixels picks width / height = w / h. A pixel is 1 when its centre lies
 * inside (or on the edge of) a projected triangle, so an axis-aligned box gives all ones.
 * A mesh whose box is flat in x or y projects to zero area and gives all zeros.
 */
import { EngineError } from '../mesh-error';
import type { Mesh } from '../mesh-model';
import { createRasterTarget, rasterizeTriangles } from './rasterize-triangles';

export interface RenderSilhouetteOptions {
  width: number;
  height: number;
  view: 'front';
}

/** Row-major mask, `width * height` bytes, 1 = covered by the mesh, 0 = empty. */
export function renderSilhouette(mesh: Mesh, options: RenderSilhouetteOptions): Uint8Array {
  const { width, height, view } = options;
  if (view !== 'front') throw new EngineError('invalid_input', `renderSilhouette: unknown view "${String(view)}"`);
  for (const [name, v] of [['width', width], ['height', height]] as const) {
    if (!Number.isInteger(v) || v < 1 || v > 8192) {
      throw new EngineError('invalid_input', `renderSilhouette: ${name} must be an integer in 1..8192, got ${String(v)}`);
    }
  }
  const mask = new Uint8Array(width * height);
  const p = mesh.positions;
  const vertexCount = Math.floor(p.length / 3);
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  const n = mesh.indices.length - (mesh.indices.length % 3);
  for (let i = 0; i < n; i++) {
    const v = mesh.indices[i]!;
    if (v >= vertexCount) continue;
    const x = p[3 * v]!, y = p[3 * v + 1]!, z = p[3 * v + 2]!;
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) continue;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  if (!(maxX > minX && maxY > minY)) return mask;

  const sx = new Float32Array(vertexCount);
  const sy = new Float32Array(vertexCount);
  const sz = new Float32Array(vertexCount).fill(1);
  const kx = width / (maxX - minX), ky = height / (maxY - minY);
  for (let v = 0; v < vertexCount; v++) {
    const ok = Number.isFinite(p[3 * v + 2]!);
    sx[v] = ok ? (p[3 * v]! - minX) * kx : NaN;
    sy[v] = ok ? (maxY - p[3 * v + 1]!) * ky : NaN;
  }
  const target = createRasterTarget(width, height);
  rasterizeTriangles(target, sx, sy, sz, mesh.indices);
  for (let i = 0; i < mask.length; i++) mask[i] = target.triangle[i]! >= 0 ? 1 : 0;
  return mask;
}
