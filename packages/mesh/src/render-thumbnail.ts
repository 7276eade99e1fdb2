/**
 * Renders a shaded preview of a mesh to PNG, in-process: no GPU, no browser, no native code.
 *
 * Pipeline: every vertex is projected once by a perspective camera placed front-right-above the
 * model (the model faces +Z, up +Y); a deferred z-buffer rasteriser (render/rasterize-triangles)
 * finds the nearest triangle per sample at 2x2 supersampling; each visible sample is then shaded
 * once (key Lambert light + hemisphere ambient + a soft rim, in linear space), optionally the
 * skeleton is drawn on top, and the samples are averaged down and encoded as sRGB.
 *
 * Framing: vertices are projected with a unit focal length, and the focal length and lens shift are
 * then chosen from the projected bounding box so the model fills `fill` of the frame's larger side
 * and is centred. That is exact for any camera angle, unlike fitting a bounding sphere, which
 * leaves elongated models (a serpent, a sword) small in the frame.
 *
 * Lighting ignores the triangle winding: normals are turned to face the camera, because imported
 * game assets often have flipped or inconsistent winding and a black patch helps nobody.
 */
import { PNG } from 'pngjs';
import { EngineError } from './mesh-error';
import type { Mesh, MeshMaterial, Skeleton } from './mesh-model';
import { undoTexelRow } from './render/decode-png';
import { decodeTexture, type DecodedTexture } from './render/decode-texture';
import { drawSkeletonOverlay, type OverlayJoint } from './render/draw-skeleton-overlay';
import { rasterizeTriangles, type RasterTarget } from './render/rasterize-triangles';
import { hypot3 } from './render/hypot3';
import { thumbnailScratch } from './render/thumbnail-scratch';
import { encodeSrgb8, SRGB8_TO_LINEAR, srgbToLinear } from './render/srgb';
import { triangleMaterials } from './render/triangle-materials';
import { withDefaults } from './with-defaults';

export interface RenderThumbnailOptions {
  /** Width and height of the square image, in pixels (1..4096). Default 512. */
  size?: number;
  /** Camera angle around +Y, from the front (+Z) towards +X. Default 35 (three-quarter view). */
  yawDegrees?: number;
  /** Camera elevation above the horizon. Default 20. */
  pitchDegrees?: number;
  /** sRGB 0..255 RGBA; alpha 0 gives a transparent background. Default light grey [240, 240, 240, 255]. */
  background?: [number, number, number, number];
  /** Draws joints and bones over the model (X-ray). Default none. */
  skeleton?: Skeleton;
  /**
   * Opacity of the model when a skeleton is drawn (0..1]: below 1 the model turns see-through,
   * so bones inside it read as inside rather than pasted on. Default 0.55.
   */
  skeletonMeshOpacity?: number;
  /** Share of the frame's size the model's projection spans (0..1]. Default 0.88. */
  fill?: number;
  /** Vertical field of view of the camera, degrees; small values approach orthographic. Default 30. */
  fovDegrees?: number;
  /** Samples per pixel along each axis (1..4). Default 2 (2x2 supersampling). */
  supersampling?: number;
}

export const RENDER_THUMBNAIL_DEFAULTS: Required<Omit<RenderThumbnailOptions, 'skeleton'>> & {
  skeleton: Skeleton | undefined;
} = {
  size: 512,
  yawDegrees: 35,
  pitchDegrees: 20,
  background: [240, 240, 240, 255],
  skeleton: undefined,
  skeletonMeshOpacity: 0.55,
  fill: 0.88,
  fovDegrees: 30,
  supersampling: 2,
};

const DEFAULT_MATERIAL: MeshMaterial = { name: 'default', baseColor: [0.72, 0.72, 0.72, 1], metallic: 0, roughness: 1 };

