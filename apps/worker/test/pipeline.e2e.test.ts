/**
 * The production engines end to end: real worker processes with the built-in engines, jobs
 * submitted over HTTP. Image → model → rigged character; every body plan; every input format.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readCreditBalance } from '@rigforge/db';
import { readMesh, writeFbx, writeGlb, type Mesh } from '@rigforge/mesh';
import { buildHumanoidClipGlb } from '@rigforge/mesh/testing';
import { BODY_PLANS } from '@rigforge/rig';
import { buildCreature } from '@rigforge/rig/testing';
import { startIsolatedHarness, type Harness, type SeededAccount } from '../../api/test/harness';
import { fetchOutput, workerEnvFor } from './e2e-env';
import { startWorkerProcess, waitFor, type WorkerProcess } from './worker-process';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { validateBytes } = require('gltf-validator') as {
  validateBytes: (bytes: Uint8Array, options?: object) => Promise<{ issues: { numErrors: number; messages: { severity: number }[] } }>;
};

let h: Harness;
let account: SeededAccount;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  h = await startIsolatedHarness({ REQUIRE_LIVE_WORKERS: 'true', FETCH_ALLOW_HOSTS: '127.0.0.1' });
  account = await h.seedAccount({ plan: 'pro', credits: 100_000 });
  workers.push(
    startWorkerProcess('rig.fast', workerEnvFor(h), 2),
    startWorkerProcess('rig.pro', workerEnvFor(h)),
    startWorkerProcess('generate_model', workerEnvFor(h)),
  );
  await waitFor(async () => workers.every((w) => w.output().includes('ready')), 90_000, 'workers').catch((error: Error) => {
    throw new Error(`${error.message}\n${workers.map((w) => w.output()).join('\n')}`);
  });
}, 120_000);

afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await h?.close();
});

async function submitAndWait(path: string, body: object, timeoutMs = 120_000) {
  const res = await h.request.post(path).set(account.auth).send(body);
  if (res.status !== 202) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return waitFor(
    async () => {
      const job = (await h.request.get(`/v1/jobs/${res.body.id}`).set(account.auth)).body;
      return job.status === 'succeeded' || job.status === 'failed' ? job : null;
    },
    timeoutMs,
    `job ${res.body.id}`,
  );
}

async function expectValidRiggedGlb(url: string): Promise<void> {
  const glb = await fetchOutput(h, url);
  const report = await validateBytes(new Uint8Array(glb), { maxIssues: 20 });
  expect(report.issues.messages.filter((m) => m.severity === 0)).toEqual([]); // errors only; infos allowed
  expect(report.issues.numErrors).toBe(0);
  const json = JSON.parse(glb.subarray(20, 20 + glb.readUInt32LE(12)).toString('utf8'));
  expect(json.skins?.[0]?.joints.length).toBeGreaterThan(1);
}

/** A character-like figure on a transparent background. */
async function figurePng(): Promise<Buffer> {
  const w = 200;
  const hgt = 320;
  const rgba = Buffer.alloc(w * hgt * 4);
  const inside = (x: number, y: number) =>
    (x - 100) ** 2 + (y - 50) ** 2 < 30 ** 2 || // head
    (Math.abs(x - 100) < 35 && y > 80 && y < 190) || // torso
    (Math.abs(x - 100) < 95 && y > 90 && y < 115) || // arms
    (Math.abs(x - 80) < 14 && y >= 190 && y < 305) || // legs
    (Math.abs(x - 120) < 14 && y >= 190 && y < 305);
  for (let y = 0; y < hgt; y++) for (let x = 0; x < w; x++) if (inside(x, y)) rgba.set([40, 90, 200, 255], (y * w + x) * 4);
  return sharp(rgba, { raw: { width: w, height: hgt, channels: 4 } }).png().toBuffer();
}

