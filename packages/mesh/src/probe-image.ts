/**
 * Cheap, safe identification of an uploaded image, run by the API at submission and by the
 * generate engine before it decodes. Plain TypeScript and node:zlib, no image library: the API
 * loads no decoder (sharp stays in the generate workers).
 *
 * The format is sniffed from the magic bytes (never from a name or a declared MIME type) and the
 * dimensions read from the header (PNG IHDR, JPEG SOFn, WebP VP8/VP8L/VP8X), so a tiny file
 * declaring a 100 000 × 100 000 image is refused before anything is allocated for it. With
 * `verifyData`, the file is then checked to be complete, which is what refusing truncated uploads
 * at submission needs: every PNG chunk is whole and its zlib stream inflates to at least the rows
 * the header declares (streamed and discarded, on libuv's thread pool, never the event loop);
 * a JPEG's scan ends in its EOI marker; a WebP's chunks fit its RIFF size. Entropy-coded pixel
 * data is not decoded, so a JPEG or WebP that is complete but corrupt inside passes here and is
 * refused by the engine's decoder in the job (which is then failed and refunded).
 */
import { createInflate } from 'node:zlib';
import { EngineError } from './mesh-error';
import { sniffImageFormat, type ImageFormat } from './sniff-image-format';
import { withDefaults } from './with-defaults';

export interface ProbeImageOptions {
  /** Largest accepted width × height. Default 4096 × 4096. */
  maxPixels?: number;
  /** Also check that the data is complete (not just the header). Default true. */
  verifyData?: boolean;
}

export const PROBE_IMAGE_DEFAULTS: Required<ProbeImageOptions> = {
  maxPixels: 4096 * 4096,
  verifyData: true,
};

export interface ImageInfo {
  format: ImageFormat;
  width: number;
  height: number;
}

/** Identify an image and check its size; throws `EngineError('unsupported_format')` for anything we cannot use. */
export async function probeImage(bytes: Uint8Array, options: ProbeImageOptions = {}): Promise<ImageInfo> {
  const { maxPixels, verifyData } = withDefaults(PROBE_IMAGE_DEFAULTS, options);
  const format = sniffImageFormat(bytes);
  if (!format) throw refuse('not a PNG, JPEG or WebP file');
  const header = format === 'png' ? pngHeader(bytes) : format === 'jpeg' ? jpegHeader(bytes) : webpHeader(bytes);
  const { width, height } = header;
  if (!(width > 0 && height > 0)) throw refuse(`${format} declares an empty size ${width}×${height}`);
  if (width * height > maxPixels) {
    throw refuse(`${width}×${height} is ${width * height} pixels, more than the limit of ${maxPixels}`);
  }
  if (verifyData) await header.verify();
  return { format, width, height };
}

interface Header {
  width: number;
  height: number;
  /** Throws when the data after the header is cut short or does not fit the header. */
  verify: () => Promise<void>;
}

function refuse(message: string): EngineError {
  return new EngineError('unsupported_format', `image: ${message}`);
}

const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function pngHeader(bytes: Uint8Array): Header {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // IHDR must be the first chunk: length 13, then width and height as big-endian uint32.
  if (bytes.length < 33 || ascii(bytes, 12, 4) !== 'IHDR') throw refuse('PNG has no IHDR header');
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const bitDepth = bytes[24]!;
  const channels = PNG_CHANNELS[bytes[25]!];
  const interlaced = bytes[28] === 1;
  return {
    width,
    height,
    verify: async () => {
      if (channels === undefined || ![1, 2, 4, 8, 16].includes(bitDepth)) throw refuse('PNG has an invalid colour type or bit depth');
      const idat: Uint8Array[] = [];
      let end = false;
      for (let at = 8; !end; ) {
        if (at + 12 > bytes.length) throw refuse('the png data is truncated (no IEND chunk)');
        const length = view.getUint32(at);
        const type = ascii(bytes, at + 4, 4);
        if (at + 12 + length > bytes.length) throw refuse(`the png data is truncated (its ${type} chunk is cut short)`);
        if (type === 'IDAT') idat.push(bytes.subarray(at + 8, at + 8 + length));
        end = type === 'IEND';
        at += 12 + length;
      }
      if (idat.length === 0) throw refuse('PNG has no image data (IDAT)');
      const expected = pngRawBytes(width, height, channels * bitDepth, interlaced);
      // Fewer rows than the header declares is a cut-short file; more is only extra data after
      // the image, which decoders ignore (libpng warns), so it is let through as they do.
      const inflated = await inflatedLength(idat, expected);
      if (inflated < expected) throw refuse(`the png data holds ${inflated} bytes of rows where its header needs ${expected}`);
    },
  };
}

/** Bytes of filtered scanlines (one filter byte per row) for the whole image, Adam7 passes included. */
function pngRawBytes(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const rows = (w: number, h: number) => (w > 0 && h > 0 ? h * (1 + Math.ceil((w * bitsPerPixel) / 8)) : 0);
  if (!interlaced) return rows(width, height);
  // Adam7: [x start, y start, x step, y step] of the seven passes.
  const passes = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]] as const;
  let total = 0;
  for (const [x0, y0, dx, dy] of passes) total += rows(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy));
  return total;
}

