/** The catalog's categories and packs, so clients can build filters without paging every asset. */
import type { Router } from 'express';
import { listAssetCategoriesQuerySchema, type AssetCategories } from '@rigforge/contracts';
import { readAssetFacets } from '@rigforge/db';
import type { AppContext } from '../context';
import { zodToApiError } from '../errors/zod-to-api-error';

/** GET /v1/assets/categories: the catalog's size and every category and pack, sorted. Free. */
export function registerAssetsCategories(router: Router, ctx: AppContext): void {
  router.get('/assets/categories', async (req, res) => {
    const parsed = listAssetCategoriesQuerySchema.safeParse(req.query);
    if (!parsed.success) throw zodToApiError(parsed.error, 'assets/categories');
    const facets = await readAssetFacets(ctx.db);
    const body: AssetCategories = {
      object: 'asset_categories',
      total_assets: facets.totalAssets,
      categories: facets.categories,
      packs: facets.packs,
    };
    res.json(body);
  });
}
