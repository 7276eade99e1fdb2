import path from 'node:path';
import type { Router } from 'express';
import { LocalStorage, StorageKeyError } from '@rigforge/storage';
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
  router.get(/^\/files\/(.+)$/, (req, res, next) => {
    const key = (req.params as Record<string, string>)[0] ?? '';
    let file: string;
    try {
      file = storage.pathOf(key);
    } catch (error) {
      if (error instanceof StorageKeyError) return next(new ApiError('not_found', 'files: no such file'));
      return next(error);
    }
    if (/^jobs\/[^/]+\/input\./.test(key) || path.basename(file).endsWith('.tmp')) {
      return next(new ApiError('not_found', 'files: no such file'));
    }
    res.sendFile(file, { maxAge: '365d', immutable: true, dotfiles: 'deny' }, (error) => {
      if (error && !res.headersSent) next(new ApiError('not_found', 'files: no such file'));
    });
  });
}
