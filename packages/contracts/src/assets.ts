/**
 * The CC0 asset catalog: the asset object, the list and categories responses, the list query, and
 * the two operations' OpenAPI entries (registered here so the document follows this file).
 */
import { z } from 'zod';
import { emptyQuerySchema, queryIntSchema } from './common';
import { pageParameters, registerOpenApiOperation } from './openapi';

/** The only licence the catalog serves. */
export const ASSET_LICENSE = 'CC0-1.0' as const;
export const ASSET_LIST_DEFAULT_LIMIT = 50;
export const ASSET_LIST_MAX_LIMIT = 200;
/** Far beyond any catalog we serve; bounds the work a deep offset can ask for. */
export const ASSET_LIST_MAX_OFFSET = 10_000_000;

export const assetSchema = z
  .object({
    id: z.string().describe('pack/asset'),
    name: z.string(),
    category: z.string(),
    url: z.url().describe('The model, binary glTF (.glb)'),
    thumbnail: z.url().describe('A PNG preview'),
  })
  .meta({ id: 'Asset' });
export type AssetObject = z.infer<typeof assetSchema>;

export const assetListSchema = z
  .object({
    object: z.literal('list'),
    total: z.int().nonnegative().describe('Assets matching the filters, not the page size'),
    limit: z.int().positive(),
    offset: z.int().nonnegative(),
    license: z.literal(ASSET_LICENSE),
    assets: z.array(assetSchema),
  })
  .meta({ id: 'AssetList' });
export type AssetList = z.infer<typeof assetListSchema>;

export const assetCategoriesSchema = z
  .object({
    object: z.literal('asset_categories'),
    total_assets: z.int().nonnegative(),
    categories: z.array(z.string()).describe('Every category, sorted'),
    packs: z.array(z.string()).describe('Every pack identifier, sorted'),
  })
  .meta({ id: 'AssetCategories' });
export type AssetCategories = z.infer<typeof assetCategoriesSchema>;

/** Control characters (NUL above all) cannot be stored in Postgres text and never occur in names. */
const textParam = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters');

export const listAssetsQuerySchema = z.strictObject({
  query: textParam(200).optional(),
  category: textParam(100).optional(),
  pack: textParam(100).optional(),
  limit: queryIntSchema('limit', 1, ASSET_LIST_MAX_LIMIT).default(ASSET_LIST_DEFAULT_LIMIT),
  offset: queryIntSchema('offset', 0, ASSET_LIST_MAX_OFFSET).default(0),
});
export type ListAssetsQuery = z.infer<typeof listAssetsQuerySchema>;

/** GET /v1/assets/categories takes no parameters. */
export const listAssetCategoriesQuerySchema = emptyQuerySchema;

registerOpenApiOperation({
  method: 'get',
  path: '/v1/assets',
  operationId: 'listAssets',
  clientCall: "client.listAssets({ query: 'crate', limit: 10 })",
  exampleQuery: { query: 'crate', limit: '10' },
  tags: ['assets'],
  summary: 'List catalog assets (CC0-1.0), ordered by id',
  description:
    'Free; uses no credits. `total` counts every match; page with `offset` until you have `total` items ' +
    '(the order is by id, so every match appears exactly once). `query` matches a case-insensitive ' +
    'substring of the name or the id; `%`, `_` and `\\` in it are taken literally.',
  parameters: [
    { name: 'query', in: 'query', schema: { type: 'string', maxLength: 200 }, description: 'Substring of name or id, case-insensitive' },
    { name: 'category', in: 'query', schema: { type: 'string', maxLength: 100 }, description: 'Exact category' },
    { name: 'pack', in: 'query', schema: { type: 'string', maxLength: 100 }, description: 'Exact pack identifier' },
    ...pageParameters(ASSET_LIST_MAX_LIMIT, ASSET_LIST_DEFAULT_LIMIT),
  ],
  responses: [{ status: 200, description: 'A page of assets', schema: { name: 'AssetList', schema: assetListSchema } }],
  errors: ['invalid_request', 'unauthorized', 'rate_limited'],
});
registerOpenApiOperation({
  method: 'get',
  path: '/v1/assets/categories',
  operationId: 'listAssetCategories',
  clientCall: 'client.listAssetCategories()',
  tags: ['assets'],
  summary: 'Every category and pack of the catalog, and its size',
  description: 'Free; uses no credits.',
  responses: [
    { status: 200, description: 'Categories and packs', schema: { name: 'AssetCategories', schema: assetCategoriesSchema } },
  ],
  errors: ['invalid_request', 'unauthorized', 'rate_limited'],
});
