/**
 * GET /v1/assets and GET /v1/assets/categories against the real app, Postgres and storage. The
 * catalog rows come from the real import service; pack and category names carry a token unique to
 * this file's run, so parallel test files sharing the database cannot disturb the counts.
 */
import { randomUUID } from 'node:crypto';
import { buildStarterCatalog, CATALOG_LICENSE, STARTER_ASSETS, STARTER_PACKS, type BuiltAsset } from '@rigforge/catalog';
import { PNG } from 'pngjs';
import { storeCatalogPacks } from '../src/services/catalog-import';
import { startHarness, type Harness, type SeededAccount } from './harness';

// gltf-validator ships no types.
const { validateBytes } = require('gltf-validator') as {
  validateBytes: (data: Uint8Array, options?: object) => Promise<{ issues: { numErrors: number; messages: unknown[] } }>;
};

const T = `at${randomUUID().slice(0, 6)}`;
const PACK_A = `${T}-props`;
const PACK_B = `${T}-town`;
const CAT_CRATES = `${T}_crates`;
const CAT_SIGNS = `${T}_signs`;

interface Expected {
  id: string;
  name: string;
  category: string;
  pack: string;
}

let h: Harness;
let account: SeededAccount;
const expected: Expected[] = [];

/** Names that exercise LIKE's special characters and case. */
const SPECIAL_NAMES = ['100% Oak Crate', 'Crate_Wide', 'Back\\Slash Barrel', 'PLAIN crate', 'percent free', 'Under score', 'a%b_c\\d'];

beforeAll(async () => {
  h = await startHarness();
  account = await h.seedAccount({ credits: 500 });
  // Three real models (small thumbnails keep the build quick), reused under many ids.
  const wanted = STARTER_PACKS.slice(0, 3).map((p) => STARTER_ASSETS.find((a) => a.pack === p.id)!.id);
  const built = await buildStarterCatalog({ filter: (a) => wanted.includes(a.id), thumbnailSize: 48 });
  expect(built.assets).toHaveLength(3);
  const make = (pack: string, slug: string, name: string, category: string, i: number): BuiltAsset => {
    const model = built.assets[i % built.assets.length]!;
    expected.push({ id: `${pack}/${slug}`, name, category, pack });
    return { ...model, id: `${pack}/${slug}`, name, category, pack, license: CATALOG_LICENSE };
  };
  const a: BuiltAsset[] = [];
  for (let i = 0; i < 30; i++) {
    const name = SPECIAL_NAMES[i] ?? `Wooden Crate ${i}`;
    a.push(make(PACK_A, i === 1 ? 'crate_wide' : `item-${String(i).padStart(2, '0')}`, name, i % 3 === 0 ? CAT_SIGNS : CAT_CRATES, i));
  }
  const b: BuiltAsset[] = [];
  for (let i = 0; i < 23; i++) b.push(make(PACK_B, `sign-${String(i).padStart(2, '0')}`, `Street Sign ${i}`, CAT_SIGNS, i));
  await storeCatalogPacks(h.ctx, { packs: [PACK_A], catalogVersion: 'test', assets: a });
  await storeCatalogPacks(h.ctx, { packs: [PACK_B], catalogVersion: 'test', assets: b });
});
afterAll(() => h.close());

const get = (path: string) => h.request.get(path).set(account.auth);

