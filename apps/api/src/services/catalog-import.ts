/**
 * Stores catalog packs: files into object storage, rows into Postgres, idempotently.
 *
 * Keys are content-addressed (their layout: `catalogFileKey` in @rigforge/storage), so a URL never
 * changes meaning: clients and CDNs may cache a file forever, and a new catalog version simply points rows
 * at new keys. Files are written first (writing a file nobody references yet is harmless), then
 * every row of the packs is replaced in one transaction; files no row references any more are
 * deleted afterwards.
 */
import { createHash } from 'node:crypto';
import {
  buildStarterCatalog,
  readPackFolder,
  sha256Hex,
  STARTER_ASSETS,
  STARTER_CATALOG_VERSION,
  STARTER_PACKS,
  type BuiltAsset,
  type ReadPackFolderOptions,
} from '@rigforge/catalog';
import { listPackFileKeys, readPackVersions, replaceCatalogPacks, type CatalogAssetInput, type Db } from '@rigforge/db';
import { CATALOG_KEY_HASH_CHARS, catalogFileKey, type ObjectStorage } from '@rigforge/storage';

export interface CatalogStoreDeps {
  db: Db;
  storage: ObjectStorage;
}

export interface StoreCatalogPacksInput {
  packs: string[];
  /** Recorded on every row; the starter seed compares it to decide whether to rebuild. */
  catalogVersion: string;
  assets: BuiltAsset[];
}

export interface StoreCatalogPacksReport {
  packs: string[];
  catalogVersion: string;
  assets: number;
  inserted: number;
  updated: number;
  unchanged: number;
  removed: number;
  filesWritten: number;
  filesDeleted: number;
}

/** Writes the files of `assets` (skipping those already stored) and replaces the packs' rows. */
export async function storeCatalogPacks(deps: CatalogStoreDeps, input: StoreCatalogPacksInput): Promise<StoreCatalogPacksReport> {
  const rows: CatalogAssetInput[] = [];
  let filesWritten = 0;
  for (const asset of input.assets) {
    const glbKey = catalogFileKey(asset.id, sha256Hex(asset.glb), 'glb');
    const thumbnailKey = catalogFileKey(asset.id, sha256Hex(asset.thumbnail), 'png');
    for (const [key, bytes, type] of [
      [glbKey, asset.glb, 'model/gltf-binary'],
      [thumbnailKey, asset.thumbnail, 'image/png'],
    ] as const) {
      const existing = await deps.storage.stat(key);
      if (existing?.bytes === bytes.byteLength) continue; // same hash, same size: already there
      await deps.storage.put(key, bytes, type);
      filesWritten++;
    }
    rows.push({
      id: asset.id,
      name: asset.name,
      category: asset.category,
      pack: asset.pack,
      glbKey,
      thumbnailKey,
      glbBytes: asset.glb.byteLength,
      sha256: asset.sha256,
    });
  }
  const result = await replaceCatalogPacks(deps.db, { packs: input.packs, catalogVersion: input.catalogVersion, assets: rows });
  let filesDeleted = 0;
  for (const key of result.orphanedKeys) {
    await deps.storage.delete(key).then(
      () => filesDeleted++,
      () => undefined, // a leftover file costs disk space, never correctness
    );
  }
  return {
    packs: input.packs,
    catalogVersion: input.catalogVersion,
    assets: input.assets.length,
    inserted: result.inserted,
    updated: result.updated,
    unchanged: result.unchanged,
    removed: result.removed,
    filesWritten,
    filesDeleted,
  };
}

/**
 * Imports a third-party pack folder (manifest.json + GLB/glTF files). `readPackFolder` refuses a
 * licence other than CC0-1.0, or any bad asset, before anything is stored (it throws
 * `CatalogImportError`). The pack's version is a hash of its content, so re-importing the same
 * folder changes nothing.
 */
export async function importPackFolder(
  deps: CatalogStoreDeps,
  dir: string,
  options: ReadPackFolderOptions = {},
): Promise<StoreCatalogPacksReport> {
  const pack = await readPackFolder(dir, options);
  const digest = createHash('sha256');
  for (const a of [...pack.assets].sort((x, y) => (x.id < y.id ? -1 : 1))) {
    digest.update(`${a.id}\0${a.name}\0${a.category}\0${a.sha256}\0${sha256Hex(a.thumbnail)}\n`);
  }
  return storeCatalogPacks(deps, {
    packs: [pack.pack],
    catalogVersion: `import-${digest.digest('hex').slice(0, CATALOG_KEY_HASH_CHARS)}`,
    assets: pack.assets,
  });
}

export interface SeedStarterCatalogOptions {
  /** Rebuild and store even when the stored version is current. Default false. */
  force?: boolean;
  /** Progress of the build (it takes a while the first time). */
  onAsset?: (index: number, total: number) => void;
}

export type SeedStarterCatalogReport =
  | { seeded: false; catalogVersion: string; reason: string }
  | ({ seeded: true; reason: string; buildMs: number } & StoreCatalogPacksReport);

/**
 * Builds the starter catalog and stores it, unless the database already holds exactly this
 * version of every starter asset and storage still has their files (then it returns at once).
 */
export async function seedStarterCatalog(
  deps: CatalogStoreDeps,
  options: SeedStarterCatalogOptions = {},
): Promise<SeedStarterCatalogReport> {
  const packs = STARTER_PACKS.map((p) => p.id);
  const reason = options.force ? 'forced' : await staleReason(deps, packs);
  if (!reason) return { seeded: false, catalogVersion: STARTER_CATALOG_VERSION, reason: 'up to date' };
  const started = performance.now();
  const catalog = await buildStarterCatalog({ onAsset: (_a, i, total) => options.onAsset?.(i, total) });
  const buildMs = Math.round(performance.now() - started);
  const report = await storeCatalogPacks(deps, { packs, catalogVersion: catalog.version, assets: catalog.assets });
  return { seeded: true, reason, buildMs, ...report };
}

/** Why the stored starter catalog must be rebuilt, or null when it is current. */
async function staleReason(deps: CatalogStoreDeps, packs: string[]): Promise<string | null> {
  const versions = await readPackVersions(deps.db, packs);
  const current = versions.filter((v) => v.catalogVersion === STARTER_CATALOG_VERSION).reduce((n, v) => n + v.count, 0);
  const other = versions.filter((v) => v.catalogVersion !== STARTER_CATALOG_VERSION);
  if (other.length) return `stored version ${other[0]!.catalogVersion} differs from ${STARTER_CATALOG_VERSION}`;
  if (current !== STARTER_ASSETS.length) return `${current} of ${STARTER_ASSETS.length} starter assets stored`;
  const keys = await listPackFileKeys(deps.db, packs);
  for (const key of keys) {
    if (!(await deps.storage.stat(key))) return `file ${key} is missing from storage`;
  }
  return null;
}
