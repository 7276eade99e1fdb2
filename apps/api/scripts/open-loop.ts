/**
 * An open-loop load generator for bench-api.ts's half-peak latency: requests are due at a constant
 * rate (one every 1/rate s, whatever the server does), each goes out on a free keep-alive connection
 * of a fixed set, and its latency is counted from the moment it was DUE, so a request that waited for
 * a connection or for a late timer carries that wait (coordinated omission handled by the schedule,
 * as wrk2 does, not by synthetic samples).
 *
 * Why not autocannon's `overallRate` (which bench-api.ts used before, apps/api/docs/performance.md,
 * seventeenth wave): autocannon 9 gives each connection `rate / connections` requests per second and
 * resets every connection's count on its own 1 s `setInterval`, all started together, so at the start
 * of every second all the connections send their whole second's share back to back (a closed loop at
 * full concurrency until each has sent its share), then all sit idle: half of peak was a burst at
 * peak concurrency followed by silence, not half the rate. It then "corrects" coordinated omission
 * with `recordValueWithExpectedInterval(latency, Math.ceil(1 / rate))`: 1 / (requests per second) is
 * a fraction, so the expected interval is 1 ms, and every response of L ms adds L - 1 synthetic
 * samples (L - 1, L - 2, ... 1 ms), weighting each response by its own latency.
 *
 * The schedule runs on Node's timers (1 ms granularity, no busy wait): above ~1000 req/s the requests
 * due within one timer tick leave together, each still timed from its own due time.
 *
 * Run by bench-api.ts as a child process (its own event loop and heap: nothing else in the bench's
 * process delays a send or a response's read), one job per IPC message:
 *   { url, method, headers: per-connection header objects, body?, rate, duration, connections }
 * answered with an OpenLoopResult. The generator's own timer lateness and event-loop delay are
 * reported beside the latencies, so a stall of the generator can be told from one of the server.
 */
import net from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

export interface OpenLoopJob {
  url: string;
  method: 'GET' | 'POST';
  /** The headers of connection i are headers[i % headers.length]. */
  headers: Record<string, string>[];
  body?: string;
  /** Requests per second, due at a constant interval. */
  rate: number;
  /** Seconds. */
  duration: number;
  connections: number;
}

/** Per 100 ms window of due times: how many were due, their slowest, their p99 (ms). */
export interface OpenLoopWindow {
  count: number;
  max: number;
  p99: number;
}

export interface OpenLoopResult {
  /** The rate asked for (requests per second). */
  rate: number;
  /** Requests due and answered (2xx or not). */
  total: number;
  non2xx: number;
  errors: number;
  /** Answered requests per second over the run. */
  rps: number;
  /** Latency from the due time to the whole answer, ms (2xx answers). */
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
  /** From the request's write to its whole answer, ms: the same minus the waits before the write. */
  serviceP99: number;
  /** How late the generator's timer ran after a request was due, ms (its own stalls, not the server's). */
  timerLagP99: number;
  timerLagMax: number;
  /** The generator's event-loop delay, ms (monitorEventLoopDelay, 1 ms resolution). */
  loopDelayP99: number;
  loopDelayMax: number;
  /**
   * p50 latency (ms) of the requests due in the first and in the last third of the run. A server that
   * keeps up holds it; one that fell behind the rate (a queue growing for the whole run) does not.
   */
  firstThirdP50: number;
  lastThirdP50: number;
  /** Most requests that waited at once for a free connection (all `connections` busy). */
  maxQueued: number;
  /** Wall-clock ms (Date.now) of the first due time: window i starts windowMs * i after it. */
  startEpochMs: number;
  windowMs: number;
  windows: OpenLoopWindow[];
}

const WINDOW_MS = 100;

function percentile(sorted: Float64Array, p: number): number {
  if (!sorted.length) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[index]! * 10) / 10;
}

interface Conn {
  socket: net.Socket;
  request: Buffer;
  /** Bytes of the answer read so far. */
  pending: Buffer[];
  pendingLength: number;
  due: number;
  written: number;
  busy: boolean;
  closed: boolean;
}

