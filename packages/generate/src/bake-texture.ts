/**
 * The model's texture: the subject's bounding box cut from the full-resolution file, capped in size.
 * Texels outside the subject (and a one-texel rim inside it, where edge pixels are blended with the
 * background) are filled with the colour of the nearest subject texel by a breadth-first flood, so
 * bilinear filtering and mipmaps near the outline never pull in the background (white fringes on a
 * logo, black ones on a transparent sprite).
 *
 * The texture is an atlas of two halves side by side: the front (the picture) on the left, the back
 * (`back-texture.ts`: the part colours carried round, no front details) on the right.
 */
import sharp from 'sharp';
import { backTexture } from './back-texture';
import type { SubjectMask } from './segment-subject';

export interface BakeTextureOptions {
  /** Longest side of the texture in texels. */
  maxSize: number;
  /** Subject box in the original image's pixels: left, top, width, height. */
  crop: { left: number; top: number; width: number; height: number };
  /** The subject mask at working resolution and the working → original scale. */
  subject: SubjectMask;
  workToOriginal: number;
}

export interface BakedTexture {
  png: Uint8Array;
  /** The atlas's size: twice the cut's width (front | back), its height. */
  width: number;
  height: number;
}

/** Cut, edge-pad and PNG-encode the texture. */
export async function bakeTexture(bytes: Uint8Array, options: BakeTextureOptions): Promise<BakedTexture> {
  const { crop, subject, workToOriginal } = options;
  const fit = Math.min(1, options.maxSize / Math.max(2 * crop.width, crop.height));
  const width = Math.max(1, Math.round(crop.width * fit));
  const height = Math.max(1, Math.round(crop.height * fit));
  const { data } = await sharp(bytes, { limitInputPixels: false })
    .extract(crop)
    .resize(width, height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rgb = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);

  // Subject mask at texture resolution, shrunk by one texel.
  const inside = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const wy = Math.floor((crop.top + ((y + 0.5) * crop.height) / height) / workToOriginal);
    for (let x = 0; x < width; x++) {
      const wx = Math.floor((crop.left + ((x + 0.5) * crop.width) / width) / workToOriginal);
      if (wx >= 0 && wy >= 0 && wx < subject.width && wy < subject.height) inside[y * width + x] = subject.mask[wy * subject.width + wx]!;
    }
  }
  const core = new Uint8Array(width * height);
  let seeds = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!inside[i]) continue;
      const rim = x === 0 || y === 0 || x === width - 1 || y === height - 1 ||
        !inside[i - 1] || !inside[i + 1] || !inside[i - width] || !inside[i + width];
      if (!rim) { core[i] = 1; seeds++; }
    }
  }
  const known = seeds > 0 ? core : inside;
  const queue = new Int32Array(width * height);
  let head = 0, tail = 0;
  for (let i = 0; i < known.length; i++) if (known[i]) queue[tail++] = i;
  const done = Uint8Array.from(known);
  while (head < tail) {
    const i = queue[head++]!;
    const x = i % width;
    for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
      if (j < 0 || j >= done.length || done[j]) continue;
      done[j] = 1;
      rgb[j * 3] = rgb[i * 3]!; rgb[j * 3 + 1] = rgb[i * 3 + 1]!; rgb[j * 3 + 2] = rgb[i * 3 + 2]!;
      queue[tail++] = j;
    }
  }
  const back = backTexture(rgb, inside, width, height);
  const atlas = new Uint8Array(width * 2 * height * 3);
  for (let y = 0; y < height; y++) {
    atlas.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), y * width * 6);
    atlas.set(back.subarray(y * width * 3, (y + 1) * width * 3), y * width * 6 + width * 3);
  }
  const png = await sharp(atlas, { raw: { width: 2 * width, height, channels: 3 } }).png({ compressionLevel: 6 }).toBuffer();
  return { png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength), width: 2 * width, height };
}
