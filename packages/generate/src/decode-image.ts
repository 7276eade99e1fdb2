/** Decodes the input image at working resolution, so segmentation and meshing stay cheap. */
import sharp from 'sharp';
import { EngineError, probeImage, type ImageFormat } from '@rigforge/mesh';

export interface DecodeImageOptions {
  /** Longest side of the working image; larger images are downscaled (never upscaled). */
  maxSide: number;
  maxPixels: number;
}

/** An image as 8-bit RGBA rows, top row first. */
export interface RgbaImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface DecodedImage extends RgbaImage {
  format: ImageFormat;
  /** Size of the file's image, before downscaling to the working resolution. */
  originalWidth: number;
  originalHeight: number;
  /** Whether the file carries an alpha channel (it may still be fully opaque). */
  hasAlpha: boolean;
}

/**
 * Decode PNG, JPEG or WebP into RGBA at the working resolution. Segmentation and meshing work on
 * this small copy (their cost grows with pixels, their accuracy does not need more); the texture is
 * cut from the full-resolution file separately.
 */
export async function decodeImage(bytes: Uint8Array, options: DecodeImageOptions): Promise<DecodedImage> {
  // The header is enough here: the decode below refuses incomplete data (failOn: 'truncated').
  const info = await probeImage(bytes, { maxPixels: options.maxPixels, verifyData: false });
  try {
    const image = sharp(bytes, { failOn: 'truncated', limitInputPixels: options.maxPixels });
    const meta = await image.metadata();
    const { data, info: out } = await image
      .resize(options.maxSide, options.maxSide, { fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      width: out.width,
      height: out.height,
      format: info.format,
      originalWidth: info.width,
      originalHeight: info.height,
      hasAlpha: meta.hasAlpha === true,
    };
  } catch (err) {
    throw new EngineError('unsupported_format', `image: the ${info.format} data cannot be decoded (${err instanceof Error ? err.message : String(err)})`);
  }
}
