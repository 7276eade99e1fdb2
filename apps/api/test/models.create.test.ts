import sharp from 'sharp';
import { readCreditBalance } from '@rigforge/db';
import { startHarness, type Harness, type SeededAccount } from './harness';

let h: Harness;
let account: SeededAccount;
let png64: string;

/** A red disc on a transparent background. */
async function discPng(size = 64): Promise<Buffer> {
  const rgba = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const inside = (x - size / 2) ** 2 + (y - size / 2) ** 2 < (size / 3) ** 2;
      rgba.set(inside ? [220, 30, 30, 255] : [0, 0, 0, 0], (y * size + x) * 4);
    }
  }
  return sharp(rgba, { raw: { width: size, height: size, channels: 4 } }).png().toBuffer();
}

beforeAll(async () => {
  h = await startHarness({ PRICE_GENERATE_MODEL: '20', ESTIMATED_SECONDS_GENERATE_MODEL: '7' });
  account = await h.seedAccount({ credits: 100 });
  png64 = (await discPng()).toString('base64');
});
afterAll(() => h.close());

const post = (body: object, who = account) => h.request.post('/v1/models').set(who.auth).send(body);

test('202 with a queued generate_model job, poll_url and estimated_seconds; credits reserved', async () => {
  const who = await h.seedAccount({ credits: 100 });
  const res = await post({ image_base64: png64 }, who);
  expect(res.status).toBe(202);
  expect(res.body).toMatchObject({
    object: 'job',
    operation: 'generate_model',
    status: 'queued',
    output: null,
    error: null,
    output_format: 'glb',
    poll_url: `/v1/jobs/${res.body.id}`,
    estimated_seconds: 7,
  });
  expect(await readCreditBalance(h.ctx.db, who.accountId)).toEqual({ balance: 80, ledgerSum: 80 });
  const row = await h.ctx.db.job.findUniqueOrThrow({ where: { id: res.body.id } });
  expect(row).toMatchObject({ queue: 'generate_model', operation: 'generate_model' });
  expect(row.params).toMatchObject({ thickness: 0.5, output_format: 'glb' });
  // It is listed and polled like any job.
  const listed = await h.request.get('/v1/jobs?operation=generate_model').set(who.auth);
  expect(listed.body.jobs.map((j: { id: string }) => j.id)).toEqual([res.body.id]);
  expect((await h.request.get(`/v1/jobs/${res.body.id}`).set(who.auth)).body.operation).toBe('generate_model');
  expect((await h.request.get(`/v1/rigs/${res.body.id}`).set(who.auth)).status).toBe(404);
});

test('options are validated: thickness range, output_format, unknown fields, exactly one source', async () => {
  for (const [body, param] of [
    [{ image_base64: png64, thickness: 0 }, 'thickness'],
    [{ image_base64: png64, thickness: 'thick' }, 'thickness'],
    [{ image_base64: png64, output_format: 'obj' }, 'output_format'],
    [{ image_base64: png64, colour: 'red' }, 'colour'],
    [{}, 'image_url'],
    [{ image_base64: png64, image_url: 'https://example.com/a.png' }, 'image_base64'],
    [{ image_url: 'file:///etc/passwd' }, 'image_url'],
    [{ image_base64: png64, body_plan: 'dragon' }, 'body_plan'],
    [{ image_base64: png64, view: 'back' }, 'view'],
  ] as const) {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', param });
  }
});

test('the picture hints (body_plan, view) are kept for the engine; absent, they stay unknown', async () => {
  const hinted = await post({ image_base64: png64, body_plan: 'quadruped', view: 'side' });
  expect(hinted.status).toBe(202);
  const row = await h.ctx.db.job.findUniqueOrThrow({ where: { id: hinted.body.id } });
  expect(row.params).toMatchObject({ body_plan: 'quadruped', view: 'side' });
  const plain = await post({ image_base64: png64 });
  const plainRow = await h.ctx.db.job.findUniqueOrThrow({ where: { id: plain.body.id } });
  expect(plainRow.params).not.toHaveProperty('body_plan');
  expect(plainRow.params).not.toHaveProperty('view');
});

test('an image that cannot be decoded: 400 unsupported_format', async () => {
  const png = Buffer.from(png64, 'base64');
  for (const bytes of [Buffer.from('GIF89a not supported'), png.subarray(0, 40), Buffer.from('hello')]) {
    const res = await post({ image_base64: bytes.toString('base64') });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'unsupported_format', param: 'image_base64' });
  }
});

test('billing rules are those of rigs', async () => {
  const lapsed = await h.seedAccount({ active: false });
  expect((await post({ image_base64: png64 }, lapsed)).body.error.code).toBe('subscription_required');
  const poor = await h.seedAccount({ credits: 19 });
  expect((await post({ image_base64: png64 }, poor)).body.error.code).toBe('insufficient_credits');
});
