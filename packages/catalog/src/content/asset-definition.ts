/** The shape of one authored catalog asset, shared by every content file. */
import type { Mesh } from '@rigforge/mesh';
import { MeshBuilder } from '../geometry/mesh-builder';
import { createRandom, seedFromString, type Random } from '../geometry/random';

/** One catalog asset as authored: identity plus a deterministic build function. */
export interface AssetDefinition {
  /** `pack/asset-name`, lowercase kebab. */
  id: string;
  /** Display name. */
  name: string;
  category: string;
  pack: string;
  build(): Mesh;
}

/**
 * Declares an asset whose build draws its variations from a PRNG seeded by the asset id, so every
 * asset is reproducible on its own and adding an asset never changes another one.
 */
export function defineAsset(
  pack: string,
  slug: string,
  name: string,
  category: string,
  make: (b: MeshBuilder, rng: Random) => void,
): AssetDefinition {
  const id = `${pack}/${slug}`;
  return {
    id,
    name,
    category,
    pack,
    build: () => {
      const b = new MeshBuilder();
      make(b, createRandom(seedFromString(id)));
      return b.build();
    },
  };
}
