/**
 * Large JSON bodies (inline uploads: 13 MB of base64 for a 10 MB mesh) are parsed in the
 * upload-check threads, not on the event loop. On the loop, one such body cost ~0.25 s of UTF-8
 * decoding, JSON.parse, the base64 pattern check and base64 decoding on an idle machine, several
 * times that under load, and ten at once held every other request for seconds. Here the loop only
 * collects the bytes (express.raw: same size limit, encodings and 413 as express.json) and hands
 * them to a thread, which answers with the body and its valid `*_base64` fields already decoded.
 * Each decoded field is replaced in the body by a one-request token that `decodeBase64Input`
 * exchanges for the bytes, so routes and their schemas stay as they are. Smaller bodies are left
 * to express.json, where a thread round trip would cost more than it saves. Both paths check the
 * body's shape budget (json-shape-budget.ts) on its bytes before parsing it.
 */
import express, { type RequestHandler } from 'express';
import { ApiError } from '../errors/api-error';
import { jsonShapeOverBudget } from './json-shape-budget';
import { registerPredecodedBase64 } from '../services/input-capture';
import type { UploadCheckPool } from './upload-check-pool';

export interface LargeJsonBodyOptions {
  /** Bodies of at least this many bytes (or of unknown length) are parsed in a thread. */
  minBytes: number;
  /** Largest body accepted, as express.json's `limit`. */
  limit: string;
}

export function largeJsonBody(pool: UploadCheckPool, options: LargeJsonBodyOptions): RequestHandler {
  const collect = express.raw({
    limit: options.limit,
    type: (req) => {
      if (!/^application\/([\w.+-]+\+)?json\b/i.test(req.headers['content-type'] ?? '')) return false;
      const length = req.headers['content-length'];
      return length === undefined || Number(length) >= options.minBytes;
    },
  });
  return (req, res, next) => {
    collect(req, res, (error?: unknown) => {
      if (error || !Buffer.isBuffer(req.body)) {
        next(error);
        return;
      }
      pool.parseJsonBody(req.body).then((outcome) => {
        if (!outcome.ok) {
          next(new ApiError('invalid_request', outcome.message));
          return;
        }
        const body = outcome.body;
        for (const { field, bytes } of outcome.decoded) {
          if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
            Object.assign(body, { [field]: registerPredecodedBase64(bytes, res) });
          }
        }
        req.body = body;
        next();
      }, next);
    });
  };
}

/**
 * express.json's `verify`: the shape budget on the raw bytes, which body-parser hands over before
 * it parses them. The ApiError keeps its 400 through body-parser and renders as invalid_request.
 */
export function verifyJsonShape(_req: unknown, _res: unknown, bytes: Buffer): void {
  const overBudget = jsonShapeOverBudget(bytes);
  if (overBudget) throw new ApiError('invalid_request', overBudget);
}
