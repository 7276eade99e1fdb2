/**
 * The thumbnail's per-sample buffers, kept between renders of one size (one thread's module
 * instance; rendering is synchronous, so one render uses them at a time).
 *
 * Why: a 512 px thumbnail at 2×2 supersampling allocates ~33 MB of typed arrays (the raster
 * target's four 4 MB arrays and the 16 MB premultiplied image). Typed arrays are external memory
 * to V8, and that much new external memory per call starts a full mark-compact every rig; in a
 * process rigging mesh after mesh (a worker, the benchmark's warm runs) the collection lands in
 * the next rig's stages (issue 25, packages/rig/docs/speed.md "Round 36 (2.6k fixed costs)").
 * Reused, each call only resets them: the same values a fresh allocation starts with where they are read, so the same PNG.
 *
 * Only buffers of at most THUMBNAIL_SCRATCH_KEEP_SAMPLES samples are kept (the default 512 px at
 * 2×2: 1024² samples, ~33 MB); a larger render allocates its own and leaves the kept ones.
 */
import { createRasterTarget, type RasterTarget } from './rasterize-triangles';

/** Samples (width × height) whose buffers are kept between renders: 1024², the default thumbnail's. */
export const THUMBNAIL_SCRATCH_KEEP_SAMPLES = 1024 * 1024;

export interface ThumbnailScratch {
  /** Depth −∞ and triangle −1 everywhere (the barycentrics are read only where a triangle was drawn this render). */
  target: RasterTarget;
  /** Premultiplied linear RGBA per sample, all 0. */
  image: Float32Array;
}

let kept: ThumbnailScratch | undefined;

/** Buffers for an S × S render, reset as a fresh allocation would be where the render reads them. */
export function thumbnailScratch(S: number): ThumbnailScratch {
  const n = S * S;
  if (n > THUMBNAIL_SCRATCH_KEEP_SAMPLES) return { target: createRasterTarget(S, S), image: new Float32Array(n * 4) };
  if (kept && kept.target.width === S && kept.target.height === S) {
    kept.target.depth.fill(-Infinity);
    kept.target.triangle.fill(-1);
    kept.image.fill(0);
    return kept;
  }
  kept = { target: createRasterTarget(S, S), image: new Float32Array(n * 4) };
  return kept;
}
