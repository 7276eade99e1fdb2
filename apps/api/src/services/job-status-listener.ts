/**
 * One subscription per API process to the job status channel, fanned out in memory to whoever
 * waits on a job here (`Prefer: wait`, the status stream). Every replica hears every change, so a
 * client may wait on any replica whichever process wrote the status.
 */
import { EventEmitter } from 'node:events';
import type { JobStatus } from '@rigforge/contracts';
import { jobStatusChannel, jobStatusEventSchema, subscribeChannel, type Redis } from '@rigforge/queue';

export class JobStatusListener {
  private readonly emitter = new EventEmitter();
  private closed = false;

  constructor() {
    // One listener per open wait or stream; thousands are normal.
    this.emitter.setMaxListeners(0);
  }

  /** Subscribes `subscriber` (a connection used only for subscriptions); returns an unsubscribe. */
  listen(subscriber: Redis, prefix: string): Promise<() => Promise<void>> {
    return subscribeChannel(subscriber, jobStatusChannel(prefix), jobStatusEventSchema, (event) => {
      this.emitter.emit(event.jobId, event.status);
    });
  }

  /** Calls `onChange` for each status change of `jobId` heard from now on; returns the unsubscribe. */
  on(jobId: string, onChange: (status: JobStatus) => void): () => void {
    this.emitter.on(jobId, onChange);
    return () => this.emitter.off(jobId, onChange);
  }

  /** Calls `onClose` when the process shuts down (open waits answer, streams end); returns the unsubscribe. */
  onClose(onClose: () => void): () => void {
    if (this.closed) {
      queueMicrotask(onClose);
      return () => undefined;
    }
    this.emitter.on('close', onClose);
    return () => this.emitter.off('close', onClose);
  }

  /** Releases every wait and stream, so a shutting-down server is not held by them. */
  close(): void {
    this.closed = true;
    this.emitter.emit('close');
  }
}
