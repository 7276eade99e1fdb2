/**
 * What both dev-set scripts (the shape benchmark and the depth-prior fit) must see the same way: the
 * manifest, the three views a character is pictured from, the turn into a view, boxes and the
 * orthographic coverage mask, and the choice of the most informative view.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMesh, renderThumbnail, type Mesh } from '@rigforge/mesh';
import { z } from 'zod';

export const manifestSchema = z.array(z.looseObject({ id: z.string(), bodyPlan: z.string(), artist: z.string() }));
export type ManifestEntry = z.infer<typeof manifestSchema>[number];

/** The dev set's characters at `dir`, in manifest order. */
export function readManifest(dir: string): ManifestEntry[] {
  return manifestSchema.parse(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')));
}

/** A dev-set character's input mesh, as the engine reads it. */
export async function readCharacterMesh(dir: string, id: string): Promise<Mesh> {
  return (await readMesh(new Uint8Array(readFileSync(join(dir, id, 'input.glb'))))).mesh;
}

export type Vec3 = [number, number, number];
export type View = 'front' | 'side' | 'top';

/** A dev-set character turned to its most informative view and scaled to stand 1 tall. */
export interface CharacterInView { id: string; bodyPlan: string; artist: string; view: View; mesh: Mesh }

/** Every character of the set at `dir`, in manifest order: read, turned to its most informative view, scaled to height 1. */
export async function* charactersInBestView(dir: string): AsyncGenerator<CharacterInView> {
  for (const c of readManifest(dir)) {
    const mesh = await readCharacterMesh(dir, c.id);
    const view = mostInformativeView(mesh);
    yield { id: c.id, bodyPlan: c.bodyPlan, artist: c.artist, view, mesh: unitHeight(turnToView(mesh, view)) };
  }
}

/**
 * The mesh scaled to stand 1 tall (its extent along y): files come in any unit (an FBX export at
 * 100× is 10⁵ tall), the engine takes a height, and every score is relative.
 */
export function unitHeight(mesh: Mesh): Mesh {
  const unit = 1 / Math.max(extent(bounds(mesh.positions), 1), 1e-12);
  return { ...mesh, positions: mesh.positions.map((v) => v * unit) };
}

/** The side of the picture the benchmark sends (pixels). */
export const PICTURE_PX = 512;

/** The picture the benchmark sends of `truth`: orthographic (a 0.5° lens) from +Z on a transparent background, PICTURE_PX square. */
export function benchmarkPicture(truth: Mesh): Uint8Array {
  return renderThumbnail(truth, { size: PICTURE_PX, yawDegrees: 0, pitchDegrees: 0, fovDegrees: 0.5, background: [0, 0, 0, 0] });
}
export const VIEWS: View[] = ['front', 'side', 'top'];
/** Silhouette grids for the IoU and the view choice. */
export const MASK_PX = 160;

/** The mesh turned so that `view`'s side faces +Z (the camera of a front render): side = +X, top = +Y. */
export function turnToView(mesh: Mesh, view: View): Mesh {
  const rotate = (x: number, y: number, z: number): Vec3 =>
    view === 'front' ? [x, y, z] : view === 'side' ? [-z, y, x] : [x, -z, y];
  const turn = (a: Float32Array | undefined): Float32Array | undefined => {
    if (!a) return undefined;
    const out = new Float32Array(a.length);
    for (let i = 0; i < a.length; i += 3) out.set(rotate(a[i]!, a[i + 1]!, a[i + 2]!), i);
    return out;
  };
  return { ...mesh, positions: turn(mesh.positions)!, normals: turn(mesh.normals) };
}

export interface Box { min: Vec3; max: Vec3 }
export function bounds(positions: Float32Array): Box {
  const min: Vec3 = [Infinity, Infinity, Infinity], max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const v = positions[i + k]!;
      if (v < min[k]!) min[k] = v;
      if (v > max[k]!) max[k] = v;
    }
  }
  return { min, max };
}
export const extent = (b: Box, k: number): number => b.max[k]! - b.min[k]!;
export const diagonal = (b: Box): number => Math.hypot(extent(b, 0), extent(b, 1), extent(b, 2));

/** Positions moved so the bounding box's centre is the origin. */
export function centred(positions: Float32Array): Float32Array {
  const b = bounds(positions);
  const c = [0, 1, 2].map((k) => (b.min[k]! + b.max[k]!) / 2);
  const out = new Float32Array(positions.length);
  for (let i = 0; i < positions.length; i++) out[i] = positions[i]! - c[i % 3]!;
  return out;
}

