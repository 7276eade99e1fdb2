/**
 * The raw baseline of the API benchmark (bench-api.ts starts it in its own process): the least
 * work that still does what a submission and a job read must do on the same Postgres and Redis.
 *
 * - POST /v1/rigs: debit the credits, insert the job and its ledger row in ONE statement (a CTE),
 *   then the BullMQ add (same queue name, same prefix, same job options as the API).
 * - GET /v1/jobs/:id: one primary-key read.
 *
 * Deliberately missing, so the comparison shows what they cost: auth, rate limiting, request
 * validation, decoding and parsing the mesh, storing the input, the availability check, and
 * mapping the row to the public job object. Not part of the service; never deploy it.
 *
 * A submission debits the account named by its `x-account` header (the bench's BENCH_ACCOUNTS), else
 * BASELINE_ACCOUNT_ID's; reads read BASELINE_ACCOUNT_ID's jobs.
 *
 * Env: PORT, DATABASE_URL, REDIS_URL, REDIS_PREFIX, BASELINE_ACCOUNT_ID.
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { Pool } from 'pg';
import { createRedis, JobQueues } from '@rigforge/queue';
import { DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL } from '@rigforge/server';

const PORT = Number(process.env.PORT ?? 3100);
const DATABASE_URL = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
const REDIS_PREFIX = process.env.REDIS_PREFIX ?? 'rigforge';
const ACCOUNT_ID = process.env.BASELINE_ACCOUNT_ID ?? '';
/** Same pool size as the API's Prisma adapter (context.ts), so neither gets more connections. */
const POOL_SIZE = 20;
const PRICE = 10;

const RESERVE_SQL = `
  WITH debit AS (
    UPDATE accounts SET credit_balance = credit_balance - $2::int
    WHERE id = $1::uuid AND subscription_active AND plan <> 'none' AND credit_balance >= $2::int
    RETURNING id
  ), job AS (
    INSERT INTO jobs (id, account_id, operation, status, queue, engine, params, input_key, credits_reserved)
    SELECT $3::uuid, id, 'rig', 'queued', 'rig.fast', 'fast', $4::jsonb, $5, $2::int FROM debit
    RETURNING created_at
  ), entry AS (
    INSERT INTO credit_ledger (account_id, delta, reason, job_id)
    SELECT id, -($2::int), 'reserve', $3::uuid FROM debit
  )
  SELECT created_at FROM job`;

const READ_SQL = 'SELECT * FROM jobs WHERE id = $1 AND account_id = $2';

async function main(): Promise<void> {
  if (!ACCOUNT_ID) throw new Error('baseline: BASELINE_ACCOUNT_ID is required');
  const pool = new Pool({ connectionString: DATABASE_URL, max: POOL_SIZE });
  const connection = createRedis({ url: REDIS_URL, role: 'producer' });
  const queues = new JobQueues({ connection, prefix: REDIS_PREFIX });
  const rigFast = queues.get('rig.fast');

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.get('/health', (_req, res) => {
    res.json({ ok: true });
  });
  app.post('/v1/rigs', express.json({ limit: '15mb' }), async (req, res) => {
    const id = randomUUID();
    const account = req.get('x-account') ?? ACCOUNT_ID;
    const params = JSON.stringify({ rig_type: 'biped', engine: 'fast', output_format: 'glb', rotation_y: 0 });
    const { rows } = await pool.query<{ created_at: Date }>({
      name: 'baseline_reserve',
      text: RESERVE_SQL,
      values: [account, PRICE, id, params, `jobs/${id}/input.glb`],
    });
    const row = rows[0];
    if (!row) {
      res.status(402).json({ error: { code: 'insufficient_credits' } });
      return;
    }
    await rigFast.add('run', { jobId: id }, { jobId: id });
    res.status(202).json({ id, status: 'queued', created_at: row.created_at.toISOString(), poll_url: `/v1/jobs/${id}` });
  });
  app.get('/v1/jobs/:id', async (req, res) => {
    const { rows } = await pool.query({ name: 'baseline_read', text: READ_SQL, values: [req.params.id, ACCOUNT_ID] });
    if (!rows[0]) {
      res.status(404).json({ error: { code: 'not_found' } });
      return;
    }
    res.json(rows[0]);
  });
  app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    process.stderr.write(`baseline: ${error instanceof Error ? error.message : String(error)}\n`);
    res.status(500).json({ error: { code: 'internal' } });
  });

  const server = app.listen(PORT, '127.0.0.1', () => {
    process.stderr.write(`baseline: listening on http://127.0.0.1:${PORT}\n`);
  });
  server.keepAliveTimeout = 65_000;
  const stop = () => {
    server.close();
    server.closeAllConnections();
    Promise.allSettled([queues.close(), pool.end()])
      .then(() => connection.quit())
      .finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`baseline: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