/** Pages through a filter with a small limit; returns every item collected and the reported total. */
async function collect(params: Record<string, string>, limit = 7): Promise<{ total: number; items: { id: string; name: string; category: string }[] }> {
  const items: { id: string; name: string; category: string }[] = [];
  let total = -1;
  for (let offset = 0; total < 0 || offset < total; offset += limit) {
    const qs = new URLSearchParams({ ...params, limit: String(limit), offset: String(offset) });
    const res = await get(`/v1/assets?${qs}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'list', limit, offset, license: 'CC0-1.0' });
    if (total >= 0) expect(res.body.total).toBe(total);
    total = res.body.total;
    items.push(...res.body.assets);
    if (offset > 1000) throw new Error('runaway paging');
  }
  return { total, items };
}

const expectedIds = (pred: (e: Expected) => boolean) => expected.filter(pred).map((e) => e.id).sort();

describe('GET /v1/assets', () => {
  test('the exact response shape, absolute URLs, id order', async () => {
    const res = await get(`/v1/assets?pack=${PACK_A}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['assets', 'license', 'limit', 'object', 'offset', 'total']);
    expect(res.body).toMatchObject({ object: 'list', total: 30, limit: 50, offset: 0, license: 'CC0-1.0' });
    expect(res.body.assets).toHaveLength(30);
    for (const asset of res.body.assets) {
      expect(Object.keys(asset).sort()).toEqual(['category', 'id', 'name', 'thumbnail', 'url']);
      expect(asset.url).toMatch(new RegExp(`^http://api\\.test/files/assets/${PACK_A}/[a-z0-9_-]+\\.[0-9a-f]{16}\\.glb$`));
      expect(asset.thumbnail).toMatch(new RegExp(`^http://api\\.test/files/assets/${PACK_A}/[a-z0-9_-]+\\.[0-9a-f]{16}\\.png$`));
    }
    expect(res.body.assets.map((x: { id: string }) => x.id)).toEqual(expectedIds((e) => e.pack === PACK_A));
    const first = expected.find((e) => e.id === res.body.assets[0].id)!;
    expect(res.body.assets[0]).toMatchObject({ name: first.name, category: first.category });
  });

  test.each<[string, Record<string, string>, (e: Expected) => boolean]>([
    ['one pack', { pack: PACK_A }, (e) => e.pack === PACK_A],
    ['one category', { category: CAT_SIGNS }, (e) => e.category === CAT_SIGNS],
    ['category and pack', { category: CAT_SIGNS, pack: PACK_B }, (e) => e.category === CAT_SIGNS && e.pack === PACK_B],
    ['a query on ids', { query: T }, () => true],
    ['a query on names within a pack', { query: 'crate', pack: PACK_A }, (e) => e.pack === PACK_A && /crate/i.test(`${e.name}|${e.id}`)],
  ])('paging with offset collects exactly total distinct items: %s', async (_label, params, pred) => {
    const want = expectedIds(pred);
    for (const limit of [7, 50]) {
      const { total, items } = await collect(params, limit);
      expect(total).toBe(want.length);
      const ids = items.map((i) => i.id);
      expect(new Set(ids).size).toBe(total);
      expect(ids).toEqual(want);
    }
  });

  test('an offset past the end: empty page, total still counts every match', async () => {
    const res = await get(`/v1/assets?pack=${PACK_B}&offset=500&limit=10`);
    expect(res.body).toEqual({ object: 'list', total: 23, limit: 10, offset: 500, license: 'CC0-1.0', assets: [] });
  });

  test.each<[string, string[]]>([
    ['%', ['100% Oak Crate', 'a%b_c\\d']],
    ['_', ['Crate_Wide', 'a%b_c\\d']], // the id crate_wide is Crate_Wide's own
    ['\\', ['Back\\Slash Barrel', 'a%b_c\\d']],
    ['0% oak', ['100% Oak Crate']],
    ['b_c', ['a%b_c\\d']],
    ['%b_c\\', ['a%b_c\\d']],
    ['A%B', ['a%b_c\\d']],
    ['back\\SLASH', ['Back\\Slash Barrel']],
    ['e_w', ['Crate_Wide']],
    ['0%_', []],
  ])('query %p matches literally and case-insensitively', async (query, names) => {
    const res = await get(`/v1/assets?${new URLSearchParams({ query, pack: PACK_A })}`);
    expect(res.status).toBe(200);
    expect(res.body.assets.map((a: { name: string }) => a.name).sort()).toEqual([...names].sort());
    expect(res.body.total).toBe(names.length);
  });

  test('query matches names and ids, whatever the case', async () => {
    const crate = await collect({ query: 'CrAtE', pack: PACK_A }, 50);
    expect(crate.items.map((i) => i.name)).toEqual(
      expect.arrayContaining(['100% Oak Crate', 'Crate_Wide', 'PLAIN crate', 'Wooden Crate 10']),
    );
    expect(crate.total).toBe(expected.filter((e) => e.pack === PACK_A && /crate/i.test(`${e.name}|${e.id}`)).length);
    // Only the id holds "item-07" (its name is "Wooden Crate 7").
    const byIdPart = await get(`/v1/assets?query=${encodeURIComponent(`${PACK_A.toUpperCase()}/ITEM-07`)}`);
    expect(byIdPart.body.assets).toEqual([expect.objectContaining({ id: `${PACK_A}/item-07`, name: 'Wooden Crate 7' })]);
    const bySignId = await get(`/v1/assets?query=${T}-town/sign-1`);
    expect(bySignId.body.assets.map((a: { id: string }) => a.id)).toEqual(expectedIds((e) => e.id.startsWith(`${PACK_B}/sign-1`)));
    expect(bySignId.body.total).toBe(10);
  });

  test('filters that match nothing are an empty list, not an error', async () => {
    for (const qs of [`category=${T}_none`, `pack=${T}-none`, `query=${T}zzz`, `category=${CAT_CRATES}&pack=${PACK_B}`]) {
      const res = await get(`/v1/assets?${qs}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 0, assets: [] });
    }
  });

  test('category is an exact match', async () => {
    const res = await get(`/v1/assets?category=${CAT_CRATES.toUpperCase()}`);
    expect(res.body.total).toBe(0);
    const partial = await get(`/v1/assets?category=${CAT_CRATES.slice(0, -1)}`);
    expect(partial.body.total).toBe(0);
  });

  test.each([
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=', 'limit'],
    ['offset=-3', 'offset'],
    ['offset=x', 'offset'],
    ['offset=99999999999999999999', 'offset'],
    ['limit=9999999999', 'limit'],
    ['limit=5&limit=6', 'limit'],
    ['query=a&query=b', 'query'],
    ['category=a&category=b', 'category'],
    ['query=%00', 'query'],
    [`query=${'q'.repeat(201)}`, 'query'],
    ['pack=a%0Ab', 'pack'],
    ['sort=name', 'sort'],
    ['license=CC0-1.0', 'license'],
  ])('%s → 400 invalid_request naming %s', async (qs, param) => {
    const res = await get(`/v1/assets?${qs}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', param });
    expect(res.body.error.message).toMatch(/^assets: /);
  });

  test('limit 200 is accepted', async () => {
    const res = await get('/v1/assets?limit=200');
    expect(res.status).toBe(200);
    expect(res.body.limit).toBe(200);
    expect(res.body.assets.length).toBeLessThanOrEqual(200);
  });

  test('a cached total follows an import at once (the catalog generation changes)', async () => {
    const pack = `${T}-extra`;
    const one = expected.slice(0, 1).map((e) => ({ ...e }));
    const base = (await h.ctx.storage.get((await h.ctx.db.asset.findUniqueOrThrow({ where: { id: one[0]!.id } })).glbKey));
    const asset = (slug: string): BuiltAsset => ({
      id: `${pack}/${slug}`, name: `Extra ${slug}`, category: CAT_CRATES, pack, license: CATALOG_LICENSE,
      glb: base, thumbnail: base, sha256: 'x',
    });
    await storeCatalogPacks(h.ctx, { packs: [pack], catalogVersion: 'test', assets: [asset('a')] });
    expect((await get(`/v1/assets?pack=${pack}`)).body.total).toBe(1);
    expect((await get(`/v1/assets?pack=${pack}`)).body.total).toBe(1);
    await storeCatalogPacks(h.ctx, { packs: [pack], catalogVersion: 'test', assets: [asset('a'), asset('b')] });
    expect((await get(`/v1/assets?pack=${pack}`)).body.total).toBe(2);
    await storeCatalogPacks(h.ctx, { packs: [pack], catalogVersion: 'test', assets: [] });
    expect((await get(`/v1/assets?pack=${pack}`)).body).toMatchObject({ total: 0, assets: [] });
  });
});

