import { PNG } from 'pngjs';
import type { MeshTexture } from '../mesh-model';

/** An RGBA8 image, rows top to bottom. */
export interface DecodedTexture {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * Decodes a texture for the thumbnail renderer. Only PNG is decoded (pngjs is pure JS and already a
 * dependency); JPEG and WebP would need another decoder, so for them, and for any PNG that fails to
 * decode, the caller falls back to the material colour: a thumbnail is never worth a failed job.
 */
export function decodeTexture(texture: MeshTexture): DecodedTexture | undefined {
  if (texture.mimeType !== 'image/png') return undefined;
  try {
    const png = PNG.sync.read(Buffer.from(texture.bytes.buffer, texture.bytes.byteOffset, texture.bytes.byteLength));
    if (png.width <= 0 || png.height <= 0) return undefined;
    return { width: png.width, height: png.height, data: new Uint8Array(png.data.buffer, png.data.byteOffset, png.data.byteLength) };
  } catch {
    return undefined;
  }
}
