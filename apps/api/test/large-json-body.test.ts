/**
 * Bodies of 256 KB and more are parsed and their base64 fields decoded in the upload-check
 * threads (upload-check/large-json-body.ts); the answers must be those of the event-loop path.
 * Over-limit and bad-JSON cases are in malformed-input.test.ts, which takes this path too.
 */
import { startHarness, type Harness, type SeededAccount } from './harness';

let h: Harness;
let account: SeededAccount;
beforeAll(async () => {
  h = await startHarness();
  await h.ctx.uploadCheck.ready();
  account = await h.seedAccount();
});
afterAll(() => h.close());

/** A flat grid OBJ of `n` × `n` quads: a real (if dull) mesh of about 25 bytes per vertex. */
function gridObj(n: number): Buffer {
  const lines: string[] = [];
  for (let y = 0; y <= n; y++) for (let x = 0; x <= n; x++) lines.push(`v ${x / n} ${y / n} ${(x * y) % 7 / 100}`);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const a = y * (n + 1) + x + 1;
      lines.push(`f ${a} ${a + 1} ${a + n + 2} ${a + n + 1}`);
    }
  }
  return Buffer.from(lines.join('\n') + '\n');
}

const post = (body: string) => h.request.post('/v1/rigs').set(account.auth).set('Content-Type', 'application/json').send(body);

test('a large inline mesh is decoded off the loop, accepted and stored byte for byte', async () => {
  const obj = gridObj(150);
  const body = JSON.stringify({ model_base64: obj.toString('base64'), rig_type: 'biped' });
  expect(body.length).toBeGreaterThan(256 * 1024);
  const res = await post(body);
  expect(res.status).toBe(202);
  const job = await h.ctx.db.job.findUniqueOrThrow({ where: { id: res.body.id } });
  expect(Buffer.compare(await h.ctx.storage.get(job.inputKey), obj)).toBe(0);
});

test('large bad JSON: 400 invalid_request', async () => {
  const res = await post(`{"model_base64": "${'A'.repeat(300_000)}"`);
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ code: 'invalid_request', message: 'request: body is not valid JSON' });
});

test('large invalid base64 is left to the route schema, which names the field', async () => {
  const res = await post(JSON.stringify({ model_base64: `${'A'.repeat(300_000)}-_` }));
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'model_base64' });
});
