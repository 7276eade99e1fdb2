/** Decodes a material's image for the thumbnail renderer, within a size budget. */
import { PNG } from 'pngjs';
import type { MeshTexture } from '../mesh-model';
import { MAX_DECODED_TEXTURE_PIXELS } from '../read/read-limits';
import { decodePngTexels, rgbaTexels, type TexelView } from './decode-png';

/** The image's colour texels (decode-png's view: in the PNG's own unfiltered lines when it can). */
export type DecodedTexture = TexelView;

/**
 * Decodes a texture for the thumbnail renderer. Only PNG is decoded (pngjs is pure JS and already a
 * dependency); JPEG, WebP and KTX2 would need another decoder, so for them (unless their fallback
 * is a PNG), and for any PNG that fails to
 * decode, the caller falls back to the material colour: a thumbnail is never worth a failed job.
 * The size in the PNG header is checked first: a small deflate stream can declare a gigapixel
 * image, and pngjs would inflate all of it.
 */
export function decodeTexture(texture: MeshTexture): DecodedTexture | undefined {
  // A KTX2 or WebP image is drawn from its PNG fallback when the source had one.
  if (texture.mimeType !== 'image/png') return texture.fallback ? decodeTexture(texture.fallback) : undefined;
  const b = texture.bytes;
  // IHDR is the first chunk: width and height as big-endian uint32 at bytes 16 and 20.
  if (b.length < 29) return undefined;
  const header = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (header.getUint32(16) * header.getUint32(20) > MAX_DECODED_TEXTURE_PIXELS) return undefined;
  // pngjs caps inflate at the image size only for non-interlaced images; an interlaced one could
  // still inflate without bound, so it is not decoded (rare for textures; the colour is used).
  if (b[28] !== 0) return undefined;
  // The common 8-bit PNGs natively inflated (the same bytes as pngjs gives); anything else by pngjs.
  const fast = decodePngTexels(b);
  if (fast) return fast;
  try {
    const png = PNG.sync.read(Buffer.from(texture.bytes.buffer, texture.bytes.byteOffset, texture.bytes.byteLength));
    if (png.width <= 0 || png.height <= 0) return undefined;
    return rgbaTexels({ width: png.width, height: png.height, data: new Uint8Array(png.data.buffer, png.data.byteOffset, png.data.byteLength) });
  } catch {
    return undefined;
  }
}
