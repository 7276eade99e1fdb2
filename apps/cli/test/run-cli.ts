/** Runs the installed `rigforge` bin (node_modules/.bin/rigforge, as `npx rigforge` does) as a child process. */
import { execFile } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../../..');
const BIN = path.join(ROOT, 'node_modules/.bin/rigforge');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], env: Record<string, string>, cwd = ROOT): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(BIN, args, { cwd, env: { ...process.env, ...env }, timeout: 240_000 }, (error, stdout, stderr) => {
      const code = error && typeof error.code === 'number' ? error.code : error ? null : 0;
      resolve({ code, stdout, stderr });
    });
  });
}