/**
 * An orthographic coverage mask of triangles projected on axes (u, v) of a square frame of half
 * size `half` about the origin (pixel centres tested against each triangle: edge functions).
 */
export function silhouette(positions: Float32Array, indices: Uint32Array, u: number, v: number, half: number, px = MASK_PX): Uint8Array {
  const mask = new Uint8Array(px * px);
  const toPx = (value: number) => ((value + half) / (2 * half)) * px;
  for (let t = 0; t + 2 < indices.length; t += 3) {
    const a = indices[t]! * 3, b = indices[t + 1]! * 3, c = indices[t + 2]! * 3;
    const ax = toPx(positions[a + u]!), ay = toPx(positions[a + v]!);
    const bx = toPx(positions[b + u]!), by = toPx(positions[b + v]!);
    const cx = toPx(positions[c + u]!), cy = toPx(positions[c + v]!);
    const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    if (area === 0) continue;
    const x0 = Math.max(0, Math.floor(Math.min(ax, bx, cx))), x1 = Math.min(px - 1, Math.ceil(Math.max(ax, bx, cx)));
    const y0 = Math.max(0, Math.floor(Math.min(ay, by, cy))), y1 = Math.min(px - 1, Math.ceil(Math.max(ay, by, cy)));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const qx = x + 0.5, qy = y + 0.5;
        const w0 = (bx - ax) * (qy - ay) - (by - ay) * (qx - ax);
        const w1 = (cx - bx) * (qy - by) - (cy - by) * (qx - bx);
        const w2 = (ax - cx) * (qy - cy) - (ay - cy) * (qx - cx);
        if (area > 0 ? w0 >= 0 && w1 >= 0 && w2 >= 0 : w0 <= 0 && w1 <= 0 && w2 <= 0) mask[y * px + x] = 1;
      }
    }
  }
  return mask;
}

/** The view that shows most of the character: the largest silhouette area (covered share × frame area). */
export function mostInformativeView(mesh: Mesh): View {
  let bestArea = -1;
  let best: View = 'front';
  for (const v of VIEWS) {
    const turned = turnToView(mesh, v);
    const p = centred(turned.positions);
    const b = bounds(p);
    const half = 0.5 * Math.max(extent(b, 0), extent(b, 1));
    const covered = silhouette(p, turned.indices, 0, 1, half).reduce((a, x) => a + x, 0) / (MASK_PX * MASK_PX);
    const area = covered * (2 * half) ** 2;
    if (area > bestArea) [bestArea, best] = [area, v];
  }
  return best;
}

/** Per cell of an orthographic picture along +Z: the nearest and farthest surface (±Infinity where none). */
export interface DepthRaster { w: number; h: number; scale: number; height: number; near: Float64Array; far: Float64Array }

/**
 * Rasterises a mesh orthographically along +Z (x right, y up; row 0 at the top) on `grid` cells
 * along its longer picture side, with `margin` empty cells around it, recording per covered cell
 * the nearest and farthest surface (the true depth interval the depth fits compare against).
 */
export function rasterDepth(positions: Float32Array, indices: Uint32Array, grid: number, margin: number): DepthRaster {
  const b = bounds(positions);
  const height = extent(b, 1);
  const s = grid / Math.max(extent(b, 0), height);
  const w = Math.ceil(extent(b, 0) * s) + 2 * margin, h = Math.ceil(height * s) + 2 * margin;
  const near = new Float64Array(w * h).fill(Infinity), far = new Float64Array(w * h).fill(-Infinity);
  const X = (i: number) => (positions[i]! - b.min[0]!) * s + margin, Y = (i: number) => (b.max[1]! - positions[i + 1]!) * s + margin;
  for (let k = 0; k + 2 < indices.length; k += 3) {
    const a = indices[k]! * 3, c1 = indices[k + 1]! * 3, c2 = indices[k + 2]! * 3;
    const ax = X(a), ay = Y(a), bx = X(c1), by = Y(c1), cx = X(c2), cy = Y(c2);
    const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    if (Math.abs(area) < 1e-12) continue;
    const x0 = Math.max(0, Math.floor(Math.min(ax, bx, cx))), x1 = Math.min(w - 1, Math.ceil(Math.max(ax, bx, cx)));
    const y0 = Math.max(0, Math.floor(Math.min(ay, by, cy))), y1 = Math.min(h - 1, Math.ceil(Math.max(ay, by, cy)));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const qx = x + 0.5, qy = y + 0.5;
        const w0 = ((cx - bx) * (qy - by) - (cy - by) * (qx - bx)) / area;
        const w1 = ((ax - cx) * (qy - cy) - (ay - cy) * (qx - cx)) / area;
        const w2 = 1 - w0 - w1;
        if (w0 < 0 || w1 < 0 || w2 < 0) continue;
        const z = w0 * positions[a + 2]! + w1 * positions[c1 + 2]! + w2 * positions[c2 + 2]!;
        const p = y * w + x;
        if (z < near[p]!) near[p] = z;
        if (z > far[p]!) far[p] = z;
      }
    }
  }
  return { w, h, scale: s, height, near, far };
}

