/**
 * The orphan-input sweeper against the real Postgres and both storage drivers (a local directory
 * and a real S3-compatible server): an input stored for a submission whose row was never written
 * (the API crashed in between) is deleted once older than the grace; inputs of existing jobs,
 * recent inputs and everything outside `inputs/` stay.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAccount, createDb, grantCredits, reserveJob, type Db } from '@rigforge/db';
import { createStorage, jobAttachmentKey, jobInputKey, JOB_INPUTS_PREFIX, jobOutputKey, S3Storage, type ObjectStorage } from '@rigforge/storage';
import { S3RVER_CREDENTIALS, startS3rver, type RunningS3rver } from '../../../packages/storage/test/s3rver-fixture';
import { sweepOrphanInputs } from '../src/orphan-inputs';

const HOUR = 3600_000;
let db: Db;
let accountId: string;
let s3: RunningS3rver;

beforeAll(async () => {
  db = createDb({ databaseUrl: process.env.DATABASE_URL!, poolSize: 2 });
  accountId = (await createAccount(db, { name: 'orphans', plan: 'standard', subscriptionActive: true })).id;
  await grantCredits(db, accountId, 1000, 'test');
  s3 = await startS3rver('rigforge-orphans');
});
afterAll(async () => {
  await db.$disconnect();
  await s3.close();
});

const drivers: Array<[string, () => ObjectStorage]> = [
  ['local', () => createStorage({ driver: 'local', rootDir: mkdtempSync(path.join(os.tmpdir(), 'orphans-')), publicBaseUrl: 'http://x/files' })],
  [
    's3',
    () =>
      new S3Storage({ bucket: s3.bucket, endpoint: s3.endpoint, ...S3RVER_CREDENTIALS }),
  ],
];

async function keys(storage: ObjectStorage): Promise<string[]> {
  const out: string[] = [];
  for await (const object of storage.list(JOB_INPUTS_PREFIX)) out.push(object.key);
  return out.sort();
}

describe.each(drivers)('%s storage', (_name, make) => {
  test('inputs no job refers to are deleted past the grace; none remain; the rest stays', async () => {
    const storage = make();
    // A submission that got its row, one whose API crashed before the row (input and clip), and
    // an object outside inputs/.
    const kept = randomUUID();
    const reserved = await reserveJob(db, {
      id: kept, accountId, operation: 'rig', queue: 'rig.fast', engine: 'fast', params: {},
      inputKey: jobInputKey(kept, 'glb'), credits: 5, requiresPro: false,
    });
    expect(reserved.outcome).toBe('created');
    const orphan = randomUUID();
    const keptKeys = [jobInputKey(kept, 'glb'), jobAttachmentKey(kept, 'animation', 'glb')];
    const orphanKeys = [jobInputKey(orphan, 'fbx'), jobAttachmentKey(orphan, 'animation', 'glb')];
    for (const key of [...keptKeys, ...orphanKeys, jobOutputKey(orphan, 'model', 'glb')]) await storage.put(key, Buffer.from('x'), 'application/octet-stream');
    expect(await keys(storage)).toEqual(expect.arrayContaining([...keptKeys, ...orphanKeys]));

    // Within the grace nothing goes: the submission may still be about to insert its row.
    const early = await sweepOrphanInputs({ db, storage, graceMs: HOUR, log: () => undefined });
    expect(early.deleted).toBe(0);

    // Past it (the sweep's clock an hour ahead), the orphan's input and clip go.
    const swept = await sweepOrphanInputs({ db, storage, graceMs: HOUR, log: () => undefined }, new Date(Date.now() + 2 * HOUR));
    expect(swept.deleted).toBeGreaterThanOrEqual(2);
    const left = await keys(storage);
    for (const key of orphanKeys) expect(left).not.toContain(key);
    for (const key of keptKeys) expect(left).toContain(key);
    // None remain: every input left belongs to a job row.
    const ids = [...new Set(left.map((k) => /([0-9a-f-]{36})\./.exec(k)?.[1]))];
    const rows = await db.job.findMany({ where: { id: { in: ids.filter((id): id is string => !!id) } }, select: { id: true } });
    expect(rows).toHaveLength(ids.length);
    expect(await storage.stat(jobOutputKey(orphan, 'model', 'glb'))).not.toBeNull();
    if (storage instanceof S3Storage) storage.close();
  });
});
