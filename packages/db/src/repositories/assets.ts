/**
 * The CC0 asset catalog. Reads are the hot path (GET /v1/assets); writes replace whole packs in
 * one transaction, so a reader sees a pack either before or after an import, never half of it.
 *
 * Search is `name ILIKE '%q%' OR id ILIKE '%q%'` over two pg_trgm GIN indexes (one per column, so
 * the planner ORs two bitmap scans). A single index over `name || ' ' || id` was the other option,
 * but a query spanning the join would then match text that is in neither column.
 */
import type { Db } from '../client';
import { Prisma, type Asset } from '../generated/prisma/client';

export type AssetRow = Asset;

/** The columns a list response needs. */
export type AssetListRow = Pick<Asset, 'id' | 'name' | 'category' | 'pack' | 'glbKey' | 'thumbnailKey'>;

/**
 * Escapes LIKE's wildcards so the text matches literally: `\` → `\\`, `%` → `\%`, `_` → `\_`.
 * Backslash is Postgres's default LIKE escape character, which is what the pattern relies on.
 */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface ListAssetsFilter {
  /** Case-insensitive substring of name or id, taken literally. */
  query?: string;
  category?: string;
  pack?: string;
  limit: number;
  offset: number;
}

function whereOf(filter: Omit<ListAssetsFilter, 'limit' | 'offset'>): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  if (filter.query) {
    const pattern = `%${escapeLikePattern(filter.query)}%`;
    conditions.push(Prisma.sql`(name ILIKE ${pattern} OR id ILIKE ${pattern})`);
  }
  if (filter.category !== undefined) conditions.push(Prisma.sql`category = ${filter.category}`);
  if (filter.pack !== undefined) conditions.push(Prisma.sql`pack = ${filter.pack}`);
  return conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty;
}

/**
 * One page of matching assets in id order (ids are unique, so paging by offset yields each match
 * exactly once) and the number of all matches. The two statements run side by side.
 */
export async function listAssets(db: Db, filter: ListAssetsFilter): Promise<{ total: number; assets: AssetListRow[] }> {
  const where = whereOf(filter);
  const [counted, rows] = await Promise.all([
    db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM assets ${where}`,
    db.$queryRaw<{ id: string; name: string; category: string; pack: string; glb_key: string; thumbnail_key: string }[]>`
      SELECT id, name, category, pack, glb_key, thumbnail_key FROM assets ${where}
      ORDER BY id LIMIT ${filter.limit}::int OFFSET ${filter.offset}::int`,
  ]);
  return {
    total: counted[0]?.total ?? 0,
    assets: rows.map((r) => ({
      id: r.id,
      name: r.name,
      category: r.category,
      pack: r.pack,
      glbKey: r.glb_key,
      thumbnailKey: r.thumbnail_key,
    })),
  };
}

export interface AssetFacets {
  totalAssets: number;
  categories: string[];
  packs: string[];
}

/**
 * Size of the catalog and its distinct categories and packs, sorted. The distinct values come from
 * a "loose index scan" (a recursive CTE hopping along the (category, id) and (pack, id) indexes),
 * which costs one index probe per distinct value instead of reading every row.
 */
export async function readAssetFacets(db: Db): Promise<AssetFacets> {
  const [counted, categories, packs] = await Promise.all([
    db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM assets`,
    db.$queryRaw<{ value: string }[]>`
      WITH RECURSIVE c(value) AS (
        (SELECT category FROM assets ORDER BY category LIMIT 1)
        UNION ALL
        SELECT (SELECT a.category FROM assets a WHERE a.category > c.value ORDER BY a.category LIMIT 1)
        FROM c WHERE c.value IS NOT NULL
      ) SELECT value FROM c WHERE value IS NOT NULL`,
    db.$queryRaw<{ value: string }[]>`
      WITH RECURSIVE p(value) AS (
        (SELECT pack FROM assets ORDER BY pack LIMIT 1)
        UNION ALL
        SELECT (SELECT a.pack FROM assets a WHERE a.pack > p.value ORDER BY a.pack LIMIT 1)
        FROM p WHERE p.value IS NOT NULL
      ) SELECT value FROM p WHERE value IS NOT NULL`,
  ]);
  // The indexes sort by the database collation; the API promises plain code-point order.
  const sorted = (rows: { value: string }[]) => rows.map((r) => r.value).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { totalAssets: counted[0]?.total ?? 0, categories: sorted(categories), packs: sorted(packs) };
}

/** One asset row to store; its files are already in object storage under these keys. */
export interface CatalogAssetInput {
  id: string;
  name: string;
  category: string;
  pack: string;
  glbKey: string;
  thumbnailKey: string;
  glbBytes: number;
  sha256: string;
}

export interface ReplaceCatalogPacksInput {
  /** The packs being replaced: their rows not in `assets` are removed. */
  packs: string[];
  /** The starter catalog version, or a content hash of an imported pack. */
  catalogVersion: string;
  assets: CatalogAssetInput[];
}

export interface ReplaceCatalogPacksResult {
  inserted: number;
  updated: number;
  unchanged: number;
  removed: number;
  /** Storage keys that no row references any more (replaced or removed files). */
  orphanedKeys: string[];
}

