/**
 * The README's shell examples, run as written against a started service (the real API, real rig
 * and generate workers) and failing when one breaks. They run in order in one bash with
 * `set -euo pipefail`, with `curl` given `--fail-with-body` so an HTTP error fails the step. Only
 * two things are substituted, both about where the service is: `localhost:3000` becomes the test
 * API's address and `var/demo-api-key` a file holding a test account's key (the real one belongs
 * to `npm start`). They run in a temporary folder laid out like a clone (examples/, node_modules/,
 * package.json), so `npx rigforge` resolves the workspace's bin and nothing lands in the repository.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readmeShellBlocks } from './readme-blocks';
import { ROOT } from './run-cli';
import { startService, type StartedService } from './service';

let service: StartedService;
let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'rigforge-readme-'));
  await Promise.all([
    symlink(path.join(ROOT, 'examples'), path.join(tmp, 'examples')),
    symlink(path.join(ROOT, 'node_modules'), path.join(tmp, 'node_modules')),
    copyFile(path.join(ROOT, 'package.json'), path.join(tmp, 'package.json')),
  ]);
  service = await startService(['rig.fast', 'generate_model']);
  await mkdir(path.join(tmp, 'var'));
  await writeFile(path.join(tmp, 'var/test-api-key'), service.account.key);
}, 180_000);

afterAll(async () => {
  await service?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

test('the README has shell examples to run', async () => {
  const blocks = readmeShellBlocks(await readFile(path.join(ROOT, 'README.md'), 'utf8'));
  expect(blocks.length).toBeGreaterThanOrEqual(2);
});

test('every README shell example runs as written against the started service', async () => {
  const blocks = readmeShellBlocks(await readFile(path.join(ROOT, 'README.md'), 'utf8'));
  const host = new URL(service.baseUrl).host;
  const script = [
    'set -euo pipefail',
    'curl() { command curl --fail-with-body "$@"; echo; }',
    ...blocks.map((b) => `echo "== README line ${b.line}" >&2\n${b.code}`),
  ]
    .join('\n')
    .replaceAll('localhost:3000', host)
    .replaceAll('var/demo-api-key', 'var/test-api-key');
  const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      'bash',
      ['-c', script],
      // npm_config_offline: `npx` must find the workspace's bin, never fetch a package.
      { cwd: tmp, env: { ...process.env, RIGFORGE_BASE_URL: service.baseUrl, npm_config_offline: 'true', npm_config_update_notifier: 'false' }, timeout: 400_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
  if (run.code !== 0) throw new Error(`README examples failed (exit ${run.code})\n--- stderr\n${run.stderr.slice(-4000)}\n--- stdout\n${run.stdout.slice(-4000)}`);
  expect(run.stdout).toContain('"object":"job"');
}, 420_000);
