/**
 * The interface every external asset provider implements, and the one result shape they all
 * return. Only CC0-1.0 assets are ever returned: each adapter checks the licence of every item it
 * is given (a provider's own licence filter is a request, not a guarantee) and drops the rest.
 */
import { ASSET_LICENSE } from '@rigforge/contracts';

/** The providers we search, by stable id (also the values of the tool's `providers` argument). */
export const PROVIDER_IDS = ['polyhaven', 'sketchfab', 'smithsonian'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** The only licence an external result may carry (the catalog's, one truth). */
export const EXTERNAL_LICENSE = ASSET_LICENSE;

export interface ExternalAsset {
  provider: ProviderId;
  /** The provider's own id of the asset. */
  id: string;
  name: string;
  /** Always CC0-1.0. */
  license: typeof EXTERNAL_LICENSE;
  author: string;
  /** The asset's page on the provider's site (cite it). */
  source_url: string;
  /** A single file `rig_model` can fetch as `model_url`; null when the provider offers none. */
  model_url: string | null;
  /** Format of `model_url` (glb or fbx). */
  model_format: 'glb' | 'fbx' | null;
  thumbnail_url: string | null;
  category: string | null;
  /** The credit line the provider's terms ask for when its content is shown. */
  attribution: string;
  /** What the user should know about the file (e.g. textures not included). */
  note?: string;
}

export interface ProviderSearch {
  query: string;
  category?: string;
  limit: number;
  signal?: AbortSignal;
}

export interface AssetProvider {
  readonly id: ProviderId;
  /** Human name for notes ("Poly Haven"). */
  readonly title: string;
  /** Why the provider cannot be searched (a missing key), or null when it can. */
  readonly unconfigured: string | null;
  search(request: ProviderSearch): Promise<ExternalAsset[]>;
}
