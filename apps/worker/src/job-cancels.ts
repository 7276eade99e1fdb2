/**
 * Cancel requests for running jobs. The API marks a canceled job failed (and refunds it) itself,
 * then publishes the job id; the worker running it aborts the engine here, which ends its thread
 * the way a deadline does (see EnginePool.run). A job registers before it is marked processing,
 * so a cancel that lands between the two is not missed.
 */
import type { Redis } from '@rigforge/queue';
import { jobCancelChannel, jobCancelSchema, subscribeChannel } from '@rigforge/queue';

export class JobCancels {
  private readonly running = new Map<string, AbortController>();

  /** The signal that aborts when `jobId` is canceled; call `release` when the job is done. */
  register(jobId: string): { signal: AbortSignal; release: () => void } {
    const controller = new AbortController();
    this.running.set(jobId, controller);
    return {
      signal: controller.signal,
      release: () => {
        if (this.running.get(jobId) === controller) this.running.delete(jobId);
      },
    };
  }

  cancel(jobId: string): boolean {
    const controller = this.running.get(jobId);
    controller?.abort();
    return controller !== undefined;
  }

  /** Listens for cancel requests on `subscriber` (a connection used only for subscriptions). */
  listen(subscriber: Redis, prefix: string, log: (message: string) => void): Promise<() => Promise<void>> {
    return subscribeChannel(subscriber, jobCancelChannel(prefix), jobCancelSchema, ({ jobId }) => {
      if (this.cancel(jobId)) log(`job ${jobId}: canceled by its owner; stopping its engine`);
    });
  }
}
