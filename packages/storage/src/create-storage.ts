/** Builds the configured object storage, so processes choose local or S3 from settings alone. */
import { LocalStorage, type LocalStorageOptions } from './local-storage';
import type { ObjectStorage } from './object-storage';
import { S3Storage, type S3StorageOptions } from './s3-storage';

/** Which object storage to build, and its settings. */
export type StorageSettings = ({ driver: 'local' } & LocalStorageOptions) | ({ driver: 's3' } & S3StorageOptions);

/** Builds the configured object storage; the API, workers and scripts all go through here. */
export function createStorage(settings: StorageSettings): ObjectStorage {
  if (settings.driver === 's3') {
    const { driver: _driver, ...options } = settings;
    return new S3Storage(options);
  }
  const { driver: _driver, ...options } = settings;
  return new LocalStorage(options);
}

/** The storage variables shared by the API's and the workers' environments (see their env.ts). */
export interface StorageEnv {
  STORAGE_DRIVER: 'local' | 's3';
  STORAGE_DIR: string;
  STORAGE_CREATE_ON_LOOP: boolean;
  PUBLIC_BASE_URL: string;
  S3_BUCKET: string;
  S3_ENDPOINT: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
  S3_FORCE_PATH_STYLE: boolean;
  S3_PUBLIC_BASE_URL: string;
  S3_URL_EXPIRY_SECONDS: number;
}

/**
 * Settings from parsed environment variables. Local storage is served by the API under
 * `${PUBLIC_BASE_URL}/files`; empty S3 variables mean "not set".
 */
export function storageSettingsFromEnv(env: StorageEnv): StorageSettings {
  if (env.STORAGE_DRIVER === 's3') {
    return {
      driver: 's3',
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT || undefined,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      publicBaseUrl: env.S3_PUBLIC_BASE_URL || undefined,
      urlExpirySeconds: env.S3_URL_EXPIRY_SECONDS,
    };
  }
  return {
    driver: 'local',
    rootDir: env.STORAGE_DIR,
    publicBaseUrl: `${env.PUBLIC_BASE_URL.replace(/\/+$/, '')}/files`,
    createOnLoop: env.STORAGE_CREATE_ON_LOOP,
  };
}
