/**
 * Poly Haven (api.polyhaven.com): every asset is CC0, no key is needed. The terms ask for a
 * User-Agent naming the application and a visible "Powered by Poly Haven" credit where the content
 * is shown; each result carries that credit.
 *
 * `/assets?type=models` returns every model (a few hundred) keyed by id; it is cached and matched
 * locally against name, tags and categories, which keeps to one listing call per TTL instead of a
 * call per query. For the hits, `/files/{id}` gives the downloads: we offer the FBX at the lowest
 * resolution because it is a single file with the geometry inside, which is what a rig needs (the
 * glTF flavour references external .bin and texture files that a single URL cannot carry).
 */
import { z } from 'zod';
import { EXTERNAL_LICENSE, type ExternalAsset, type ProviderSearch } from './asset-provider';
import { HttpAssetProvider } from './http-asset-provider';
import { ProviderError } from './provider-error';
import { providerUrl, type ProviderHttpOptions } from './provider-http';

export interface PolyHavenOptions extends ProviderHttpOptions {
  /** API origin; default https://api.polyhaven.com (tests point it at a stand-in). */
  apiUrl: string;
}

export const POLY_HAVEN_API_URL = 'https://api.polyhaven.com';
const SITE = 'https://polyhaven.com';
/** Poly Haven's documented type index for models in `/assets`. */
const MODEL_TYPE = 2;

const assetSchema = z.object({
  name: z.string(),
  type: z.number(),
  authors: z.record(z.string(), z.string()).default({}),
  categories: z.array(z.string()).default([]),
  category: z.string().optional(),
  tags: z.array(z.string()).default([]),
  download_count: z.number().default(0),
  thumbnail_url: z.string().optional(),
});
const fileSchema = z.object({ url: z.string(), size: z.number().optional() });
const modelFilesSchema = z.object({
  fbx: z.record(z.string(), z.object({ fbx: fileSchema.optional() })).optional(),
});

/** Needs no key: never unconfigured. */
export class PolyHavenProvider extends HttpAssetProvider<PolyHavenOptions> {
  readonly id = 'polyhaven' as const;

  constructor(options: PolyHavenOptions) {
    super('Poly Haven', options);
  }

  async search(request: ProviderSearch): Promise<ExternalAsset[]> {
    const listUrl = providerUrl(this.options.apiUrl, '/assets', { type: 'models' });
    const body = await this.http.getJson(listUrl, { signal: request.signal });
    const listing = z.record(z.string(), z.unknown()).safeParse(body);
    if (!listing.success) throw new ProviderError(this.title, 'provider_bad_response', 'the asset list is not an object keyed by id');

    const terms = request.query.toLowerCase().split(/\s+/).filter(Boolean);
    const category = request.category?.toLowerCase();
    const hits: { id: string; asset: z.infer<typeof assetSchema> }[] = [];
    for (const [id, raw] of Object.entries(listing.data)) {
      const parsed = assetSchema.safeParse(raw);
      if (!parsed.success || parsed.data.type !== MODEL_TYPE) continue;
      const asset = parsed.data;
      const haystack = [id, asset.name, asset.category ?? '', ...asset.tags, ...asset.categories].join(' ').toLowerCase();
      if (!terms.every((t) => haystack.includes(t))) continue;
      if (category && !asset.categories.some((c) => c.toLowerCase() === category) && !asset.category?.toLowerCase().includes(category)) continue;
      hits.push({ id, asset });
    }
    hits.sort((a, b) => b.asset.download_count - a.asset.download_count || a.id.localeCompare(b.id));
    return Promise.all(hits.slice(0, request.limit).map((hit) => this.toResult(hit.id, hit.asset, request.signal)));
  }

  private async toResult(id: string, asset: z.infer<typeof assetSchema>, signal?: AbortSignal): Promise<ExternalAsset> {
    const filesUrl = providerUrl(this.options.apiUrl, `/files/${encodeURIComponent(id)}`);
    const files = modelFilesSchema.safeParse(await this.http.getJson(filesUrl, { signal }));
    if (!files.success) throw new ProviderError(this.title, 'provider_bad_response', `the file list of "${id}" is not the documented shape`);
    const fbx = smallestResolution(files.data.fbx ?? {})?.fbx;
    const author = Object.keys(asset.authors).join(', ') || 'Poly Haven';
    return {
      provider: this.id,
      id,
      name: asset.name,
      license: EXTERNAL_LICENSE,
      author,
      source_url: `${SITE}/a/${encodeURIComponent(id)}`,
      model_url: fbx?.url ?? null,
      model_format: fbx ? 'fbx' : null,
      thumbnail_url: asset.thumbnail_url ?? null,
      category: asset.category ?? asset.categories[0] ?? null,
      attribution: `"${asset.name}" by ${author}. Powered by Poly Haven (polyhaven.com), CC0.`,
      note: fbx
        ? 'FBX with the geometry inside; its textures are separate files on the source page.'
        : 'No single-file download is offered for this model; see the source page.',
    };
  }
}

/** The entry of the lowest resolution key ("1k" before "2k" before "4k"). */
function smallestResolution<T>(byResolution: Record<string, T>): T | undefined {
  const keys = Object.keys(byResolution).sort((a, b) => parseFloat(a) - parseFloat(b));
  return keys[0] === undefined ? undefined : byResolution[keys[0]];
}
