/**
 * The supervisor behind `npm start`, as a real process supervising real child processes: a service
 * killed with SIGKILL comes back, one that keeps crashing is restarted with growing delays, and
 * SIGTERM stops everything cleanly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseServiceSpec, restartDelayMs } from '../supervise';

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
