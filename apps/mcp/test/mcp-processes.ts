/**
 * Starts the real MCP server (`apps/mcp/src/main.ts`, as `pnpm mcp` does) for end-to-end tests:
 * over stdio through the SDK's own client transport, or over Streamable HTTP on a free port read
 * back from its startup line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const ROOT = path.resolve(__dirname, '../../..');
const MAIN = path.join(ROOT, 'apps/mcp/src/main.ts');

function childEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
  return { ...env, ...extra };
}

/** A client transport that starts `pnpm mcp` (stdio) as its child process. */
export function stdioTransport(env: Record<string, string>): StdioClientTransport {
  return new StdioClientTransport({ command: process.execPath, args: ['--import', 'tsx', MAIN], cwd: ROOT, env: childEnv(env), stderr: 'pipe' });
}

export interface HttpMcpProcess {
  url: URL;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** Runs `pnpm mcp ...args` to its end: its exit code and everything it printed. */
export function runMcp(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], { cwd: ROOT, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

/** Starts `pnpm mcp --http --port 0` and resolves once it listens. */
export async function startHttpMcp(env: Record<string, string>): Promise<HttpMcpProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, '--http', '--port', '0'], {
    cwd: ROOT,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = await new Promise<URL>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`mcp --http did not start:\n${output}`)), 60_000);
    const onData = (data: Buffer) => {
      output += data.toString();
      const match = /listening on (http:\/\/\S+\/mcp)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(new URL(match[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`mcp --http exited with ${code}:\n${output}`)));
  });
  return {
    url,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
