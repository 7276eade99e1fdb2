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
 * A first version tested `includes` row by row: ~10 ms per query at 100,000 assets, too slow once
 * a few requests queue on the event loop. Now all search texts sit in one string, separated by a
 * NUL (which a query cannot contain), and `indexOf` hops from match to match at native speed; the
 * matching rows of recent filters are kept (bounded), so a repeated search or the next page costs a
 * slice.
 *
 * Above `maxAssets` the index is not built and `listAssets` (SQL) answers instead, so memory stays
 * bounded (~200 bytes per asset).
 */
import { withDefaults } from '@rigforge/mesh/with-defaults';
import type { Db } from '../client';
import { listAssets, type AssetListRow, type AssetTotalCache, type ListAssetsFilter } from './assets';

export interface AssetCatalogIndexOptions {
  /** Largest catalog kept in memory; larger ones are served by SQL. Default 500,000. */
  maxAssets?: number;
}

export const ASSET_CATALOG_INDEX_DEFAULTS: Required<AssetCatalogIndexOptions> = { maxAssets: 500_000 };

/** Row numbers kept for recent filters, in all: bounds the cache to ~8 MB. */
const MAX_CACHED_MATCHES = 2_000_000;

interface Snapshot {
  rows: AssetListRow[];
  /** Every row's search text, each followed by a NUL. */
  blob: string;
  /** Start of each row's text in `blob`, ascending. */
  starts: Uint32Array;
}

export class AssetCatalogIndex {
  private readonly maxAssets: number;
  private generation: string | null = null;
  /** Rows sorted by id; null when the catalog is too large to hold. */
  private snapshot: Snapshot | null = null;
  private loading: Promise<void> | null = null;
  private readonly matches = new Map<string, Uint32Array>();
  private cachedMatches = 0;

  constructor(
    private readonly fallbackTotals: AssetTotalCache,
    options: AssetCatalogIndexOptions = {},
  ) {
    ({ maxAssets: this.maxAssets } = withDefaults(ASSET_CATALOG_INDEX_DEFAULTS, options));
  }

  async list(db: Db, filter: ListAssetsFilter): Promise<{ total: number; assets: AssetListRow[] }> {
    const generation = await readCatalogGeneration(db);
    if (generation !== this.generation) await this.reload(db, generation);
    const snapshot = this.snapshot;
    if (!snapshot) return listAssets(db, filter, this.fallbackTotals);
    const matches = this.matching(snapshot, filter);
    const page: AssetListRow[] = [];
    for (let i = filter.offset; i < Math.min(matches.length, filter.offset + filter.limit); i++) {
      page.push(snapshot.rows[matches[i]!]!);
    }
    return { total: matches.length, assets: page };
  }

  /** Row numbers (ascending, so in id order) of the rows matching a filter. */
  private matching(snapshot: Snapshot, filter: Omit<ListAssetsFilter, 'limit' | 'offset'>): Uint32Array {
    const key = JSON.stringify([filter.query ?? null, filter.category ?? null, filter.pack ?? null]);
    const cached = this.matches.get(key);
    if (cached) {
      this.matches.delete(key); // re-insert: Map order is the LRU order
      this.matches.set(key, cached);
      return cached;
    }
    const { rows, blob, starts } = snapshot;
    const keep = (i: number) =>
      (filter.category === undefined || rows[i]!.category === filter.category) &&
      (filter.pack === undefined || rows[i]!.pack === filter.pack);
    const found: number[] = [];
    if (filter.query) {
      const query = filter.query.toLowerCase();
      let at = blob.indexOf(query);
      while (at !== -1) {
        const row = rowAt(starts, at);
        if (keep(row)) found.push(row);
        // Continue after this row: one hit per row is enough.
        const next = row + 1 < starts.length ? starts[row + 1]! : blob.length;
        at = blob.indexOf(query, next);
      }
    } else {
      for (let i = 0; i < rows.length; i++) if (keep(i)) found.push(i);
    }
    const result = Uint32Array.from(found);
    this.matches.set(key, result);
    this.cachedMatches += result.length;
    for (const [oldKey, old] of this.matches) {
      if (this.cachedMatches <= MAX_CACHED_MATCHES || oldKey === key) break;
      this.matches.delete(oldKey);
      this.cachedMatches -= old.length;
    }
    return result;
  }

  /** One reload at a time per process; concurrent requests wait for it. */
  private async reload(db: Db, generation: string): Promise<void> {
    this.loading ??= (async () => {
      try {
        const [{ count } = { count: 0 }] = await db.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM assets`;
        if (count > this.maxAssets) {
          this.snapshot = null;
        } else {
          const rows = await db.$queryRaw<
            { id: string; name: string; category: string; pack: string; glb_key: string; thumbnail_key: string; search_text: string }[]
          >`SELECT id, name, category, pack, glb_key, thumbnail_key, search_text FROM assets ORDER BY id`;
          const starts = new Uint32Array(rows.length);
          let offset = 0;
          rows.forEach((r, i) => {
            starts[i] = offset;
            offset += r.search_text.length + 1;
          });
          this.snapshot = {
            rows: rows.map((r) => ({ id: r.id, name: r.name, category: r.category, pack: r.pack, glbKey: r.glb_key, thumbnailKey: r.thumbnail_key })),
            blob: rows.map((r) => `${r.search_text}\0`).join(''),
            starts,
          };
        }
        this.matches.clear();
        this.cachedMatches = 0;
        this.generation = generation;
      } finally {
        this.loading = null;
      }
    })();
    await this.loading;
  }
}

/** The row whose text contains blob position `at` (binary search over the row starts). */
function rowAt(starts: Uint32Array, at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export async function readCatalogGeneration(db: Db): Promise<string> {
  const rows = await db.$queryRaw<{ generation: string }[]>`SELECT generation::text AS generation FROM catalog_state WHERE id = 1`;
  return rows[0]?.generation ?? '0';
}
