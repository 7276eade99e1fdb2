/**
 * The importer against the real database and storage: a CC0 pack folder goes in (files, rows,
 * rendered thumbnails), a re-import changes nothing, a changed pack is replaced, and a pack under
 * any other licence is refused by the service and by the CLI with nothing stored.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildStarterCatalog, CatalogImportError, STARTER_ASSETS, STARTER_PACKS } from '@rigforge/catalog';
import { runCatalogCommand } from '../src/admin/catalog-cli';
import { importPackFolder } from '../src/services/catalog-import';
import { startHarness, type Harness } from './harness';

const ROOT = path.resolve(__dirname, '../../..');
const T = `ci${randomUUID().slice(0, 6)}`;
let h: Harness;
let models: Uint8Array[];
let workDir: string;

beforeAll(async () => {
  h = await startHarness();
  const wanted = STARTER_PACKS.slice(0, 2).map((p) => STARTER_ASSETS.find((a) => a.pack === p.id)!.id);
  models = (await buildStarterCatalog({ filter: (a) => wanted.includes(a.id), thumbnailSize: 32 })).assets.map((a) => a.glb);
  workDir = path.join(os.tmpdir(), `rigforge-catalog-import-${T}`);
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
  await h.close();
});

interface ManifestAsset {
  file: string;
  name: string;
  category: string;
}

async function writePack(name: string, license: string, assets: ManifestAsset[]): Promise<string> {
  const dir = path.join(workDir, name);
  await mkdir(path.join(dir, 'models'), { recursive: true });
  for (const [i, a] of assets.entries()) await writeFile(path.join(dir, a.file), models[i % models.length]!);
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify({ pack: name, license, assets }, null, 2));
  return dir;
}

const packRows = (pack: string) => h.ctx.db.asset.findMany({ where: { pack }, orderBy: { id: 'asc' } });
const storedFiles = async (pack: string) =>
  readdir(path.join(h.ctx.env.STORAGE_DIR, 'assets', pack)).then(
    (names) => names.filter((n) => !n.endsWith('.tmp')).sort(),
    () => [] as string[],
  );

const ASSETS: ManifestAsset[] = [
  { file: 'models/Old Crate.glb', name: 'Old Crate', category: 'crates' },
  { file: 'models/lamp.glb', name: 'Street Lamp', category: 'lighting' },
  { file: 'models/crate-2.glb', name: 'Crate Two', category: 'crates' },
];

test('a CC0 pack is imported with rendered thumbnails; re-importing is idempotent; a changed pack is replaced', async () => {
  const pack = `${T}-kit`;
  const dir = await writePack(pack, 'CC0-1.0', ASSETS);
  const first = await importPackFolder(h.ctx, dir, { thumbnailSize: 32 });
  expect(first).toMatchObject({ packs: [pack], assets: 3, inserted: 3, updated: 0, unchanged: 0, removed: 0, filesWritten: 6 });
  const rows = await packRows(pack);
  expect(rows.map((r) => [r.id, r.name, r.category, r.license])).toEqual([
    [`${pack}/crate-2`, 'Crate Two', 'crates', 'CC0-1.0'],
    [`${pack}/lamp`, 'Street Lamp', 'lighting', 'CC0-1.0'],
    [`${pack}/old-crate`, 'Old Crate', 'crates', 'CC0-1.0'],
  ]);
  expect(await storedFiles(pack)).toHaveLength(6);
  const thumb = await h.ctx.storage.get(rows[0]!.thumbnailKey);
  expect(thumb.subarray(1, 4).toString('latin1')).toBe('PNG');

  // Same folder again: nothing written, nothing updated (rows keep their updated_at).
  const again = await importPackFolder(h.ctx, dir, { thumbnailSize: 32 });
  expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 3, removed: 0, filesWritten: 0, filesDeleted: 0 });
  expect((await packRows(pack)).map((r) => r.updatedAt.getTime())).toEqual(rows.map((r) => r.updatedAt.getTime()));

  // Rename one, drop one: the pack becomes exactly the new manifest; the dropped files go.
  await writeFile(
    path.join(dir, 'manifest.json'),
    JSON.stringify({ pack, license: 'CC0-1.0', assets: [ASSETS[0], { ...ASSETS[1], name: 'Tall Street Lamp' }] }),
  );
  const changed = await importPackFolder(h.ctx, dir, { thumbnailSize: 32 });
  expect(changed).toMatchObject({ inserted: 0, updated: 2, unchanged: 0, removed: 1, filesDeleted: 2 });
  const after = await packRows(pack);
  expect(after.map((r) => [r.id, r.name])).toEqual([
    [`${pack}/lamp`, 'Tall Street Lamp'],
    [`${pack}/old-crate`, 'Old Crate'],
  ]);
  expect(await storedFiles(pack)).toHaveLength(4);

  // The API serves it.
  const account = await h.seedAccount();
  const res = await h.request.get(`/v1/assets?pack=${pack}`).set(account.auth);
  expect(res.body.total).toBe(2);
  expect(res.body.assets[0]).toMatchObject({ id: `${pack}/lamp`, name: 'Tall Street Lamp', category: 'lighting' });
});

test('a pack under another licence is refused and nothing is imported', async () => {
  for (const license of ['CC-BY-4.0', 'cc0-1.0', '']) {
    const pack = `${T}-byl-${license.length}`;
    const dir = await writePack(pack, license, ASSETS);
    const error = await importPackFolder(h.ctx, dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogImportError);
    expect((error as CatalogImportError).code).toBe('license_not_allowed');
    expect((error as Error).message).toContain('only CC0-1.0');
    expect(await packRows(pack)).toEqual([]);
    expect(await storedFiles(pack)).toEqual([]);
  }
});

test('one bad model refuses the whole pack', async () => {
  const pack = `${T}-bad`;
  const dir = await writePack(pack, 'CC0-1.0', ASSETS);
  await writeFile(path.join(dir, 'models/lamp.glb'), 'not a model');
  await expect(importPackFolder(h.ctx, dir, { thumbnailSize: 32 })).rejects.toMatchObject({ code: 'invalid_asset' });
  expect(await packRows(pack)).toEqual([]);
  expect(await storedFiles(pack)).toEqual([]);
});

test('the CLI: catalog:import prints the refusal and exits non-zero; a usage mistake exits 2', async () => {
  const pack = `${T}-cli`;
  const dir = await writePack(pack, 'CC-BY-SA-4.0', ASSETS.slice(0, 1));
  const error = await runCatalogCommand('catalog:import', { dir }, h.ctx.env, h.ctx.db).catch((e: unknown) => e);
  expect(error).toMatchObject({ exitCode: 1 });
  expect((error as Error).message).toMatch(/licence "CC-BY-SA-4\.0" is not allowed.*\nnothing was imported/s);
  await expect(runCatalogCommand('catalog:import', {}, h.ctx.env, h.ctx.db)).rejects.toMatchObject({ exitCode: 2 });

  // The real process, as an operator runs it.
  const run = await new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
    execFile(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      ['apps/api/src/admin/cli.ts', 'catalog:import', '--dir', dir],
      { cwd: ROOT, env: { ...process.env, INIT_CWD: ROOT } },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
  expect(run.code).toBe(1);
  expect(run.stderr).toContain('only CC0-1.0 packs can be imported');
  expect(run.stderr).toContain('nothing was imported');
  expect(run.stdout).toBe('');
  expect(await packRows(pack)).toEqual([]);
});
