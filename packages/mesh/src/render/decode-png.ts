/**
 * A fast path for the PNGs textures are nearly always stored as (8 bits per sample, not
 * interlaced, grey, grey + alpha, RGB, RGBA or palette), giving the same colours as pngjs's
 * `PNG.sync.read`: zlib's native inflate, then the scanline filters in one typed-array pass. pngjs
 * does the same steps but through per-line buffers and a function call per pixel, about eight times
 * the inflate's own cost (a 2048² RGB texture: ~190 ms against ~25 ms of inflate), which for a 64 px
 * thumbnail was most of the render.
 *
 * `decodePngTexels` gives its reader (the thumbnail, which reads at most one texel per sample of a
 * 64–512 px image from textures of up to 2048²) the unfiltered lines themselves, read in place, for
 * every colour type, instead of an RGBA copy of the image (16 MB for a 2048² texture, and on the dev
 * set's textured characters a third of the decode's CPU); a palette image's texels are its indices,
 * read through its palette (the colours pngjs expands them to). The same texel values, so the same
 * thumbnail.
 *
 * Anything off that well-trodden path returns `undefined` and the caller decodes with pngjs as
 * before: other bit depths, interlacing, a colour key (tRNS on grey or RGB), chunks out of the usual
 * order, a bad CRC, trailing bytes, a zlib stream that does not inflate to exactly the image's size,
 * a palette index past the palette. So where this returns texels they are the ones pngjs gives, and
 * where it does not, pngjs's own answer (an image or an error) stands.
 */
import { crc32, inflateSync } from 'node:zlib';

