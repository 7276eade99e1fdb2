/** Keeps a material's image only when it is a format we can embed again. */
import type { MeshTexture } from '../mesh-model';
import { IMAGE_MIME_TYPES, sniffImageFormat } from '../sniff-image-format';

/** Recognises PNG, JPEG and WebP by their signatures; other images are not kept. */
export function textureFromBytes(bytes: Uint8Array): MeshTexture | null {
  const format = sniffImageFormat(bytes);
  return format ? { mimeType: IMAGE_MIME_TYPES[format], bytes } : null;
}

/** Decodes a `data:` URI with base64 or percent-encoded payload; null when it is not one. */
export function decodeDataUri(uri: string): Uint8Array | null {
  const m = /^data:([^,]*?),/.exec(uri.slice(0, 256));
  if (!m) return null;
  const payload = uri.slice(m[0].length);
  if (/;base64$/i.test(m[1] ?? '')) return new Uint8Array(Buffer.from(payload, 'base64'));
  try {
    return new Uint8Array(Buffer.from(decodeURIComponent(payload), 'latin1'));
  } catch {
    return null;
  }
}