test('image → generate_model → rig from_job (biped): both succeed, the rigged GLB validates', async () => {
  const generated = await submitAndWait('/v1/models', { image_base64: (await figurePng()).toString('base64') });
  expect(generated.status).toBe('succeeded');
  expect(generated.output.thumbnail_url).toMatch(/thumbnail\.png$/);
  const model = await fetchOutput(h, generated.output.model_url);
  expect((await validateBytes(new Uint8Array(model))).issues.numErrors).toBe(0);
  const rigged = await submitAndWait('/v1/rigs', { from_job: generated.id, rig_type: 'biped' });
  expect(rigged.status).toBe('succeeded');
  await expectValidRiggedGlb(rigged.output.model_url);
}, 240_000);

describe('animation_url', () => {
  let server: http.Server;
  let clipUrl: string;
  beforeAll(async () => {
    const clip = Buffer.from(await buildHumanoidClipGlb({}));
    server = http.createServer((_req, res) => res.end(clip));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    clipUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/walk.glb`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  test('a humanoid clip is retargeted into the rigged GLB', async () => {
    const glb = await writeGlb(buildCreature('biped').mesh);
    const job = await submitAndWait('/v1/rigs', { model_base64: Buffer.from(glb).toString('base64'), animation_url: clipUrl });
    expect(job.error).toBeNull();
    await expectValidRiggedGlb(job.output.model_url);
    const out = await fetchOutput(h, job.output.model_url);
    const json = JSON.parse(out.subarray(20, 20 + out.readUInt32LE(12)).toString('utf8'));
    expect(json.animations).toHaveLength(1);
    expect(json.animations[0].channels.length).toBeGreaterThan(5);
    const row = await h.ctx.db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(row.report).toMatchObject({ animations: 1 });
  }, 180_000);

  test('and into an FBX output that Assimp reads with its animation', async () => {
    const glb = await writeGlb(buildCreature('biped').mesh);
    const job = await submitAndWait('/v1/rigs', {
      model_base64: Buffer.from(glb).toString('base64'),
      animation_url: clipUrl,
      output_format: 'fbx',
    });
    expect(job.error).toBeNull();
    const fbx = await fetchOutput(h, job.output.model_url);
    let assimp = '';
    try {
      assimp = execFileSync('which', ['assimp']).toString().trim();
    } catch {
      console.warn('assimp is not installed: the Assimp check of the animated FBX is skipped');
      return;
    }
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'fbx-')), 'animated.fbx');
    writeFileSync(file, fbx);
    expect(execFileSync(assimp, ['info', file], { encoding: 'utf8' })).toMatch(/Animations:\s+1/);
  }, 180_000);
});

test('an image with no subject is a failed job with invalid_input, refunded', async () => {
  const blank = await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } } }).png().toBuffer();
  // The balance, not the accounts row alone: this account's 100 000 credits are split into pockets.
  const before = (await readCreditBalance(h.ctx.db, account.accountId))?.balance;
  const job = await submitAndWait('/v1/models', { image_base64: blank.toString('base64') });
  expect(job).toMatchObject({ status: 'failed', output: null, error: { code: 'invalid_input' } });
  expect(job.error.message).toMatch(/no subject/);
  expect((await readCreditBalance(h.ctx.db, account.accountId))?.balance).toBe(before);
}, 120_000);

// Concurrent: the rig.fast worker runs two jobs at once (started with concurrency 2), so the body
// plans go through it two by two instead of one after another. Jest runs the group on its own,
// after the tests above and before those below, so no other job shares the account meanwhile.
test.concurrent.each(BODY_PLANS)('rig_type %s on a matching creature succeeds with a valid rigged GLB', async (plan) => {
  const creature = buildCreature(plan);
  const glb = await writeGlb(creature.mesh);
  const job = await submitAndWait('/v1/rigs', { model_base64: Buffer.from(glb).toString('base64'), rig_type: plan });
  expect(job.error).toBeNull();
  expect(job.status).toBe('succeeded');
  await expectValidRiggedGlb(job.output.model_url);
  const png = await fetchOutput(h, job.output.thumbnail_url);
  expect((await sharp(png).metadata()).width).toBe(512);
}, 180_000);

test('the pro engine rigs at finer grids: a valid rigged GLB, a report with its timings', async () => {
  const creature = buildCreature('biped');
  const glb = await writeGlb(creature.mesh);
  const job = await submitAndWait('/v1/rigs', { model_base64: Buffer.from(glb).toString('base64'), engine: 'pro' });
  expect(job.error).toBeNull();
  await expectValidRiggedGlb(job.output.model_url);
  const row = await h.ctx.db.job.findUniqueOrThrow({ where: { id: job.id } });
  expect(row.report).toMatchObject({ engine: 'rig.pro', bodyPlan: 'biped', joints: expect.any(Number), timingsMs: expect.any(Object) });
}, 180_000);

function toObj(mesh: Mesh): string {
  const lines: string[] = [];
  for (let i = 0; i < mesh.positions.length; i += 3) lines.push(`v ${mesh.positions[i]} ${mesh.positions[i + 1]} ${mesh.positions[i + 2]}`);
  for (let i = 0; i < mesh.indices.length; i += 3) lines.push(`f ${mesh.indices[i]! + 1} ${mesh.indices[i + 1]! + 1} ${mesh.indices[i + 2]! + 1}`);
  return lines.join('\n');
}

function toBinaryStl(mesh: Mesh): Buffer {
  const count = mesh.indices.length / 3;
  const out = Buffer.alloc(84 + count * 50);
  out.writeUInt32LE(count, 80);
  for (let t = 0; t < count; t++) {
    for (let c = 0; c < 3; c++) {
      const v = mesh.indices[t * 3 + c]!;
      for (let k = 0; k < 3; k++) out.writeFloatLE(mesh.positions[v * 3 + k]!, 84 + t * 50 + 12 + c * 12 + k * 4);
    }
  }
  return out;
}

function glbToEmbeddedGltf(glb: Buffer): string {
  const jsonLength = glb.readUInt32LE(12);
  const json = JSON.parse(glb.subarray(20, 20 + jsonLength).toString('utf8'));
  const binStart = 20 + jsonLength + 8;
  const bin = glb.subarray(binStart, binStart + glb.readUInt32LE(20 + jsonLength));
  json.buffers[0].uri = `data:application/octet-stream;base64,${bin.toString('base64')}`;
  return JSON.stringify(json);
}

describe('every input format, and FBX output', () => {
  const creature = buildCreature('biped');
  const inputs: [string, () => Promise<Buffer>][] = [
    ['obj', async () => Buffer.from(toObj(creature.mesh))],
    ['stl', async () => toBinaryStl(creature.mesh)],
    ['gltf', async () => Buffer.from(glbToEmbeddedGltf(Buffer.from(await writeGlb(creature.mesh))))],
    ['fbx', async () => Buffer.from(writeFbx(creature.mesh))],
  ];
  // Two at a time through the rig.fast worker, as the body plans above.
  test.concurrent.each(inputs)('a %s mesh is rigged to a valid GLB', async (_format, make) => {
    const job = await submitAndWait('/v1/rigs', { model_base64: (await make()).toString('base64'), rig_type: 'biped' });
    expect(job.error).toBeNull();
    await expectValidRiggedGlb(job.output.model_url);
  }, 180_000);

  test('output_format fbx: a binary FBX our reader and Assimp open with its skeleton', async () => {
    const glb = await writeGlb(creature.mesh);
    const job = await submitAndWait('/v1/rigs', { model_base64: Buffer.from(glb).toString('base64'), rig_type: 'biped', output_format: 'fbx' });
    expect(job.status).toBe('succeeded');
    expect(job.output.model_url).toMatch(/model\.fbx$/);
    const fbx = await fetchOutput(h, job.output.model_url);
    expect(fbx.subarray(0, 18).toString('latin1')).toBe('Kaydara FBX Binary');
    expect((await readMesh(new Uint8Array(fbx))).mesh.indices.length).toBe(creature.mesh.indices.length);
    let assimp = '';
    try {
      assimp = execFileSync('which', ['assimp']).toString().trim();
    } catch {
      console.warn('assimp is not installed: the Assimp check of the FBX output is skipped');
      return;
    }
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'fbx-')), 'rigged.fbx');
    writeFileSync(file, fbx);
    const info = execFileSync(assimp, ['info', file], { encoding: 'utf8' });
    expect(info).toMatch(/Meshes:\s+[1-9]/);
    expect(info).toMatch(/hips/i);
  }, 180_000);
});
