// The API process: parse env, build collaborators, listen, and close cleanly on SIGTERM/SIGINT.
import { createApp } from './app';
import { createContext } from './context';
import { parseApiEnv } from './env';
import { createHttpServer } from './http-server';

async function main(): Promise<void> {
  const env = parseApiEnv();
  const ctx = await createContext(env);
  // Not app.listen: the server's requests are born with the app's prototypes (see http-server.ts).
  const server = createHttpServer(createApp(ctx)).listen(env.PORT, env.HOST, () => {
    ctx.log(`listening on http://${env.HOST}:${env.PORT} (public ${env.PUBLIC_BASE_URL})`);
  });
  server.keepAliveTimeout = 65_000;
  // A port already taken or a listen failure is fatal: exit non-zero so a supervisor notices.
  server.on('error', fatal('server error'));
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    ctx.log(`${signal}: closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // Open status streams and held `Prefer: wait` answers end now, so they do not hold the close.
    ctx.jobEvents.close();
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

// Anything unhandled leaves the process in an unknown state: exit non-zero and let the supervisor
// (scripts/supervise.ts, compose, Kubernetes) start a clean one.
function fatal(what: string) {
  return (error: unknown) => {
    process.stderr.write(`${new Date().toISOString()} api: ${what}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  };
}
process.on('uncaughtException', fatal('uncaught exception'));
process.on('unhandledRejection', fatal('unhandled rejection'));
main().catch(fatal('failed to start'));
