/** Serves local storage over HTTP, so output URLs work without S3. */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Router } from 'express';
import { contentHashOfCatalogKey, isJobInputKey, isUploadKey, LocalStorage, StorageKeyError } from '@rigforge/storage';
import type { AppContext } from '../context';
import { ApiError } from '../errors/api-error';

/**
 * GET /files/<key>: serves the local storage directory (the default object storage) so output URLs
 * work without S3. Keys hold random UUIDs, so URLs are capabilities; content never changes under a
 * key, hence the long cache lifetime.
 */
export function registerFilesGet(router: Router, ctx: AppContext): void {
  if (!(ctx.storage instanceof LocalStorage)) return;
  const storage = ctx.storage;
  router.get(/^\/files\/(.+)$/, async (req, res, next) => {
    const key = (req.params as Record<string, string>)[0] ?? '';
    let file: string;
    try {
      file = storage.pathOf(key);
    } catch (error) {
      if (error instanceof StorageKeyError) return next(new ApiError('not_found', 'files: no such file'));
      return next(error);
    }
    // Inputs and uploads are private: their URLs are sources read from storage, never downloads.
    if (isJobInputKey(key) || isUploadKey(key) || path.basename(file).endsWith('.tmp')) {
      return next(new ApiError('not_found', 'files: no such file'));
    }
    // The app turns Express's ETag off (and sendFile obeys that), so set one here; `send` then
    // answers a matching If-None-Match with 304 by itself.
    const etag = await fileEtag(key, file);
    if (!etag) return next(new ApiError('not_found', 'files: no such file'));
    res.setHeader('ETag', etag);
    res.sendFile(file, { maxAge: '365d', immutable: true, dotfiles: 'deny' }, (error) => {
      if (error && !res.headersSent) next(new ApiError('not_found', 'files: no such file'));
    });
  });
}

/**
 * A strong ETag from the hash in a content-addressed key (the same on every replica), otherwise a
 * weak one from size and modification time. Null when the file does not exist.
 */
async function fileEtag(key: string, file: string): Promise<string | null> {
  let info;
  try {
    info = await stat(file);
  } catch {
    return null;
  }
  if (!info.isFile()) return null;
  const hash = contentHashOfCatalogKey(key);
  return hash ? `"${hash}"` : `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
}
