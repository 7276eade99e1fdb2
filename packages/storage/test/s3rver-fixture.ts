/**
 * A real S3-compatible server (s3rver, objects on disk) on a free local port, for tests of S3Storage
 * and of the apps wired to it. s3rver checks presigned URL expiry but not signatures.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The slice of s3rver's (untyped) API the tests use. */
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => S3rverServer;

/** s3rver's built-in account; any other access key is refused with InvalidAccessKeyId. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface RunningS3rver {
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
}

export async function startS3rver(bucket = 'rigforge-test'): Promise<RunningS3rver> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
