// The API process: parse env, build collaborators, listen, and close cleanly on SIGTERM/SIGINT.
import { createApp } from './app';
import { createContext } from './context';
import { parseApiEnv } from './env';

async function main(): Promise<void> {
  const env = parseApiEnv();
  const ctx = await createContext(env);
  const server = createApp(ctx).listen(env.PORT, env.HOST, () => {
    ctx.log(`listening on http://${env.HOST}:${env.PORT} (public ${env.PUBLIC_BASE_URL})`);
  });
  server.keepAliveTimeout = 65_000;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    ctx.log(`${signal}: closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(() => {
      ctx.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`api: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