/** Renders `mesh` as a PNG (RGBA, 8 bit); an empty or degenerate mesh gives a blank image. */
export function renderThumbnail(mesh: Mesh, options: RenderThumbnailOptions = {}): Uint8Array {
  const o = mergeOptions(options);
  const size = o.size;
  const ss = o.supersampling;
  const S = size * ss;

  const camera = frameCamera(mesh, o);
  const vertexCount = Math.floor(mesh.positions.length / 3);
  const sx = new Float32Array(vertexCount);
  const sy = new Float32Array(vertexCount);
  const invZ = new Float32Array(vertexCount);
  projectVertices(mesh.positions, camera, S, sx, sy, invZ);

  // Kept between renders of this size (render/thumbnail-scratch: ~33 MB of typed arrays at 512 px
  // that, allocated per call, start a full collection per rig).
  const scratch = thumbnailScratch(S);
  const target = scratch.target;
  rasterizeTriangles(target, sx, sy, invZ, mesh.indices);

  const image = { width: S, height: S, data: scratch.image };
  // Under a skeleton the model turns see-through: samples are premultiplied, so scaling all four
  // channels fades the model over the background (only covered samples are non-zero: 0 · k = 0).
  // The shader scales each sample as it writes it, the float32 it stores times k (1: no fade).
  const drawSkeleton = o.skeleton !== undefined && o.skeleton.joints.length > 0;
  shadeSamples(mesh, camera, target, invZ, image.data, drawSkeleton && o.skeletonMeshOpacity < 1 ? o.skeletonMeshOpacity : 1);

  if (o.skeleton && drawSkeleton) {
    const joints: OverlayJoint[] = o.skeleton.joints.map((j) => {
      const p = projectPoint(j.position[0], j.position[1], j.position[2], camera, S);
      return { x: p[0], y: p[1], parent: j.parent };
    });
    // Sizes in output pixels, scaled with the image but never thinner than a visible line.
    const unit = size / 512;
    drawSkeletonOverlay(image, joints, {
      boneRadius: ss * Math.max(1, 2.2 * unit),
      jointRadius: ss * Math.max(2, 4 * unit),
      outline: ss * Math.max(0.6, 1.2 * unit),
      boneColor: [1, 0.42, 0.02],
      jointColor: [0.02, 0.35, 1],
      rootColor: [0.9, 0.05, 0.05],
      outlineColor: [0.02, 0.02, 0.02],
    });
  }

  const png = new PNG({ width: size, height: size });
  resolve(image.data, S, ss, o.background, png.data);
  // The "Up" filter alone: within 10% of pngjs's adaptive choice in size and 5x faster (the
  // adaptive heuristic and Paeth are pure JS; under jest's sandbox they take seconds).
  return new Uint8Array(PNG.sync.write(png, { filterType: 2 }));
}

function mergeOptions(options: RenderThumbnailOptions): typeof RENDER_THUMBNAIL_DEFAULTS {
  const o = withDefaults(RENDER_THUMBNAIL_DEFAULTS, options);
  if (!Number.isInteger(o.size) || o.size < 1 || o.size > 4096) {
    throw new EngineError('invalid_input', `renderThumbnail: size must be an integer in 1..4096, got ${String(o.size)}`);
  }
  if (!Number.isInteger(o.supersampling) || o.supersampling < 1 || o.supersampling > 4) {
    throw new EngineError('invalid_input', `renderThumbnail: supersampling must be 1..4, got ${String(o.supersampling)}`);
  }
  if (!Number.isFinite(o.yawDegrees) || !Number.isFinite(o.pitchDegrees)) {
    throw new EngineError('invalid_input', 'renderThumbnail: yawDegrees and pitchDegrees must be finite');
  }
  if (!(o.skeletonMeshOpacity > 0 && o.skeletonMeshOpacity <= 1)) {
    throw new EngineError('invalid_input', `renderThumbnail: skeletonMeshOpacity must be in (0, 1], got ${o.skeletonMeshOpacity}`);
  }
  if (!(o.fill > 0 && o.fill <= 1)) throw new EngineError('invalid_input', `renderThumbnail: fill must be in (0, 1], got ${o.fill}`);
  if (!(o.fovDegrees > 0 && o.fovDegrees < 120)) {
    throw new EngineError('invalid_input', `renderThumbnail: fovDegrees must be in (0, 120), got ${o.fovDegrees}`);
  }
  if (o.background.length !== 4 || !o.background.every(Number.isFinite)) {
    throw new EngineError('invalid_input', 'renderThumbnail: background must be four finite numbers');
  }
  return o;
}

