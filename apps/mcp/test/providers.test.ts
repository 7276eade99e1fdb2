/**
 * Each provider adapter against a local stand-in that answers like the provider's documentation:
 * only CC0 results with licence, author and source page; non-CC0 items dropped; errors, timeouts
 * and malformed bodies mapped to provider errors; unconfigured providers skipped; answers cached.
 */
import { PolyHavenProvider } from '../src/providers/poly-haven';
import { ProviderError } from '../src/providers/provider-error';
import { searchExternal } from '../src/providers/search-external';
import { SketchfabProvider } from '../src/providers/sketchfab';
import { SmithsonianProvider } from '../src/providers/smithsonian';
import { SKETCHFAB_TOKEN, SMITHSONIAN_KEY, startStandIns, type StandIns } from './provider-stand-ins';

let s: StandIns;
const http = { timeoutMs: 1_000, userAgent: 'Rigforge-MCP/test', cacheTtlMs: 60_000 };

beforeAll(async () => {
  s = await startStandIns();
});
afterAll(() => s.close());
afterEach(() => {
  s.fail('polyhaven', null);
  s.fail('sketchfab', null);
  s.fail('smithsonian', null);
});

const polyHaven = () => new PolyHavenProvider({ ...http, apiUrl: s.polyhavenUrl });
const sketchfab = (token = SKETCHFAB_TOKEN) => new SketchfabProvider({ ...http, apiUrl: s.sketchfabUrl, token });
const smithsonian = (apiKey = SMITHSONIAN_KEY) => new SmithsonianProvider({ ...http, apiUrl: s.smithsonianUrl, apiKey });

