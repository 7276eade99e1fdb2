import { markJobFailed, markJobProcessing, markJobStage, markJobSucceeded } from '@rigforge/db';
import { boxGlbBase64 } from './fixtures';
import { startHarness, type Harness, type SeededAccount } from './harness';

let h: Harness;
let account: SeededAccount;
let glb64: string;

beforeAll(async () => {
  h = await startHarness();
  account = await h.seedAccount({ credits: 10_000 });
  glb64 = await boxGlbBase64();
});
afterAll(() => h.close());

const submit = async (who: SeededAccount = account, body: object = {}) => {
  const res = await h.request.post('/v1/rigs').set(who.auth).send({ model_base64: glb64, ...body });
  expect(res.status).toBe(202);
  return res.body as { id: string; created_at: string };
};

const JOB_FIELDS = ['id', 'object', 'operation', 'status', 'output', 'error', 'created_at', 'progress'];

describe('GET /v1/jobs/{id}', () => {
  test('a queued job: exactly the job fields, no completion fields', async () => {
    const job = await submit();
    const res = await h.request.get(`/v1/jobs/${job.id}`).set(account.auth);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...JOB_FIELDS].sort());
    expect(res.body).toMatchObject({ id: job.id, object: 'job', operation: 'rig', status: 'queued', output: null, error: null, created_at: job.created_at });
  });

  test('the answer as res.json wrote it: JSON content type with charset and its length; HEAD without a body; a conditional or bodied GET as before', async () => {
    const job = await submit();
    const res = await h.request.get(`/v1/jobs/${job.id}`).set(account.auth);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.text)));
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['ratelimit-limit']).toBeTruthy();
    expect(JSON.parse(res.text)).toEqual(res.body);
    const head = await h.request.head(`/v1/jobs/${job.id}`).set(account.auth);
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(res.headers['content-length']);
    expect(head.text ?? '').toBe('');
    // Without an ETag or Last-Modified, Express's freshness check treats `If-None-Match: *` as fresh.
    expect((await h.request.get(`/v1/jobs/${job.id}`).set(account.auth).set('If-None-Match', '*')).status).toBe(304);
    // A body on a GET is still parsed (an invalid one is 400), though a bodiless GET skips the parsers.
    const bodied = await h.request.get(`/v1/jobs/${job.id}`).set(account.auth).set('content-type', 'application/json').send('{"a":');
    expect(bodied.status).toBe(400);
    expect(bodied.body.error.code).toBe('invalid_request');
  });

  test('processing, then succeeded: output with model_url, thumbnail_url and files; completion fields', async () => {
    const job = await submit();
    await markJobProcessing(h.ctx.db, job.id);
    expect((await h.request.get(`/v1/jobs/${job.id}`).set(account.auth)).body.status).toBe('processing');
    await markJobSucceeded(
      h.ctx.db,
      job.id,
      {
        files: [
          { type: 'model', format: 'glb', key: `jobs/${job.id}/output/model.glb`, bytes: 1234 },
          { type: 'thumbnail', format: 'png', key: `jobs/${job.id}/output/thumbnail.png`, bytes: 99 },
        ],
      },
      null,
    );
    const res = await h.request.get(`/v1/jobs/${job.id}`).set(account.auth);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...JOB_FIELDS, 'completed_at', 'duration_seconds'].sort());
    expect(res.body.status).toBe('succeeded');
    expect(res.body.error).toBeNull();
    expect(res.body.output).toEqual({
      model_url: `http://api.test/files/jobs/${job.id}/output/model.glb`,
      thumbnail_url: `http://api.test/files/jobs/${job.id}/output/thumbnail.png`,
      files: [
        { type: 'model', format: 'glb', url: `http://api.test/files/jobs/${job.id}/output/model.glb`, bytes: 1234 },
        { type: 'thumbnail', format: 'png', url: `http://api.test/files/jobs/${job.id}/output/thumbnail.png`, bytes: 99 },
      ],
    });
    expect(res.body.completed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const expected = (Date.parse(res.body.completed_at) - Date.parse(res.body.created_at)) / 1000;
    expect(res.body.duration_seconds).toBeCloseTo(expected, 3);
    // The alias returns the identical object.
    const alias = await h.request.get(`/v1/rigs/${job.id}`).set(account.auth);
    expect(alias.status).toBe(200);
    expect(alias.body).toEqual(res.body);
  });

  test('a processing job shows the stage its engine entered and its progress, which never goes back; a failed job keeps the stage it failed in', async () => {
    const job = await submit();
    const read = async () => (await h.request.get(`/v1/jobs/${job.id}`).set(account.auth)).body;
    expect(await read()).toMatchObject({ status: 'queued', progress: 0 });
    expect(await markJobStage(h.ctx.db, job.id, 'read', 0.02)).toBe(false); // not processing yet: left alone
    await markJobProcessing(h.ctx.db, job.id);
    expect(await markJobStage(h.ctx.db, job.id, 'skin', 0.55)).toBe(true);
    expect(await read()).toMatchObject({ status: 'processing', stage: 'skin', progress: 0.55 });
    // A retry goes through the stages again: the stage follows, the progress does not fall.
    expect(await markJobStage(h.ctx.db, job.id, 'read', 0.02)).toBe(true);
    expect(await read()).toMatchObject({ status: 'processing', stage: 'read', progress: 0.55 });
    // A stage this build does not know (a newer worker's) is left out, never a failed read.
    await h.ctx.db.job.update({ where: { id: job.id }, data: { stage: 'polish' } });
    const unknown = await h.request.get(`/v1/jobs/${job.id}`).set(account.auth);
    expect(unknown.status).toBe(200);
    expect(unknown.body.stage).toBeUndefined();
    await markJobStage(h.ctx.db, job.id, 'fit', 0.05);
    await markJobFailed(h.ctx.db, job.id, { code: 'invalid_input', message: 'no body found' });
    expect(await read()).toMatchObject({ status: 'failed', stage: 'fit', progress: 0.55 });
    expect(await markJobStage(h.ctx.db, job.id, 'write', 0.8)).toBe(false); // terminal: left alone
    expect(await read()).toMatchObject({ stage: 'fit' });
  });

  test('a finished job shows its report\'s warnings, and the plan a rig_type auto job chose with its confidence; a report that does not parse adds nothing', async () => {
    const files = { files: [{ type: 'model', format: 'glb', key: 'jobs/x/output/model.glb', bytes: 1 }] };
    const warning = 'rig: body plan "avian" chosen automatically with confidence 0.42; pass rig_type to choose it';
    const auto = await submit(account, { rig_type: 'auto' });
    await markJobProcessing(h.ctx.db, auto.id);
    await markJobSucceeded(h.ctx.db, auto.id, files, { bodyPlan: 'avian', bodyPlanSource: 'found', bodyPlanConfidence: 0.42, warnings: [warning] });
    const got = (await h.request.get(`/v1/jobs/${auto.id}`).set(account.auth)).body;
    expect(got).toMatchObject({ status: 'succeeded', rig_type_chosen: 'avian', rig_type_confidence: 0.42, warnings: [warning] });
    // A named plan is no choice: nothing is added, and no warnings means no field.
    const named = await submit();
    await markJobProcessing(h.ctx.db, named.id);
    await markJobSucceeded(h.ctx.db, named.id, files, { bodyPlan: 'biped', bodyPlanSource: 'given', warnings: [] });
    expect(Object.keys((await h.request.get(`/v1/jobs/${named.id}`).set(account.auth)).body).sort()).toEqual(
      [...JOB_FIELDS, 'completed_at', 'duration_seconds'].sort(),
    );
    const odd = await submit();
    await markJobProcessing(h.ctx.db, odd.id);
    await markJobSucceeded(h.ctx.db, odd.id, files, { bodyPlan: 'dragon', bodyPlanSource: 'found', warnings: 'none' });
    const oddJob = await h.request.get(`/v1/jobs/${odd.id}`).set(account.auth);
    expect(oddJob.status).toBe(200);
    expect(oddJob.body.rig_type_chosen).toBeUndefined();
    expect(oddJob.body.warnings).toBeUndefined();
  });

  test('a failed job is a 200 with error {code, message}, output null, and the credits come back', async () => {
    const who = await h.seedAccount({ credits: 10 });
    const job = await submit(who);
    await markJobProcessing(h.ctx.db, job.id);
    await markJobFailed(h.ctx.db, job.id, { code: 'unsupported_format', message: 'glb: no triangles' });
    const res = await h.request.get(`/v1/jobs/${job.id}`).set(who.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'failed', output: null, error: { code: 'unsupported_format', message: 'glb: no triangles' } });
    expect(res.body.completed_at).toBeDefined();
    const balance = await h.ctx.db.account.findUniqueOrThrow({ where: { id: who.accountId } });
    expect(balance.creditBalance).toBe(10);
    // A second failure report (a duplicate delivery) refunds nothing more.
    expect(await markJobFailed(h.ctx.db, job.id, { code: 'timeout', message: 'late' })).toBe(false);
    expect((await h.ctx.db.account.findUniqueOrThrow({ where: { id: who.accountId } })).creditBalance).toBe(10);
  });

  test('transitions only move forward', async () => {
    const job = await submit();
    expect(await markJobSucceeded(h.ctx.db, job.id, { files: [] }, null)).toBe(false); // queued → succeeded is not a transition
    await markJobProcessing(h.ctx.db, job.id);
    expect(await markJobSucceeded(h.ctx.db, job.id, { files: [] }, null)).toBe(true);
    expect(await markJobProcessing(h.ctx.db, job.id)).toBeNull();
    expect(await markJobFailed(h.ctx.db, job.id, { code: 'timeout', message: 'x' })).toBe(false);
    const res = await h.request.get(`/v1/jobs/${job.id}`).set(account.auth);
    expect(res.body.status).toBe('succeeded');
  });

  test('another account\'s job and an unknown id are 404 not_found; a bad id is 400', async () => {
    const other = await h.seedAccount();
    const job = await submit(other);
    for (const path of [`/v1/jobs/${job.id}`, `/v1/rigs/${job.id}`, `/v1/jobs/${crypto.randomUUID()}`]) {
      const res = await h.request.get(path).set(account.auth);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    for (const bad of ['123', 'not-a-uuid', "1' OR '1'='1", '%00']) {
      const res = await h.request.get(`/v1/jobs/${encodeURIComponent(bad)}`).set(account.auth);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'id' });
    }
  });

  test('GET /v1/rigs/{id} of a job of another operation is 404', async () => {
    const job = await submit();
    await h.ctx.db.job.update({ where: { id: job.id }, data: { operation: 'generate_model' } });
    expect((await h.request.get(`/v1/rigs/${job.id}`).set(account.auth)).status).toBe(404);
    expect((await h.request.get(`/v1/jobs/${job.id}`).set(account.auth)).body.operation).toBe('generate_model');
  });
});

