/** A fake catalog of any size, so the search can be benchmarked at scale without real content. */
import { createRandom } from './geometry/random';

export interface SyntheticCatalogRow {
  id: string;
  name: string;
  category: string;
  pack: string;
}

const ADJECTIVES = ['old', 'rusty', 'mossy', 'small', 'large', 'tall', 'broken', 'painted', 'wooden', 'iron', 'stone', 'red', 'blue', 'green', 'golden', 'dark', 'weathered', 'carved', 'round', 'square'];
const NOUNS = ['crate', 'barrel', 'chest', 'table', 'chair', 'lamp', 'fence', 'rock', 'tree', 'bush', 'wall', 'floor', 'bench', 'sign', 'post', 'cart', 'well', 'bucket', 'door', 'pillar', 'statue', 'torch', 'shelf', 'bed', 'sack'];
const CATEGORIES = ['crates', 'barrels', 'containers', 'furniture', 'lighting', 'fences', 'rocks', 'trees_plants', 'dungeon_walls_floors', 'dungeon_props', 'street_furniture', 'signs', 'tools', 'vehicles', 'buildings'];

/**
 * Rows of a fake catalog for search benchmarks: `count` unique ids spread over 50 packs and 15
 * categories, names built from a small vocabulary so substring queries match realistic shares.
 * Lazy (a generator), so 100,000 rows never sit in memory at once; same seed, same rows.
 */
export function* generateSyntheticCatalog(count: number, seed = 1): Iterable<SyntheticCatalogRow> {
  const rng = createRandom(seed);
  for (let i = 0; i < count; i++) {
    const adj = rng.pick(ADJECTIVES);
    const noun = rng.pick(NOUNS);
    const pack = `synthetic-pack-${String(i % 50).padStart(2, '0')}`;
    const slug = `${adj}-${noun}-${i.toString(36)}`;
    yield {
      id: `${pack}/${slug}`,
      name: `${adj[0]!.toUpperCase()}${adj.slice(1)} ${noun[0]!.toUpperCase()}${noun.slice(1)} ${i}`,
      category: CATEGORIES[(i * 7 + rng.int(0, 2)) % CATEGORIES.length]!,
      pack,
    };
  }
}