/** Serialises catalog writers (two API starts seeding at once); readers are never blocked. */
const CATALOG_WRITE_LOCK = 0x7269_6763; // "rigc"

/**
 * Makes the rows of `packs` exactly `assets`, in one transaction: inserts new ids, updates changed
 * ones (an unchanged row is not touched, so re-importing the same content writes nothing) and
 * removes ids that are gone.
 */
export async function replaceCatalogPacks(db: Db, input: ReplaceCatalogPacksInput): Promise<ReplaceCatalogPacksResult> {
  for (const a of input.assets) {
    if (!input.packs.includes(a.pack) || !a.id.startsWith(`${a.pack}/`)) {
      throw new Error(`catalog: asset "${a.id}" does not belong to one of the packs ${input.packs.join(', ')}`);
    }
  }
  const col = <K extends keyof CatalogAssetInput>(k: K) => input.assets.map((a) => a[k]);
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${CATALOG_WRITE_LOCK}::bigint)`;
      const before = await tx.$queryRaw<{ glb_key: string; thumbnail_key: string }[]>`
        SELECT glb_key, thumbnail_key FROM assets WHERE pack = ANY(${input.packs}::text[])`;
      const written = await tx.$queryRaw<{ inserted: boolean }[]>`
        INSERT INTO assets (id, name, category, pack, license, glb_key, thumbnail_key, glb_bytes, sha256, catalog_version)
        SELECT id, name, category, pack, 'CC0-1.0', glb_key, thumbnail_key, glb_bytes, sha256, ${input.catalogVersion}
        FROM unnest(${col('id')}::text[], ${col('name')}::text[], ${col('category')}::text[], ${col('pack')}::text[],
                    ${col('glbKey')}::text[], ${col('thumbnailKey')}::text[], ${col('glbBytes')}::int[], ${col('sha256')}::text[])
             AS t(id, name, category, pack, glb_key, thumbnail_key, glb_bytes, sha256)
        ON CONFLICT (id) DO UPDATE SET
          name = EXCLUDED.name, category = EXCLUDED.category, pack = EXCLUDED.pack,
          glb_key = EXCLUDED.glb_key, thumbnail_key = EXCLUDED.thumbnail_key, glb_bytes = EXCLUDED.glb_bytes,
          sha256 = EXCLUDED.sha256, catalog_version = EXCLUDED.catalog_version, updated_at = now()
        WHERE (assets.name, assets.category, assets.pack, assets.glb_key, assets.thumbnail_key, assets.glb_bytes,
               assets.sha256, assets.catalog_version)
          IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.category, EXCLUDED.pack, EXCLUDED.glb_key, EXCLUDED.thumbnail_key,
               EXCLUDED.glb_bytes, EXCLUDED.sha256, EXCLUDED.catalog_version)
        RETURNING (xmax = 0) AS inserted`;
      const removed = await tx.$executeRaw`
        DELETE FROM assets WHERE pack = ANY(${input.packs}::text[]) AND NOT (id = ANY(${col('id')}::text[]))`;
      const kept = new Set(input.assets.flatMap((a) => [a.glbKey, a.thumbnailKey]));
      const candidates = [...new Set(before.flatMap((r) => [r.glb_key, r.thumbnail_key]))].filter((k) => !kept.has(k));
      // A key may be shared with another pack's row (identical content is stored once).
      const stillUsed = candidates.length
        ? await tx.$queryRaw<{ key: string }[]>`
            SELECT glb_key AS key FROM assets WHERE glb_key = ANY(${candidates}::text[])
            UNION SELECT thumbnail_key FROM assets WHERE thumbnail_key = ANY(${candidates}::text[])`
        : [];
      const used = new Set(stillUsed.map((r) => r.key));
      const inserted = written.filter((r) => r.inserted).length;
      return {
        inserted,
        updated: written.length - inserted,
        unchanged: input.assets.length - written.length,
        removed,
        orphanedKeys: candidates.filter((k) => !used.has(k)),
      };
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
}

/** Per pack: how many rows, and which catalog versions they carry. */
export async function readPackVersions(
  db: Db,
  packs: string[],
): Promise<{ pack: string; catalogVersion: string; count: number }[]> {
  const rows = await db.$queryRaw<{ pack: string; catalog_version: string; count: number }[]>`
    SELECT pack, catalog_version, count(*)::int AS count FROM assets
    WHERE pack = ANY(${packs}::text[]) GROUP BY pack, catalog_version ORDER BY pack`;
  return rows.map((r) => ({ pack: r.pack, catalogVersion: r.catalog_version, count: r.count }));
}

/** The stored file keys of some packs (to check that storage still holds them). */
export async function listPackFileKeys(db: Db, packs: string[]): Promise<string[]> {
  const rows = await db.$queryRaw<{ glb_key: string; thumbnail_key: string }[]>`
    SELECT glb_key, thumbnail_key FROM assets WHERE pack = ANY(${packs}::text[])`;
  return rows.flatMap((r) => [r.glb_key, r.thumbnail_key]);
}