describe('GET /v1/jobs', () => {
  let lister: SeededAccount;
  const ids: string[] = [];
  beforeAll(async () => {
    lister = await h.seedAccount({ credits: 10_000 });
    for (let i = 0; i < 25; i++) ids.push((await submit(lister)).id);
    await markJobProcessing(h.ctx.db, ids[3]!);
    await markJobProcessing(h.ctx.db, ids[4]!);
    await markJobFailed(h.ctx.db, ids[4]!, { code: 'timeout', message: 'x' });
    await h.ctx.db.job.update({ where: { id: ids[5]! }, data: { operation: 'generate_model' } });
  });

  test('defaults: newest first, 20 per page, total counts every match', async () => {
    const res = await h.request.get('/v1/jobs').set(lister.auth);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['jobs', 'object', 'total']);
    expect(res.body.object).toBe('list');
    expect(res.body.total).toBe(25);
    expect(res.body.jobs).toHaveLength(20);
    expect(res.body.jobs.map((j: { id: string }) => j.id)).toEqual([...ids].reverse().slice(0, 20));
  });

  test('limit and offset page through every job exactly once', async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < 25; offset += 7) {
      const res = await h.request.get(`/v1/jobs?limit=7&offset=${offset}`).set(lister.auth);
      expect(res.body.total).toBe(25);
      seen.push(...res.body.jobs.map((j: { id: string }) => j.id));
    }
    expect(seen).toEqual([...ids].reverse());
    const past = await h.request.get('/v1/jobs?offset=100').set(lister.auth);
    expect(past.body).toEqual({ object: 'list', total: 25, jobs: [] });
  });

  test('filters by status and operation', async () => {
    const failed = await h.request.get('/v1/jobs?status=failed').set(lister.auth);
    expect(failed.body.total).toBe(1);
    expect(failed.body.jobs[0]).toMatchObject({ id: ids[4], status: 'failed', error: { code: 'timeout' } });
    const processing = await h.request.get('/v1/jobs?status=processing&operation=rig').set(lister.auth);
    expect(processing.body.jobs.map((j: { id: string }) => j.id)).toEqual([ids[3]]);
    const generate = await h.request.get('/v1/jobs?operation=generate_model').set(lister.auth);
    expect(generate.body.total).toBe(1);
    const rigs = await h.request.get('/v1/jobs?operation=rig&limit=100').set(lister.auth);
    expect(rigs.body.total).toBe(24);
    expect(rigs.body.jobs).toHaveLength(24);
  });

  test('only the caller\'s jobs', async () => {
    const fresh = await h.seedAccount();
    const res = await h.request.get('/v1/jobs').set(fresh.auth);
    expect(res.body).toEqual({ object: 'list', total: 0, jobs: [] });
  });

  test.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=1.5', 'limit'],
    ['offset=-3', 'offset'],
    ['offset=x', 'offset'],
    ['status=done', 'status'],
    ['operation=paint', 'operation'],
    ['limit=5&limit=6', 'limit'],
    ['colour=blue', 'colour'],
  ])('bad query %s: 400 invalid_request naming %s', async (query, param) => {
    const res = await h.request.get(`/v1/jobs?${query}`).set(lister.auth);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', param });
  });

  test('limit=100 is the maximum accepted', async () => {
    expect((await h.request.get('/v1/jobs?limit=100').set(lister.auth)).status).toBe(200);
  });
});
