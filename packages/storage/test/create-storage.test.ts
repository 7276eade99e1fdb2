import { createStorage, storageSettingsFromEnv, type StorageEnv } from '../src/create-storage';
import { LocalStorage } from '../src/local-storage';
import { S3Storage } from '../src/s3-storage';

const ENV: StorageEnv = {
  STORAGE_DRIVER: 'local',
  STORAGE_DIR: '/tmp/rigforge-storage-test',
  PUBLIC_BASE_URL: 'http://api.test/',
  S3_BUCKET: '',
  S3_ENDPOINT: '',
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: '',
  S3_SECRET_ACCESS_KEY: '',
  S3_FORCE_PATH_STYLE: true,
  STORAGE_CREATE_ON_LOOP: false,
  S3_PUBLIC_BASE_URL: '',
  S3_URL_EXPIRY_SECONDS: 604800,
};

describe('createStorage', () => {
  test('local: the directory served by the API under /files', () => {
    const storage = createStorage(storageSettingsFromEnv(ENV));
    expect(storage).toBeInstanceOf(LocalStorage);
    expect(storage.publicUrl('jobs/1/output/model.glb')).toBe('http://api.test/files/jobs/1/output/model.glb');
  });

  test('s3: a bucket, presigned URLs with the configured lifetime', () => {
    const storage = createStorage(
      storageSettingsFromEnv({
        ...ENV,
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'rigs',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'AK',
        S3_SECRET_ACCESS_KEY: 'SK',
        S3_URL_EXPIRY_SECONDS: 3600,
      }),
    );
    expect(storage).toBeInstanceOf(S3Storage);
    const url = new URL(storage.publicUrl('jobs/1/output/model.glb'));
    expect(`${url.origin}${url.pathname}`).toBe('http://minio:9000/rigs/jobs/1/output/model.glb');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^AK\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    (storage as S3Storage).close();
  });

  test('s3 with a public base URL needs no static keys', () => {
    const storage = createStorage(
      storageSettingsFromEnv({ ...ENV, STORAGE_DRIVER: 's3', S3_BUCKET: 'rigs', S3_PUBLIC_BASE_URL: 'https://cdn.test', S3_FORCE_PATH_STYLE: false }),
    );
    expect(storage.publicUrl('assets/a.glb')).toBe('https://cdn.test/assets/a.glb');
    (storage as S3Storage).close();
  });

  test('s3 without a bucket fails at startup', () => {
    expect(() => createStorage(storageSettingsFromEnv({ ...ENV, STORAGE_DRIVER: 's3', S3_ACCESS_KEY_ID: 'AK', S3_SECRET_ACCESS_KEY: 'SK' }))).toThrow(/bucket/);
  });
});
