/**
 * The upload sweep against the real Postgres and a local storage directory: an upload past its
 * lifetime loses its file and its row; a live one keeps both; a file under uploads/ that no row
 * refers to goes once older than the grace, not before; nothing outside uploads/ is touched.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAccount, createDb, createUpload, type Db } from '@rigforge/db';
import { LocalStorage, uploadKey } from '@rigforge/storage';
import { sweepExpiredUploads } from '../src/expired-uploads';

const HOUR = 3600_000;
let db: Db;
let accountId: string;

beforeAll(async () => {
  db = createDb({ databaseUrl: process.env.DATABASE_URL!, poolSize: 2 });
  accountId = (await createAccount(db, { name: 'uploads-sweep', plan: 'standard', subscriptionActive: true })).id;
});
afterAll(async () => {
  await db.$disconnect();
});

async function upload(storage: LocalStorage, expiresAt: Date): Promise<string> {
  const id = randomUUID();
  const key = uploadKey(id);
  await createUpload(db, { id, accountId, key, bytes: 3, contentType: 'application/octet-stream', tokenHash: 'x', expiresAt });
  await storage.put(key, Buffer.from('abc'), 'application/octet-stream');
  return key;
}

test('expired uploads go with their files; live ones stay; stray files go after the grace', async () => {
  const storage = new LocalStorage({ rootDir: mkdtempSync(path.join(os.tmpdir(), 'uploads-sweep-')), publicBaseUrl: 'http://x/files' });
  const now = new Date();
  const expired = await upload(storage, new Date(now.getTime() - 1000));
  const live = await upload(storage, new Date(now.getTime() + HOUR));
  const oldStray = uploadKey(randomUUID());
  const newStray = uploadKey(randomUUID());
  const output = 'jobs/00000000-0000-4000-8000-000000000000/output/model.glb';
  for (const key of [oldStray, newStray, output]) await storage.put(key, Buffer.from('abc'), 'application/octet-stream');
  const old = new Date(now.getTime() - 2 * HOUR);
  utimesSync(storage.pathOf(oldStray), old, old);
  utimesSync(storage.pathOf(output), old, old);

  const counts = await sweepExpiredUploads({ db, storage, graceMs: HOUR, log: () => undefined }, now);
  expect(counts.strays).toBe(1);
  expect(counts.expired).toBeGreaterThanOrEqual(1); // other files' expired rows of this database may go too
  expect(await storage.stat(expired)).toBeNull();
  expect(await db.upload.findUnique({ where: { key: expired } })).toBeNull();
  expect(await storage.stat(live)).not.toBeNull();
  expect(await db.upload.findUnique({ where: { key: live } })).not.toBeNull();
  expect(await storage.stat(oldStray)).toBeNull();
  expect(await storage.stat(newStray)).not.toBeNull();
  expect(await storage.stat(output)).not.toBeNull();
});