/**
 * The length of the zlib stream's output, counted and discarded as it streams, stopping once it
 * passes `limit` (so a stream that inflates to far more than the header declares costs no more
 * than the image would). Rejects when the stream is corrupt or ends early.
 */
function inflatedLength(parts: Uint8Array[], limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflate();
    let total = 0;
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        settle(() => resolve(total));
        inflate.destroy();
      }
    });
    inflate.on('end', () => settle(() => resolve(total)));
    inflate.on('error', (err) => settle(() => reject(refuse(`the png data cannot be inflated (${err.message})`))));
    for (const part of parts) inflate.write(part);
    inflate.end();
  });
}

/** SOFn markers (baseline, extended, progressive, lossless; Huffman and arithmetic), not DHT/JPG/DAC. */
const JPEG_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegHeader(bytes: Uint8Array): Header {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let size: { width: number; height: number } | undefined;
  let scan = -1;
  // Marker segments from SOI up to the first scan (SOS): each is FF, a marker byte and a
  // big-endian length that counts itself.
  for (let at = 2; at + 4 <= bytes.length; ) {
    if (bytes[at] !== 0xff) throw refuse('JPEG marker segments are malformed');
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    const length = view.getUint16(at + 2);
    if (length < 2 || at + 2 + length > bytes.length) break;
    if (JPEG_SOF.has(marker) && length >= 7) size = { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    if (marker === 0xda) {
      scan = at + 2 + length;
      break;
    }
    at += 2 + length;
  }
  if (!size) throw refuse('cannot read the jpeg header (no frame header before the data ends)');
  return {
    ...size,
    verify: async () => {
      // FF D9 cannot occur inside entropy-coded data (FF is stuffed as FF 00 there), so the
      // last one after the first scan is the EOI marker a complete file ends with (a few
      // cameras append bytes after it, which decoders ignore).
      if (scan < 0) throw refuse('the jpeg data is truncated (no scan)');
      const eoi = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).lastIndexOf(JPEG_EOI);
      if (eoi < scan) throw refuse('the jpeg data is truncated (no end-of-image marker)');
    },
  };
}

const JPEG_EOI = Buffer.from([0xff, 0xd9]);

function webpHeader(bytes: Uint8Array): Header {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 30) throw refuse('cannot read the webp header (the file is too short)');
  const chunk = ascii(bytes, 12, 4);
  const data = 20;
  let width: number;
  let height: number;
  if (chunk === 'VP8 ') {
    // Lossy: a 3-byte frame tag, the start code 9D 01 2A, then 14-bit width and height.
    if (bytes[data + 3] !== 0x9d || bytes[data + 4] !== 0x01 || bytes[data + 5] !== 0x2a) throw refuse('WebP VP8 frame has no start code');
    width = view.getUint16(data + 6, true) & 0x3fff;
    height = view.getUint16(data + 8, true) & 0x3fff;
  } else if (chunk === 'VP8L') {
    // Lossless: the signature 2F, then width − 1 and height − 1 in 14 bits each, little-endian.
    if (bytes[data] !== 0x2f) throw refuse('WebP VP8L stream has no signature');
    const bits = view.getUint32(data + 1, true);
    width = (bits & 0x3fff) + 1;
    height = ((bits >>> 14) & 0x3fff) + 1;
  } else if (chunk === 'VP8X') {
    // Extended: flags and reserved bytes, then canvas width − 1 and height − 1 in 24 bits each.
    width = (bytes[data + 4]! | (bytes[data + 5]! << 8) | (bytes[data + 6]! << 16)) + 1;
    height = (bytes[data + 7]! | (bytes[data + 8]! << 8) | (bytes[data + 9]! << 16)) + 1;
  } else {
    throw refuse(`cannot read the webp header (unknown first chunk "${chunk}")`);
  }
  return {
    width,
    height,
    verify: async () => {
      // The RIFF size counts everything after its own field; every chunk (padded to even) fits it.
      const riffEnd = 8 + view.getUint32(4, true);
      if (riffEnd > bytes.length) throw refuse('the webp data is truncated (shorter than its RIFF size)');
      for (let at = 12; at < riffEnd; ) {
        if (at + 8 > riffEnd) throw refuse('the webp data is truncated (a chunk header is cut short)');
        const length = view.getUint32(at + 4, true);
        // The last chunk's pad byte may be missing from the file (encoders disagree); its data may not.
        if (at + 8 + length > riffEnd) throw refuse(`the webp data is truncated (its ${ascii(bytes, at, 4)} chunk is cut short)`);
        at += 8 + length + (length & 1);
      }
    },
  };
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  let s = '';
  for (let i = start; i < start + length && i < bytes.length; i++) s += String.fromCharCode(bytes[i]!);
  return s;
}
