/**
 * Whether an error means "Postgres cannot be reached right now" (down, restarting, failing over,
 * out of connections, the network cut) rather than "this statement is wrong". Callers wait an
 * outage out (the worker) or answer 503 (the API) instead of failing the work for good.
 *
 * The same outage reaches us in three shapes, so all three are read:
 *   - node-postgres on the hot paths: a `DatabaseError` with a SQLSTATE (`57P01` when the server is
 *     shut down under an open connection), a socket error (`ECONNREFUSED`), or a plain Error
 *     ("Connection terminated unexpectedly");
 *   - Prisma over the pg adapter: `P1001`/`P1017`/... or `P2010` with
 *     `meta.driverAdapterError.cause.kind` = `DatabaseNotReachable`, `ConnectionClosed`, ...;
 *   - any of them as the `cause` of another error.
 */

/** SQLSTATEs of a lost or refused connection: class 08, admin/crash shutdown, starting up, too many clients. */
const UNAVAILABLE_SQLSTATE = /^(08...|57P01|57P02|57P03|53300)$/;
/** Socket errors: the server or the route to it is gone. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** Prisma's connection-level error codes (P1xxx) and its pool timeout. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
/** The pg adapter's names for the same socket conditions. */
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/** node-postgres messages that carry no code. */
const MESSAGES = [/Connection terminated/i, /timeout exceeded when trying to connect/i, /not queryable/i, /Can't reach database server/i];

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && key in value ? Reflect.get(value, key) : undefined;
}

function isUnavailableHere(error: unknown): boolean {
  const code = field(error, 'code');
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || PRISMA_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  const adapterCause = field(field(field(error, 'meta'), 'driverAdapterError'), 'cause');
  const kind = field(adapterCause, 'kind');
  if (typeof kind === 'string' && ADAPTER_KINDS.has(kind)) return true;
  const adapterCode = field(adapterCause, 'originalCode') ?? field(adapterCause, 'code');
  if (kind === 'postgres' && typeof adapterCode === 'string' && UNAVAILABLE_SQLSTATE.test(adapterCode)) return true;
  const message = field(error, 'message');
  return typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message));
}

export function isDatabaseUnavailableError(error: unknown): boolean {
  // Follow `cause` a few levels (wrapped errors), never forever (a cycle).
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    if (isUnavailableHere(current)) return true;
    current = field(current, 'cause');
  }
  return false;
}
