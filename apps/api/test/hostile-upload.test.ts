/**
 * Hostile uploads are read off the event loop, in the bounded upload-check threads: each gets a
 * 400 naming the limit it broke, nothing is charged, and requests arriving meanwhile are answered
 * while the check is still running (before, a 2 MB FBX zip bomb held every request for 9 s).
 */
import { readCreditBalance } from '@rigforge/db';
import { fbxZlibBomb, glbDenseFan, objManyGroups, objRandomTriangles, stlLocalSoup } from '../../../packages/mesh/scripts/hostile-meshes';
import { compressGlb, withDracoTriangleClaim, zipFiles } from '@rigforge/mesh/testing';
import { boxGlb, boxGlbBase64 } from './fixtures';
import { startHarness, type Harness, type SeededAccount } from './harness';

let h: Harness;
let account: SeededAccount;
let jobId: string;
beforeAll(async () => {
  h = await startHarness();
  await h.ctx.uploadCheck.ready();
  account = await h.seedAccount();
  const accepted = await h.request.post('/v1/rigs').set(account.auth).send({ model_base64: await boxGlbBase64() });
  expect(accepted.status).toBe(202);
  jobId = accepted.body.id;
});
afterAll(() => h.close());

const upload = (bytes: Uint8Array) =>
  h.request.post('/v1/rigs').set(account.auth).send({ model_base64: Buffer.from(bytes).toString('base64') });

test.each([
  ['an FBX zip bomb', () => fbxZlibBomb(8, 96 * 1024 * 1024), /decode to more than the limit of \d+ bytes in total/],
  ['an OBJ with more usemtl groups than the limit', () => objManyGroups(20_000, 1001), /more than the limit of 1000 materials/],
  ['a dense fan (triangles over few vertices)', () => glbDenseFan(100_000, 256), /too large and overlapping/],
  // Issue 24: passed the old visit limits and held a rig worker 37 s for the price of any rig.
  ['85k random triangles sized under the old visit limits', () => stlLocalSoup(85_000, 1), /an estimated \d+ s of grid work .*more than the limit of 20 s/],
  ['a zip bomb (80 MB of zeros in a small archive)', () => zipFiles(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`pad${i}.bin`, new Uint8Array(8 * 1024 * 1024)]))), /more than \d+ bytes uncompressed/],
  ['a zip of more entries than the limit', () => zipFiles(Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`t/${i}.png`, new Uint8Array(1)]))), /more than \d+ entries/],
  ['a zip whose entry climbs out of the archive', () => zipFiles({ '../model.glb': new Uint8Array(64) }), /parent path/],
  // The Draco decoder's memory lives outside the thread's heap cap: the claim is refused before it runs.
  ['a Draco GLB whose small stream claims 500 000 triangles', async () => withDracoTriangleClaim(await compressGlb(await boxGlb(), 'draco-edgebreaker'), 500_000), /declares 500000 triangles, more than the limit of \d+ per byte/],
])('%s: 400 unsupported_format naming the limit, nothing charged', async (_name, build, message) => {
  const before = await readCreditBalance(h.ctx.db, account.accountId);
  const res = await upload(await build());
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ code: 'unsupported_format', param: 'model_base64' });
  expect(res.body.error.message).toMatch(message);
  expect(await readCreditBalance(h.ctx.db, account.accountId)).toEqual(before);
});

test('GET /v1/jobs/{id} is answered while a hostile upload is still being checked', async () => {
  const order: string[] = [];
  // The GETs start once the check has begun (~0.3 s of reading and measuring in a thread: an OBJ,
  // which is parsed whole before the work budget applies; a dense-fan GLB is now refused in ms).
  const pool = h.ctx.uploadCheck;
  const check = pool.check.bind(pool);
  let started!: () => void;
  const checking = new Promise<void>((resolve) => (started = resolve));
  pool.check = (kind, bytes) => {
    started();
    return check(kind, bytes);
  };
  const hostile = upload(objRandomTriangles(300_000, 1000)).then((res) => {
    order.push('upload');
    return res;
  });
  await checking;
  pool.check = check;
  const polls = Array.from({ length: 3 }, () =>
    h.request.get(`/v1/jobs/${jobId}`).set(account.auth).then((res) => {
      order.push('poll');
      return res;
    }),
  );
  const [res, ...polled] = await Promise.all([hostile, ...polls]);
  expect(res.status).toBe(400);
  for (const p of polled) expect(p.status).toBe(200);
  expect(order).toEqual(['poll', 'poll', 'poll', 'upload']);
});

test('a check past its deadline is refused and its thread replaced; the next upload is checked', async () => {
  const slow = await startHarness({ UPLOAD_CHECK_TIMEOUT_MS: '1', UPLOAD_CHECK_THREADS: '1' });
  try {
    await slow.ctx.uploadCheck.ready();
    const who = await slow.seedAccount();
    const res = await slow.request.post('/v1/rigs').set(who.auth).send({ model_base64: Buffer.from(glbDenseFan(200_000, 256)).toString('base64') });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/takes longer than the limit of 1 ms/);
    // The replacement thread answers: a box reads within 1 ms or is refused by the deadline, but
    // either way the request is answered (no hang, no 500).
    const again = await slow.request.post('/v1/rigs').set(who.auth).send({ model_base64: await boxGlbBase64() });
    if (again.status === 400) expect(again.body.error.message).toMatch(/takes longer than the limit of 1 ms/);
    else expect(again.status).toBe(202);
  } finally {
    await slow.close();
  }
});
