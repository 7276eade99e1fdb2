/** Keeps a material's image only when it is a format we can embed again. */
import type { MeshTexture } from '../mesh-model';
import { IMAGE_MIME_TYPES, sniffImageFormat } from '../sniff-image-format';

/** The KTX 2.0 file identifier: «KTX 20»\r\n\x1A\n. */
const KTX2_IDENTIFIER = [0xab, 0x4b, 0x54, 0x58, 0x20, 0x32, 0x30, 0xbb, 0x0d, 0x0a, 0x1a, 0x0a];
/** Header (48 bytes), index (32) and one level's entry (24): the least a KTX2 file holds. */
const KTX2_MIN_BYTES = 104;

/**
 * Recognises PNG, JPEG and WebP by their signatures, and KTX2 by its identifier (texture
 * containers only: the shared image sniffer stays PNG/JPEG/WebP, as KTX2 is no input image);
 * other images are not kept.
 */
export function textureFromBytes(bytes: Uint8Array): MeshTexture | null {
  const format = sniffImageFormat(bytes);
  if (format) return { mimeType: IMAGE_MIME_TYPES[format], bytes };
  if (bytes.length >= KTX2_MIN_BYTES && KTX2_IDENTIFIER.every((b, k) => bytes[k] === b)) return { mimeType: 'image/ktx2', bytes };
  return null;
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
