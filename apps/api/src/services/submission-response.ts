import type { Request, Response } from 'express';
import type { JobObject } from '@rigforge/contracts';
import type { AppContext } from '../context';

/** Sends a submission's 202 answer (new or replayed), with the job's poll URL as Location. */
export async function sendAccepted<T extends JobObject & { poll_url: string }>(
  _ctx: AppContext,
  _req: Request,
  res: Response,
  answer: T,
): Promise<void> {
  res.status(202).setHeader('Location', answer.poll_url).json(answer);
}
