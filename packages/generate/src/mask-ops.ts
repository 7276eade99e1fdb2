/**
 * Binary-mask utilities on row-major Uint8Array masks (1 = subject): 3×3 morphology, connected
 * components and an exact Euclidean distance transform. All are linear in the pixel count.
 */

/** 3×3 erosion (shrink = true) or dilation; pixels outside the image count as background. */
export function morph3(mask: Uint8Array, width: number, height: number, shrink: boolean): Uint8Array {
  // Separable: a 3-wide pass along rows, then along columns.
  const tmp = new Uint8Array(mask.length);
  const out = new Uint8Array(mask.length);
  const pick = shrink ? (a: number, b: number, c: number) => a & b & c : (a: number, b: number, c: number) => a | b | c;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const l = x > 0 ? mask[row + x - 1]! : 0;
      const r = x < width - 1 ? mask[row + x + 1]! : 0;
      tmp[row + x] = pick(l, mask[row + x]!, r);
    }
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const u = y > 0 ? tmp[i - width]! : 0;
      const d = y < height - 1 ? tmp[i + width]! : 0;
      out[i] = pick(u, tmp[i]!, d);
    }
  }
  return out;
}

export interface Components {
  /** Component id per pixel (0 = not part of any), ids start at 1. */
  labels: Int32Array;
  /** Pixel count per id (index 0 unused). */
  sizes: number[];
  /** Whether a component touches the image border, per id: bit 1 top, 2 bottom, 4 left, 8 right. */
  borders: number[];
}

/** 4-connected components of the pixels whose mask value equals `value`. */
export function labelComponents(mask: Uint8Array, width: number, height: number, value: number): Components {
  const labels = new Int32Array(mask.length);
  const sizes = [0];
  const borders = [0];
  const stack = new Int32Array(mask.length);
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] !== value || labels[start] !== 0) continue;
    const id = sizes.length;
    let size = 0;
    let border = 0;
    let top = 0;
    stack[top++] = start;
    labels[start] = id;
    while (top > 0) {
      const i = stack[--top]!;
      size++;
      const x = i % width;
      const y = (i - x) / width;
      if (y === 0) border |= 1;
      if (y === height - 1) border |= 2;
      if (x === 0) border |= 4;
      if (x === width - 1) border |= 8;
      if (x > 0 && mask[i - 1] === value && labels[i - 1] === 0) { labels[i - 1] = id; stack[top++] = i - 1; }
      if (x < width - 1 && mask[i + 1] === value && labels[i + 1] === 0) { labels[i + 1] = id; stack[top++] = i + 1; }
      if (y > 0 && mask[i - width] === value && labels[i - width] === 0) { labels[i - width] = id; stack[top++] = i - width; }
      if (y < height - 1 && mask[i + width] === value && labels[i + width] === 0) { labels[i + width] = id; stack[top++] = i + width; }
    }
    sizes.push(size);
    borders.push(border);
  }
  return { labels, sizes, borders };
}

/**
 * Euclidean distance (in pixels) from every subject pixel centre to the nearest background pixel
 * centre; outside the image counts as background. Felzenszwalb & Huttenlocher's two-pass lower
 * envelope of parabolas: exact and O(n), unlike chamfer approximations whose error grows with distance.
 */
export function distanceTransform(mask: Uint8Array, width: number, height: number): Float32Array {
  const w = width + 2;
  const h = height + 2;
  const inf = 1e20;
  const f = new Float64Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const inside = x > 0 && y > 0 && x <= width && y <= height && mask[(y - 1) * width + (x - 1)] === 1;
      f[y * w + x] = inside ? inf : 0;
    }
  }
  const n = Math.max(w, h);
  const line = new Float64Array(n);
  const out1 = new Float64Array(n);
  const v = new Int32Array(n);
  const z = new Float64Array(n + 1);
  const pass = (len: number): void => {
    let k = 0;
    v[0] = 0; z[0] = -inf; z[1] = inf;
    for (let q = 1; q < len; q++) {
      let s = ((line[q]! + q * q) - (line[v[k]!]! + v[k]! * v[k]!)) / (2 * q - 2 * v[k]!);
      while (s <= z[k]!) {
        k--;
        s = ((line[q]! + q * q) - (line[v[k]!]! + v[k]! * v[k]!)) / (2 * q - 2 * v[k]!);
      }
      k++;
      v[k] = q; z[k] = s; z[k + 1] = inf;
    }
    k = 0;
    for (let q = 0; q < len; q++) {
      while (z[k + 1]! < q) k++;
      const d = q - v[k]!;
      out1[q] = d * d + line[v[k]!]!;
    }
  };
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h; y++) line[y] = f[y * w + x]!;
    pass(h);
    for (let y = 0; y < h; y++) f[y * w + x] = out1[y]!;
  }
  const out = new Float32Array(width * height);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) line[x] = f[y * w + x]!;
    pass(w);
    if (y === 0 || y === h - 1) continue;
    for (let x = 1; x <= width; x++) out[(y - 1) * width + (x - 1)] = Math.sqrt(out1[x]!);
  }
  return out;
}

/**
 * Width (working pixels) of the rim along an opened body that still counts as the body: the opening
 * also trims the body's own edge between two thin parts, and that sliver would join them into one.
 */
export const SLIVER = 2;

/**
 * Morphological opening of a mask by a disk of `radius` (erosion, then dilation): what a round body
 * keeps when its thin parts (limbs, necks, tails) fall off. Returned as each pixel's distance to the
 * nearest eroded pixel (`toBody`; a pixel is in the opened set when it is ≤ radius), or null when the
 * erosion leaves nothing. `inside` is the mask's distance transform. The dilation is a distance
 * transform of the eroded set's complement on a padded frame, so the image border does not count as
 * "near the body".
 */
export function openByDisk(mask: Uint8Array, inside: Float32Array, width: number, height: number, radius: number): { toBody: Float32Array } | null {
  const pad = Math.ceil(radius) + 1;
  const pw = width + 2 * pad, ph = height + 2 * pad;
  const notEroded = new Uint8Array(pw * ph).fill(1);
  let eroded = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (mask[y * width + x] && inside[y * width + x]! > radius) { notEroded[(y + pad) * pw + x + pad] = 0; eroded++; }
    }
  }
  if (eroded === 0) return null;
  const padded = distanceTransform(notEroded, pw, ph);
  const toBody = new Float32Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) toBody[y * width + x] = padded[(y + pad) * pw + x + pad]!;
  return { toBody };
}

/** The deepest inside distance of a mask and the rows it spans (maxY −1 for an empty mask). */
export function maskSpan(mask: Uint8Array, inside: Float32Array, width: number, height: number): { deepest: number; minY: number; maxY: number } {
  let deepest = 0, minY = height, maxY = -1;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    deepest = Math.max(deepest, inside[i]!);
    const y = Math.floor(i / width);
    minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  return { deepest, minY, maxY };
}
