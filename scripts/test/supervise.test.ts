/**
 * The supervisor behind `npm start`, as a real process supervising real child processes: a service
 * killed with SIGKILL comes back, one that keeps crashing is restarted with growing delays,
 * SIGTERM stops everything cleanly, and the supervisor's own death (SIGKILL too) takes its
 * services with it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseServiceSpec, restartDelayMs, SUPERVISE_DEFAULTS } from '../supervise';

const ROOT = path.resolve(__dirname, '../..');
let dir: string;
let supervisor: ChildProcess;
let output = '';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Running: exists and is not a zombie (an orphan's zombie waits for whoever adopted it to reap it). */
function running(pid: number): boolean {
  if (!alive(pid)) return false;
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; supervisor said:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const pidsOf = (name: string) => [...output.matchAll(new RegExp(`started ${name} \\(pid (\\d+)\\)`, 'g'))].map((m) => Number(m[1]));

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'supervise-test-'));
  // A long-running service that drains on SIGTERM, and one that dies at once with code 3.
  writeFileSync(path.join(dir, 'steady.js'), "process.on('SIGTERM', () => process.exit(0)); setInterval(() => {}, 1000);");
  writeFileSync(path.join(dir, 'crashing.js'), 'process.exit(3);');
  supervisor = spawn(
    process.execPath,
    [
      '--import', 'tsx', path.join(ROOT, 'scripts/supervise.ts'),
      '--backoff-ms', '100', '--max-backoff-ms', '400', '--grace-ms', '5000',
      `steady: ${process.execPath} ${path.join(dir, 'steady.js')}`,
      `crashing: ${process.execPath} ${path.join(dir, 'crashing.js')}`,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  supervisor.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  supervisor.stderr!.on('data', (d: Buffer) => (output += d.toString()));
});

afterAll(() => {
  if (supervisor.exitCode === null) supervisor.kill('SIGKILL');
  for (const pid of pidsOf('steady')) if (alive(pid)) process.kill(pid, 'SIGKILL');
});

test('a service killed with SIGKILL is restarted, logged, and the supervisor stays up', async () => {
  await waitFor(() => pidsOf('steady').length === 1, 'steady to start');
  const [first] = pidsOf('steady');
  process.kill(first!, 'SIGKILL');
  await waitFor(() => pidsOf('steady').length === 2, 'steady to be restarted');
  expect(output).toMatch(/steady was killed by SIGKILL after [\d.]+ s; restarting in 0\.1 s/);
  expect(alive(pidsOf('steady')[1]!)).toBe(true);
  expect(supervisor.exitCode).toBeNull();
});

test('a service that keeps crashing is restarted with doubling delays, capped', async () => {
  await waitFor(() => pidsOf('crashing').length >= 5, 'crashing to be restarted several times');
  const delays = [...output.matchAll(/crashing exited with code 3 after [\d.]+ s; restarting in ([\d.]+) s/g)].map((m) => Number(m[1]));
  expect(delays.slice(0, 4)).toEqual([0.1, 0.2, 0.4, 0.4]);
});

test('SIGTERM stops every service and exits 0', async () => {
  const steady = pidsOf('steady').at(-1)!;
  const exited = new Promise<number | null>((resolve) => supervisor.once('exit', resolve));
  supervisor.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(alive(steady)).toBe(false);
  const restartsBefore = pidsOf('crashing').length;
  await new Promise((r) => setTimeout(r, 500));
  expect(pidsOf('crashing').length).toBe(restartsBefore);
});

test('service specs and delays', () => {
  expect(parseServiceSpec('worker rig.fast: node  --import tsx main.ts')).toEqual({ name: 'worker rig.fast', command: ['node', '--import', 'tsx', 'main.ts'] });
  expect(() => parseServiceSpec('no command:')).toThrow(/expected "name: command"/);
  expect(() => parseServiceSpec('node main.ts')).toThrow(/expected/);
  const options = { backoffMs: 1000, maxBackoffMs: 30_000 };
  expect([1, 2, 3, 4, 5, 6, 7].map((n) => restartDelayMs(n, options))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
});

test('a supervisor killed with SIGKILL takes its services with it: no orphan keeps running', async () => {
  let out = '';
  const doomed = spawn(
    process.execPath,
    [
      '--import', 'tsx', path.join(ROOT, 'scripts/supervise.ts'),
      `one: ${process.execPath} ${path.join(dir, 'steady.js')}`,
      // Through `env`, as npm start runs the workers: the descriptor survives the exec.
      `two: env STEADY=1 ${process.execPath} ${path.join(dir, 'steady.js')}`,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  doomed.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  doomed.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const pids = () => [...out.matchAll(/started (?:one|two) \(pid (\d+)\)/g)].map((m) => Number(m[1]));
  try {
    await waitFor(() => pids().length === 2, 'both services to start');
    const exited = new Promise((resolve) => doomed.once('exit', resolve));
    doomed.kill('SIGKILL');
    await exited;
    await waitFor(() => pids().every((pid) => !running(pid)), `services ${pids().join(', ')} to stop after the supervisor died`);
  } finally {
    for (const pid of pids()) if (running(pid)) process.kill(pid, 'SIGKILL');
  }
});

test('the default backoff keeps a repeatedly interrupted job inside its 300 s deadline', () => {
  // Issue 24: with a 30 s cap, ten kills in a row added 4.5 min of waiting to the job they hit.
  const waits = Array.from({ length: 10 }, (_, i) => restartDelayMs(i + 1, SUPERVISE_DEFAULTS));
  expect(waits).toEqual([1000, 2000, 4000, 5000, 5000, 5000, 5000, 5000, 5000, 5000]);
  expect(waits.reduce((a, b) => a + b, 0)).toBeLessThan(60_000);
});
