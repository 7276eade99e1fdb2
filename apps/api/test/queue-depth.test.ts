/**
 * Issue 9: MAX_QUEUE_DEPTH is exact. Two API replicas (two apps on one Redis prefix) take a burst
 * of concurrent submissions against an empty queue nobody consumes: exactly MAX_QUEUE_DEPTH are
 * accepted and the rest are 503 backend_unavailable with Retry-After. (The depth used to be cached
 * for 1 s per replica, so a burst overshot: 500 became 645.)
 */
import { boxGlbBase64 } from './fixtures';
import { harnessEnv, startHarness, type Harness, type SeededAccount } from './harness';

const MAX_DEPTH = 12;
const BURST = 48;

let replicas: Harness[];
let account: SeededAccount;
let glb64: string;

beforeAll(async () => {
  const env = harnessEnv({ MAX_QUEUE_DEPTH: String(MAX_DEPTH) });
  replicas = [await startHarness({}, env), await startHarness({}, env)];
  account = await replicas[0]!.seedAccount({ credits: 100_000 });
  glb64 = await boxGlbBase64();
});

afterAll(async () => {
  await Promise.all(replicas.map((r) => r.close()));
});

test('a burst over two replicas accepts exactly MAX_QUEUE_DEPTH jobs; the rest get 503 with Retry-After', async () => {
  const answers = await Promise.all(
    Array.from({ length: BURST }, (_, i) =>
      replicas[i % 2]!.request.post('/v1/rigs').set(account.auth).send({ model_base64: glb64 }).then((res) => res),
    ),
  );
  const accepted = answers.filter((r) => r.status === 202);
  const refused = answers.filter((r) => r.status !== 202);
  // Every refusal is "at capacity" (not, say, a timeout under load), with its Retry-After.
  expect(new Set(refused.map((r) => `${r.status} ${String(r.body.error?.message).replace(/\(\d+ jobs/, '(n jobs')} ${r.headers['retry-after']}`))).toEqual(
    new Set(['503 rig.fast: at capacity (n jobs waiting); retry with backoff 30']),
  );
  expect(accepted).toHaveLength(MAX_DEPTH);
  expect(await replicas[0]!.ctx.queues.depth('rig.fast')).toBe(MAX_DEPTH);

  // The answers do not wait for their slots' release, which may wait a few ms more for the next
  // reservation's write (`releaseDelayMs`); once all have landed, the queue alone is counted.
  const slots = `${replicas[0]!.ctx.env.REDIS_PREFIX}:admission:rig.fast`;
  for (let i = 0; i < 200 && (await replicas[0]!.ctx.redis.zcard(slots)) > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(await replicas[0]!.ctx.redis.zcard(slots)).toBe(0);
  // Once a job leaves the waiting list (a worker took it), one more submission fits, and only one.
  await replicas[0]!.ctx.queues.get('rig.fast').remove(accepted[0]!.body.id);
  const next = await Promise.all(
    [0, 1, 2].map((i) => replicas[i % 2]!.request.post('/v1/rigs').set(account.auth).send({ model_base64: glb64 }).then((res) => res)),
  );
  expect(next.map((r) => r.status).sort()).toEqual([202, 503, 503]);
});
