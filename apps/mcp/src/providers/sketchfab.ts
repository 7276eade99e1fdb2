/**
 * Sketchfab (Data API v3): `/v3/search?type=models&downloadable=true&license=cc0` finds
 * downloadable CC0 models; `/v3/models/{uid}/download` (with `Authorization: Token <token>`)
 * returns short-lived signed URLs per flavour (`glb`, `gltf` zip, `usdz`, `source`), each with
 * `expires` in seconds. We offer the `glb` (one file); its cache life is capped below `expires`.
 *
 * Licences vary per model on Sketchfab, so the `license=cc0` filter is a request: every result's
 * own `license` is checked again and anything that is not CC0 (or says nothing) is dropped. The
 * credit line names the author and links the model page, as Sketchfab's guidelines ask.
 */
import { z } from 'zod';
import { EXTERNAL_LICENSE, type ExternalAsset, type ProviderSearch } from './asset-provider';
import { HttpAssetProvider, validItems } from './http-asset-provider';
import { ProviderError } from './provider-error';
import { providerUrl, type ProviderHttpOptions } from './provider-http';

export interface SketchfabOptions extends ProviderHttpOptions {
  /** API origin; default https://api.sketchfab.com. */
  apiUrl: string;
  /** A Sketchfab API token (Settings > Password & API); without it the provider is skipped. */
  token: string;
}

export const SKETCHFAB_API_URL = 'https://api.sketchfab.com';
/** Sketchfab's page size cap. */
const MAX_COUNT = 24;
/** Keep a signed URL in the cache at most this long before it expires. */
const EXPIRY_MARGIN_S = 60;

const modelSchema = z.object({
  uid: z.string(),
  name: z.string(),
  viewerUrl: z.string().optional(),
  isDownloadable: z.boolean().optional(),
  license: z.object({ slug: z.string().optional(), label: z.string().optional() }).nullish(),
  user: z.object({ username: z.string(), displayName: z.string().optional(), profileUrl: z.string().optional() }).optional(),
  thumbnails: z.object({ images: z.array(z.object({ url: z.string(), width: z.number().optional() })) }).optional(),
  categories: z.array(z.object({ name: z.string(), slug: z.string().optional() })).optional(),
});
const searchSchema = z.object({ results: z.array(z.unknown()) });
const downloadSchema = z.object({
  glb: z.object({ url: z.string(), size: z.number().optional(), expires: z.number().optional() }).optional(),
});

type SketchfabModel = z.infer<typeof modelSchema>;

/** True only for a licence that says CC0 (slug `cc0`, or a label naming CC0). */
export function isSketchfabCc0(license: SketchfabModel['license']): boolean {
  if (!license) return false;
  if (license.slug !== undefined) return license.slug.toLowerCase() === 'cc0';
  return /\bCC0\b/i.test(license.label ?? '');
}

export class SketchfabProvider extends HttpAssetProvider<SketchfabOptions> {
  readonly id = 'sketchfab' as const;

  constructor(options: SketchfabOptions) {
    super('Sketchfab', options, { value: options.token, what: 'API token', setting: 'SKETCHFAB_API_TOKEN' });
  }

  async search(request: ProviderSearch): Promise<ExternalAsset[]> {
    const query: Record<string, string> = {
      type: 'models',
      q: request.query,
      downloadable: 'true',
      license: 'cc0',
      count: String(MAX_COUNT),
    };
    if (request.category) query.categories = request.category;
    const body = await this.http.getJson(providerUrl(this.options.apiUrl, '/v3/search', query), { signal: request.signal });
    const page = searchSchema.safeParse(body);
    if (!page.success) throw new ProviderError(this.title, 'provider_bad_response', 'the search answer has no results list');
    const models = validItems(modelSchema, page.data.results)
      .filter((model) => model.isDownloadable !== false && isSketchfabCc0(model.license))
      .slice(0, request.limit);
    return Promise.all(models.map((model) => this.toResult(model, request.signal)));
  }

  private async toResult(model: SketchfabModel, signal?: AbortSignal): Promise<ExternalAsset> {
    let modelUrl: string | null = null;
    let note: string | undefined;
    try {
      const body = await this.http.getJson(
        providerUrl(this.options.apiUrl, `/v3/models/${encodeURIComponent(model.uid)}/download`),
        { signal, headers: { authorization: `Token ${this.options.token}` } },
        (answer) => {
          const expires = downloadSchema.safeParse(answer).data?.glb?.expires;
          return expires === undefined ? this.options.cacheTtlMs : (expires - EXPIRY_MARGIN_S) * 1000;
        },
      );
      const download = downloadSchema.safeParse(body);
      modelUrl = download.data?.glb?.url ?? null;
      note = modelUrl
        ? 'A signed GLB link that expires within minutes: rig it soon, or search again for a fresh one.'
        : 'Sketchfab offers no GLB for this model; see the source page.';
    } catch (error) {
      // A refused token fails the whole provider; one model that cannot be downloaded does not.
      if (error instanceof ProviderError && error.code === 'provider_auth') throw error;
      note = `No download link: ${error instanceof Error ? error.message : String(error)}`;
    }
    const author = model.user?.displayName || model.user?.username || 'unknown';
    const sourceUrl = model.viewerUrl ?? `https://sketchfab.com/3d-models/${model.uid}`;
    const thumbnail = [...(model.thumbnails?.images ?? [])].sort((a, b) => Math.abs((a.width ?? 0) - 256) - Math.abs((b.width ?? 0) - 256))[0];
    return {
      provider: this.id,
      id: model.uid,
      name: model.name,
      license: EXTERNAL_LICENSE,
      author,
      source_url: sourceUrl,
      model_url: modelUrl,
      model_format: modelUrl ? 'glb' : null,
      thumbnail_url: thumbnail?.url ?? null,
      category: model.categories?.[0]?.name ?? null,
      attribution: `"${model.name}" (${sourceUrl}) by ${author} on Sketchfab, CC0 1.0.`,
      note,
    };
  }
}
