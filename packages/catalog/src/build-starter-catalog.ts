/** Builds the starter catalog's files from its code definitions, deterministically, so the seed is reproducible. */
import { createHash } from 'node:crypto';
import { renderThumbnail, withDefaults, writeGlb } from '@rigforge/mesh';
import { CATALOG_LICENSE, type BuiltAsset, type BuiltCatalog } from './built-asset';
import type { AssetDefinition } from './content/asset-definition';
import { STARTER_ASSETS, STARTER_PACKS } from './content/starter-packs';

/**
 * Version of the starter content. Bump it whenever any asset's geometry, material, name or
 * category changes: callers cache built files by this string (same version ⇒ same bytes).
 */
export const STARTER_CATALOG_VERSION = '1.0.0';

export interface BuildStarterCatalogOptions {
  /** Build only assets whose id passes this test (previews, tests). Default: all. */
  filter?: (asset: AssetDefinition) => boolean;
  /** Thumbnail size in pixels. Default 512. */
  thumbnailSize?: number;
  /** Called after each asset, for progress output. */
  onAsset?: (asset: BuiltAsset, index: number, total: number) => void;
}

export const BUILD_STARTER_CATALOG_DEFAULTS: Required<Omit<BuildStarterCatalogOptions, 'filter' | 'onAsset'>> = {
  thumbnailSize: 512,
};

/**
 * Lowercase hex sha256 of an asset's bytes: the catalog's content digest (the `sha256` field and the
 * content-addressed storage keys use this one function). SigV4 presigning in @rigforge/storage keeps
 * its own string hash on purpose; see the why-comment there.
 */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The GLB bytes of one starter asset, exactly as `buildStarterCatalog` writes them. */
export async function buildStarterGlb(def: AssetDefinition): Promise<Uint8Array> {
  return writeGlb(def.build(), { generator: `rigforge-catalog ${STARTER_CATALOG_VERSION}` });
}

/**
 * Builds every starter asset into GLB bytes and a PNG thumbnail. Deterministic: the content is
 * procedural with seeded randomness and the writers are byte-stable, so the same version always
 * gives the same bytes and a cache keyed by version (or by sha256) stays valid.
 */
export async function buildStarterCatalog(options: BuildStarterCatalogOptions = {}): Promise<BuiltCatalog> {
  const { thumbnailSize: size } = withDefaults(BUILD_STARTER_CATALOG_DEFAULTS, options);
  const defs = STARTER_ASSETS.filter((a) => (options.filter ? options.filter(a) : true));
  const assets: BuiltAsset[] = [];
  for (const [i, def] of defs.entries()) {
    const mesh = def.build();
    const glb = await writeGlb(mesh, { generator: `rigforge-catalog ${STARTER_CATALOG_VERSION}` });
    const asset: BuiltAsset = {
      id: def.id,
      name: def.name,
      category: def.category,
      pack: def.pack,
      license: CATALOG_LICENSE,
      glb,
      thumbnail: renderThumbnail(mesh, { size }),
      sha256: sha256Hex(glb),
    };
    assets.push(asset);
    options.onAsset?.(asset, i, defs.length);
  }
  return {
    version: STARTER_CATALOG_VERSION,
    license: CATALOG_LICENSE,
    packs: STARTER_PACKS.map((p) => p.id),
    assets,
  };
}
