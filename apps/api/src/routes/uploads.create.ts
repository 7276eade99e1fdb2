/** POST /v1/uploads: a URL to PUT a large file to and the source URL it becomes; free, like the check. */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Router } from 'express';
import { createUploadRequestSchema, type UploadObject } from '@rigforge/contracts';
import { createUpload } from '@rigforge/db';
import { uploadKey } from '@rigforge/storage';
import type { AppContext } from '../context';
import { ApiError } from '../errors/api-error';
import { zodToApiError } from '../errors/zod-to-api-error';
import { localUploadUrl, uploadTokenHash } from '../services/local-upload-url';

/**
 * Records the upload (who, what size and type, until when), then answers where to PUT it: a
 * presigned bucket URL held to the declared size and type, or on local storage this API's own
 * signed URL (routes/uploads.put.ts). `model_url` is the object's URL in storage, which sources
 * read from storage directly (services/input-capture.ts), for this account only, until expiry.
 * No credits: the job that uses it is what is charged.
 */
export function registerUploadsCreate(router: Router, ctx: AppContext): void {
  router.post('/uploads', async (req, res) => {
    const parsed = createUploadRequestSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw zodToApiError(parsed.error, 'uploads');
    const { bytes, content_type: contentType } = parsed.data;
    const maxBytes = ctx.env.MAX_UPLOAD_BYTES;
    if (bytes > maxBytes) throw new ApiError('payload_too_large', `uploads: ${bytes} bytes is over the ${maxBytes}-byte upload limit`, { param: 'bytes' });

    const id = randomUUID();
    const key = uploadKey(id);
    // The token makes the local PUT URL a capability of its own: knowing model_url (e.g. from a
    // job's params) does not allow overwriting the file.
    const token = randomBytes(24).toString('base64url');
    const ttl = ctx.env.UPLOAD_TTL_SECONDS;
    const expiresAt = new Date(Date.now() + ttl * 1000);
    await createUpload(ctx.db, {
      id,
      accountId: res.locals.accountId,
      key,
      bytes,
      contentType,
      tokenHash: uploadTokenHash(token),
      expiresAt,
    });
    const presigned = ctx.storage.presignPut(key, { bytes, contentType, expiresInSeconds: ttl });
    const body: UploadObject = {
      object: 'upload',
      id,
      upload_url: presigned ?? localUploadUrl(ctx.env.PUBLIC_BASE_URL, id, token),
      method: 'PUT',
      headers: { 'Content-Type': contentType, 'Content-Length': String(bytes) },
      model_url: ctx.storage.publicUrl(key),
      bytes,
      max_bytes: maxBytes,
      expires_at: expiresAt.toISOString(),
    };
    res.status(201).json(body);
  });
}
