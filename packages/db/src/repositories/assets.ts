/**
 * The CC0 asset catalog. Reads are the hot path (GET /v1/assets); writes replace whole packs in
 * one transaction, so a reader sees a pack either before or after an import, never half of it.
 *
 * Search is `search_text LIKE lower('%q%')` where `search_text` is a stored generated column
 * `lower(name) || E'\x01' || lower(id)` with one pg_trgm GIN index. Tried first: `name ILIKE p OR
 * id ILIKE p` over two trigram indexes; with 100,000 rows a query too short for trigrams (one or two
 * letters, or only punctuation) fell back to a scan where ILIKE's per-row case folding cost ~4× a
 * plain LIKE on pre-lowered text. The \x01 separator cannot occur in a query (the API refuses
 * control characters), so a match never spans name and id.
 *
 * Paging: the page's ids are picked by an inner query that can be an index-only scan (primary key,
 * or (category, id) / (pack, id)), and only those 50 rows are fetched, so a deep offset walks a
 * compact index instead of the heap. `total` is a count(*) of the same filter; as the catalog only
 * changes on import, totals are cached per process, keyed by `catalog_state.generation`, which
 * every write that changes a row bumps in the same transaction.
 */
import { withDefaults } from '@rigforge/mesh/with-defaults';
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

/** Three letters or digits in a row: what a trigram index can search for. */
const TRIGRAM_QUERY = /[\p{L}\p{N}]{3}/u;

function whereOf(filter: Omit<ListAssetsFilter, 'limit' | 'offset'>): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  if (filter.query) {
    const pattern = `%${escapeLikePattern(filter.query)}%`;
    // pg_trgm needs three word characters in a row; without them the GIN index would return every
    // row for rechecking (measured ~5× slower than a scan), so the condition is written so that the
    // planner cannot use it and scans in id order instead, stopping once the page is full.
    conditions.push(
      TRIGRAM_QUERY.test(filter.query)
        ? Prisma.sql`search_text LIKE lower(${pattern})`
        : Prisma.sql`(search_text || '') LIKE lower(${pattern})`,
    );
  }
  if (filter.category !== undefined) conditions.push(Prisma.sql`category = ${filter.category}`);
  if (filter.pack !== undefined) conditions.push(Prisma.sql`pack = ${filter.pack}`);
  return conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty;
}

/**
 * One page of matching assets in id order (ids are unique, so paging by offset yields each match
 * exactly once) and the number of all matches. The two statements run side by side.
 */
export async function listAssets(
  db: Db,
  filter: ListAssetsFilter,
  cache?: AssetTotalCache,
): Promise<{ total: number; assets: AssetListRow[] }> {
  const where = whereOf(filter);
  const countTotal = async () =>
    (await db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM assets ${where}`)[0]?.total ?? 0;
  const [total, rows] = await Promise.all([
    cache ? cache.total(db, filter, countTotal) : countTotal(),
    db.$queryRaw<{ id: string; name: string; category: string; pack: string; glb_key: string; thumbnail_key: string }[]>`
      SELECT id, name, category, pack, glb_key, thumbnail_key FROM assets
      WHERE id = ANY(ARRAY(SELECT id FROM assets ${where} ORDER BY id LIMIT ${filter.limit}::int OFFSET ${filter.offset}::int))
      ORDER BY id`,
  ]);
  return {
    total,
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

export interface AssetTotalCacheOptions {
  /** Filters whose totals are kept (least recently used go first). Default 2000. */
  maxEntries?: number;
}

export const ASSET_TOTAL_CACHE_DEFAULTS: Required<AssetTotalCacheOptions> = { maxEntries: 2000 };

/**
 * Totals of list filters, valid for one catalog generation. Reading the generation is a one-row
 * primary-key lookup, far cheaper than counting thousands of matches; a changed generation empties
 * the cache, so a total is never older than the last committed import.
 */
export class AssetTotalCache {
  private readonly maxEntries: number;
  private generation: string | null = null;
  private readonly totals = new Map<string, number>();

  constructor(options: AssetTotalCacheOptions = {}) {
    ({ maxEntries: this.maxEntries } = withDefaults(ASSET_TOTAL_CACHE_DEFAULTS, options));
  }

  async total(db: Db, filter: Omit<ListAssetsFilter, 'limit' | 'offset'>, count: () => Promise<number>): Promise<number> {
    const rows = await db.$queryRaw<{ generation: string }[]>`SELECT generation::text AS generation FROM catalog_state WHERE id = 1`;
    const generation = rows[0]?.generation ?? '0';
    if (generation !== this.generation) {
      this.totals.clear();
      this.generation = generation;
    }
    const key = JSON.stringify([filter.query ?? null, filter.category ?? null, filter.pack ?? null]);
    const hit = this.totals.get(key);
    if (hit !== undefined) {
      this.totals.delete(key); // re-insert: Map order is the LRU order
      this.totals.set(key, hit);
      return hit;
    }
    const total = await count();
    if (this.generation === generation) {
      this.totals.set(key, total);
      if (this.totals.size > this.maxEntries) this.totals.delete(this.totals.keys().next().value!);
    }
    return total;
  }
}

/** Marks the catalog changed (inside the writing transaction), invalidating cached totals everywhere. */
export async function bumpCatalogGeneration(db: Pick<Db, '$executeRaw'>): Promise<void> {
  await db.$executeRaw`UPDATE catalog_state SET generation = generation + 1 WHERE id = 1`;
}

export interface AssetFacets {
  totalAssets: number;
  categories: string[];
  packs: string[];
}

/**
 * The distinct values of an indexed column, sorted, by a "loose index scan": a recursive CTE
 * hopping along the (column, id) index, which costs one index probe per distinct value instead of
 * reading every row.
 */
async function distinctValues(db: Db, column: 'category' | 'pack'): Promise<string[]> {
  // One of two fixed column names, never caller text, so raw is safe here.
  const c = Prisma.raw(column);
  const rows = await db.$queryRaw<{ value: string }[]>`
      WITH RECURSIVE d(value) AS (
        (SELECT ${c} FROM assets ORDER BY ${c} LIMIT 1)
        UNION ALL
        SELECT (SELECT a.${c} FROM assets a WHERE a.${c} > d.value ORDER BY a.${c} LIMIT 1)
        FROM d WHERE d.value IS NOT NULL
      ) SELECT value FROM d WHERE value IS NOT NULL`;
  // The index sorts by the database collation; the API promises plain code-point order.
  return rows.map((r) => r.value).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Size of the catalog and its distinct categories and packs, sorted (distinctValues). */
export async function readAssetFacets(db: Db): Promise<AssetFacets> {
  const [counted, categories, packs] = await Promise.all([
    db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM assets`,
    distinctValues(db, 'category'),
    distinctValues(db, 'pack'),
  ]);
  return { totalAssets: counted[0]?.total ?? 0, categories, packs };
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
      if (written.length > 0 || removed > 0) await bumpCatalogGeneration(tx);
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
