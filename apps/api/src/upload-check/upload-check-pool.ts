/**
 * A small pool of threads that read uploaded meshes at submission. Reading a hostile file used to
 * run on the API's event loop (9 s and 2.9 GB for a 2 MB FBX zip bomb, every other request
 * waiting); here each check runs in a thread with a heap limit and a deadline, so it stalls no
 * request, and a check that overruns either costs only its thread (terminated and replaced).
 * Threads start once and are reused: loading the readers takes about a second. Checks beyond the
 * pool's size wait in order. The same threads parse large JSON bodies (see large-json-body.ts).
 * The slots, spawning and replacement are @rigforge/server's ThreadSlots, shared with the worker's
 * engine threads; this file keeps the waiting line and what the answers mean.
 */
import path from 'node:path';
import { ThreadSlots, type ExchangeEnd } from '@rigforge/server';
import {
  uploadCheckReplySchema,
  type UploadCheckKind,
  type UploadCheckReply,
  type UploadCheckRequest,
  type UploadThreadTaskKind,
} from './upload-check-messages';

export interface UploadCheckPoolOptions {
  threads: number;
  /** Old-generation heap of one thread, in MB (typed arrays are bounded by the readers' budgets). */
  heapMb: number;
  /** Longest one check may take before it is refused and its thread replaced. */
  timeoutMs: number;
}

/** A check's answer: the format read (and an animation file's clip names), or why the file is refused (the input's fault). */
export type UploadCheckOutcome = { ok: true; format: string; clips?: string[]; report?: unknown } | { ok: false; message: string };

/** A parsed JSON body, its valid `*_base64` fields decoded and removed; or `ok: false` for bad JSON. */
export type JsonBodyOutcome =
  | { ok: true; body: unknown; decoded: Array<{ field: string; bytes: Buffer }> }
  | { ok: false; message: string };

type TaskReply = Exclude<UploadCheckReply, { kind: 'ready' }>;

const THREAD_ENTRY = path.join(__dirname, 'upload-check-thread.ts');

interface Task {
  kind: UploadThreadTaskKind;
  bytes: Uint8Array;
  /** Hand the bytes' buffer to the thread instead of copying it (the caller is done with them). */
  transfer: boolean;
  onReply: (reply: TaskReply) => void;
  /** The thread overran the pool's memory or time limit (the message says which). */
  onLimit: (message: string) => void;
  reject: (error: Error) => void;
}

export class UploadCheckPool {
  private readonly threads: ThreadSlots;
  private readonly waiting: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: UploadCheckPoolOptions) {
    this.threads = new ThreadSlots({
      entry: THREAD_ENTRY,
      size: options.threads,
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb, maxYoungGenerationSizeMb: 32 },
      isReady: (raw) => uploadCheckReplySchema.safeParse(raw).data?.kind === 'ready',
      onFree: () => this.dispatch(),
      what: 'upload check thread',
    });
  }

  /** Reads an uploaded mesh (or animation clip) as the engines will, within the pool's limits. */
  check(kind: UploadCheckKind, bytes: Uint8Array): Promise<UploadCheckOutcome> {
    return this.enqueue<UploadCheckOutcome>((resolve, reject) => ({
      kind,
      bytes,
      // Copied, not transferred: the route stores the same bytes afterwards.
      transfer: false,
      onReply: (reply) => {
        if (reply.kind !== 'result') reject(new Error(`upload check thread answered a ${reply.kind} reply to a check`));
        else if (reply.ok) resolve({ ok: true, format: reply.format, ...(reply.clips ? { clips: reply.clips } : {}), ...(reply.report !== undefined ? { report: reply.report } : {}) });
        else if (reply.engineError) resolve({ ok: false, message: reply.message });
        else reject(new Error(`upload check failed: ${reply.message}`));
      },
      onLimit: (message) => resolve({ ok: false, message: `reading the file ${message}` }),
      reject,
    }));
  }

  /**
   * Parses a JSON request body in a thread. `body` is transferred: the caller must not use it
   * afterwards. The decoded fields come back transferred too, so a 10 MB upload is never copied.
   */
  parseJsonBody(body: Buffer): Promise<JsonBodyOutcome> {
    const owned = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
    return this.enqueue<JsonBodyOutcome>((resolve, reject) => ({
      kind: 'json-body',
      bytes: body,
      // A Buffer from Node's shared pool (small bodies) must not be transferred; it is copied.
      transfer: owned,
      onReply: (reply) => {
        if (reply.kind !== 'parsed') reject(new Error(`upload check thread answered a ${reply.kind} reply to a body`));
        else if (!reply.ok) resolve({ ok: false, message: reply.message ?? 'request: body is not valid JSON' });
        else {
          const decoded = reply.decoded.map((d) => ({ field: d.field, bytes: Buffer.from(d.bytes.buffer, d.bytes.byteOffset, d.bytes.byteLength) }));
          resolve({ ok: true, body: reply.body, decoded });
        }
      },
      onLimit: (message) => resolve({ ok: false, message: `request: parsing the body ${message}` }),
      reject,
    }));
  }

  private enqueue<T>(make: (resolve: (value: T) => void, reject: (error: Error) => void) => Task): Promise<T> {
    if (this.closed) return Promise.reject(new Error('upload check pool is closed'));
    return new Promise<T>((resolve, reject) => {
      this.waiting.push(make(resolve, reject));
      this.dispatch();
    });
  }

  /** Resolves when every thread has loaded the readers (startup, tests and benches). */
  async ready(): Promise<void> {
    await this.threads.ready();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.waiting.splice(0)) task.reject(new Error('upload check pool is closed'));
    await this.threads.close();
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      const slot = this.threads.take();
      if (!slot) return;
      const task = this.waiting.shift()!;
      const id = this.nextId++;
      // The exchange waits for the thread's ready before posting: its deadline starts then.
      const request: UploadCheckRequest = { id, kind: task.kind, bytes: task.bytes };
      this.threads
        .exchange<TaskReply>(slot, {
          message: request,
          transfer: task.transfer ? [task.bytes.buffer as ArrayBuffer] : [],
          match: (raw) => {
            const reply = uploadCheckReplySchema.safeParse(raw).data;
            return reply && reply.kind !== 'ready' && reply.id === id ? reply : undefined;
          },
          timeoutMs: this.options.timeoutMs,
        })
        .then((end) => this.settle(task, end), (error: unknown) => task.reject(error instanceof Error ? error : new Error(String(error))));
    }
  }

  private settle(task: Task, end: ExchangeEnd<TaskReply>): void {
    switch (end.kind) {
      case 'reply':
        return task.onReply(end.reply);
      case 'timeout':
        return task.onLimit(`takes longer than the limit of ${this.options.timeoutMs} ms`);
      // The thread died of its heap limit (or a native crash): the file needed more than we allow.
      case 'died':
      case 'aborted':
        return task.onLimit(`needs more than the limit of ${this.options.heapMb} MB of memory`);
    }
  }
}
