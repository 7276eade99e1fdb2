/** Searching and paging the CC0 catalog over HTTP. */
import type { Router } from 'express';
import { ASSET_LICENSE, listAssetsQuerySchema, type AssetList } from '@rigforge/contracts';
import { AssetCatalogIndex, AssetTotalCache } from '@rigforge/db';
import type { AppContext } from '../context';
import { zodToApiError } from '../errors/zod-to-api-error';

/**
 * GET /v1/assets: a page of the CC0 catalog in id order; `total` counts every match, not the page.
 * Free: no credits are touched (auth and the rate limit apply, as on every /v1 route).
 */
export function registerAssetsList(router: Router, ctx: AppContext): void {
  // Per process, rebuilt when an import bumps the catalog generation; SQL serves catalogs too large to hold.
  const catalog = new AssetCatalogIndex(new AssetTotalCache());
  router.get('/assets', async (req, res) => {
    const parsed = listAssetsQuerySchema.safeParse(req.query);
    if (!parsed.success) throw zodToApiError(parsed.error, 'assets');
    const { limit, offset } = parsed.data;
    const { total, assets } = await catalog.list(ctx.db, parsed.data);
    const body: AssetList = {
      object: 'list',
      total,
      limit,
      offset,
      license: ASSET_LICENSE,
      assets: assets.map((a) => ({
        id: a.id,
        name: a.name,
        category: a.category,
        url: ctx.storage.publicUrl(a.glbKey),
        thumbnail: ctx.storage.publicUrl(a.thumbnailKey),
      })),
    };
    res.json(body);
  });
}
