/**
 * What every adapter shares: its title, the `ProviderHttp` it calls through (which names the
 * provider in its errors), the rule that a provider needing a key is skipped without one (and says
 * which setting gives it), and the rule that an item of a provider's list that is not the
 * documented shape is left out rather than failing the whole search.
 */
import type { z } from 'zod';
import type { AssetProvider, ExternalAsset, ProviderId, ProviderSearch } from './asset-provider';
import { ProviderHttp, type ProviderHttpOptions } from './provider-http';

/** The key a provider cannot be searched without, what it is called, and the setting that gives it. */
export interface RequiredKey {
  value: string;
  what: string;
  setting: string;
}

export abstract class HttpAssetProvider<Options extends ProviderHttpOptions> implements AssetProvider {
  abstract readonly id: ProviderId;
  readonly unconfigured: string | null;
  protected readonly http: ProviderHttp;

  constructor(
    readonly title: string,
    protected readonly options: Options,
    key?: RequiredKey,
  ) {
    this.http = new ProviderHttp(title, options);
    this.unconfigured = key && !key.value ? `no ${key.what} configured (set ${key.setting})` : null;
  }

  abstract search(request: ProviderSearch): Promise<ExternalAsset[]>;
}

/** The items of `raws` that parse with `schema`, in order; the rest are dropped. */
export function validItems<T>(schema: z.ZodType<T>, raws: readonly unknown[]): T[] {
  return raws.map((raw) => schema.safeParse(raw)).flatMap((parsed) => (parsed.success ? [parsed.data] : []));
}