export interface Rgba8Image {
  width: number;
  height: number;
  /** RGBA, 8 bits per sample, rows top to bottom. */
  data: Uint8Array;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Samples per pixel by colour type (0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA). */
const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** The chunk types pngjs reads (and checks the CRC of); it skips other ancillary chunks unchecked. */
const READ_BY_PNGJS = new Set(['IHDR', 'PLTE', 'tRNS', 'gAMA', 'IDAT', 'IEND']);

/**
 * An 8-bit image's texels where they lie: texel (x, y)'s red at `data[start + y * rowStride + x *
 * pixelStride]`, its green and blue `green` and `blue` bytes further on (0 and 0 for grey). With a
 * `palette` that byte is instead an index e, the colour `palette[3e]`, `[3e + 1]`, `[3e + 2]` (every
 * index in the image is below the palette's length). Only the colour (no reader of this view wants
 * alpha).
 */
export interface TexelView {
  width: number;
  height: number;
  data: Uint8Array;
  start: number;
  rowStride: number;
  pixelStride: number;
  green: number;
  blue: number;
  /** A palette image's RGB entries (PLTE), else undefined. */
  palette: Uint8Array | undefined;
  /**
   * 1 for each line whose PNG filter is not yet undone (`undoTexelRow` before reading it; then
   * `start` is 1, `rowStride` the line's bytes and filter byte, `pixelStride` its bytes per pixel),
   * or undefined when every texel is ready.
   */
  pending: Uint8Array | undefined;
}

/**
 * The image's colour texels, in the unfiltered lines themselves (a palette image's indices with its
 * palette), or `undefined` when the file is not one this fast path handles (see the file header).
 */
export function decodePngTexels(bytes: Uint8Array): TexelView | undefined {
  const decoded = decodePngLines(bytes);
  if (!decoded) return undefined;
  const { width, height, colorType, lines, pending, palette } = decoded;
  const channels = CHANNELS[colorType]!;
  const grey = colorType === 0 || colorType === 4;
  // Each line keeps its filter byte first: the first texel is one byte in. A plain Uint8Array over
  // inflate's Buffer (no copy), so a reader's loads see one kind of array whatever the colour type.
  const data = new Uint8Array(lines.buffer, lines.byteOffset, lines.byteLength);
  if (colorType === 3) {
    // The indices read through the palette instead of expanded to a 4-byte-per-texel copy (for a
    // 2048² texture 16 MB written for the thumbnail's ≤ 16k reads). An index past the palette
    // refuses the file, as the expansion did (pngjs's answer then stands).
    const view = { width, height, data, start: 1, rowStride: width + 1, pixelStride: 1, green: 0, blue: 0, palette, pending };
    if (palette!.length < 3 * 256) {
      for (let y = 0; y < height; y++) undoTexelRow(view, y);
      if (maxIndex(data, width, height) >= palette!.length / 3) return undefined;
    }
    return view;
  }
  return { width, height, data, start: 1, rowStride: width * channels + 1, pixelStride: channels, green: grey ? 0 : 1, blue: grey ? 0 : 2, palette: undefined, pending };
}

/**
 * Undoes the filters of line y of a view (and of the lines above it that it needs), in place, if
 * not yet done: a reader calls it before reading the line's texels. The thumbnail reads ≤ 16k
 * texels of a texture of up to 4M, and every line it does not reach, nor any it reaches reaches
 * (Up, Average and Paeth add the line above; None and Sub read only their own), is left: where an
 * image has runs of such lines, their work is skipped. The same bytes as undoing every line.
 */
export function undoTexelRow(view: TexelView, y: number): void {
  const pending = view.pending;
  if (pending === undefined || pending[y] === 0) return;
  let top = y;
  while (top > 0 && pending[top - 1] === 1 && view.data[top * view.rowStride]! >= 2) top--;
  for (let r = top; r <= y; r++) {
    unfilterLine(view.data, r, view.rowStride - 1, view.pixelStride);
    pending[r] = 0;
  }
}

/** The largest palette index in a palette image's unfiltered lines (each with its filter byte first). */
function maxIndex(lines: Uint8Array, width: number, height: number): number {
  let max = 0;
  for (let y = 0, at = 1; y < height; y++, at += width + 1) {
    for (let i = at; i < at + width; i++) if (lines[i]! > max) max = lines[i]!;
  }
  return max;
}

/** An RGBA8 image (pngjs's, or a palette image expanded) as a texel view. */
export function rgbaTexels(image: Rgba8Image): TexelView {
  return { width: image.width, height: image.height, data: image.data, start: 0, rowStride: 4 * image.width, pixelStride: 4, green: 1, blue: 2, palette: undefined, pending: undefined };
}

interface PngLines {
  width: number;
  height: number;
  colorType: number;
  /** The scanlines, each with its filter byte first; those `pending` marks still filtered. */
  lines: Uint8Array;
  pending: Uint8Array;
  palette: Uint8Array | undefined;
}

/** The checks, the inflate and the unfiltering both decoders share. */
function decodePngLines(bytes: Uint8Array): PngLines | undefined {
  if (typeof crc32 !== 'function') return undefined; // Node before 20.15: no native CRC
  if (bytes.length < 8 + 25 + 12) return undefined;
  for (let i = 0; i < 8; i++) if (bytes[i] !== SIGNATURE[i]) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let width = 0, height = 0, colorType = -1;
  let palette: Uint8Array | undefined;
  let alphas: Uint8Array | undefined;
  const idat: Uint8Array[] = [];
  let seenIdat = false, seenEnd = false, seenGamma = false;
  let offset = 8;
  while (offset < bytes.length) {
    if (offset + 12 > bytes.length) return undefined;
    const length = view.getUint32(offset);
    const type = String.fromCharCode(bytes[offset + 4]!, bytes[offset + 5]!, bytes[offset + 6]!, bytes[offset + 7]!);
    const end = offset + 8 + length;
    if (end + 4 > bytes.length) return undefined;
    const data = bytes.subarray(offset + 8, end);
    if (offset === 8 && type !== 'IHDR') return undefined;
    if (READ_BY_PNGJS.has(type)) {
      if ((crc32(data, crc32(bytes.subarray(offset + 4, offset + 8))) >>> 0) !== view.getUint32(end)) return undefined;
    } else if (!(bytes[offset + 4]! & 0x20)) {
      return undefined; // an unknown critical chunk: pngjs refuses the file
    }
    offset = end + 4;
    if (type === 'IHDR') {
      if (offset !== 8 + 25 || length !== 13) return undefined;
      width = view.getUint32(16);
      height = view.getUint32(20);
      colorType = data[9]!;
      // 8 bits, deflate, adaptive filters, not interlaced.
      if (data[8] !== 8 || data[10] !== 0 || data[11] !== 0 || data[12] !== 0) return undefined;
      if (CHANNELS[colorType] === undefined || width === 0 || height === 0) return undefined;
    } else if (type === 'PLTE') {
      if (palette || seenIdat || length % 3 !== 0 || length === 0) return undefined;
      palette = data;
    } else if (type === 'tRNS') {
      // Only a palette's alphas; a grey or RGB colour key is left to pngjs.
      if (colorType !== 3 || !palette || alphas || seenIdat || length > palette.length / 3) return undefined;
      alphas = data;
    } else if (type === 'gAMA') {
      if (seenGamma || length !== 4) return undefined; // pngjs reads four bytes; the value does not touch the pixels
      seenGamma = true;
    } else if (type === 'IDAT') {
      if (colorType === 3 && !palette) return undefined;
      seenIdat = true;
      idat.push(data);
    } else if (type === 'IEND') {
      seenEnd = true;
      break;
    }
  }
  if (!seenEnd || offset !== bytes.length || idat.length === 0) return undefined;
  const channels = CHANNELS[colorType]!;
  const stride = width * channels;
  const size = (stride + 1) * height;
  let raw: Uint8Array;
  try {
    // One output chunk the image's size (zlib's least is 64 bytes): the inflate writes every line
    // into it and returns it, where its default 16 KB chunks were joined by a copy of the whole image
    // (for a 2048² texture a 12–16 MB copy, an eighth of the decode). The same bytes; a stream
    // longer than the image still overflows `maxOutputLength` and throws.
    raw = inflateSync(idat.length === 1 ? idat[0]! : Buffer.concat(idat), { maxOutputLength: size, chunkSize: Math.max(64, size) });
  } catch {
    return undefined;
  }
  if (raw.length !== size) return undefined;
  // The filters are undone line by line as a reader reaches them (`undoTexelRow`); an unknown
  // filter anywhere still refuses the file.
  const pending = new Uint8Array(height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    if (filter > 4) return undefined;
    pending[y] = filter === 0 ? 0 : 1;
  }
  return { width, height, colorType, lines: raw, pending, palette };
}

/**
 * Scanline y's filter undone, in place in `raw` (the line keeps its leading filter byte; the bytes
 * after it become the samples). The line above must already be undone (Up, Average and Paeth add
 * it); None and Sub lines read only themselves. The filter byte was checked (0–4).
 */
function unfilterLine(raw: Uint8Array, y: number, stride: number, bpp: number): void {
  const line = stride + 1;
  const at = y * line + 1;
  const filter = raw[at - 1]!;
  if (filter === 0) return;
  // The first line has no line above: Up adds 0, Average halves the left alone, Paeth is Sub.
  const first = y === 0;
  if (filter === 1 || (filter === 4 && first)) {
    for (let i = at + bpp; i < at + stride; i++) raw[i] = raw[i]! + raw[i - bpp]!;
  } else if (filter === 2) {
    if (!first) for (let i = at; i < at + stride; i++) raw[i] = raw[i]! + raw[i - line]!;
  } else if (filter === 3) {
    if (first) {
      for (let i = at + bpp; i < at + stride; i++) raw[i] = raw[i]! + (raw[i - bpp]! >> 1);
    } else {
      for (let i = at; i < at + bpp; i++) raw[i] = raw[i]! + (raw[i - line]! >> 1);
      for (let i = at + bpp; i < at + stride; i++) raw[i] = raw[i]! + ((raw[i - bpp]! + raw[i - line]!) >> 1);
    }
  } else {
    // Paeth (`paeth`). The first pixel's left and upper left are 0: it predicts the byte above.
    for (let i = at; i < at + bpp; i++) raw[i] = raw[i]! + raw[i - line]!;
    const end = at + stride;
    if (bpp === 3 || bpp === 4) {
      // RGB and RGBA (nearly every texture): a pixel a step, its left and upper-left bytes carried
      // in locals from the step before instead of read back from the bytes just written (the
      // loop's chain through memory was most of its time). The same predictor, the same bytes.
      let a0 = raw[at]!, a1 = raw[at + 1]!, a2 = raw[at + 2]!, a3 = bpp === 4 ? raw[at + 3]! : 0;
      let c0 = raw[at - line]!, c1 = raw[at + 1 - line]!, c2 = raw[at + 2 - line]!, c3 = bpp === 4 ? raw[at + 3 - line]! : 0;
      for (let i = at + bpp; i < end; i += bpp) {
        const b0 = raw[i - line]!, b1 = raw[i + 1 - line]!, b2 = raw[i + 2 - line]!;
        a0 = (raw[i]! + paeth(a0, b0, c0)) & 255; raw[i] = a0; c0 = b0;
        a1 = (raw[i + 1]! + paeth(a1, b1, c1)) & 255; raw[i + 1] = a1; c1 = b1;
        a2 = (raw[i + 2]! + paeth(a2, b2, c2)) & 255; raw[i + 2] = a2; c2 = b2;
        if (bpp === 4) {
          const b3 = raw[i + 3 - line]!;
          a3 = (raw[i + 3]! + paeth(a3, b3, c3)) & 255; raw[i + 3] = a3; c3 = b3;
        }
      }
    } else {
      for (let i = at + bpp; i < end; i++) raw[i] = raw[i]! + paeth(raw[i - bpp]!, raw[i - line]!, raw[i - line - bpp]!);
    }
  }
}

/**
 * Paeth's predictor without branches (they go either way at random on a photographic texture, and
 * their mispredictions were most of the loop): with a = left, b = above, c = upper left and
 * p = a + b − c, |p − a| = |b − c|, |p − b| = |a − c|, |p − c| = |a + b − 2c|, each a small whole
 * number whose absolute value is taken by its sign mask; the ties resolved in pngjs's (the
 * specification's) order: left, above, upper left.
 */
function paeth(left: number, above: number, upLeft: number): number {
  const da = above - upLeft, dl = left - upLeft, dp = da + dl;
  const ma = da >> 31, ml = dl >> 31, mp = dp >> 31;
  const pl = (da ^ ma) - ma, pa = (dl ^ ml) - ml, pu = (dp ^ mp) - mp;
  // −1 (all bits) where the condition holds, else 0: pl ≤ pa and pl ≤ pu; pa ≤ pu.
  const takeLeft = -((((pa - pl) >>> 31) | ((pu - pl) >>> 31)) ^ 1);
  const takeAbove = -(((pu - pa) >>> 31) ^ 1);
  const notLeft = (above & takeAbove) | (upLeft & ~takeAbove);
  return (left & takeLeft) | (notLeft & ~takeLeft);
}