async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(error)}`);
  return error;
}

describe('Poly Haven', () => {
  it('matches models only (not textures), offers the smallest FBX, credits Poly Haven, sends our User-Agent', async () => {
    const results = await polyHaven().search({ query: 'knight', limit: 5 });
    expect(results).toEqual([
      expect.objectContaining({
        provider: 'polyhaven',
        id: 'knight_statue',
        license: 'CC0-1.0',
        author: 'Rico Cilliers',
        source_url: 'https://polyhaven.com/a/knight_statue',
        model_url: `${s.origin}/files/knight_statue_1k.fbx`,
        model_format: 'fbx',
        attribution: expect.stringContaining('Powered by Poly Haven'),
      }),
    ]);
    expect(s.requests.filter((r) => r.path.startsWith('/polyhaven')).every((r) => r.userAgent === 'Rigforge-MCP/test')).toBe(true);
  });

  it('filters by category and serves a repeated listing from the cache', async () => {
    const provider = polyHaven();
    const before = s.requests.length;
    expect((await provider.search({ query: '', category: 'containers', limit: 5 })).map((r) => r.id)).toEqual(['wooden_crate_02']);
    expect((await provider.search({ query: '', category: 'containers', limit: 5 })).map((r) => r.id)).toEqual(['wooden_crate_02']);
    expect(s.requests.slice(before).filter((r) => r.path.startsWith('/polyhaven/assets'))).toHaveLength(1);
  });

  it('maps a 500, a non-JSON body and a timeout to provider errors', async () => {
    s.fail('polyhaven', { status: 500 });
    expect((await providerError(polyHaven().search({ query: 'x', limit: 1 }))).code).toBe('provider_error');
    s.fail('polyhaven', 'garbage');
    expect((await providerError(polyHaven().search({ query: 'x', limit: 1 }))).code).toBe('provider_bad_response');
    s.fail('polyhaven', 'hang');
    const timeout = await providerError(polyHaven().search({ query: 'x', limit: 1 }));
    expect(timeout.code).toBe('provider_timeout');
    expect(timeout.message).toMatch(/within 1000 ms/);
  });
});

describe('every provider', () => {
  it.each([
    ['polyhaven', () => polyHaven()],
    ['sketchfab', () => sketchfab()],
    ['smithsonian', () => smithsonian()],
  ] as const)('%s: an endless answer is cut at the response cap and fails as a bad response', async (name, make) => {
    s.fail(name, 'endless');
    const before = s.stats.endlessSent;
    const error = await providerError(make().search({ query: 'endless', limit: 1 }));
    expect(error.code).toBe('provider_bad_response');
    expect(error.message).toMatch(/more than the limit of 4194304 bytes/);
    // Cut at the 4 MB cap (plus what the sockets buffer), not read to the stand-in's 256 MB.
    expect(s.stats.endlessSent - before).toBeLessThan(32 * 1024 * 1024);
  });
});

describe('Sketchfab', () => {
  it('asks for downloadable CC0 models and drops any result whose own licence is not CC0', async () => {
    const results = await sketchfab().search({ query: 'knight', limit: 5 });
    expect(results).toEqual([
      expect.objectContaining({
        provider: 'sketchfab',
        id: 'a1b2c3knight',
        license: 'CC0-1.0',
        author: 'A Modeller',
        source_url: 'https://sketchfab.com/3d-models/a1b2c3knight',
        model_url: `${s.origin}/files/sf-knight.glb`,
        model_format: 'glb',
        thumbnail_url: 'https://media.sketchfab.com/models/a1b2c3knight/thumbnails/256.jpeg',
      }),
    ]);
    const search = s.requests.find((r) => r.path.startsWith('/sketchfab/v3/search'));
    expect(search?.path).toMatch(/downloadable=true/);
    expect(search?.path).toMatch(/license=cc0/);
  });

  it('is skipped without a token, and says so', async () => {
    const found = await searchExternal([sketchfab('')], { query: 'knight', limit: 5 });
    expect(found.results).toEqual([]);
    expect(found.providers).toEqual([{ provider: 'sketchfab', status: 'skipped', note: expect.stringContaining('SKETCHFAB_API_TOKEN') }]);
  });

  it('reports a refused token and a rate limit as provider errors', async () => {
    expect((await providerError(sketchfab('wrong').search({ query: 'knight', limit: 5 }))).code).toBe('provider_auth');
    s.fail('sketchfab', { status: 429, headers: { 'retry-after': '30' }, body: '{"detail":"Request was throttled."}' });
    const limited = await providerError(sketchfab().search({ query: 'other', limit: 5 }));
    expect(limited.code).toBe('provider_rate_limited');
    expect(limited.message).toMatch(/retry after 30 s/);
  });
});

describe('Smithsonian Open Access', () => {
  it('keeps only CC0 3D scans and offers the plain GLB, not the Draco one', async () => {
    const results = await smithsonian().search({ query: 'knight', limit: 5 });
    expect(results).toEqual([
      expect.objectContaining({
        provider: 'smithsonian',
        id: 'ld1-knight',
        name: 'Knight figure',
        license: 'CC0-1.0',
        author: 'NMNH - Paleobiology Dept.',
        source_url: 'http://n2t.net/ark:/65665/ld1-knight',
        model_url: `${s.origin}/files/si-knight-150k.glb`,
        model_format: 'glb',
        attribution: expect.stringContaining('Smithsonian Institution'),
      }),
    ]);
  });

  it('maps api.data.gov refusing the key to provider_auth without leaking the key', async () => {
    const error = await providerError(smithsonian('bad-key').search({ query: 'knight', limit: 5 }));
    expect(error.code).toBe('provider_auth');
    expect(error.message).not.toContain('bad-key');
  });
});

describe('searching several providers', () => {
  it('returns what answered, with a note for the provider that failed and the one skipped', async () => {
    s.fail('sketchfab', 'hang');
    const found = await searchExternal([polyHaven(), sketchfab(), smithsonian('')], { query: 'knight statue', limit: 5 });
    expect(found.results.map((r) => r.id)).toEqual(['knight_statue']);
    expect(found.providers).toEqual([
      { provider: 'polyhaven', status: 'ok', count: 1 },
      { provider: 'sketchfab', status: 'error', code: 'provider_timeout', note: expect.stringContaining('Sketchfab') },
      { provider: 'smithsonian', status: 'skipped', note: expect.stringContaining('SMITHSONIAN_API_KEY') },
    ]);
  });
});
