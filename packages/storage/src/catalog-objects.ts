/**
 * The one owner of the catalog's key layout: the catalog import writes files at these keys and the
 * file route reads the content hash back out of them (for a strong ETag), so the two cannot drift.
 * Keys are content-addressed (`assets/<pack>/<asset>.<sha256 prefix>.<ext>`): a URL never changes
 * meaning, so clients and CDNs may cache a file forever.
 */

/** Hex digits of the content hash kept in a key: 64 bits, collision-free for any real catalog. */
export const CATALOG_KEY_HASH_CHARS = 16;

const CATALOG_KEY = new RegExp(`^assets/.+\\.([0-9a-f]{${CATALOG_KEY_HASH_CHARS}})\\.[a-z]+$`);

/** `pack/asset` + the file's SHA-256 (hex) → `assets/pack/asset.<hash prefix>.<ext>`. */
export function catalogFileKey(assetId: string, sha256: string, ext: 'glb' | 'png'): string {
  return `assets/${assetId}.${sha256.slice(0, CATALOG_KEY_HASH_CHARS)}.${ext}`;
}

/** The content hash a catalog key carries, or null for any other key. */
export function contentHashOfCatalogKey(key: string): string | null {
  return CATALOG_KEY.exec(key)?.[1] ?? null;
}
