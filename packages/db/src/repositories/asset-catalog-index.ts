/**
 * The catalog held in memory by each API process, rebuilt whenever an import bumps
 * `catalog_state.generation` (checked with a one-row primary-key read per request).
 *
 * Why: the catalog only changes on import, and the SQL path cannot keep every request under 20 ms
 * p99 at 100,000 assets: a deep OFFSET walks ~99,000 index entries, and a query with no three
 * letters or digits in a row (`%_\`, `e`) cannot use the trigram index and scans every row
 * (measured 47 ms and 270 ms p99 over HTTP, apps/api/scripts/bench-assets.ts). Scanning 100,000
 * pre-lowered strings in memory takes a few milliseconds whatever the query, and paging is a slice.
 * Matching is the SQL path's: the stored `search_text` (lower(name) \x01 lower(id)) contains the
 * lower-cased query, literally.
 *
 * Above `maxAssets` the index is not built and `listAssets` (SQL) answers instead, so memory stays
 * bounded (~200 bytes per asset).
 */
import type { Db } from '../client';
import { listAssets, type AssetListRow, type AssetTotalCache, type ListAssetsFilter } from './assets';

export interface AssetCatalogIndexOptions {
  /** Largest catalog kept in memory; larger ones are served by SQL. Default 500,000. */
  maxAssets?: number;
}

export const ASSET_CATALOG_INDEX_DEFAULTS: Required<AssetCatalogIndexOptions> = { maxAssets: 500_000 };

interface IndexedAsset extends AssetListRow {
  searchText: string;
}

export class AssetCatalogIndex {
  private readonly maxAssets: number;
  private generation: string | null = null;
  /** Sorted by id; null when the catalog is too large to hold. */
  private rows: IndexedAsset[] | null = null;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly fallbackTotals: AssetTotalCache,
    options: AssetCatalogIndexOptions = {},
  ) {
    this.maxAssets = options.maxAssets ?? ASSET_CATALOG_INDEX_DEFAULTS.maxAssets;
  }

  async list(db: Db, filter: ListAssetsFilter): Promise<{ total: number; assets: AssetListRow[] }> {
    const generation = await readCatalogGeneration(db);
    if (generation !== this.generation) await this.reload(db, generation);
    if (!this.rows) return listAssets(db, filter, this.fallbackTotals);

    const query = filter.query ? filter.query.toLowerCase() : undefined;
    const end = filter.offset + filter.limit;
    const page: AssetListRow[] = [];
    let total = 0;
    for (const row of this.rows) {
      if (filter.category !== undefined && row.category !== filter.category) continue;
      if (filter.pack !== undefined && row.pack !== filter.pack) continue;
      if (query !== undefined && !row.searchText.includes(query)) continue;
      if (total >= filter.offset && total < end) {
        page.push({ id: row.id, name: row.name, category: row.category, pack: row.pack, glbKey: row.glbKey, thumbnailKey: row.thumbnailKey });
      }
      total++;
    }
    return { total, assets: page };
  }

  /** One reload at a time per process; concurrent requests wait for it. */
  private async reload(db: Db, generation: string): Promise<void> {
    this.loading ??= (async () => {
      try {
        const [{ count } = { count: 0 }] = await db.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM assets`;
        if (count > this.maxAssets) {
          this.rows = null;
        } else {
          const rows = await db.$queryRaw<
            { id: string; name: string; category: string; pack: string; glb_key: string; thumbnail_key: string; search_text: string }[]
          >`SELECT id, name, category, pack, glb_key, thumbnail_key, search_text FROM assets ORDER BY id`;
          this.rows = rows.map((r) => ({
            id: r.id,
            name: r.name,
            category: r.category,
            pack: r.pack,
            glbKey: r.glb_key,
            thumbnailKey: r.thumbnail_key,
            searchText: r.search_text,
          }));
        }
        this.generation = generation;
      } finally {
        this.loading = null;
      }
    })();
    await this.loading;
  }
}

export async function readCatalogGeneration(db: Db): Promise<string> {
  const rows = await db.$queryRaw<{ generation: string }[]>`SELECT generation::text AS generation FROM catalog_state WHERE id = 1`;
  return rows[0]?.generation ?? '0';
}
