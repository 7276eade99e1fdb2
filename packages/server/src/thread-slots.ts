/**
 * What the service's two worker-thread pools share (the API's upload checks, the worker's engines):
 * a fixed set of slots, each holding a thread that loads a TypeScript entry once and is reused; a
 * thread that dies, overruns its deadline or is aborted is terminated and replaced in its slot; and
 * one exchange at a time per slot, ending on the reply, the deadline, an abort or the thread's death.
 * The pools keep only what differs: their messages, and what an overrun or a death means to them.
 */
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { threadBootstrap } from './thread-bootstrap';

export interface ThreadSlotsOptions {
  /** Absolute path of the thread's TypeScript entry. */
  entry: string;
  size: number;
  resourceLimits: ResourceLimits;
  workerData?: unknown;
  /** Whether a message from a starting thread is its `ready` (the entry has loaded). */
  isReady: (message: unknown) => boolean;
  /**
   * Told each thread's `ready` message as the thread becomes ready (the engine pool logs its warm-up
   * from it), so `isReady` stays a pure test.
   */
  onReady?: (message: unknown) => void;
  /** Called when a slot becomes free or gets a new thread (a pool with a waiting line dispatches). */
  onFree?: () => void;
  /** Names the thread in errors: `upload check thread`, `engine thread`. */
  what: string;
}

export interface ThreadSlot {
  worker: Worker;
  ready: Promise<void>;
  busy: boolean;
}

/** How an exchange ended; every end but `reply` cost the thread, which was replaced. */
export type ExchangeEnd<R> = { kind: 'reply'; reply: R } | { kind: 'timeout' } | { kind: 'aborted' } | { kind: 'died'; reason: string };

export interface Exchange<R> {
  message: unknown;
  /** Buffers handed to the thread instead of copied. */
  transfer?: ArrayBuffer[];
  /** The reply this exchange waits for, from any message of the thread; undefined for others. */
  match: (raw: unknown) => R | undefined;
  /** Counted from the thread's `ready`, so a replaced thread's start-up is never charged to the work. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Every other message of the thread while the exchange runs (an engine's stage reports). */
  onMessage?: (raw: unknown) => void;
}

export class ThreadSlots {
  private readonly slots: ThreadSlot[] = [];
  private closed = false;
  /** The prebuilt entry, or tsx's CommonJS hook and the TypeScript entry (thread-bootstrap.ts). */
  private readonly bootstrap: string;

  constructor(private readonly options: ThreadSlotsOptions) {
    this.bootstrap = threadBootstrap(options.entry);
    for (let i = 0; i < Math.max(1, options.size); i++) this.slots.push(this.spawn());
  }

  /** Resolves when every thread has loaded its entry (startup, tests and benches). */
  async ready(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.ready));
  }

  /** A free slot, marked busy, or undefined when every slot is busy (or the pool is closed). */
  take(): ThreadSlot | undefined {
    if (this.closed) return undefined;
    const slot = this.slots.find((s) => !s.busy);
    if (slot) slot.busy = true;
    return slot;
  }

  /**
   * Runs one exchange on a slot from `take`. Rejects only when the thread never started (it is
   * replaced); otherwise resolves with how the exchange ended, the slot free again.
   */
  async exchange<R>(slot: ThreadSlot, exchange: Exchange<R>): Promise<ExchangeEnd<R>> {
    try {
      await slot.ready;
    } catch (error) {
      this.release(slot, false);
      throw new Error(`${this.options.what} failed to start: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (exchange.signal?.aborted) {
      this.release(slot, true);
      return { kind: 'aborted' };
    }
    const { worker } = slot;
    return new Promise<ExchangeEnd<R>>((resolve) => {
      let settled = false;
      const finish = (end: ExchangeEnd<R>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        exchange.signal?.removeEventListener('abort', onAbort);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        this.release(slot, end.kind === 'reply');
        resolve(end);
      };
      const onMessage = (raw: unknown) => {
        const reply = exchange.match(raw);
        if (reply !== undefined) finish({ kind: 'reply', reply });
        else exchange.onMessage?.(raw);
      };
      const onError = (error: Error) => finish({ kind: 'died', reason: error.message });
      const onExit = (code: number) => finish({ kind: 'died', reason: `${this.options.what} exited with code ${code}` });
      const onAbort = () => finish({ kind: 'aborted' });
      const timer = setTimeout(() => finish({ kind: 'timeout' }), exchange.timeoutMs);
      exchange.signal?.addEventListener('abort', onAbort, { once: true });
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(exchange.message, exchange.transfer ?? []);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private spawn(): ThreadSlot {
    const worker = new Worker(this.bootstrap, {
      eval: true,
      resourceLimits: this.options.resourceLimits,
      ...(this.options.workerData !== undefined ? { workerData: this.options.workerData } : {}),
    });
    // An error is followed by the thread's exit, which is handled; without a listener it would throw.
    worker.on('error', () => undefined);
    const slot: ThreadSlot = { worker, ready: Promise.resolve(), busy: false };
    slot.ready = new Promise<void>((resolve, reject) => {
      const onMessage = (raw: unknown) => {
        if (!this.options.isReady(raw)) return;
        worker.off('message', onMessage);
        this.options.onReady?.(raw);
        resolve();
      };
      worker.on('message', onMessage);
      worker.once('exit', (code) => {
        reject(new Error(`${this.options.what} exited with code ${code}`));
        // A thread that dies while idle is replaced at once, so the pool never shrinks.
        if (!slot.busy) this.replace(slot);
      });
    });
    slot.ready.catch(() => undefined);
    return slot;
  }

  private release(slot: ThreadSlot, healthy: boolean): void {
    slot.busy = false;
    if (healthy) this.options.onFree?.();
    else this.replace(slot);
  }

  private replace(slot: ThreadSlot): void {
    void slot.worker.terminate();
    const index = this.slots.indexOf(slot);
    if (index < 0 || this.closed) return;
    this.slots[index] = this.spawn();
    this.options.onFree?.();
  }
}
