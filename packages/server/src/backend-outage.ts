/**
 * The one place that decides whether an error means "a backend (Postgres or Redis) is down or
 * unreachable", as opposed to a bug or bad input. The API answers such errors with 503
 * `backend_unavailable` and `Retry-After`; workers may use it to back off instead of spending
 * retries. Errors are recognised by shape (codes, names, messages), walking `cause` and Prisma's
 * wrapped driver error, so this file needs none of the client libraries.
 */

/** `network`: a socket failure that does not say which client raised it. */
export type BackendName = 'postgres' | 'redis' | 'network';

/** Socket-level failures: the peer is gone, refused, reset or unreachable. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
]);

/**
 * Postgres SQLSTATEs of an unavailable server: class 08 (connection exception), 57P01 admin
 * shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting up or in recovery), 53300 too
 * many connections, and 57014 query canceled, which the API only sees when its statement_timeout
 * fires (a server too slow to answer within the request budget is unavailable to that request).
 */
const POSTGRES_OUTAGE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/**
 * Prisma codes of the same conditions: P1001 cannot reach, P1002 timed out, P1008 operation timed
 * out, P1017 server closed the connection, P2024 pool timeout, P2037 too many connections.
 */
const PRISMA_OUTAGE_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2037']);

/** Kinds of Prisma's driver-adapter errors (`meta.driverAdapterError.cause.kind`) that mean the same. */
const ADAPTER_OUTAGE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);

/** node-postgres and pg-pool raise these as plain Errors, without a code. */
const POSTGRES_OUTAGE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client was closed and is not queryable',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/** ioredis raises these as plain Errors (MaxRetriesPerRequestError has its own name). */
const REDIS_OUTAGE_MESSAGES = [
  'Connection is closed',
  "Stream isn't writeable",
  'Command timed out',
  'Reached the max retries per request limit',
  'None of startup nodes is available',
];
/** Server replies of a Redis that is loading, failing over or read-only after a failover. */
const REDIS_OUTAGE_REPLIES = /^(LOADING|MASTERDOWN|TRYAGAIN|CLUSTERDOWN|READONLY|BUSY)\b/;

/** Which backend the error says is unavailable, or null when it is any other error. */
export function classifyBackendOutage(error: unknown): BackendName | null {
  const seen = new Set<unknown>();
  let socketFailure = false;
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    const fields = current as Record<string, unknown>;
    const code = typeof fields.code === 'string' ? fields.code : '';
    const name = typeof fields.name === 'string' ? fields.name : '';
    const message = typeof fields.message === 'string' ? fields.message : '';
    const kind = typeof fields.kind === 'string' ? fields.kind : '';

    if (PRISMA_OUTAGE_CODES.has(code) || ADAPTER_OUTAGE_KINDS.has(kind)) return 'postgres';
    if (POSTGRES_OUTAGE_STATES.has(code) || code.startsWith('08')) return 'postgres';
    if (POSTGRES_OUTAGE_MESSAGES.some((m) => message.includes(m))) return 'postgres';
    if (name === 'MaxRetriesPerRequestError' || name === 'ClusterAllFailedError') return 'redis';
    if (REDIS_OUTAGE_MESSAGES.some((m) => message.includes(m)) || REDIS_OUTAGE_REPLIES.test(message)) return 'redis';
    if (SOCKET_CODES.has(code)) socketFailure = true;

    queue.push(fields.cause);
    // Prisma wraps the driver's error: PrismaClientKnownRequestError.meta.driverAdapterError.cause.
    if (typeof fields.meta === 'object' && fields.meta !== null) {
      queue.push((fields.meta as Record<string, unknown>).driverAdapterError);
    }
    if (Array.isArray(fields.errors)) queue.push(...(fields.errors as unknown[])); // AggregateError
  }
  // A bare socket error does not say whose socket it was; both clients can let one through.
  return socketFailure ? 'network' : null;
}
