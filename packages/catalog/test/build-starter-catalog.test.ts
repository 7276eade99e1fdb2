import { readMesh } from '@rigforge/mesh';
import { buildStarterCatalog, buildStarterGlb, STARTER_ASSETS, STARTER_PACKS, type BuiltCatalog } from '../src';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { validateBytes } = require('gltf-validator') as {
  validateBytes(bytes: Uint8Array, opts?: object): Promise<{ issues: { numErrors: number; messages: { code: string; message: string; severity: number }[] } }>;
};

function pngSize(png: Uint8Array): [number, number] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  expect(Array.from(png.subarray(0, 8))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return [view.getUint32(16), view.getUint32(20)];
}

describe('starter catalog', () => {
  // Every asset's GLB is checked; thumbnails (the slow part, ~0.1–0.5 s each on a busy 2-core
  // machine) are rendered for a sample covering every category, so the suite stays well under 60 s.
  let built: BuiltCatalog;
  let glbs: { id: string; pack: string; category: string; name: string; license: 'CC0-1.0'; glb: Uint8Array }[];
  const sampled = new Set<string>();
  for (const a of STARTER_ASSETS) if (![...sampled].some((id) => STARTER_ASSETS.find((d) => d.id === id)!.category === a.category)) sampled.add(a.id);
  beforeAll(async () => {
    glbs = [];
    for (const d of STARTER_ASSETS) glbs.push({ id: d.id, pack: d.pack, category: d.category, name: d.name, license: 'CC0-1.0', glb: await buildStarterGlb(d) });
    built = await buildStarterCatalog({ filter: (a) => sampled.has(a.id) });
  }, 300_000);

  it('has at least 150 assets, 10 categories and 4 packs, with unique kebab ids', () => {
    expect(glbs.length).toBeGreaterThanOrEqual(150);
    expect(new Set(glbs.map((a) => a.category)).size).toBeGreaterThanOrEqual(10);
    expect(built.packs.length).toBeGreaterThanOrEqual(4);
    expect(built.packs).toEqual(STARTER_PACKS.map((p) => p.id));
    const ids = glbs.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const a of glbs) {
      expect(a.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\/[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(a.id.startsWith(`${a.pack}/`)).toBe(true);
      expect(built.packs).toContain(a.pack);
      expect(a.license).toBe('CC0-1.0');
      expect(a.name.length).toBeGreaterThan(0);
    }
    for (const p of built.packs) expect(glbs.filter((a) => a.pack === p).length).toBeGreaterThanOrEqual(20);
  });

  it('every GLB passes the Khronos validator with no errors', async () => {
    const failures: string[] = [];
    for (const a of glbs) {
      const report = await validateBytes(a.glb, { maxIssues: 10 });
      if (report.issues.numErrors > 0) failures.push(`${a.id}: ${report.issues.messages.filter((m) => m.severity === 0).map((m) => m.code).join(',')}`);
    }
    expect(failures).toEqual([]);
  });

  it('models are in metres, stand on y = 0, centred on x/z, with coloured materials', async () => {
    for (const a of glbs) {
      const { mesh } = await readMesh(a.glb);
      const min = [Infinity, Infinity, Infinity];
      const max = [-Infinity, -Infinity, -Infinity];
      for (let i = 0; i < mesh.positions.length; i += 3) {
        for (let k = 0; k < 3; k++) {
          min[k] = Math.min(min[k]!, mesh.positions[i + k]!);
          max[k] = Math.max(max[k]!, mesh.positions[i + k]!);
        }
      }
      const height = max[1]! - min[1]!;
      expect({ id: a.id, ok: height >= 0.05 && height <= 15 }).toEqual({ id: a.id, ok: true });
      expect(Math.abs(min[1]!)).toBeLessThan(1e-4);
      expect(Math.abs(min[0]! + max[0]!) / 2).toBeLessThan(1e-4);
      expect(Math.abs(min[2]! + max[2]!) / 2).toBeLessThan(1e-4);
      expect(Math.max(max[0]! - min[0]!, max[2]! - min[2]!)).toBeLessThan(15);
      expect(mesh.materials.length).toBeGreaterThan(0);
    }
  });

  it('thumbnails are 512×512 PNGs', () => {
    expect(built.assets.length).toBe(sampled.size);
    for (const a of built.assets) expect(pngSize(a.thumbnail)).toEqual([512, 512]);
  });

  it('is deterministic: a second build gives the same bytes', async () => {
    const again = await buildStarterCatalog({ filter: (a) => sampled.has(a.id) });
    const first = new Map(built.assets.map((a) => [a.id, a]));
    for (const a of again.assets) {
      const b = first.get(a.id)!;
      expect(a.sha256).toBe(b.sha256);
      expect(Buffer.from(a.thumbnail).equals(Buffer.from(b.thumbnail))).toBe(true);
    }
    // The GLBs of all assets, built a second time.
    for (const a of glbs) {
      const d = STARTER_ASSETS.find((x) => x.id === a.id)!;
      expect(Buffer.from(await buildStarterGlb(d)).equals(Buffer.from(a.glb))).toBe(true);
    }
  });

  it('asset definitions build without touching the builder of another asset', () => {
    const a = STARTER_ASSETS[0]!;
    expect(Array.from(a.build().positions)).toEqual(Array.from(a.build().positions));
  });
});
