import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Document, WebIO } from '@gltf-transform/core';
import { box, buildStarterGlb, CatalogImportError, readPackFolder, renderThumbnailForTest, STARTER_ASSETS } from './read-pack-folder-helpers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { validateBytes } = require('gltf-validator') as { validateBytes(b: Uint8Array): Promise<{ issues: { numErrors: number } }> };

let root: string;
let glb: Uint8Array;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'catalog-import-'));
  glb = await buildStarterGlb(STARTER_ASSETS.find((a) => a.id === 'starter-props/crate-small')!);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function folder(name: string, manifest: unknown, files: Record<string, Uint8Array | string>): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
  for (const [f, bytes] of Object.entries(files)) {
    mkdirSync(join(dir, f, '..'), { recursive: true });
    writeFileSync(join(dir, f), bytes);
  }
  return dir;
}

/** A .gltf with an external .bin, written by glTF-Transform into `dir/sub`. */
async function writeGltf(dir: string): Promise<void> {
  const doc = new Document();
  const buf = doc.createBuffer('data').setURI('tri.bin');
  const pos = doc.createAccessor().setType('VEC3').setBuffer(buf).setArray(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]));
  const prim = doc.createPrimitive().setAttribute('POSITION', pos);
  const mesh = doc.createMesh().addPrimitive(prim);
  doc.createScene().addChild(doc.createNode().setMesh(mesh));
  const { json, resources } = await new WebIO().writeJSON(doc);
  mkdirSync(join(dir, 'sub'), { recursive: true });
  writeFileSync(join(dir, 'sub/tri.gltf'), JSON.stringify(json));
  for (const [k, v] of Object.entries(resources)) writeFileSync(join(dir, 'sub', k), v);
}

describe('readPackFolder', () => {
  it('imports a CC0 pack: GLB with its thumbnail, glTF converted to GLB, missing thumbnail rendered', async () => {
    const thumb = renderThumbnailForTest();
    const dir = folder('good', {
      pack: 'third-party',
      license: 'CC0-1.0',
      assets: [
        { file: 'models/Old Crate.glb', name: 'Old Crate', category: 'crates', thumbnail: 'thumbs/crate.png' },
        { file: 'sub/tri.gltf', name: 'Triangle', category: 'misc', id: 'tri' },
      ],
    }, { 'models/Old Crate.glb': glb, 'thumbs/crate.png': thumb });
    await writeGltf(dir);
    const pack = await readPackFolder(dir);
    expect(pack.pack).toBe('third-party');
    expect(pack.license).toBe('CC0-1.0');
    expect(pack.assets.map((a) => a.id)).toEqual(['third-party/old-crate', 'third-party/tri']);
    expect(Buffer.from(pack.assets[0]!.thumbnail).equals(Buffer.from(thumb))).toBe(true);
    const tri = pack.assets[1]!;
    expect(Buffer.from(tri.glb.subarray(0, 4)).toString('latin1')).toBe('glTF');
    expect((await validateBytes(tri.glb)).issues.numErrors).toBe(0);
    expect(Array.from(tri.thumbnail.subarray(1, 4))).toEqual([0x50, 0x4e, 0x47]); // rendered PNG
    expect(tri.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses any licence but CC0-1.0 before reading models, naming the licence', async () => {
    // The model file is missing on purpose: the licence must be refused first.
    const dir = folder('by', { pack: 'licensed', license: 'CC-BY-4.0', assets: [{ file: 'missing.glb', name: 'X', category: 'crates' }] }, {});
    const err = await readPackFolder(dir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CatalogImportError);
    expect((err as CatalogImportError).code).toBe('license_not_allowed');
    expect((err as CatalogImportError).message).toContain('CC-BY-4.0');
    for (const lic of ['cc0-1.0', 'CC0', 'MIT', '']) {
      const d = folder(`lic-${lic || 'empty'}`, { pack: 'p', license: lic, assets: [{ file: 'a.glb', name: 'A', category: 'c' }] }, { 'a.glb': glb });
      await expect(readPackFolder(d)).rejects.toMatchObject({ code: 'license_not_allowed' });
    }
  });

  it('refuses path traversal and absolute paths, in the manifest and in glTF buffer URIs', async () => {
    writeFileSync(join(root, 'outside.glb'), glb);
    for (const file of ['../outside.glb', join(root, 'outside.glb'), 'models/../../outside.glb']) {
      const dir = folder(`trav-${Math.abs(file.length)}`, { pack: 'p', license: 'CC0-1.0', assets: [{ file, name: 'A', category: 'c' }] }, {});
      await expect(readPackFolder(dir)).rejects.toMatchObject({ code: 'invalid_asset' });
    }
    const dir = folder('trav-gltf', { pack: 'p', license: 'CC0-1.0', assets: [{ file: 'sub/tri.gltf', name: 'A', category: 'c' }] }, {});
    await writeGltf(dir);
    const json = JSON.parse(require('node:fs').readFileSync(join(dir, 'sub/tri.gltf'), 'utf8'));
    json.buffers[0].uri = '../../outside.bin';
    writeFileSync(join(dir, 'sub/tri.gltf'), JSON.stringify(json));
    const err = (await readPackFolder(dir).catch((e: unknown) => e)) as CatalogImportError;
    expect(err.code).toBe('invalid_asset');
    expect(err.problems.join()).toContain('outside');
  });

  it('is all-or-nothing: one broken GLB refuses the pack and lists every problem', async () => {
    const broken = new Uint8Array(glb.slice(0, 60));
    const dir = folder('broken', {
      pack: 'p',
      license: 'CC0-1.0',
      assets: [
        { file: 'good.glb', name: 'Good', category: 'crates' },
        { file: 'bad.glb', name: 'Bad', category: 'crates' },
        { file: 'junk.glb', name: 'Junk', category: 'crates' },
      ],
    }, { 'good.glb': glb, 'bad.glb': broken, 'junk.glb': 'not a model' });
    const err = (await readPackFolder(dir).catch((e: unknown) => e)) as CatalogImportError;
    expect(err).toBeInstanceOf(CatalogImportError);
    expect(err.code).toBe('invalid_asset');
    expect(err.problems).toHaveLength(2);
    expect(err.problems[0]).toContain('bad.glb');
    expect(err.problems[1]).toContain('junk.glb');
  });

  it('refuses an invalid manifest with the schema problems', async () => {
    const dir = folder('bad-manifest', { pack: 'Not Kebab', license: 'CC0-1.0', assets: [] }, {});
    await expect(readPackFolder(dir)).rejects.toMatchObject({ code: 'invalid_manifest' });
    void box;
  });
});
