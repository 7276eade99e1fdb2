/** The 202 answer of every submission route (Location, Prefer: wait), written once. */
import type { Response } from 'express';
import type { JobObject } from '@rigforge/contracts';
import type { AppContext } from '../context';
import { toJobObject } from '@rigforge/db';
import { applyPreferWait, waitForJob } from './prefer-wait';
import { sendJson } from './send-json';

/**
 * Sends a submission's 202 answer (new or replayed) with the job's poll URL as Location. With
 * `Prefer: wait=N` the answer is held until the job is terminal or N seconds pass, and its job
 * fields are the job as it then is (the status stays 202, the contract's answer to a submission).
 */
export async function sendAccepted<T extends JobObject & { poll_url: string }>(
  ctx: AppContext,
  res: Response,
  answer: T,
  /** The request's `Prefer: wait` (read with readPreferWait before any work, so a bad one creates nothing). */
  wait: number | undefined,
): Promise<void> {
  let body: T = answer;
  if (wait !== undefined) {
    const row = await waitForJob(ctx, res, answer.id, res.locals.accountId, wait);
    // Copied onto a new object rather than spread (`{ ...answer, ...job }`): in Node 20's V8 a spread
    // followed by more properties makes a hidden class per call (apps/api/docs/performance.md, thirteenth
    // wave). The same keys in the same order (the answer's, then the job's new ones), so the same JSON.
    if (row) body = Object.assign({}, answer, toJobObject(row, ctx.storage));
    applyPreferWait(res, wait);
  }
  // sendJson: the bytes and headers res.json wrote, without its general path (issue 25: the
  // submission's answer went through res.json's settings lookups and Content-Type re-parse).
  res.status(202).setHeader('Location', answer.poll_url);
  sendJson(res.req, res, body);
}
