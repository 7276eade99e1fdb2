/**
 * A small process supervisor for `npm start` (and the fault script): starts each service, restarts
 * one that exits, for any reason, with exponential backoff, logging why, and stays up. SIGTERM or
 * SIGINT stops restarting, passes SIGTERM on and waits for every service to drain (workers finish
 * their running jobs) before exiting 0.
 *
 *   node --import tsx scripts/supervise.ts \
 *     "api: node --import tsx apps/api/src/main.ts" \
 *     "worker rig.fast: node --import tsx apps/worker/src/main.ts --queue rig.fast"
 *
 * Each argument is `name: command`; the command is split on spaces (no quoting). Options:
 * `--backoff-ms` (first delay, default 1000, doubling), `--max-backoff-ms` (default 5000),
 * `--stable-ms` (a service up this long starts again from the first delay, default 10000),
 * `--grace-ms` (how long to wait for services to stop before SIGKILL, default 70000: longer
 * than a worker's 60 s drain).
 *
 * The backoff is short on purpose: a worker killed while running a job holds that job until it is
 * back, so every restart's wait is added to the job's time. With a 30 s cap (and 30 s to count as
 * stable), a job interrupted a few times finished after 398 s, past the 300 s the spec tells
 * clients to wait; at 5 s a crash loop still costs only one start per 5 s.
 *
 * The services die with the supervisor: each gets the read end of a pipe (fd 3) and
 * `scripts/lib/exit-with-supervisor.cjs` preloaded through NODE_OPTIONS, which stops the service
 * when the pipe closes, i.e. when the supervisor has exited for any reason, SIGKILL included. So
 * `npm start` never leaves the API and workers running with nothing to restart them. Services are
 * expected to be Node processes (others run, but are not stopped that way).
 *
 * Why our own rather than pm2/systemd/supervisord: `npm start` must work on a bare checkout with
 * no global tools, and in production compose or Kubernetes restart the processes instead (each
 * process exits non-zero on a fatal error so they notice). Every line it logs starts with
 * `supervise:` and names the service; `started <name> (pid N)` lines let scripts find the pids.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** The preload that stops a service when its supervisor is gone, and the descriptor it watches. */
const LIFELINE_PRELOAD = path.join(__dirname, 'lib/exit-with-supervisor.cjs');
const LIFELINE_FD = 3;

/** The environment of a service: ours, plus the preload and the descriptor it watches. */
export function serviceEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const preload = `--require ${JSON.stringify(LIFELINE_PRELOAD)}`;
  return { ...env, NODE_OPTIONS: env.NODE_OPTIONS ? `${env.NODE_OPTIONS} ${preload}` : preload, RIGFORGE_SUPERVISOR_FD: String(LIFELINE_FD) };
}

export interface ServiceSpec {
  name: string;
  command: string[];
}

export interface SuperviseOptions {
  backoffMs: number;
  maxBackoffMs: number;
  stableMs: number;
  graceMs: number;
  log: (line: string) => void;
}

/** The options' defaults (the flags of `main` below). */
export const SUPERVISE_DEFAULTS: Omit<SuperviseOptions, 'log'> = {
  backoffMs: 1000,
  maxBackoffMs: 5000,
  stableMs: 10_000,
  graceMs: 70_000,
};

/** `name: command args` → a spec; throws on a line without a name or a command. */
export function parseServiceSpec(text: string): ServiceSpec {
  const colon = text.indexOf(':');
  const name = colon > 0 ? text.slice(0, colon).trim() : '';
  const command = text.slice(colon + 1).trim().split(/\s+/).filter(Boolean);
  if (!name || !command.length) throw new Error(`supervise: expected "name: command", got "${text}"`);
  return { name, command };
}

/** The delay before restart number `failures` (1-based) of a service that keeps failing fast. */
export function restartDelayMs(failures: number, options: Pick<SuperviseOptions, 'backoffMs' | 'maxBackoffMs'>): number {
  return Math.min(options.maxBackoffMs, options.backoffMs * 2 ** Math.max(0, failures - 1));
}