/** A look-at camera: orthonormal basis, eye position, and the lens fitted to the model. */
interface Camera {
  eye: [number, number, number];
  right: [number, number, number];
  up: [number, number, number];
  /** Unit vector from the model towards the eye. */
  back: [number, number, number];
  /** Projected-plane centre of the model and the plane-units-to-frame-size scale. */
  cx: number;
  cy: number;
  scale: number;
}

function frameCamera(mesh: Mesh, o: typeof RENDER_THUMBNAIL_DEFAULTS): Camera {
  const p = mesh.positions;
  const vertexCount = Math.floor(p.length / 3);
  // Only vertices a triangle uses count: readers may leave unused ones far away.
  const used = new Uint8Array(vertexCount);
  for (let i = 0; i < mesh.indices.length - (mesh.indices.length % 3); i++) {
    const v = mesh.indices[i]!;
    if (v < vertexCount) used[v] = 1;
  }
  // The box of the used vertices and the joints, in scalars (the same Math.min / Math.max of the
  // same values in the same order as a closure over two arrays, which cost a call per vertex).
  let lo0 = Infinity, lo1 = Infinity, lo2 = Infinity, hi0 = -Infinity, hi1 = -Infinity, hi2 = -Infinity;
  const joints = o.skeleton?.joints ?? [];
  for (let k = 0, count = vertexCount + joints.length; k < count; k++) {
    let x: number, y: number, z: number;
    if (k < vertexCount) {
      if (!used[k]) continue;
      x = p[3 * k]!; y = p[3 * k + 1]!; z = p[3 * k + 2]!;
    } else {
      const j = joints[k - vertexCount]!.position;
      x = j[0]; y = j[1]; z = j[2];
    }
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) continue;
    lo0 = Math.min(lo0, x); lo1 = Math.min(lo1, y); lo2 = Math.min(lo2, z);
    hi0 = Math.max(hi0, x); hi1 = Math.max(hi1, y); hi2 = Math.max(hi2, z);
  }
  const lo = [lo0, lo1, lo2];
  const hi = [hi0, hi1, hi2];
  const empty = !(lo[0]! <= hi[0]!);
  const centre: [number, number, number] = empty
    ? [0, 0, 0]
    : [(lo[0]! + hi[0]!) / 2, (lo[1]! + hi[1]!) / 2, (lo[2]! + hi[2]!) / 2];
  const radius = empty ? 0 : Math.hypot(hi[0]! - lo[0]!, hi[1]! - lo[1]!, hi[2]! - lo[2]!) / 2;

  const yaw = (o.yawDegrees * Math.PI) / 180;
  const pitch = (o.pitchDegrees * Math.PI) / 180;
  const back: [number, number, number] = [Math.sin(yaw) * Math.cos(pitch), Math.sin(pitch), Math.cos(yaw) * Math.cos(pitch)];
  // right = forward x worldUp with forward = -back; falls back to +X when looking straight down.
  let right: [number, number, number] = [back[2], 0, -back[0]];
  const rl = Math.hypot(right[0], right[2]);
  right = rl > 1e-9 ? [right[0] / rl, 0, right[2] / rl] : [1, 0, 0];
  const up: [number, number, number] = [
    back[1] * right[2] - back[2] * right[1],
    back[2] * right[0] - back[0] * right[2],
    back[0] * right[1] - back[1] * right[0],
  ];
  // The whole bounding sphere lies inside the view cone, so every vertex has positive depth.
  const halfFov = (o.fovDegrees * Math.PI) / 360;
  const distance = radius > 0 ? radius / Math.sin(halfFov) + radius * 0.01 : 1;
  const eye: [number, number, number] = [
    centre[0] + back[0] * distance,
    centre[1] + back[1] * distance,
    centre[2] + back[2] * distance,
  ];
  const camera: Camera = { eye, right, up, back, cx: 0, cy: 0, scale: 1 };

  // The projected box: viewSpace's expressions written out (an array per vertex before), in the
  // same order of operations, so the same doubles.
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  const [ex, ey, ez] = eye;
  const [rx, ry, rz] = right;
  const [ux, uy, uz] = up;
  const [bx, by, bz] = back;
  for (let k = 0, count = vertexCount + joints.length; k < count; k++) {
    let x: number, y: number, z: number;
    if (k < vertexCount) {
      if (!used[k]) continue;
      x = p[3 * k]!; y = p[3 * k + 1]!; z = p[3 * k + 2]!;
    } else {
      const j = joints[k - vertexCount]!.position;
      x = j[0]; y = j[1]; z = j[2];
    }
    const dx = x - ex, dy = y - ey, dz = z - ez;
    const q2 = -(dx * bx + dy * by + dz * bz);
    if (!(q2 > 0)) continue;
    const u = (dx * rx + dy * ry + dz * rz) / q2, w = (dx * ux + dy * uy + dz * uz) / q2;
    if (!Number.isFinite(u) || !Number.isFinite(w)) continue;
    if (u < minX) minX = u;
    if (u > maxX) maxX = u;
    if (w < minY) minY = w;
    if (w > maxY) maxY = w;
  }
  if (minX <= maxX) {
    const extent = Math.max(maxX - minX, maxY - minY);
    camera.cx = (minX + maxX) / 2;
    camera.cy = (minY + maxY) / 2;
    camera.scale = extent > 0 ? o.fill / extent : 1;
  }
  return camera;
}

