/** PUT /uploads/{id}?token=…: the upload URL of local storage, which has no presigned writes of its own. */
import type { Request, Router } from 'express';
import type { ApiErrorCode } from '@rigforge/contracts';
import { uuidSchema } from '@rigforge/contracts';
import { findUpload } from '@rigforge/db';
import { LocalStorage, StreamTooLargeError, StreamTooShortError } from '@rigforge/storage';
import type { AppContext } from '../context';
import { ApiError } from '../errors/api-error';
import { uploadTokenMatches } from '../services/local-upload-url';

/**
 * Takes the bytes of an upload made with POST /v1/uploads, as a presigned S3 PUT would: no API key
 * (the token in the URL is the capability), exactly the declared Content-Type, and exactly the
 * declared size. A Content-Length over it is 413 before a byte is read; a chunked body is counted
 * as it streams to a temp file and cut off with 413 the moment it passes the size, so nothing is
 * ever held in memory and nothing over the limit is kept. The object appears whole (a rename) or
 * not at all; a PUT again before expiry replaces it, as on S3. Registered on local storage only.
 */
export function registerUploadsPut(router: Router, ctx: AppContext): void {
  if (!(ctx.storage instanceof LocalStorage)) return;
  const storage = ctx.storage;
  router.put('/uploads/:id', async (req, res) => {
    const id = uuidSchema.safeParse(req.params.id);
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const row = id.success ? await findUpload(ctx.db, id.data) : null;
    // Unknown, wrong token or expired are one answer: the URL grants nothing.
    if (!row || !uploadTokenMatches(token, row.tokenHash) || row.expiresAt.getTime() <= Date.now()) {
      throw refuse(req, 'not_found', 'uploads: no upload at this URL (unknown, or expired)');
    }
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== row.contentType) {
      throw refuse(req, 'invalid_request', `uploads: Content-Type must be ${row.contentType}, as declared, not "${type || 'none'}"`, 'Content-Type');
    }
    const length = req.headers['content-length'];
    if (length !== undefined) {
      const n = Number(length);
      if (n > row.bytes) throw refuse(req, 'payload_too_large', `uploads: ${n} bytes is over the declared ${row.bytes}`, 'Content-Length');
      if (n !== row.bytes) throw refuse(req, 'invalid_request', `uploads: Content-Length must be the declared ${row.bytes}, not ${n}`, 'Content-Length');
    }
    try {
      await storage.putStream(row.key, req, row.bytes, true);
    } catch (error) {
      if (error instanceof StreamTooLargeError) throw refuse(req, 'payload_too_large', `uploads: the body is over the declared ${row.bytes} bytes`, 'Content-Length');
      if (error instanceof StreamTooShortError) {
        throw new ApiError('invalid_request', `uploads: the body was ${error.bytes} bytes, not the declared ${row.bytes}`, { param: 'Content-Length' });
      }
      // The client went away mid-body: nothing was kept, and there is nobody to answer.
      if (req.destroyed || !req.complete) return void res.destroy();
      throw error;
    }
    res.status(200).end();
  });
}

/**
 * A refusal before (or in the middle of) the body: the connection is closed after the answer, so
 * the client stops sending instead of the server draining up to 200 MB it will not keep.
 */
function refuse(req: Request, code: ApiErrorCode, message: string, param?: string): ApiError {
  return new ApiError(code, message, { param, headers: req.complete ? {} : { Connection: 'close' } });
}
