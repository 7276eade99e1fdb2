/**
 * `Prefer: wait=N` (RFC 7240): hold the answer until the job is terminal or N seconds have passed,
 * then answer with the job as it is and `Preference-Applied: wait=N`. The wait is woken by status
 * events (see JobStatusListener), never by polling Postgres: the row is read once before and once
 * after.
 */
import type { Request, Response } from 'express';
import { TERMINAL_STATUSES } from '@rigforge/contracts';
import { findJob, type JobRow } from '@rigforge/db';
import type { AppContext } from '../context';
import { ApiError } from '../errors/api-error';

/** The longest wait a request may ask for, in seconds (as Replicate allows). */
export const MAX_PREFER_WAIT_SECONDS = 60;

/**
 * The `wait` preference in seconds, or undefined when none was expressed. Other preferences are
 * ignored, as RFC 7240 asks; a wait that is not an integer from 0 to 60 is a clear 400.
 */
export function readPreferWait(req: Request): number | undefined {
  const header = req.get('Prefer');
  if (!header) return undefined;
  for (const preference of header.split(',')) {
    const [token = '', value] = (preference.split(';')[0] ?? '').split('=').map((p) => p.trim());
    if (token.toLowerCase() !== 'wait') continue;
    const seconds = (value ?? '').replace(/^"(.*)"$/, '$1');
    if (!/^\d{1,6}$/.test(seconds) || Number(seconds) > MAX_PREFER_WAIT_SECONDS) {
      throw new ApiError('invalid_request', `Prefer: wait must be a whole number of seconds from 0 to ${MAX_PREFER_WAIT_SECONDS}, not "${seconds}"`, {
        param: 'Prefer',
      });
    }
    return Number(seconds);
  }
  return undefined;
}

/**
 * Waits until the job is terminal, `seconds` pass, the client goes away or the server shuts down;
 * returns the job row as it then is (null if it vanished).
 */
export async function waitForJob(ctx: AppContext, res: Response, jobId: string, accountId: string, seconds: number): Promise<JobRow | null> {
  let wake: () => void = () => undefined;
  const woken = new Promise<void>((resolve) => (wake = resolve));
  // Listen before the first read, so a change between the read and the wait is not missed.
  const offStatus = ctx.jobEvents.on(jobId, (status) => {
    if (TERMINAL_STATUSES.includes(status)) wake();
  });
  const offClose = ctx.jobEvents.onClose(wake);
  res.on('close', wake);
  const timer = setTimeout(wake, seconds * 1000);
  try {
    const row = await findJob(ctx.db, jobId, accountId);
    if (!row || TERMINAL_STATUSES.includes(row.status) || seconds === 0) return row;
    await woken;
    return await findJob(ctx.db, jobId, accountId);
  } finally {
    clearTimeout(timer);
    offStatus();
    offClose();
    res.off('close', wake);
  }
}

/** Sets `Preference-Applied` for an honoured wait. */
export function applyPreferWait(res: Response, seconds: number): void {
  res.setHeader('Preference-Applied', `wait=${seconds}`);
  res.append('Vary', 'Prefer');
}