/** World point -> camera coordinates (x right, y up, z = depth in front of the eye). */
function viewSpace(x: number, y: number, z: number, c: Camera): [number, number, number] {
  const dx = x - c.eye[0], dy = y - c.eye[1], dz = z - c.eye[2];
  return [
    dx * c.right[0] + dy * c.right[1] + dz * c.right[2],
    dx * c.up[0] + dy * c.up[1] + dz * c.up[2],
    -(dx * c.back[0] + dy * c.back[1] + dz * c.back[2]),
  ];
}

function projectPoint(x: number, y: number, z: number, c: Camera, S: number): [number, number] {
  const q = viewSpace(x, y, z, c);
  if (!(q[2] > 0)) return [NaN, NaN];
  return [S / 2 + (q[0] / q[2] - c.cx) * c.scale * S, S / 2 - (q[1] / q[2] - c.cy) * c.scale * S];
}

function projectVertices(
  p: Float32Array,
  c: Camera,
  S: number,
  sx: Float32Array,
  sy: Float32Array,
  invZ: Float32Array,
): void {
  const [ex, ey, ez] = c.eye;
  const [rx, ry, rz] = c.right;
  const [ux, uy, uz] = c.up;
  const [bx, by, bz] = c.back;
  const k = c.scale * S, half = S / 2;
  for (let v = 0; v < sx.length; v++) {
    const dx = p[3 * v]! - ex, dy = p[3 * v + 1]! - ey, dz = p[3 * v + 2]! - ez;
    const depth = -(dx * bx + dy * by + dz * bz);
    if (!(depth > 0)) {
      sx[v] = NaN;
      sy[v] = NaN;
      invZ[v] = NaN;
      continue;
    }
    const iz = 1 / depth;
    sx[v] = half + ((dx * rx + dy * ry + dz * rz) * iz - c.cx) * k;
    sy[v] = half - ((dx * ux + dy * uy + dz * uz) * iz - c.cy) * k;
    invZ[v] = iz;
  }
}