/** Where the answer in `data` ends (its length) and its status, or undefined while incomplete. */
function parseAnswer(data: Buffer): { length: number; status: number } | undefined {
  const headEnd = data.indexOf('\r\n\r\n');
  if (headEnd < 0) return undefined;
  const head = data.toString('latin1', 0, headEnd);
  const status = Number(head.slice(9, 12));
  const bodyStart = headEnd + 4;
  const contentLength = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (contentLength) {
    const length = bodyStart + Number(contentLength[1]);
    return data.length >= length ? { length, status } : undefined;
  }
  if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) {
    let at = bodyStart;
    for (;;) {
      const lineEnd = data.indexOf('\r\n', at);
      if (lineEnd < 0) return undefined;
      const size = parseInt(data.toString('latin1', at, lineEnd), 16);
      if (size === 0) {
        // No trailers are expected: the last chunk's line and the empty line end it.
        const end = data.indexOf('\r\n\r\n', lineEnd);
        return end < 0 ? undefined : { length: end + 4, status };
      }
      at = lineEnd + 2 + size + 2;
      if (data.length < at) return undefined;
    }
  }
  // No length: a 204/304 or a HEAD answer.
  return { length: bodyStart, status };
}

export async function runOpenLoop(job: OpenLoopJob): Promise<OpenLoopResult> {
  const url = new URL(job.url);
  const port = Number(url.port || 80);
  const host = url.hostname;
  const interval = 1000 / job.rate;
  const planned = Math.max(1, Math.round(job.rate * job.duration));
  const latencies = new Float64Array(planned);
  const service = new Float64Array(planned);
  const lags = new Float64Array(planned);
  const windowCount = Math.ceil((planned * interval) / WINDOW_MS) + 1;
  const windowLatencies: number[][] = Array.from({ length: windowCount }, () => []);
  let answered = 0;
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let dispatched = 0;
  let maxQueued = 0;
  let start = 0;
  const body = job.body === undefined ? undefined : Buffer.from(job.body);
  const requestFor = (headers: Record<string, string>): Buffer => {
    const lines = [`${job.method} ${url.pathname}${url.search} HTTP/1.1`, `host: ${url.host}`, 'connection: keep-alive'];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    if (body) lines.push(`content-length: ${body.length}`);
    const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
    return body ? Buffer.concat([head, body]) : head;
  };

  const free: Conn[] = [];
  /** While > 0, answers are the priming requests': counted down, not recorded. */
  let priming = 0;
  let primed: (() => void) | undefined;
  const queue: number[] = [];
  let queueHead = 0;
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const settle = () => {
    if (answered + errors >= planned) finish();
  };

  const send = (conn: Conn, due: number) => {
    conn.busy = true;
    conn.due = due;
    conn.written = performance.now();
    conn.socket.write(conn.request);
  };
  const release = (conn: Conn) => {
    conn.busy = false;
    if (queueHead < queue.length) {
      const due = queue[queueHead++]!;
      if (queueHead === queue.length) {
        queue.length = 0;
        queueHead = 0;
      }
      send(conn, due);
    } else {
      free.push(conn);
    }
  };
  const record = (conn: Conn, status: number) => {
    const now = performance.now();
    const latency = now - conn.due;
    answered++;
    if (status >= 200 && status < 300) {
      latencies[ok] = latency;
      service[ok] = now - conn.written;
      ok++;
      windowLatencies[Math.floor((conn.due - start) / WINDOW_MS)]?.push(latency);
    } else {
      non2xx++;
    }
  };

  const connect = (headers: Record<string, string>): Promise<Conn> =>
    new Promise((resolve, reject) => {
      const socket = net.connect({ host, port, noDelay: true });
      const conn: Conn = { socket, request: requestFor(headers), pending: [], pendingLength: 0, due: 0, written: 0, busy: false, closed: false };
      socket.once('connect', () => resolve(conn));
      socket.once('error', reject);
      socket.on('data', (chunk: Buffer) => {
        conn.pending.push(chunk);
        conn.pendingLength += chunk.length;
        for (;;) {
          const data = conn.pending.length === 1 ? conn.pending[0]! : Buffer.concat(conn.pending, conn.pendingLength);
          const answer = parseAnswer(data);
          if (!answer) {
            conn.pending = [data];
            return;
          }
          const rest = data.subarray(answer.length);
          conn.pending = rest.length ? [rest] : [];
          conn.pendingLength = rest.length;
          if (primed) {
            conn.busy = false;
            if (--priming === 0) primed();
            if (!rest.length) return;
            continue;
          }
          record(conn, answer.status);
          release(conn);
          settle();
          if (!rest.length) return;
        }
      });
      socket.on('close', () => {
        conn.closed = true;
        if (conn.busy && primed) {
          conn.busy = false;
          if (--priming === 0) primed();
        } else if (conn.busy && answered + errors < planned) {
          errors++;
          settle();
        }
        const index = free.indexOf(conn);
        if (index >= 0) free.splice(index, 1);
      });
    });

  const conns = await Promise.all(
    Array.from({ length: job.connections }, (_, i) => connect(job.headers[i % job.headers.length] ?? {})),
  );
  // One untimed request per connection first (its answer read and dropped), so the timed ones run on
  // keep-alive connections that have served a request, as in a steady state: at a low rate the first
  // of 50 fresh connections' first requests would otherwise fill the round's first seconds.
  priming = conns.length;
  await new Promise<void>((resolve) => {
    primed = resolve;
    for (const conn of conns) send(conn, performance.now());
  });
  primed = undefined;
  free.push(...conns.filter((conn) => !conn.closed));

  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  start = performance.now() + 20;
  const startEpochMs = Date.now() + (start - performance.now());
  let lagCount = 0;
  const tick = () => {
    const now = performance.now();
    while (dispatched < planned) {
      const due = start + dispatched * interval;
      if (due > now) break;
      dispatched++;
      lags[lagCount++] = now - due;
      const conn = free.shift();
      if (conn) send(conn, due);
      else {
        queue.push(due);
        maxQueued = Math.max(maxQueued, queue.length - queueHead);
      }
    }
    if (dispatched < planned) setTimeout(tick, Math.max(0, Math.floor(start + dispatched * interval - performance.now())));
  };
  setTimeout(tick, 20);
  // A request never answered (a server that died) ends the run at twice its length plus 10 s.
  const timeout = setTimeout(finish, job.duration * 2000 + 10_000);
  await finished;
  clearTimeout(timeout);
  loop.disable();
  const elapsed = (performance.now() - start) / 1000;
  for (const conn of conns) conn.socket.destroy();

  const third = (from: number, to: number) =>
    Float64Array.from(windowLatencies.slice(Math.floor(from * (windowCount - 1)), Math.ceil(to * (windowCount - 1))).flat()).sort();
  const sorted = latencies.slice(0, ok).sort();
  const sortedService = service.slice(0, ok).sort();
  const sortedLags = lags.slice(0, lagCount).sort();
  return {
    rate: job.rate,
    total: answered,
    non2xx,
    errors: errors + (planned - answered - errors),
    rps: answered / elapsed,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    p999: percentile(sorted, 99.9),
    max: percentile(sorted, 100),
    serviceP99: percentile(sortedService, 99),
    timerLagP99: percentile(sortedLags, 99),
    timerLagMax: percentile(sortedLags, 100),
    loopDelayP99: Math.round(loop.percentile(99) / 1e5) / 10,
    loopDelayMax: Math.round(loop.max / 1e5) / 10,
    firstThirdP50: percentile(third(0, 1 / 3), 50),
    lastThirdP50: percentile(third(2 / 3, 1), 50),
    maxQueued,
    startEpochMs,
    windowMs: WINDOW_MS,
    windows: windowLatencies.map((values) => {
      const s = Float64Array.from(values).sort();
      return { count: s.length, max: percentile(s, 100), p99: percentile(s, 99) };
    }),
  };
}

if (require.main === module && process.send) {
  process.on('message', (job: OpenLoopJob) => {
    runOpenLoop(job).then(
      (result) => process.send!({ result }),
      (error: unknown) => process.send!({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}
