import type { MeshTexture } from '../mesh-model';

/** Recognises PNG, JPEG and WebP by their signatures; other images are not kept. */
export function textureFromBytes(bytes: Uint8Array): MeshTexture | null {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
    return { mimeType: 'image/png', bytes };
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { mimeType: 'image/jpeg', bytes };
  }
  if (
    bytes.length >= 12 &&
    String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!) === 'RIFF' &&
    String.fromCharCode(bytes[8]!, bytes[9]!, bytes[10]!, bytes[11]!) === 'WEBP'
  ) {
    return { mimeType: 'image/webp', bytes };
  }
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
