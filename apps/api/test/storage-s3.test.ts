/**
 * The API with STORAGE_DRIVER=s3 against a real S3-compatible server (s3rver): inputs are stored in
 * the bucket at submission, output URLs point at the bucket (presigned), and /files is not served.
 */
import { markJobProcessing, markJobSucceeded } from '@rigforge/db';
import { S3Storage } from '@rigforge/storage';
// s3rver is a dev dependency of the storage package; its fixture resolves it from there.
import { S3RVER_CREDENTIALS, startS3rver, type RunningS3rver } from '../../../packages/storage/test/s3rver-fixture';
import { boxGlbBase64 } from './fixtures';
import { harnessEnv, startHarness, type Harness, type SeededAccount } from './harness';

let s3: RunningS3rver;
let h: Harness;
let account: SeededAccount;
let glb64: string;

beforeAll(async () => {
  s3 = await startS3rver('rigforge-api-test');
  h = await startHarness({
    STORAGE_DRIVER: 's3',
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    S3_URL_EXPIRY_SECONDS: '86400',
  });
  account = await h.seedAccount({ credits: 1000 });
  glb64 = await boxGlbBase64();
});
afterAll(async () => {
  await h?.close();
  await s3?.close();
});

describe('API with S3 storage', () => {
  test('the context builds S3Storage from the environment', () => {
    expect(h.ctx.storage).toBeInstanceOf(S3Storage);
  });

  test('the submitted input lands in the bucket; output URLs are presigned bucket URLs that download', async () => {
    const submitted = await h.request.post('/v1/rigs').set(account.auth).send({ model_base64: glb64 });
    expect(submitted.status).toBe(202);
    const id = submitted.body.id as string;
    const row = await h.ctx.db.job.findUniqueOrThrow({ where: { id } });
    const input = await h.ctx.storage.stat(row.inputKey);
    expect(input?.bytes).toBe(Buffer.from(glb64, 'base64').length);

    const modelKey = `jobs/${id}/output/model.glb`;
    const model = Buffer.from(glb64, 'base64');
    await h.ctx.storage.put(modelKey, model, 'model/gltf-binary');
    await markJobProcessing(h.ctx.db, id);
    await markJobSucceeded(h.ctx.db, id, { files: [{ type: 'model', format: 'glb', key: modelKey, bytes: model.length }] }, null);

    const res = await h.request.get(`/v1/jobs/${id}`).set(account.auth);
    expect(res.status).toBe(200);
    const url = new URL(res.body.output.model_url as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${s3.endpoint}/${s3.bucket}/${modelKey}`);
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('86400');
    expect(res.body.output.files).toEqual([{ type: 'model', format: 'glb', url: url.toString(), bytes: model.length }]);

    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('model/gltf-binary');
    expect(Buffer.from(await download.arrayBuffer()).equals(model)).toBe(true);
  });

  test('an upload is a presigned PUT to the bucket; its model_url is then a source read from the bucket', async () => {
    const glb = Buffer.from(glb64, 'base64');
    const created = await h.request.post('/v1/uploads').set(account.auth).send({ bytes: glb.length, content_type: 'model/gltf-binary' });
    expect(created.status).toBe(201);
    const upload = new URL(created.body.upload_url as string);
    expect(`${upload.origin}${upload.pathname}`).toBe(`${s3.endpoint}/${s3.bucket}/uploads/${(created.body.id as string).slice(0, 2)}/${created.body.id}`);
    expect(upload.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    // No API route takes the PUT: the client sends it to the bucket.
    expect((await h.request.put(upload.pathname).send('x')).status).toBe(404);
    const put = await fetch(upload, { method: 'PUT', body: glb, headers: created.body.headers });
    expect(put.status).toBe(200);
    const checked = await h.request.post('/v1/rigs/check').set(account.auth).send({ model_url: created.body.model_url });
    expect(checked.status).toBe(200);
  });

  test('/files is not served when objects live in S3', async () => {
    const res = await h.request.get('/files/jobs/anything/output/model.glb');
    expect(res.status).toBe(404);
    // The route is absent (not merely "no such file"): clients get bucket URLs instead.
    expect(res.body.error.message).toBe('no route for GET /files/jobs/anything/output/model.glb');
  });

  test('STORAGE_DRIVER=s3 without a bucket or keys stops startup naming the variables', () => {
    expect(() => harnessEnv({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET: required when STORAGE_DRIVER=s3/);
    expect(() => harnessEnv({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b' })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => harnessEnv({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_PUBLIC_BASE_URL: 'https://cdn.test' })).not.toThrow();
    expect(() => harnessEnv({ STORAGE_DRIVER: 'gcs' as 's3' })).toThrow(/STORAGE_DRIVER/);
  });
});
