/**
 * The default log destination is buffered and asynchronous (issue 25); these check it loses
 * nothing a process writes before process.exit(), and that a quiet process's line is written
 * without waiting for more lines or an exit.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
// node with tsx's loader, one process: the tsx CLI would run the script in a child of its own,
// which a SIGKILL of the CLI leaves running (holding the test's stderr open, so jest never exits).
const NODE_TSX = [process.execPath, '--import', 'tsx'] as const;
const LOGGER = path.join(ROOT, 'packages/observability/src/logger.ts');

/** Runs a script that builds the default logger, with stdout a pipe as under a supervisor. */
function run(body: string): Promise<{ lines: Record<string, unknown>[] }> {
  const script = `const { createLogger } = require(${JSON.stringify(LOGGER)});
const logger = createLogger({ service: 'test', level: 'info' });
${body}`;
  return new Promise((resolve, reject) => {
    const child = spawn(NODE_TSX[0], [...NODE_TSX.slice(1), '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => resolve({ lines: out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>) }));
  });
}

test('every line written before process.exit() reaches stdout, in order', async () => {
  const { lines } = await run(`for (let i = 0; i < 500; i++) logger.info({ i }, 'line');
logger.error('the last words');
process.exit(3);`);
  expect(lines).toHaveLength(501);
  expect(lines.slice(0, 500).map((l) => l.i)).toEqual(Array.from({ length: 500 }, (_, i) => i));
  expect(lines[500]).toMatchObject({ level: 'error', msg: 'the last words', service: 'test' });
});

test('a lone line of a quiet process is written while it runs, not only at exit', async () => {
  // The child logs once and then idles; it is killed with SIGKILL (no exit handler runs) as soon
  // as the line arrives. Without a periodic flush the line would wait in the buffer for ever.
  const child = spawn(NODE_TSX[0], [...NODE_TSX.slice(1), '-e', `const { createLogger } = require(${JSON.stringify(LOGGER)});
createLogger({ service: 'test', level: 'info' }).info('alone');
setInterval(() => undefined, 1000);`], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out);
    });
  });
  child.kill('SIGKILL');
  expect(JSON.parse(line.split('\n')[0]!)).toMatchObject({ level: 'info', msg: 'alone', service: 'test' });
}, 60_000);