interface ShadingMaterial {
  r: number;
  g: number;
  b: number;
  texture: DecodedTexture | undefined;
}

/** Writes premultiplied linear RGBA for every covered sample. */
function shadeSamples(
  mesh: Mesh,
  c: Camera,
  target: RasterTarget,
  invZ: Float32Array,
  out: Float32Array,
  /** Each sample's four channels times this as written (the float32 stored, then scaled). */
  fade: number,
): void {
  const p = mesh.positions;
  const idx = mesh.indices;
  const vertexCount = invZ.length;
  const normals = mesh.normals && mesh.normals.length >= vertexCount * 3 ? mesh.normals : undefined;
  const uvs = mesh.uvs && mesh.uvs.length >= vertexCount * 2 ? mesh.uvs : undefined;
  const colors = mesh.colors && mesh.colors.length >= vertexCount * 4 ? mesh.colors : undefined;
  const materials = mesh.materials.length > 0 ? mesh.materials : [DEFAULT_MATERIAL];
  const textureCache = new Map<unknown, DecodedTexture | undefined>();
  const shading: ShadingMaterial[] = materials.map((m) => {
    let texture: DecodedTexture | undefined;
    if (uvs && m.baseColorTexture) {
      if (!textureCache.has(m.baseColorTexture.bytes)) {
        textureCache.set(m.baseColorTexture.bytes, decodeTexture(m.baseColorTexture));
      }
      texture = textureCache.get(m.baseColorTexture.bytes);
    }
    const bc = m.baseColor.map((x) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0.72));
    return { r: bc[0]!, g: bc[1]!, b: bc[2]!, texture };
  });
  const triMaterial = triangleMaterials(mesh, shading.length);

  // Key light from the camera's upper left, so the visible faces are lit and the right side falls off.
  const L = normalize([
    -0.45 * c.right[0] + 0.75 * c.up[0] + 0.5 * c.back[0],
    -0.45 * c.right[1] + 0.75 * c.up[1] + 0.5 * c.back[1],
    -0.45 * c.right[2] + 0.75 * c.up[2] + 0.5 * c.back[2],
  ]);
  const KEY = 0.78, SKY = 0.42, GROUND = 0.16, RIM = 0.22;

  const { triangle, b1, b2 } = target;
  // Loop invariants in locals (the same values; the per-sample arithmetic is unchanged).
  const ex = c.eye[0], ey = c.eye[1], ez = c.eye[2];
  const Lx = L[0], Ly = L[1], Lz = L[2];
  for (let s = 0; s < triangle.length; s++) {
    const t = triangle[s]!;
    if (t < 0) continue;
    const i0 = idx[3 * t]!, i1 = idx[3 * t + 1]!, i2 = idx[3 * t + 2]!;
    // Screen-space barycentrics -> perspective-correct ones.
    const l1s = b1[s]!, l2s = b2[s]!;
    let w0 = (1 - l1s - l2s) * invZ[i0]!, w1 = l1s * invZ[i1]!, w2 = l2s * invZ[i2]!;
    const sum = w0 + w1 + w2;
    w0 /= sum; w1 /= sum; w2 /= sum;

    const px = w0 * p[3 * i0]! + w1 * p[3 * i1]! + w2 * p[3 * i2]!;
    const py = w0 * p[3 * i0 + 1]! + w1 * p[3 * i1 + 1]! + w2 * p[3 * i2 + 1]!;
    const pz = w0 * p[3 * i0 + 2]! + w1 * p[3 * i1 + 2]! + w2 * p[3 * i2 + 2]!;
    let vx = ex - px, vy = ey - py, vz = ez - pz;
    const vl = hypot3(vx, vy, vz) || 1;
    vx /= vl; vy /= vl; vz /= vl;

    let nx = 0, ny = 0, nz = 0;
    if (normals) {
      nx = w0 * normals[3 * i0]! + w1 * normals[3 * i1]! + w2 * normals[3 * i2]!;
      ny = w0 * normals[3 * i0 + 1]! + w1 * normals[3 * i1 + 1]! + w2 * normals[3 * i2 + 1]!;
      nz = w0 * normals[3 * i0 + 2]! + w1 * normals[3 * i1 + 2]! + w2 * normals[3 * i2 + 2]!;
    }
    let nl = hypot3(nx, ny, nz);
    if (!(nl > 1e-12)) {
      const ax = p[3 * i1]! - p[3 * i0]!, ay = p[3 * i1 + 1]! - p[3 * i0 + 1]!, az = p[3 * i1 + 2]! - p[3 * i0 + 2]!;
      const bx = p[3 * i2]! - p[3 * i0]!, by = p[3 * i2 + 1]! - p[3 * i0 + 1]!, bz = p[3 * i2 + 2]! - p[3 * i0 + 2]!;
      nx = ay * bz - az * by;
      ny = az * bx - ax * bz;
      nz = ax * by - ay * bx;
      nl = hypot3(nx, ny, nz);
      if (!(nl > 0)) { nx = vx; ny = vy; nz = vz; nl = 1; }
    }
    nx /= nl; ny /= nl; nz /= nl;
    let nv = nx * vx + ny * vy + nz * vz;
    if (nv < 0) { nx = -nx; ny = -ny; nz = -nz; nv = -nv; }

    const m = shading[triMaterial[t]!]!;
    let r = m.r, g = m.g, b = m.b;
    if (m.texture && uvs) {
      const u = w0 * uvs[2 * i0]! + w1 * uvs[2 * i1]! + w2 * uvs[2 * i2]!;
      const v = w0 * uvs[2 * i0 + 1]! + w1 * uvs[2 * i1 + 1]! + w2 * uvs[2 * i2 + 1]!;
      const tex = m.texture;
      if (Number.isFinite(u) && Number.isFinite(v)) {
        // Repeat wrapping, nearest texel: supersampling already averages four lookups per pixel.
        const tx = Math.min(tex.width - 1, Math.floor((u - Math.floor(u)) * tex.width));
        const ty = Math.min(tex.height - 1, Math.floor((v - Math.floor(v)) * tex.height));
        if (tex.pending !== undefined && tex.pending[ty] === 1) undoTexelRow(tex, ty);
        const o = tex.start + ty * tex.rowStride + tx * tex.pixelStride;
        const palette = tex.palette;
        if (palette) {
          const e = 3 * tex.data[o]!;
          r *= SRGB8_TO_LINEAR[palette[e]!]!;
          g *= SRGB8_TO_LINEAR[palette[e + 1]!]!;
          b *= SRGB8_TO_LINEAR[palette[e + 2]!]!;
        } else {
          r *= SRGB8_TO_LINEAR[tex.data[o]!]!;
          g *= SRGB8_TO_LINEAR[tex.data[o + tex.green]!]!;
          b *= SRGB8_TO_LINEAR[tex.data[o + tex.blue]!]!;
        }
      }
    }
    if (colors) {
      r *= w0 * colors[4 * i0]! + w1 * colors[4 * i1]! + w2 * colors[4 * i2]!;
      g *= w0 * colors[4 * i0 + 1]! + w1 * colors[4 * i1 + 1]! + w2 * colors[4 * i2 + 1]!;
      b *= w0 * colors[4 * i0 + 2]! + w1 * colors[4 * i1 + 2]! + w2 * colors[4 * i2 + 2]!;
    }
    const key = Math.max(0, nx * Lx + ny * Ly + nz * Lz);
    const hemi = GROUND + (SKY - GROUND) * (0.5 + 0.5 * ny);
    const light = hemi + KEY * key;
    const rimT = 1 - nv;
    const rim = RIM * rimT * rimT * rimT;
    const o = 4 * s;
    // Math.fround: the float32 a store of the sample would keep, scaled as a second pass over the
    // stored image scaled it (fade 1 stores that float32 itself).
    out[o] = Math.fround(r * light + rim) * fade;
    out[o + 1] = Math.fround(g * light + rim) * fade;
    out[o + 2] = Math.fround(b * light + rim) * fade;
    out[o + 3] = fade;
  }
}