export interface Supervisor {
  /** Stops restarting, sends SIGTERM to every service, SIGKILL after the grace; resolves when all exited. */
  stop(): Promise<void>;
}

export function supervise(services: ServiceSpec[], options: SuperviseOptions): Supervisor {
  let stopping = false;
  const running = new Map<string, ChildProcess>();
  const timers = new Set<NodeJS.Timeout>();
  const exited = new Map<string, Promise<void>>();

  const start = (service: ServiceSpec, failures: number) => {
    if (stopping) return;
    const [file, ...args] = service.command;
    const startedAt = Date.now();
    // fd 3 is the lifeline: a pipe we never write to, closed by the kernel when we exit.
    const child = spawn(file!, args, { stdio: ['inherit', 'inherit', 'inherit', 'pipe'], env: serviceEnv(process.env) });
    child.stdio[LIFELINE_FD]?.on('error', () => undefined); // the service closing its end is no error of ours
    running.set(service.name, child);
    exited.set(
      service.name,
      new Promise((resolve) => {
        child.once('exit', (code, signal) => {
          running.delete(service.name);
          resolve();
          if (stopping) return;
          const upMs = Date.now() - startedAt;
          const nextFailures = upMs >= options.stableMs ? 1 : failures + 1;
          const delay = restartDelayMs(nextFailures, options);
          const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
          options.log(`${service.name} ${how} after ${(upMs / 1000).toFixed(1)} s; restarting in ${(delay / 1000).toFixed(1)} s (restart ${nextFailures} in a row)`);
          const timer = setTimeout(() => {
            timers.delete(timer);
            start(service, nextFailures);
          }, delay);
          timers.add(timer);
        });
      }),
    );
    // A command that cannot be spawned at all (ENOENT) emits 'error' and then 'exit'; log it.
    child.once('error', (error) => options.log(`${service.name} could not start: ${error.message}`));
    if (child.pid) options.log(`started ${service.name} (pid ${child.pid})`);
  };

  for (const service of services) start(service, 0);

  return {
    async stop() {
      if (stopping) return;
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      for (const [name, child] of running) {
        options.log(`stopping ${name} (pid ${child.pid})`);
        child.kill('SIGTERM');
      }
      const force = setTimeout(() => {
        for (const [name, child] of running) {
          options.log(`${name} did not stop within ${options.graceMs / 1000} s; killing it`);
          child.kill('SIGKILL');
        }
      }, options.graceMs);
      await Promise.all(exited.values());
      clearTimeout(force);
    },
  };
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'backoff-ms': { type: 'string', default: String(SUPERVISE_DEFAULTS.backoffMs) },
      'max-backoff-ms': { type: 'string', default: String(SUPERVISE_DEFAULTS.maxBackoffMs) },
      'stable-ms': { type: 'string', default: String(SUPERVISE_DEFAULTS.stableMs) },
      'grace-ms': { type: 'string', default: String(SUPERVISE_DEFAULTS.graceMs) },
    },
  });
  const number = (name: keyof typeof values) => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < 0) throw new Error(`supervise: --${name} must be a non-negative integer`);
    return value;
  };
  const services = positionals.map(parseServiceSpec);
  if (!services.length) throw new Error('supervise: no services given');
  const log = (line: string) => process.stderr.write(`${new Date().toISOString()} supervise: ${line}\n`);
  const supervisor = supervise(services, {
    backoffMs: number('backoff-ms'),
    maxBackoffMs: number('max-backoff-ms'),
    stableMs: number('stable-ms'),
    graceMs: number('grace-ms'),
    log,
  });
  const stop = (signal: string) => {
    log(`${signal}: stopping every service`);
    void supervisor.stop().then(() => {
      log('stopped');
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

if (require.main === module) {
  try {
    main();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
}
