import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { presignS3Url } from '../src/presign-s3-url';

// The worked example of AWS's "Authenticating Requests: Using Query Parameters (AWS Signature
// Version 4)" page: GET examplebucket/test.txt, valid for 86400 s from 2013-05-24T00:00:00Z.
const AWS_EXAMPLE = {
  origin: 'https://examplebucket.s3.amazonaws.com',
  path: '/test.txt',
  region: 'us-east-1',
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  expiresInSeconds: 86400,
  now: new Date('2013-05-24T00:00:00Z'),
};

describe('presignS3Url', () => {
  test("a PUT with signed content-length and content-type signs exactly as the AWS SDK's presigner does", async () => {
    const now = new Date('2026-01-02T03:04:05.678Z');
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:4568',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' },
      // As S3Storage's client: no checksum parameters the store may not understand.
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    const command = new PutObjectCommand({ Bucket: 'rig-bucket', Key: 'uploads/ab/u1', ContentLength: 52428800, ContentType: 'model/gltf-binary' });
    const sdk = new URL(
      await getSignedUrl(client, command, { expiresIn: 3600, signingDate: now, signableHeaders: new Set(['content-length', 'content-type']) }),
    );
    client.destroy();
    const extra = Object.fromEntries([...sdk.searchParams].filter(([name]) => ['X-Amz-Content-Sha256', 'x-id'].includes(name)));
    const ours = new URL(
      presignS3Url({
        method: 'PUT',
        origin: 'http://127.0.0.1:4568',
        path: '/rig-bucket/uploads/ab/u1',
        region: 'us-east-1',
        accessKeyId: 'AKID',
        secretAccessKey: 'secret',
        expiresInSeconds: 3600,
        now,
        query: extra,
        headers: { 'Content-Type': 'model/gltf-binary', 'Content-Length': '52428800' },
      }),
    );
    expect(sdk.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(Object.fromEntries(ours.searchParams)).toEqual(Object.fromEntries(sdk.searchParams));
  });

  test("reproduces the AWS documentation's presigned GET URL", () => {
    expect(presignS3Url(AWS_EXAMPLE)).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt' +
        '?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
        '&X-Amz-Date=20130524T000000Z' +
        '&X-Amz-Expires=86400' +
        '&X-Amz-SignedHeaders=host' +
        '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  test("signs exactly as the AWS SDK's presigner does (path style, port, key needing encoding)", async () => {
    const now = new Date('2026-01-02T03:04:05.678Z');
    const client = new S3Client({
      region: 'eu-west-3',
      endpoint: 'http://127.0.0.1:4568',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret/with+chars' },
    });
    const key = "jobs/0b1c/out put (1)*'!~.glb";
    const sdk = new URL(await getSignedUrl(client, new GetObjectCommand({ Bucket: 'rig-bucket', Key: key }), { expiresIn: 3600, signingDate: now }));
    client.destroy();
    // The SDK adds three parameters of its own; given the same ones, the signature must agree.
    const extra = Object.fromEntries(
      [...sdk.searchParams].filter(([name]) => ['X-Amz-Content-Sha256', 'x-amz-checksum-mode', 'x-id'].includes(name)),
    );
    expect(Object.keys(extra).sort()).toEqual(['X-Amz-Content-Sha256', 'x-amz-checksum-mode', 'x-id']);
    const ours = new URL(
      presignS3Url({
        origin: 'http://127.0.0.1:4568',
        path: `/rig-bucket/${key}`,
        region: 'eu-west-3',
        accessKeyId: 'AKID',
        secretAccessKey: 'secret/with+chars',
        expiresInSeconds: 3600,
        now,
        query: extra,
      }),
    );
    expect(ours.pathname).toBe(sdk.pathname);
    expect(ours.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.fromEntries(ours.searchParams)).toEqual(Object.fromEntries(sdk.searchParams));
  });

  test('a session token is carried and signed', () => {
    const plain = new URL(presignS3Url(AWS_EXAMPLE));
    const withToken = new URL(presignS3Url({ ...AWS_EXAMPLE, sessionToken: 'token/+=' }));
    expect(withToken.searchParams.get('X-Amz-Security-Token')).toBe('token/+=');
    expect(withToken.searchParams.get('X-Amz-Signature')).not.toBe(plain.searchParams.get('X-Amz-Signature'));
  });

  test('refuses an expiry outside 1 s .. 7 days and parameters the signer owns', () => {
    expect(() => presignS3Url({ ...AWS_EXAMPLE, expiresInSeconds: 0 })).toThrow(RangeError);
    expect(() => presignS3Url({ ...AWS_EXAMPLE, expiresInSeconds: 604801 })).toThrow(RangeError);
    expect(() => presignS3Url({ ...AWS_EXAMPLE, expiresInSeconds: 1.5 })).toThrow(RangeError);
    expect(() => presignS3Url({ ...AWS_EXAMPLE, expiresInSeconds: 604800 })).not.toThrow();
    expect(() => presignS3Url({ ...AWS_EXAMPLE, query: { 'X-Amz-Expires': '1' } })).toThrow(/set by the signer/);
  });
});