/** Averages ss x ss samples per pixel, composites over the background, encodes sRGB RGBA8. */
function resolve(
  samples: Float32Array,
  S: number,
  ss: number,
  background: [number, number, number, number],
  out: Uint8Array,
): void {
  const size = S / ss;
  const n = ss * ss;
  const bgA = Math.min(1, Math.max(0, background[3] / 255));
  const bgR = srgbToLinear(Math.min(1, Math.max(0, background[0] / 255)));
  const bgG = srgbToLinear(Math.min(1, Math.max(0, background[1] / 255)));
  const bgB = srgbToLinear(Math.min(1, Math.max(0, background[2] / 255)));
  // A pixel with no sample drawn (most of a thumbnail) is the background: the same expressions as
  // below with r = g = b = a = 0, evaluated once instead of per pixel.
  const emptyR = bgA > 0 ? encodeSrgb8((0 + bgR * bgA) / bgA) : 0;
  const emptyG = bgA > 0 ? encodeSrgb8((0 + bgG * bgA) / bgA) : 0;
  const emptyB = bgA > 0 ? encodeSrgb8((0 + bgB * bgA) / bgA) : 0;
  const emptyA = bgA > 0 ? Math.round(bgA * 255) : 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let r = 0, g = 0, b = 0, a = 0;
      if (ss === 2) {
        // The default 2 × 2 written out: the same four terms added to 0 in the same order (the
        // upper row left to right, then the lower).
        const o = 4 * (2 * y * S + 2 * x), u = o + 4 * S;
        r = 0 + samples[o]! + samples[o + 4]! + samples[u]! + samples[u + 4]!;
        g = 0 + samples[o + 1]! + samples[o + 5]! + samples[u + 1]! + samples[u + 5]!;
        b = 0 + samples[o + 2]! + samples[o + 6]! + samples[u + 2]! + samples[u + 6]!;
        a = 0 + samples[o + 3]! + samples[o + 7]! + samples[u + 3]! + samples[u + 7]!;
      } else {
        for (let j = 0; j < ss; j++) {
          let o = 4 * ((y * ss + j) * S + x * ss);
          for (let i = 0; i < ss; i++, o += 4) {
            r += samples[o]!;
            g += samples[o + 1]!;
            b += samples[o + 2]!;
            a += samples[o + 3]!;
          }
        }
      }
      const q = 4 * (y * size + x);
      if (a === 0 && r === 0 && g === 0 && b === 0) {
        out[q] = emptyR;
        out[q + 1] = emptyG;
        out[q + 2] = emptyB;
        out[q + 3] = emptyA;
        continue;
      }
      r /= n; g /= n; b /= n; a = Math.min(1, a / n);
      const keep = bgA * (1 - a);
      const alpha = a + keep;
      if (alpha <= 0) {
        out[q] = out[q + 1] = out[q + 2] = out[q + 3] = 0;
        continue;
      }
      out[q] = encodeSrgb8((r + bgR * keep) / alpha);
      out[q + 1] = encodeSrgb8((g + bgG * keep) / alpha);
      out[q + 2] = encodeSrgb8((b + bgB * keep) / alpha);
      out[q + 3] = Math.round(alpha * 255);
    }
  }
}

function normalize(v: [number, number, number]): [number, number, number] {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
}
