/**
 * Searches several providers at once and reports, per provider, whether it answered, was skipped
 * (not configured) or failed, so one slow or broken provider never hides the others' results.
 */
import type { AssetProvider, ExternalAsset, ProviderId } from './asset-provider';
import { ProviderError, type ProviderErrorCode } from './provider-error';

export interface ExternalSearchRequest {
  query: string;
  /** Which providers to ask; default all. */
  providers?: readonly ProviderId[];
  category?: string;
  /** Results per provider. */
  limit: number;
  signal?: AbortSignal;
}

export type ProviderOutcome =
  | { provider: ProviderId; status: 'ok'; count: number }
  | { provider: ProviderId; status: 'skipped'; note: string }
  | { provider: ProviderId; status: 'error'; code: ProviderErrorCode; note: string };

export interface ExternalSearchResult {
  results: ExternalAsset[];
  providers: ProviderOutcome[];
}

export async function searchExternal(all: readonly AssetProvider[], request: ExternalSearchRequest): Promise<ExternalSearchResult> {
  const chosen = request.providers?.length ? all.filter((p) => request.providers!.includes(p.id)) : all;
  const outcomes = await Promise.all(
    chosen.map(async (provider): Promise<{ outcome: ProviderOutcome; results: ExternalAsset[] }> => {
      if (provider.unconfigured) {
        return { outcome: { provider: provider.id, status: 'skipped', note: `${provider.title} skipped: ${provider.unconfigured}` }, results: [] };
      }
      try {
        const results = await provider.search({ query: request.query, category: request.category, limit: request.limit, signal: request.signal });
        return { outcome: { provider: provider.id, status: 'ok', count: results.length }, results };
      } catch (error) {
        const code: ProviderErrorCode = error instanceof ProviderError ? error.code : 'provider_error';
        const note = error instanceof Error ? error.message : String(error);
        return { outcome: { provider: provider.id, status: 'error', code, note }, results: [] };
      }
    }),
  );
  return { results: outcomes.flatMap((o) => o.results), providers: outcomes.map((o) => o.outcome) };
}
