/** Builds the Prisma client with the fail-fast connection settings every process uses. */
import { createHash } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import { Pool } from 'pg';
import { PrismaClient } from './generated/prisma/client';
import { closeUnansweredConnections } from './unanswered-connections';

export type Db = PrismaClient;

export interface CreateDbOptions {
  /** Postgres connection string. */
  databaseUrl: string;
  /** Pool size per process; the API's hot paths hold a connection for one round trip only. */
  poolSize?: number;
  /**
   * Fail-fast budget for callers that answer clients (the API): how long getting a connection may
   * take (a free pool slot or a new connection), and the server-side statement_timeout. A
   * connection still checked out `READ_TIMEOUT_MARGIN_MS` after the statement timeout is closed,
   * which is what catches a server that stopped answering (frozen host, partition). Unset: wait
   * forever.
   */
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
  /**
   * How long a connection may sit idle in the pool before it is closed (node-postgres' default:
   * 10 s). A closed connection is opened again by the next burst, on its requests' path: a new
   * backend, authentication, and every named statement prepared again on it. 0: never closed.
   */
  idleTimeoutMs?: number;
}

/**
 * A slow statement is cancelled by the server first (57014, the connection stays usable); the
 * client-side deadline, a little later, only fires when the server is not answering at all.
 */
export const READ_TIMEOUT_MARGIN_MS = 500;

/** The node-postgres pool under each client made by `createDb` (a transaction client has none). */
const pools = new WeakMap<object, Pool>();

/**
 * Opens a Prisma client over node-postgres (no engine binary). Statements are named by a hash of
 * their text so Postgres keeps them prepared: the hot paths run the same few statements all day.
 * The pool is ours and handed to the adapter, so the hottest statements can run on it directly
 * (see `hotPathPool`); Prisma still owns it and ends it on `$disconnect`.
 */
export function createDb(options: CreateDbOptions): Db {
  const pool = new Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 10,
    // Without keepalive a connection to a vanished host looks open until the OS gives up (minutes).
    keepAlive: true,
    ...(options.connectTimeoutMs ? { connectionTimeoutMillis: options.connectTimeoutMs } : {}),
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    ...(options.idleTimeoutMs !== undefined ? { idleTimeoutMillis: options.idleTimeoutMs } : {}),
  });
  if (options.statementTimeoutMs) closeUnansweredConnections(pool, options.statementTimeoutMs + READ_TIMEOUT_MARGIN_MS);
  // An idle connection dropped by the server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  const adapter = new PrismaPg(pool, {
    disposeExternalPool: true,
    statementNameGenerator: (query) => statementName(query.sql),
  });
  const db = new PrismaClient({ adapter });
  pools.set(db, pool);
  return db;
}

export function statementName(sql: string): string {
  return 's' + createHash('sha1').update(sql).digest('hex').slice(0, 20);
}

/**
 * The pool under a client from `createDb`, or undefined (e.g. inside an interactive transaction).
 * Per-request statements run on it with node-postgres directly: Prisma's query layer costs two to
 * four times the CPU of the round trip itself (measured by apps/api/scripts/bench-api.ts), which
 * on the API's hot paths halves throughput. Everything else goes through Prisma.
 */
export function hotPathPool(db: Db): Pool | undefined {
  return pools.get(db);
}