describe('GET /v1/assets/categories', () => {
  test('every category and pack, sorted, and the catalog size', async () => {
    const res = await get('/v1/assets/categories');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['categories', 'object', 'packs', 'total_assets']);
    expect(res.body.object).toBe('asset_categories');
    expect(res.body.categories).toEqual(expect.arrayContaining([CAT_CRATES, CAT_SIGNS]));
    expect(res.body.packs).toEqual(expect.arrayContaining([PACK_A, PACK_B]));
    for (const list of [res.body.categories, res.body.packs] as string[][]) {
      expect(list).toEqual([...list].sort());
      expect(new Set(list).size).toBe(list.length);
    }
    expect(res.body.total_assets).toBeGreaterThanOrEqual(expected.length);
    const all = await get('/v1/assets?limit=1');
    expect(all.body.total).toBeGreaterThanOrEqual(expected.length);
  });

  test('it takes no parameters', async () => {
    const res = await get('/v1/assets/categories?pack=x');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'pack' });
  });
});

describe('auth, rate limit and credits', () => {
  test('401 without a key or with a bad one', async () => {
    for (const path of ['/v1/assets', '/v1/assets/categories']) {
      const none = await h.request.get(path);
      expect(none.status).toBe(401);
      expect(none.body.error.code).toBe('unauthorized');
      const bad = await h.request.get(path).set({ Authorization: 'Bearer sk_not_a_key' });
      expect(bad.status).toBe(401);
    }
  });

  test('listing is rate limited like every /v1 route but uses no credits', async () => {
    const before = await h.ctx.db.account.findUniqueOrThrow({ where: { id: account.accountId } });
    const ledgerBefore = await h.ctx.db.creditEntry.count({ where: { accountId: account.accountId } });
    for (const path of [`/v1/assets?pack=${PACK_A}`, '/v1/assets/categories', `/v1/assets?query=crate`]) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers['ratelimit-limit']).toBeDefined();
    }
    const after = await h.ctx.db.account.findUniqueOrThrow({ where: { id: account.accountId } });
    expect(after.creditBalance).toBe(before.creditBalance);
    expect(await h.ctx.db.creditEntry.count({ where: { accountId: account.accountId } })).toBe(ledgerBefore);
  });
});

