/** A server-sent event stream of a job, so clients follow it without polling. */
import type { Router } from 'express';
import { jobIdParamsSchema, TERMINAL_STATUSES } from '@rigforge/contracts';
import { findJob, toJobObject } from '@rigforge/db';
import type { AppContext } from '../context';
import { ApiError } from '../errors/api-error';
import { requestLog } from '../middleware/request-id';

/**
 * GET /v1/jobs/{id}/events: a `text/event-stream` of the job. The job as it is comes at once, then
 * one event per status change (each the whole job object as `data`), and the stream ends after
 * the terminal one; a processing job also gets one event per engine stage it enters (its `stage`
 * and `progress` moved). A comment line every SSE_KEEPALIVE_MS (15 s) keeps proxies from closing an
 * idle stream. Changes arrive as Redis status events, so any replica can serve the stream; each
 * event re-reads the row (Postgres is the record), and so does each keep-alive, which bounds how
 * long a lost event can delay the stream.
 */
export function registerJobsEvents(router: Router, ctx: AppContext): void {
  router.get('/jobs/:id/events', async (req, res) => {
    const params = jobIdParamsSchema.safeParse(req.params);
    if (!params.success) throw new ApiError('invalid_request', 'jobs: id must be a UUID', { param: 'id' });
    const accountId: string = res.locals.accountId;
    const jobId = params.data.id;
    const first = await findJob(ctx.db, jobId, accountId);
    if (!first) throw new ApiError('not_found', `jobs: no job "${jobId}"`);

    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('X-Accel-Buffering', 'no'); // nginx: do not buffer the stream
    res.flushHeaders();

    // What the last event showed: a new event goes out when the status, stage or progress moved.
    let last: string | undefined;
    let ended = false;
    let chain: Promise<void> = Promise.resolve();
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(keepAlive);
      offStatus();
      offClose();
      res.end();
    };
    // Sends the job if it moved since the last event. Runs one at a time (chained), so
    // events leave in the order of the reads.
    const refresh = () => {
      chain = chain
        .then(async () => {
          if (ended) return;
          const row = await findJob(ctx.db, jobId, accountId);
          if (!row) return end();
          const job = toJobObject(row, ctx.storage);
          const seen = `${job.status} ${job.stage ?? ''} ${job.progress ?? ''}`;
          if (seen === last) return;
          last = seen;
          res.write(`data: ${JSON.stringify(job)}\n\n`);
          if (TERMINAL_STATUSES.includes(row.status)) end();
        })
        .catch((error: unknown) => {
          // Headers are sent: no error body is possible. The client reconnects and gets the job anew.
          requestLog(ctx.logger, res)(`job ${jobId}: status stream ended on an error`, error);
          end();
        });
    };
    const offStatus = ctx.jobEvents.on(jobId, refresh);
    const offClose = ctx.jobEvents.onClose(end);
    const keepAlive = setInterval(() => {
      res.write(': keep-alive\n\n');
      refresh();
    }, ctx.env.SSE_KEEPALIVE_MS);
    res.on('close', end);
    refresh();
    await chain;
  });
}
