/**
 * Cheap, safe identification of an uploaded image, run by the API at submission.
 *
 * The format is sniffed from the magic bytes (never from a name or a declared MIME type). The
 * dimensions come from the header (PNG IHDR read here; JPEG/WebP headers read by sharp's metadata,
 * which does not decode pixels), so a tiny file declaring a 100 000 × 100 000 image is refused before
 * any pixel memory is allocated. Only then is the image decoded once, at reduced size, with sharp's
 * `failOn: 'truncated'`, so truncated or corrupt data is refused at submission rather than in a job.
 */
import sharp from 'sharp';
import { EngineError, sniffImageFormat, withDefaults, type ImageFormat } from '@rigforge/mesh';

export interface ProbeImageOptions {
  /** Largest accepted width × height. Default 4096 × 4096. */
  maxPixels?: number;
  /** Also decode the pixels to prove the data is complete (not just the header). Default true. */
  verifyPixels?: boolean;
}

export const PROBE_IMAGE_DEFAULTS: Required<ProbeImageOptions> = {
  maxPixels: 4096 * 4096,
  verifyPixels: true,
};

export interface ImageInfo {
  format: ImageFormat;
  width: number;
  height: number;
}

/** Identify an image and check its size; throws `EngineError('unsupported_format')` for anything we cannot use. */
export async function probeImage(bytes: Uint8Array, options: ProbeImageOptions = {}): Promise<ImageInfo> {
  const { maxPixels, verifyPixels } = withDefaults(PROBE_IMAGE_DEFAULTS, options);
  const format = sniffImageFormat(bytes);
  if (!format) throw new EngineError('unsupported_format', 'image: not a PNG, JPEG or WebP file');

  let width: number;
  let height: number;
  if (format === 'png') {
    // IHDR must be the first chunk: length 13, then width and height as big-endian uint32.
    if (bytes.length < 33 || ascii(bytes, 12, 4) !== 'IHDR') {
      throw new EngineError('unsupported_format', 'image: PNG has no IHDR header');
    }
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    width = view.getUint32(16);
    height = view.getUint32(20);
  } else {
    let meta: { width?: number; height?: number };
    try {
      meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch (err) {
      throw new EngineError('unsupported_format', `image: cannot read the ${format} header (${messageOf(err)})`);
    }
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  }
  if (!(width > 0 && height > 0)) {
    throw new EngineError('unsupported_format', `image: ${format} declares an empty size ${width}×${height}`);
  }
  if (width * height > maxPixels) {
    throw new EngineError(
      'unsupported_format',
      `image: ${width}×${height} is ${width * height} pixels, more than the limit of ${maxPixels}`,
    );
  }
  if (verifyPixels) {
    try {
      // Shrinking keeps the output small; JPEG and WebP even decode at reduced size directly.
      await sharp(bytes, { failOn: 'truncated', limitInputPixels: maxPixels })
        .resize(64, 64, { fit: 'inside' })
        .raw()
        .toBuffer();
    } catch (err) {
      throw new EngineError('unsupported_format', `image: the ${format} data cannot be decoded (${messageOf(err)})`);
    }
  }
  return { format, width, height };
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  let s = '';
  for (let i = start; i < start + length && i < bytes.length; i++) s += String.fromCharCode(bytes[i]!);
  return s;
}

export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
