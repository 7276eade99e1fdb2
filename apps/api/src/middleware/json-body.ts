// The /v1 JSON bodies: large ones parsed in the upload-check threads, small ones on the loop, none for a bodiless request.
import express, { type Request, type RequestHandler } from 'express';
import { largeJsonBody, verifyJsonShape } from '../upload-check/large-json-body';
import type { UploadCheckPool } from '../upload-check/upload-check-pool';

export interface JsonBodyOptions {
  /** Bodies of at least this many bytes (or of unknown length) are parsed in a thread. */
  largeMinBytes: number;
  /** Largest body accepted (express.json's `limit`). */
  limit: string;
}

/**
 * Both body parsers of /v1 as one middleware: `largeJsonBody` (threads) and then express.json
 * (with the shape budget), as before. A request without a body (every GET, the job polls above
 * all) skips both at once, which is what each parser does itself after two of its own checks
 * (issue 25: the polled job read went through both on every request). "Without a body" is
 * body-parser's own test (`type-is`'s hasBody), so nothing a parser would have read is skipped.
 */
export function jsonBody(uploadCheck: UploadCheckPool, options: JsonBodyOptions): RequestHandler {
  const large = largeJsonBody(uploadCheck, { minBytes: options.largeMinBytes, limit: options.limit });
  const small = express.json({ limit: options.limit, verify: verifyJsonShape });
  return (req, res, next) => {
    if (!hasBody(req)) {
      next();
      return;
    }
    large(req, res, (error?: unknown) => {
      if (error) {
        next(error);
        return;
      }
      small(req, res, next);
    });
  };
}

/** body-parser's test (type-is `hasBody`): a chunked body, or a Content-Length that is a number (0 too). */
function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(req.headers['content-length']));
}
