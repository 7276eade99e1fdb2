/**
 * The `rigforge` CLI end to end: the installed bin against the real API and real rig and generate
 * workers. Rigs the sample humanoid to GLB and the sample quadruped to FBX (downloaded files
 * checked by their magic bytes and a skin), generates from the sample image, searches the catalog,
 * lists and gets jobs, and checks the exit code of each error class the API can produce here.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { buildStarterCatalog, STARTER_ASSETS } from '@rigforge/catalog';
import { storeCatalogPacks } from '../../api/src/services/catalog-import';
import { EXIT_CODES } from '../src/exit-codes';
import { ROOT, runCli } from './run-cli';
import { startService, type StartedService } from './service';

let service: StartedService;
let env: Record<string, string>;
let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'rigforge-cli-'));
  service = await startService(['rig.fast', 'generate_model']);
  env = { RIGFORGE_BASE_URL: service.baseUrl, RIGFORGE_API_KEY: service.account.key };
}, 180_000);

afterAll(async () => {
  await service?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

const jobShape = z.object({ id: z.uuid(), status: z.string(), operation: z.string(), output: z.object({ model_url: z.string() }).nullable() });

function glbJson(bytes: Buffer): Record<string, unknown> {
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('glTF');
  const length = bytes.readUInt32LE(12);
  return z.record(z.string(), z.unknown()).parse(JSON.parse(bytes.subarray(20, 20 + length).toString('utf8')));
}

test('rig examples/humanoid.glb writes a rigged GLB and reports progress', async () => {
  const out = path.join(tmp, 'rigged.glb');
  const run = await runCli(['rig', 'examples/humanoid.glb', '--out', out], env);
  expect({ code: run.code, stderr: run.stderr }).toMatchObject({ code: 0 });
  expect(run.stdout).toContain('succeeded');
  // Where it wrote is said once, on the progress line, not a second time on stdout.
  expect(run.stderr).toContain(`wrote ${out}`);
  expect(run.stdout).not.toContain(out);
  const json = glbJson(await readFile(out));
  expect(Array.isArray(json.skins) && json.skins.length).toBeTruthy();
}, 240_000);

test('rig --type quadruped --format fbx --json writes an FBX and prints the job', async () => {
  const out = path.join(tmp, 'dog.fbx');
  const run = await runCli(['rig', path.join(ROOT, 'examples/quadruped.glb'), '--type', 'quadruped', '--format', 'fbx', '--out', out, '--json'], env);
  expect({ code: run.code, stderr: run.stderr }).toMatchObject({ code: 0 });
  const job = jobShape.parse(JSON.parse(run.stdout));
  expect(job).toMatchObject({ status: 'succeeded', operation: 'rig' });
  expect((await readFile(out)).subarray(0, 18).toString('latin1')).toBe('Kaydara FBX Binary');

  // Independent reads: the two CLI processes start side by side.
  const [got, list] = await Promise.all([runCli(['jobs', 'get', job.id, '--json'], env), runCli(['jobs', 'list', '--operation', 'rig', '--json'], env)]);
  expect(jobShape.parse(JSON.parse(got.stdout))).toMatchObject({ id: job.id, status: 'succeeded' });
  expect(z.object({ total: z.number(), jobs: z.array(jobShape) }).parse(JSON.parse(list.stdout)).jobs.map((j) => j.id)).toContain(job.id);
}, 240_000);

test('rig --type auto: the finished job says the body plan chosen and its confidence', async () => {
  const out = path.join(tmp, 'auto.glb');
  const run = await runCli(['rig', path.join(ROOT, 'examples/quadruped.glb'), '--type', 'auto', '--out', out], env);
  expect({ code: run.code, stderr: run.stderr }).toMatchObject({ code: 0 });
  expect(run.stdout).toMatch(/body plan: quadruped \(chosen automatically, confidence 0\.\d\d\)/);
}, 240_000);

test('generate examples/hero.png writes a GLB', async () => {
  const out = path.join(tmp, 'hero.glb');
  const run = await runCli(['generate', 'examples/hero.png', '--out', out], env);
  expect({ code: run.code, stderr: run.stderr }).toMatchObject({ code: 0 });
  glbJson(await readFile(out));
}, 240_000);

test('assets search and categories answer in JSON', async () => {
  const [search, categories] = await Promise.all([runCli(['assets', 'search', 'crate', '--limit', '5', '--json'], env), runCli(['assets', 'categories', '--json'], env)]);
  expect(search.code).toBe(0);
  expect(JSON.parse(search.stdout)).toMatchObject({ object: 'list', license: 'CC0-1.0', limit: 5 });
  expect(JSON.parse(categories.stdout)).toMatchObject({ object: 'asset_categories' });
}, 60_000);

test('assets download writes an asset by its id; an unknown id is a usage error', async () => {
  const [built] = (await buildStarterCatalog({ filter: (a) => a.id === STARTER_ASSETS[0]!.id, thumbnailSize: 32 })).assets;
  const id = 'cli-e2e-pack/little-crate';
  await storeCatalogPacks(service.h.ctx, { packs: ['cli-e2e-pack'], catalogVersion: 'test', assets: [{ ...built!, id, pack: 'cli-e2e-pack' }] });
  const out = path.join(tmp, 'crate.glb');
  const run = await runCli(['assets', 'download', id, '--out', out], env);
  expect({ code: run.code, stderr: run.stderr }).toMatchObject({ code: 0 });
  expect(run.stdout).toContain(`wrote ${out}`);
  glbJson(await readFile(out));
  const unknown = await runCli(['assets', 'download', 'cli-e2e-pack/none'], env);
  expect(unknown.code).toBe(EXIT_CODES.usage);
}, 120_000);

test('--idempotency-key makes a repeated submission answer the first job; account shows the charge once', async () => {
  const who = await service.h.seedAccount({ plan: 'standard', credits: 100 });
  const args = ['rig', 'examples/humanoid.glb', '--no-wait', '--json', '--key', who.key, '--idempotency-key', 'cli-e2e-order-1'];
  const first = jobShape.parse(JSON.parse((await runCli(args, env)).stdout));
  const again = jobShape.parse(JSON.parse((await runCli(args, env)).stdout));
  expect(again.id).toBe(first.id);
  const [account, people] = await Promise.all([runCli(['account', '--json', '--key', who.key], env), runCli(['account', '--key', who.key], env)]);
  expect(JSON.parse(account.stdout)).toMatchObject({ credit_balance: 90, usage: { jobs: { rig: 1 } } });
  expect(people.stdout).toContain('credits: 90');
}, 120_000);

test('exit codes by error class', async () => {
  // Each case is its own CLI process with nothing shared, so they start side by side.
  const broke = await service.h.seedAccount({ plan: 'standard', credits: 0 });
  const [usage, missing, notMesh, auth, payment, server] = await Promise.all([
    runCli(['rig', 'examples/humanoid.glb', '--type', 'centaur'], env),
    runCli(['rig', 'examples/no-such.glb'], env),
    runCli(['rig', 'examples/hero.png', '--json'], env),
    runCli(['jobs', 'list', '--key', 'rf_not_a_real_key'], env),
    runCli(['rig', 'examples/humanoid.glb', '--key', broke.key], env),
    runCli(['jobs', 'list', '--base-url', 'http://127.0.0.1:9'], env),
  ]);
  expect(usage.code).toBe(EXIT_CODES.usage);
  expect(missing.code).toBe(EXIT_CODES.usage);
  expect(notMesh.code).toBe(EXIT_CODES.usage);
  expect(JSON.parse(notMesh.stdout)).toMatchObject({ error: { code: 'unsupported_format' } });
  expect(auth.code).toBe(EXIT_CODES.auth);
  expect(auth.stderr).toContain('unauthorized');
  expect(payment.code).toBe(EXIT_CODES.payment);
  expect(server.code).toBe(EXIT_CODES.server);
}, 120_000);
