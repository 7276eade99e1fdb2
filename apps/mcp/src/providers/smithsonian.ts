/**
 * Smithsonian Open Access (api.si.edu, keyed through api.data.gov). A search row is an EDAN
 * record; its 3D scans are `content.descriptiveNonRepeating.online_media.media[]` entries of type
 * `3d_voyager` whose `usage.access` is the licence (`CC0`) and whose `resources[]` list the files
 * (OBJ, glTF, GLB, Draco GLB, USDZ). Only media marked CC0 are used; a record with none is dropped.
 * We offer a plain (non-Draco) GLB, which our mesh reader takes as one file.
 *
 * The API has no working server-side filter for 3D media, and free text rarely lands on a scan in
 * the first page, so the query is narrowed with the literal `3d_package` (the id prefix of every 3D
 * package, matched by the full-text index) and the rows are filtered here. The terms ask for a
 * credit to the Smithsonian and the owning unit, which each result carries.
 */
import { z } from 'zod';
import { EXTERNAL_LICENSE, type ExternalAsset, type ProviderSearch } from './asset-provider';
import { HttpAssetProvider, validItems } from './http-asset-provider';
import { ProviderError } from './provider-error';
import { providerUrl, type ProviderHttpOptions } from './provider-http';

export interface SmithsonianOptions extends ProviderHttpOptions {
  /** API base; default https://api.si.edu/openaccess/api/v1.0. */
  apiUrl: string;
  /** An api.data.gov key; without it the provider is skipped. */
  apiKey: string;
}

export const SMITHSONIAN_API_URL = 'https://api.si.edu/openaccess/api/v1.0';
/** Rows asked for per search: 3D rows are sparse, so ask for a full page and filter. */
const ROWS = 100;

const resourceSchema = z.object({
  label: z.string().optional(),
  url: z.string(),
  attributes: z.array(z.record(z.string(), z.unknown())).optional(),
});
const mediaSchema = z.object({
  type: z.string(),
  content: z.string().optional(),
  thumbnail: z.string().optional(),
  usage: z.object({ access: z.string() }).optional(),
  resources: z.array(resourceSchema).optional(),
});
const rowSchema = z.object({
  id: z.string(),
  title: z.string().optional(),
  unitCode: z.string().optional(),
  content: z.object({
    descriptiveNonRepeating: z.object({
      record_ID: z.string().optional(),
      record_link: z.string().optional(),
      guid: z.string().optional(),
      data_source: z.string().optional(),
      title: z.object({ content: z.string() }).optional(),
      online_media: z.object({ media: z.array(z.unknown()) }).optional(),
    }),
    indexedStructured: z.object({ object_type: z.array(z.string()).optional() }).optional(),
  }),
});
const searchSchema = z.object({ response: z.object({ rows: z.array(z.unknown()) }) });

type Resource = z.infer<typeof resourceSchema>;

/** A GLB our reader takes: `.glb`, not Draco-compressed (by attribute, label or file name). */
function isPlainGlb(resource: Resource): boolean {
  const attributes: Record<string, unknown> = Object.assign({}, ...(resource.attributes ?? []));
  const type = String(attributes.MODEL_FILE_TYPE ?? '').toLowerCase();
  const draco = attributes.DRACO_COMPRESSED === true || String(attributes.DRACO_COMPRESSED).toLowerCase() === 'true';
  const isGlb = type === 'glb' || (!type && /\.glb(\?|$)/i.test(resource.url));
  return isGlb && !draco && !/draco/i.test(`${resource.label ?? ''} ${resource.url}`);
}

export class SmithsonianProvider extends HttpAssetProvider<SmithsonianOptions> {
  readonly id = 'smithsonian' as const;

  constructor(options: SmithsonianOptions) {
    super('Smithsonian Open Access', options, { value: options.apiKey, what: 'api.data.gov key', setting: 'SMITHSONIAN_API_KEY' });
  }

  async search(request: ProviderSearch): Promise<ExternalAsset[]> {
    const q = request.query.trim() ? `${request.query.trim()} AND 3d_package` : '3d_package';
    const url = providerUrl(this.options.apiUrl, '/search', { q, rows: String(ROWS), api_key: this.options.apiKey });
    const page = searchSchema.safeParse(await this.http.getJson(url, { signal: request.signal }));
    if (!page.success) throw new ProviderError(this.title, 'provider_bad_response', 'the search answer has no response.rows');
    const category = request.category?.toLowerCase();
    const results: ExternalAsset[] = [];
    for (const raw of page.data.response.rows) {
      const row = rowSchema.safeParse(raw);
      if (!row.success) continue;
      const result = this.toResult(row.data);
      if (!result) continue;
      if (category && !result.category?.toLowerCase().includes(category)) continue;
      results.push(result);
      if (results.length >= request.limit) break;
    }
    return results;
  }

  private toResult(row: z.infer<typeof rowSchema>): ExternalAsset | null {
    const dnr = row.content.descriptiveNonRepeating;
    const media = validItems(mediaSchema, dnr.online_media?.media ?? [])
      .filter((m) => m.type === '3d_voyager' && m.usage?.access === 'CC0');
    if (media.length === 0) return null;
    const withGlb = media.find((m) => (m.resources ?? []).some(isPlainGlb));
    const chosen = withGlb ?? media[0]!;
    const glb = (chosen.resources ?? []).find(isPlainGlb);
    const name = dnr.title?.content ?? row.title ?? row.id;
    const unit = dnr.data_source ?? row.unitCode ?? 'Smithsonian Institution';
    const sourceUrl = dnr.record_link ?? dnr.guid ?? chosen.content ?? `https://www.si.edu/object/${encodeURIComponent(row.id)}`;
    return {
      provider: this.id,
      id: row.id,
      name,
      license: EXTERNAL_LICENSE,
      author: unit,
      source_url: sourceUrl,
      model_url: glb?.url ?? null,
      model_format: glb ? 'glb' : null,
      thumbnail_url: chosen.thumbnail ?? null,
      category: row.content.indexedStructured?.object_type?.[0] ?? null,
      attribution: `"${name}", ${unit}, Smithsonian Institution (Smithsonian Open Access, CC0).`,
      note: glb ? 'A museum scan: check its scale and orientation before rigging.' : 'Only Draco-compressed or non-GLB files are offered; see the source page.',
    };
  }
}
