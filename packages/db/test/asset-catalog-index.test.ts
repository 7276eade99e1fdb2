import { randomUUID } from 'node:crypto';
import { AssetCatalogIndex, AssetTotalCache, createDb, replaceCatalogPacks, type Db } from '../src';

let db: Db;
const pack = `idx-${randomUUID().slice(0, 8)}`;
const names = ['Oak Crate', 'oak crate (large)', '50%_off Sign', 'Back\\slash Barrel', 'Crate_2', 'Lamp', 'Ötzi Rock', 'crateless Box', 'LAMP post', 'e'];

beforeAll(async () => {
  db = createDb({ databaseUrl: process.env.DATABASE_URL! });
  await replaceCatalogPacks(db, {
    packs: [pack],
    catalogVersion: 'test',
    assets: names.map((name, i) => ({
      id: `${pack}/asset-${String(i).padStart(2, '0')}`,
      name,
      category: i % 2 ? 'odd' : 'even',
      pack,
      glbKey: `k/${i}.glb`,
      thumbnailKey: `k/${i}.png`,
      glbBytes: 10,
      sha256: 'x'.repeat(64),
    })),
  });
});
afterAll(() => db.$disconnect());

const FILTERS = [
  { pack },
  { pack, query: 'crate' },
  { pack, query: 'CRATE' },
  { pack, query: '%_' },
  { pack, query: '_' },
  { pack, query: '\\' },
  { pack, query: 'ötzi' },
  { pack, query: 'asset-0' },
  { pack, query: 'e', category: 'even' },
  { pack, category: 'odd' },
  { pack, query: 'nothing-like-this' },
];

test.each(FILTERS)('the in-memory index and SQL agree on %p, page by page', async (filter) => {
  const memory = new AssetCatalogIndex(new AssetTotalCache());
  const sql = new AssetCatalogIndex(new AssetTotalCache(), { maxAssets: 0 }); // too small: always SQL
  for (const [limit, offset] of [[50, 0], [3, 0], [3, 3], [3, 9], [5, 100]] as const) {
    const a = await memory.list(db, { ...filter, limit, offset });
    const b = await sql.list(db, { ...filter, limit, offset });
    expect(a).toEqual(b);
  }
});

test('an import is seen at once: the index rebuilds when the catalog generation moves', async () => {
  const index = new AssetCatalogIndex(new AssetTotalCache());
  const other = `idx-${randomUUID().slice(0, 8)}`;
  expect((await index.list(db, { pack: other, limit: 10, offset: 0 })).total).toBe(0);
  await replaceCatalogPacks(db, {
    packs: [other],
    catalogVersion: 'test',
    assets: [{ id: `${other}/one`, name: 'One', category: 'c', pack: other, glbKey: 'k/o.glb', thumbnailKey: 'k/o.png', glbBytes: 1, sha256: 'y'.repeat(64) }],
  });
  expect((await index.list(db, { pack: other, limit: 10, offset: 0 })).assets.map((a) => a.id)).toEqual([`${other}/one`]);
});
