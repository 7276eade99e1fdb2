/**
 * A preload for an API process under a benchmark (issue 25): counts the Postgres statements and the
 * Redis commands (by name) the process sends, and how many socket writes carried its Redis commands,
 * and writes the totals to `$ROUND_TRIP_COUNTS_FILE` every 100 ms, so a harness can divide a
 * round's difference by the round's requests. Counts, unlike CPU time and latency on a shared
 * machine, do not move with the load.
 *
 *   node --import <this file> --import tsx apps/api/src/main.ts      (read-cpu-ab.ts: AB_COUNT=1)
 *
 * `pg` and `ioredis` are resolved from the process's working directory (the checkout under test), so
 * the same file counts any checkout. Patches prototypes only: every statement of the process (Prisma's
 * adapter and the hot paths' own pool share pg's Client) and every command of every connection.
 * Not for production.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';
import { setInterval } from 'node:timers';
import { URL } from 'node:url';

const file = process.env.ROUND_TRIP_COUNTS_FILE;
if (file) {
  const counts = { pg: 0, redis: {}, redisWrites: 0 };
  const fromDb = createRequire(path.join(process.cwd(), 'packages/db/package.json'));
  const fromQueue = createRequire(path.join(process.cwd(), 'packages/queue/package.json'));
  const { Client } = fromDb('pg');
  const query = Client.prototype.query;
  Client.prototype.query = function countedQuery(...args) {
    counts.pg += 1;
    return query.apply(this, args);
  };
  const Redis = fromQueue('ioredis').default;
  const sendCommand = Redis.prototype.sendCommand;
  Redis.prototype.sendCommand = function countedCommand(command, stream) {
    // A command queued while connecting is sent again once connected: counted once, here.
    if (!stream) counts.redis[command.name] = (counts.redis[command.name] ?? 0) + 1;
    return sendCommand.call(this, command, stream);
  };
  // Socket writes that carry Redis commands: one per command, or one per corked turn (coalesceWrites).
  // `_write` and `_writev` both end in `_writeGeneric`.
  const net = await import('node:net');
  const write = net.Socket.prototype._writeGeneric;
  const redisPort = Number(new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379').port || 6379);
  net.Socket.prototype._writeGeneric = function countedWrite(...args) {
    if (this.remotePort === redisPort) counts.redisWrites += 1;
    return write.apply(this, args);
  };
  setInterval(() => writeFileSync(file, JSON.stringify(counts)), 100).unref();
}
