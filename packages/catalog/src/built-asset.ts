/** The only licence the catalog serves or imports. */
export const CATALOG_LICENSE = 'CC0-1.0' as const;

/** A catalog asset ready to store: identity plus GLB and PNG bytes. */
export interface BuiltAsset {
  /** `pack/asset-name`. */
  id: string;
  name: string;
  category: string;
  pack: string;
  license: typeof CATALOG_LICENSE;
  glb: Uint8Array;
  /** 512×512 PNG. */
  thumbnail: Uint8Array;
  /** Hex sha256 of `glb`. */
  sha256: string;
}

/** The whole starter catalog of one content version. */
export interface BuiltCatalog {
  version: string;
  license: typeof CATALOG_LICENSE;
  packs: string[];
  assets: BuiltAsset[];
}
