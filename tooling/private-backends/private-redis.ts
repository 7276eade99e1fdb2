/**
 * A throwaway Redis of our own on a free loopback port, without persistence (as the project runs
 * it), so a fault run can kill and restart it, losing every queue, without touching the shared one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

export interface PrivateRedis {
  url: string;
  start(): Promise<void>;
  /** SIGKILL: a crash, not a clean shutdown. */
  kill(): Promise<void>;
  /** SIGTERM: a clean shutdown. */
  stop(): Promise<void>;
  /** SIGSTOP freezes the server (connections stay open, nothing answers); SIGCONT thaws it. */
  signal(signal: 'SIGSTOP' | 'SIGCONT'): void;
  destroy(): Promise<void>;
}

async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rigforge-private-redis-'));
  let child: ChildProcess | null = null;
  const end = async (signal: 'SIGKILL' | 'SIGTERM'): Promise<void> => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    await exited;
  };
  const redis: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
        stdio: 'ignore',
      });
      for (let i = 0; i < 100 && !(await accepts(port)); i++) await new Promise((r) => setTimeout(r, 50));
      if (!(await accepts(port))) throw new Error(`private redis: not accepting on ${port}`);
    },
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
    signal(signal) {
      if (child && child.exitCode === null) child.kill(signal);
    },
    async destroy() {
      await redis.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await redis.start();
  return redis;
}