describe('served files', () => {
  test('every URL of a sample is a valid GLB and a PNG, with ETag, long cache and 304', async () => {
    const res = await get(`/v1/assets?pack=${PACK_B}&limit=6`);
    const seen = new Set<string>();
    for (const asset of res.body.assets as { url: string; thumbnail: string }[]) {
      seen.add(asset.url);
      const glb = await h.request.get(new URL(asset.url).pathname).buffer(true).parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
      expect(glb.status).toBe(200);
      expect(glb.headers['content-type']).toBe('model/gltf-binary');
      expect(glb.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(glb.headers.etag).toMatch(/^"[0-9a-f]{16}"$/);
      const bytes = glb.body as Buffer;
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('glTF');
      const report = await validateBytes(new Uint8Array(bytes));
      expect(report.issues.numErrors).toBe(0);

      const png = await h.request.get(new URL(asset.thumbnail).pathname).buffer(true).parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
      expect(png.status).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      const image = PNG.sync.read(png.body as Buffer);
      expect(image.width).toBeGreaterThan(0);
      expect(image.height).toBeGreaterThan(0);

      const again = await h.request.get(new URL(asset.url).pathname).set('If-None-Match', glb.headers.etag!);
      expect(again.status).toBe(304);
      expect(again.headers.etag).toBe(glb.headers.etag);
      const changed = await h.request.get(new URL(asset.url).pathname).set('If-None-Match', '"0000000000000000"');
      expect(changed.status).toBe(200);
    }
    expect(seen.size).toBe(6); // each id has its own key, even when two share a model
  });

  test('a missing catalog file is 404', async () => {
    const res = await h.request.get(`/files/assets/${PACK_A}/nope.0123456789abcdef.glb`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });
});
