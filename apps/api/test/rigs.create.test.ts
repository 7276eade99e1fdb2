import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readCreditBalance } from '@rigforge/db';
import { writeFbx, writeGlb } from '@rigforge/mesh';
import { buildHumanoidClip, buildHumanoidClipGlb } from '@rigforge/mesh/testing';
import { boxGlb, boxGlbBase64 } from './fixtures';
import { startHarness, type Harness, type SeededAccount } from './harness';

let h: Harness;
let account: SeededAccount;
let glb64: string;
let fileServer: http.Server;
let fileBase: string;
/** Every path the stand-in file host was asked for, in order. */
const served: string[] = [];
const BROKEN_FBX = Buffer.concat([Buffer.from('Kaydara FBX Binary  \0\x1a\0'), Buffer.alloc(64)]);

beforeAll(async () => {
  h = await startHarness({ FETCH_ALLOW_HOSTS: '127.0.0.1', PRICE_RIG_FAST: '10', PRICE_RIG_PRO: '30', PRICE_RETARGET: '5' });
  account = await h.seedAccount({ plan: 'standard', credits: 1000 });
  glb64 = await boxGlbBase64();
  const glb = await boxGlb();
  // A real animation download: a Mixamo-named humanoid skeleton with one glTF animation.
  const clip = await buildHumanoidClipGlb();
  // The same clip as FBX (most clips in the wild are FBX): a one-triangle mesh skinned to the hips.
  const humanoid = buildHumanoidClip();
  const clipFbx = writeFbx(
    { positions: new Float32Array([-0.1, 0.9, 0, 0.1, 0.9, 0, 0, 1.1, 0]), indices: new Uint32Array([0, 1, 2]), groups: [], materials: [] },
    { rig: { skeleton: humanoid.skeleton, skin: { joints: new Uint16Array(12), weights: Float32Array.from({ length: 12 }, (_, i) => (i % 4 === 0 ? 1 : 0)) } }, animations: [humanoid.clip] },
  );
  // A file of three clips (idle, walk, run), as GLB and as FBX: how clip packs are downloaded.
  const three = ['idle', 'walk', 'run'].map((name, k) => ({ ...buildHumanoidClip({ elbowBendDegrees: 30 * (k + 1) }).clip, name }));
  const clipsGlb = await writeGlb(
    { positions: new Float32Array([-0.1, 0.9, 0, 0.1, 0.9, 0, 0, 1.1, 0]), indices: new Uint32Array([0, 1, 2]), groups: [], materials: [] },
    { rig: { skeleton: humanoid.skeleton, skin: { joints: new Uint16Array(12), weights: Float32Array.from({ length: 12 }, (_, i) => (i % 4 === 0 ? 1 : 0)) } }, animations: three },
  );
  const clipsFbx = writeFbx(
    { positions: new Float32Array([-0.1, 0.9, 0, 0.1, 0.9, 0, 0, 1.1, 0]), indices: new Uint32Array([0, 1, 2]), groups: [], materials: [] },
    { rig: { skeleton: humanoid.skeleton, skin: { joints: new Uint16Array(12), weights: Float32Array.from({ length: 12 }, (_, i) => (i % 4 === 0 ? 1 : 0)) } }, animations: three },
  );
  // A stand-in for a user's public file host (a true external boundary).
  fileServer = http.createServer((req, res) => {
    served.push(req.url ?? '');
    if (req.url === '/box.glb') return res.end(glb);
    if (req.url === '/clip.glb') return res.end(clip);
    if (req.url === '/clip.fbx') return res.end(clipFbx);
    if (req.url === '/clips.glb') return res.end(clipsGlb);
    if (req.url === '/clips.fbx') return res.end(clipsFbx);
    if (req.url === '/broken.fbx') return res.end(BROKEN_FBX);
    if (req.url === '/text.txt') return res.end('hello, not a mesh');
    if (req.url === '/redirect-private') {
      res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data' });
      return res.end();
    }
    if (req.url === '/huge') {
      res.writeHead(200, { 'Content-Length': String(50 * 1024 * 1024) });
      return res.end();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => fileServer.listen(0, '127.0.0.1', resolve));
  fileBase = `http://127.0.0.1:${(fileServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await h.close();
  await new Promise((resolve) => fileServer.close(resolve));
});

const post = (body: unknown, who: SeededAccount = account) =>
  h.request.post('/v1/rigs').set(who.auth).send(body as object);

describe('POST /v1/rigs accepts', () => {
  test('model_base64 with defaults: 202, the job object plus the rig fields', async () => {
    const res = await post({ model_base64: glb64 });
    expect(res.status).toBe(202);
    expect(Object.keys(res.body).sort()).toEqual(
      ['id', 'object', 'operation', 'status', 'output', 'error', 'created_at', 'progress', 'engine', 'rig_type', 'output_format', 'skeleton_preset', 'poll_url', 'estimated_seconds'].sort(),
    );
    expect(res.body).toMatchObject({
      object: 'job',
      operation: 'rig',
      status: 'queued',
      output: null,
      error: null,
      engine: 'fast',
      rig_type: 'biped',
      output_format: 'glb',
      skeleton_preset: 'rigforge',
      poll_url: `/v1/jobs/${res.body.id}`,
    });
    expect(res.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Number.isInteger(res.body.estimated_seconds)).toBe(true);
    // The answer's headers as res.json wrote them (sendAccepted writes it without res.json).
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.text)));
    expect(res.headers.location).toBe(`/v1/jobs/${res.body.id}`);
    const queued = await h.ctx.queues.get('rig.fast').getJob(res.body.id);
    expect(queued?.data).toEqual({ jobId: res.body.id });
  });

  test('every option echoed; the input is stored and the job row records the parameters', async () => {
    const pro = await h.seedAccount({ plan: 'pro' });
    const res = await post(
      { model_base64: glb64, rig_type: 'quadruped', engine: 'pro', output_format: 'fbx', rotation_y: -90 },
      pro,
    );
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ engine: 'pro', rig_type: 'quadruped', output_format: 'fbx' });
    const row = await h.ctx.db.job.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.queue).toBe('rig.pro');
    expect(row.params).toMatchObject({ rig_type: 'quadruped', rotation_y: -90, output_format: 'fbx' });
    expect((await h.ctx.storage.get(row.inputKey)).equals(Buffer.from(glb64, 'base64'))).toBe(true);
    // Inputs are private: the files route never serves them.
    expect((await h.request.get(`/files/${row.inputKey}`)).status).toBe(404);
  });

  test('model_url is downloaded at submission', async () => {
    const res = await post({ model_url: `${fileBase}/box.glb` });
    expect(res.status).toBe(202);
    const row = await h.ctx.db.job.findUniqueOrThrow({ where: { id: res.body.id } });
    expect((await h.ctx.storage.get(row.inputKey)).length).toBeGreaterThan(100);
  });

  test('credits: the rig price is reserved at acceptance, plus one retarget per clip', async () => {
    const who = await h.seedAccount({ credits: 100 });
    expect((await post({ model_base64: glb64 }, who)).status).toBe(202);
    expect((await readCreditBalance(h.ctx.db, who.accountId))?.balance).toBe(90);
    const withClip = await post({ model_base64: glb64, animation_url: `${fileBase}/clip.glb` }, who);
    expect(withClip.status).toBe(202);
    expect(await readCreditBalance(h.ctx.db, who.accountId)).toEqual({ balance: 75, ledgerSum: 75 });
    const row = await h.ctx.db.job.findUniqueOrThrow({ where: { id: withClip.body.id } });
    expect(row.creditsReserved).toBe(15);
  });

  test('a file of 3 clips (GLB or FBX) is billed as the rig plus 3 retargets; animation_clips keeps and bills only those named', async () => {
    const who = await h.seedAccount({ credits: 200 });
    for (const file of ['clips.glb', 'clips.fbx']) {
      const all = await post({ model_base64: glb64, animation_url: `${fileBase}/${file}` }, who);
      expect(all.status).toBe(202);
      const row = await h.ctx.db.job.findUniqueOrThrow({ where: { id: all.body.id } });
      expect(row.creditsReserved).toBe(10 + 3 * 5);
      expect(row.params).toMatchObject({ animation_clip_count: 3 });
      const some = await post({ model_base64: glb64, output_format: 'fbx', animation_url: `${fileBase}/${file}`, animation_clips: ['run', 'idle'] }, who);
      expect(some.status).toBe(202);
      const someRow = await h.ctx.db.job.findUniqueOrThrow({ where: { id: some.body.id } });
      expect(someRow.creditsReserved).toBe(10 + 2 * 5);
      expect(someRow.params).toMatchObject({ animation_clips: ['run', 'idle'], animation_clip_count: 2 });
    }
    expect(await readCreditBalance(h.ctx.db, who.accountId)).toEqual({ balance: 200 - 2 * 25 - 2 * 20, ledgerSum: 200 - 2 * 25 - 2 * 20 });
  });

  test('animation_url onto a quadruped rig is accepted (four-legged clips retarget by joint role)', async () => {
    const who = await h.seedAccount({ credits: 100 });
    const res = await post({ model_base64: glb64, rig_type: 'quadruped', animation_url: `${fileBase}/clip.glb` }, who);
    expect(res.status).toBe(202);
    expect((await h.ctx.db.job.findUniqueOrThrow({ where: { id: res.body.id } })).creditsReserved).toBe(15);
  });

  test('an FBX clip (Mixamo-style names) is accepted, with GLB or FBX output, and charged one retarget', async () => {
    const who = await h.seedAccount({ credits: 100 });
    for (const output_format of ['glb', 'fbx'] as const) {
      const res = await post({ model_base64: glb64, output_format, animation_url: `${fileBase}/clip.fbx` }, who);
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ output_format });
      const row = await h.ctx.db.job.findUniqueOrThrow({ where: { id: res.body.id } });
      expect(row.creditsReserved).toBe(15);
    }
    // A GLB clip into FBX output is accepted as well.
    expect((await post({ model_base64: glb64, output_format: 'fbx', animation_url: `${fileBase}/clip.glb` }, who)).status).toBe(202);
    expect(await readCreditBalance(h.ctx.db, who.accountId)).toEqual({ balance: 55, ledgerSum: 55 });
  });
});

describe('POST /v1/rigs rejects', () => {
  test.each([
    [{}, 'model_url'],
    [{ rig_type: 'biped' }, 'model_url'],
  ])('no model source: 400 invalid_request', async (body, param) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', param });
  });

  test('more than one source: 400 invalid_request', async () => {
    const res = await post({ model_base64: glb64, model_url: `${fileBase}/box.glb` });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
    const three = await post({ model_base64: glb64, model_url: `${fileBase}/box.glb`, from_job: crypto.randomUUID() });
    expect(three.status).toBe(400);
  });

  test.each([
    ['rig_type', 'dragon'],
    ['engine', 'turbo'],
    ['output_format', 'obj'],
    ['rotation_y', 'ninety'],
    ['rig_type', 7],
    ['model_url', 'ftp://example.com/a.glb'],
    ['from_job', 'not-a-uuid'],
    ['model_base64', '***'],
  ])('bad %s=%p: 400 invalid_request naming it', async (param, value) => {
    const body: Record<string, unknown> = { [param]: value };
    if (!['model_url', 'from_job', 'model_base64'].includes(param)) body.model_base64 = glb64;
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', param });
    expect(typeof res.body.error.message).toBe('string');
  });

  test('a skeleton preset and the vrm format on a biped: 202, echoed and kept in the params, at the rig price', async () => {
    const who = await h.seedAccount({ credits: 100 });
    const res = await post({ model_base64: glb64, skeleton_preset: 'unreal', output_format: 'vrm' }, who);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ skeleton_preset: 'unreal', output_format: 'vrm' });
    const row = await h.ctx.db.job.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.params).toMatchObject({ skeleton_preset: 'unreal', output_format: 'vrm' });
    // Presets are free: the same price as a rig without one.
    const plain = await post({ model_base64: glb64 }, who);
    expect(plain.status).toBe(202);
    const plainRow = await h.ctx.db.job.findUniqueOrThrow({ where: { id: plain.body.id } });
    expect(row.creditsReserved).toBe(plainRow.creditsReserved);
    expect(await readCreditBalance(h.ctx.db, who.accountId)).toEqual({ balance: 100 - 2 * row.creditsReserved, ledgerSum: 100 - 2 * row.creditsReserved });
  });

  test.each([
    [{ rig_type: 'quadruped', skeleton_preset: 'mixamo' }, 'skeleton_preset', /quadruped rig keeps the rigforge names/],
    [{ rig_type: 'avian', output_format: 'vrm' }, 'output_format', /humanoid bones/],
    [{ rig_type: 'auto', skeleton_preset: 'unity' }, 'skeleton_preset', /body plan named/],
    [{ skeleton_preset: 'blender' }, 'skeleton_preset', /./],
  ])('%p: 400 invalid_request naming %s', async (fields, param, message) => {
    const res = await post({ model_base64: glb64, ...fields });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', param });
    expect(res.body.error.message).toMatch(message);
  });

  test('unknown fields: 400 invalid_request naming the field', async () => {
    const res = await post({ model_base64: glb64, rigtype: 'biped' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'rigtype' });
  });

  test('animation_url with the pro engine: 400 (fast engine only)', async () => {
    const pro = await h.seedAccount({ plan: 'pro' });
    const res = await post({ model_base64: glb64, engine: 'pro', animation_url: `${fileBase}/clip.glb` }, pro);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'animation_url' });
  });

  test('animation_url that is not an animation clip: 400 unsupported_format; nothing charged', async () => {
    const who = await h.seedAccount({ credits: 100 });
    for (const [path, message] of [
      ['/box.glb', /no animation/],
      ['/text.txt', /unknown file format/],
      ['/broken.fbx', /^animation_url: fbx: /],
    ] as const) {
      const res = await post({ model_base64: glb64, animation_url: `${fileBase}${path}` }, who);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'unsupported_format', param: 'animation_url' });
      expect(res.body.error.message).toMatch(message);
    }
    expect(await readCreditBalance(h.ctx.db, who.accountId)).toEqual({ balance: 100, ledgerSum: 100 });
    expect(await h.ctx.db.job.count({ where: { accountId: who.accountId } })).toBe(0);
  });

  test('animation_clips naming a clip the file lacks: 400 invalid_request listing the file\'s clips; nothing charged', async () => {
    const who = await h.seedAccount({ credits: 100 });
    for (const file of ['clips.glb', 'clips.fbx']) {
      const res = await post({ model_base64: glb64, animation_url: `${fileBase}/${file}`, animation_clips: ['walk', 'jump'] }, who);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'animation_clips' });
      expect(res.body.error.message).toBe('animation_clips: "jump" is not in the animation file; its clips are "idle", "walk", "run"');
    }
    const orphan = await post({ model_base64: glb64, animation_clips: ['walk'] }, who);
    expect(orphan.status).toBe(400);
    expect(orphan.body.error).toMatchObject({ code: 'invalid_request', param: 'animation_clips' });
    for (const animation_clips of [[], [''], 'walk']) {
      const bad = await post({ model_base64: glb64, animation_url: `${fileBase}/clips.glb`, animation_clips }, who);
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('invalid_request');
    }
    expect(await readCreditBalance(h.ctx.db, who.accountId)).toEqual({ balance: 100, ledgerSum: 100 });
    expect(await h.ctx.db.job.count({ where: { accountId: who.accountId } })).toBe(0);
  });

  test('animation_url needs rig_type biped or quadruped: 400 invalid_request; nothing charged', async () => {
    const who = await h.seedAccount({ credits: 100 });
    const hexapod = await post({ model_base64: glb64, rig_type: 'hexapod', animation_url: `${fileBase}/clip.glb` }, who);
    expect(hexapod.status).toBe(400);
    expect(hexapod.body.error).toMatchObject({ code: 'invalid_request', param: 'animation_url' });
    expect(hexapod.body.error.message).toMatch(/onto biped rigs .* onto quadruped rigs/);
    expect(await readCreditBalance(h.ctx.db, who.accountId)).toEqual({ balance: 100, ledgerSum: 100 });
  });

  test('rig_type auto is accepted and kept as asked; with animation_url it is 400 asking to name the plan, nothing charged', async () => {
    const who = await h.seedAccount({ credits: 100 });
    const auto = await post({ model_base64: glb64, rig_type: 'auto' }, who);
    expect(auto.status).toBe(202);
    expect(auto.body.rig_type).toBe('auto');
    const row = await h.ctx.db.job.findUniqueOrThrow({ where: { id: auto.body.id } });
    expect(row.params).toMatchObject({ rig_type: 'auto' });
    const balance = await readCreditBalance(h.ctx.db, who.accountId);
    const clip = await post({ model_base64: glb64, rig_type: 'auto', animation_url: `${fileBase}/clip.glb` }, who);
    expect(clip.status).toBe(400);
    expect(clip.body.error).toMatchObject({ code: 'invalid_request', param: 'rig_type' });
    expect(clip.body.error.message).toMatch(/biped or quadruped.*not "auto"/);
    expect(await readCreditBalance(h.ctx.db, who.accountId)).toEqual(balance);
  });

  test('a file that is not a mesh: 400 unsupported_format', async () => {
    const res = await post({ model_base64: Buffer.from('just some text, no mesh here').toString('base64') });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'unsupported_format', param: 'model_base64' });
    const url = await post({ model_url: `${fileBase}/text.txt` });
    expect(url.status).toBe(400);
    expect(url.body.error.code).toBe('unsupported_format');
  });

  test('a truncated GLB: 400 unsupported_format', async () => {
    const glb = Buffer.from(glb64, 'base64');
    const res = await post({ model_base64: glb.subarray(0, glb.length - 40).toString('base64') });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('unsupported_format');
  });

  test('model_url: unreachable, 404, private addresses and redirects to them are refused', async () => {
    const notFound = await post({ model_url: `${fileBase}/missing.glb` });
    expect(notFound.status).toBe(400);
    expect(notFound.body.error).toMatchObject({ code: 'invalid_request', param: 'model_url' });
    const strict = await startHarness(); // no allow-list: loopback is private
    try {
      const who = await strict.seedAccount();
      for (const url of [`${fileBase}/box.glb`, 'http://169.254.169.254/latest/meta-data', 'http://[::1]/x.glb', 'http://10.0.0.1/x.glb']) {
        const res = await strict.request.post('/v1/rigs').set(who.auth).send({ model_url: url });
        expect(res.status).toBe(400);
        expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'model_url' });
      }
    } finally {
      await strict.close();
    }
    const redirected = await post({ model_url: `${fileBase}/redirect-private` });
    expect(redirected.status).toBe(400);
    expect(redirected.body.error.param).toBe('model_url');
  });

  test('model_url larger than the cap: 413 payload_too_large', async () => {
    const res = await post({ model_url: `${fileBase}/huge` });
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: 'payload_too_large', param: 'model_url' });
  });

  test('from_job that is unknown, not succeeded, or another account\'s: 400 invalid_request', async () => {
    const queued = await post({ model_base64: glb64 });
    for (const id of [crypto.randomUUID(), queued.body.id]) {
      const res = await post({ from_job: id });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'from_job' });
    }
  });

  test('402 subscription_required without an active Standard or Pro subscription; nothing charged', async () => {
    for (const who of [await h.seedAccount({ plan: 'none', active: false }), await h.seedAccount({ plan: 'pro', active: false }), await h.seedAccount({ plan: 'none', active: true })]) {
      const res = await post({ model_base64: glb64 }, who);
      expect(res.status).toBe(402);
      expect(res.body.error.code).toBe('subscription_required');
      expect((await readCreditBalance(h.ctx.db, who.accountId))?.balance).toBe(1000);
    }
  });

  test('402 plan_required: the pro engine on the Standard plan', async () => {
    const res = await post({ model_base64: glb64, engine: 'pro' });
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('plan_required');
  });

  test('402 insufficient_credits when the balance does not cover the rig', async () => {
    const poor = await h.seedAccount({ credits: 9 });
    const res = await post({ model_base64: glb64 }, poor);
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('insufficient_credits');
    const clip = await h.seedAccount({ credits: 14 });
    const withClip = await post({ model_base64: glb64, animation_url: `${fileBase}/clip.glb` }, clip);
    expect(withClip.status).toBe(402);
    expect(await h.ctx.db.job.count({ where: { accountId: clip.accountId } })).toBe(0);
  });

  test('concurrent submissions never overdraw: the balance equals the ledger', async () => {
    const who = await h.seedAccount({ credits: 55 });
    const results = await Promise.all(Array.from({ length: 12 }, () => post({ model_base64: glb64 }, who)));
    const accepted = results.filter((r) => r.status === 202).length;
    expect(accepted).toBe(5);
    expect(results.filter((r) => r.status === 402).every((r) => r.body.error.code === 'insufficient_credits')).toBe(true);
    expect(await readCreditBalance(h.ctx.db, who.accountId)).toEqual({ balance: 5, ledgerSum: 5 });
  });

  test('503 backend_unavailable when the queue is over its depth; nothing charged', async () => {
    const full = await startHarness({ MAX_QUEUE_DEPTH: '0' });
    try {
      const who = await full.seedAccount({ credits: 100 });
      const res = await full.request.post('/v1/rigs').set(who.auth).send({ model_base64: glb64 });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('backend_unavailable');
      expect(res.headers['retry-after']).toBeDefined();
      expect((await readCreditBalance(full.ctx.db, who.accountId))?.balance).toBe(100);
    } finally {
      await full.close();
    }
  });

  test('a full queue is a 503 before the input is downloaded or read: an unreadable mesh or image gets 503, not 400', async () => {
    // Control: with room in the queue, this mesh is read and refused.
    expect((await post({ model_base64: BROKEN_FBX.toString('base64') })).body.error.code).toBe('unsupported_format');
    const full = await startHarness({ MAX_QUEUE_DEPTH: '0', FETCH_ALLOW_HOSTS: '127.0.0.1' });
    try {
      const who = await full.seedAccount({ credits: 100 });
      const check = jest.spyOn(full.ctx.uploadCheck, 'check');
      const fetched = served.length;
      for (const [path, body] of [
        ['/v1/rigs', { model_base64: BROKEN_FBX.toString('base64') }],
        ['/v1/rigs', { model_url: `${fileBase}/broken.fbx` }],
        ['/v1/rigs', { model_base64: glb64, animation_url: `${fileBase}/clip.glb` }],
        ['/v1/models', { image_base64: Buffer.from('hello, not an image').toString('base64') }],
      ] as const) {
        const res = await full.request.post(path).set(who.auth).send(body);
        expect([path, res.status, res.body.error.code]).toEqual([path, 503, 'backend_unavailable']);
      }
      // Nothing was read in the upload-check threads and nothing was downloaded.
      expect(check).not.toHaveBeenCalled();
      expect(served.slice(fetched)).toEqual([]);
      expect(await full.ctx.db.job.count({ where: { accountId: who.accountId } })).toBe(0);
    } finally {
      await full.close();
    }
  });

  test('503 backend_unavailable when no worker serves the queue', async () => {
    const lonely = await startHarness({ REQUIRE_LIVE_WORKERS: 'true' });
    try {
      const who = await lonely.seedAccount();
      const res = await lonely.request.post('/v1/rigs').set(who.auth).send({ model_base64: glb64 });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('backend_unavailable');
    } finally {
      await lonely.close();
    }
  });
});
