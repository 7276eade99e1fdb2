/**
 * A throwaway PostgreSQL server of our own (initdb in a temp directory, a free loopback port), so a
 * fault run or an outage measurement can stop, freeze and start it without touching the shared
 * server other tests use. Runs as the `postgres` system user when we are root (initdb refuses root).
 * Used by the worker's chaos run and the API's outage-latency script.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

export interface PrivatePostgres {
  /** The URL of the `rigforge_chaos` database (created by the caller). */
  url: string;
  port: number;
  /** The URL of another database on this server. */
  urlFor(database: string): string;
  /** SIGSTOP freezes the postmaster and its backends (nothing refused, nothing answers); SIGCONT thaws them. */
  signal(signal: 'SIGSTOP' | 'SIGCONT'): void;
  start(): void;
  /** Fast shutdown: open connections are terminated, as in a failover or a restart. */
  stop(): void;
  destroy(): void;
}

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions.map((v) => path.join(root, v, 'bin')).find((dir) => existsSync(path.join(dir, 'initdb')));
  if (!bin) throw new Error('private postgres: no initdb under /usr/lib/postgresql/*/bin (install postgresql)');
  return bin;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin();
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rigforge-private-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const file = path.join(bin, tool);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'pipe' });
    else execFileSync(file, args, { stdio: 'pipe' });
  };
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  // Loopback only; the socket lives in our directory; durability is not what this server is for.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=200`;
  let running = false;
  const pg: PrivatePostgres = {
    url: `postgresql://postgres@127.0.0.1:${port}/rigforge_chaos`,
    port,
    urlFor: (database) => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    signal(signal) {
      if (!running) return;
      const postmaster = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)]).toString().trim().split(/\s+/).map(Number);
      for (const pid of [postmaster, ...children.filter((p) => p > 0)]) process.kill(pid, signal);
    },
    start() {
      run('pg_ctl', ['-D', data, '-l', path.join(dir, 'postgres.log'), '-o', options, '-w', 'start']);
      running = true;
    },
    stop() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    destroy() {
      if (running) {
        try {
          pg.stop();
        } catch {
          // already gone
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  pg.start();
  return pg;
}
