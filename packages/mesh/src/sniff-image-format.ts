/**
 * The one image sniffer: PNG, JPEG and WebP recognised by their signatures. Used for textures in
 * meshes, for the generate engine's input, for the remote engine's request and for catalog
 * thumbnails, so every part of the service agrees on what an image is.
 */
export const IMAGE_FORMATS = ['png', 'jpeg', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const IMAGE_MIME_TYPES = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const satisfies Record<ImageFormat, string>;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The image format from its first bytes, or undefined for anything else. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | undefined {
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, k) => bytes[k] === b)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  return undefined;
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}