/**
 * The cells a depth fit reads of a raster: `count` of the covered ones (`mask`), evenly strided so
 * every character weighs the same: their centres (x, y pairs in cells) where the medial balls' sphere
 * heights are read, each one's true half-depth in mesh heights (`t`), and `scaled`, which turns sphere
 * heights in cells into the prior's depth (× `c`) in mesh heights. One place for what the part-depth
 * fits (fit-part-depth.ts, fit-head-torso.ts) each sampled the same way.
 */
export function sampleDepthCells(r: DepthRaster, mask: Uint8Array, count: number, c: number): { centres: number[]; t: Float64Array; scaled: (heights: Float64Array) => Float64Array } {
  const covered: number[] = [];
  for (let p = 0; p < r.w * r.h; p++) if (mask[p]) covered.push(p);
  const stride = Math.max(1, covered.length / count);
  const picked: number[] = [];
  for (let i = 0; i < covered.length; i += stride) picked.push(covered[Math.floor(i)]!);
  const centres = picked.flatMap((p) => [(p % r.w) + 0.5, Math.floor(p / r.w) + 0.5]);
  const heightPx = r.height * r.scale;
  return {
    centres,
    t: Float64Array.from(picked, (p) => (r.far[p]! - r.near[p]!) / 2 / r.height),
    scaled: (hs) => Float64Array.from(hs, (v) => (c * v) / heightPx),
  };
}

/** A command-line option's value (`--name value`), for the dev-set scripts. */
export function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/**
 * The dev set (the first argument) and `--cache` folder of a script reading the benchmark's cached
 * models; with either missing, `usage: <usage>` on stderr and exit 2.
 */
export function setAndCache(usage: string): { set: string; cache: string } {
  const set = process.argv[2];
  const cache = arg('--cache');
  if (!set || set.startsWith('--') || !cache) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  return { set, cache };
}

/**
 * One character's row in the fit scripts' JSON parts (fit-lean, fit-plan-view-depth, fit-leg-spread): its CD
 * at each grid point, and whether the view was its most informative one; parts are merged with `--merge`.
 */
export const fitRowSchema = z.object({ id: z.string(), plan: z.string(), artist: z.string(), bestView: z.boolean(), cd: z.array(z.number()) });
export type FitRow = z.infer<typeof fitRowSchema>;

/** The rows of the JSON parts named in `files` (comma-separated, as `--merge` takes them), each checked by `schema`, in order. */
export function readRows<S extends z.ZodType>(files: string, schema: S): z.infer<S>[] {
  return files.split(',').flatMap((file) => z.array(schema).parse(JSON.parse(readFileSync(file, 'utf8'))));
}

/**
 * One character's row in one view, as fit-fins-wings and fit-plate-lift cache them: one file per
 * character and view in a rows folder (`--out`), so a rerun skips what is there and several
 * processes with `--only` can share the folder.
 */
export const viewFitRowSchema = fitRowSchema.extend({ view: z.enum(['front', 'side', 'top']) });
export type ViewFitRow = z.infer<typeof viewFitRowSchema>;

/** Every row file (`*.json`) of a rows folder, each checked by viewFitRowSchema, in the folder's listing order. */
export function readViewFitRows(dir: string): ViewFitRow[] {
  return readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => viewFitRowSchema.parse(JSON.parse(readFileSync(join(dir, f), 'utf8'))));
}

/** The mean of a list (0 for none: a fit's empty fold scores nothing). */
export const mean = (xs: number[]): number => xs.reduce((a, x) => a + x, 0) / Math.max(1, xs.length);

/**
 * A made model's depth scaled by k and its sheets leaned by β about its middle plane z = 0
 * (z ↦ k·(z + β·|z|)): the engine's model at k times its depth prior and lean β, without
 * generating again. The fit scripts' grids (lean, depth per plan and view, the depth cue) use it.
 */
export function scaledLeaned(positions: Float32Array, k: number, beta: number): Float32Array {
  const out = positions.slice();
  for (let i = 2; i < out.length; i += 3) out[i] = k * (out[i]! + beta * Math.abs(out[i]!));
  return out;
}
