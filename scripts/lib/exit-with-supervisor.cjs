/**
 * Loaded into every service `scripts/supervise.ts` starts (through NODE_OPTIONS --require): the
 * service leaves when its supervisor dies, however it dies. The supervisor hands each service the
 * read end of a pipe (the descriptor named by RIGFORGE_SUPERVISOR_FD) and never writes to it; the
 * kernel closes the other end when the supervisor exits, SIGKILL included, and the service then
 * sends itself SIGTERM, so it drains as on any stop. Without it, killing the supervisor left the
 * API and every worker running as orphans with nothing to restart them. Plain CommonJS, so it
 * loads before tsx; a pipe rather than polling the parent pid because Node reads `process.ppid`
 * once, and it works the same on every platform Node runs on.
 */
'use strict';

const fd = Number(process.env.RIGFORGE_SUPERVISOR_FD);
// Processes this service starts do not have the descriptor: they must not look for it.
delete process.env.RIGFORGE_SUPERVISOR_FD;

if (Number.isInteger(fd) && fd > 2 && require('node:worker_threads').isMainThread) {
  const net = require('node:net');
  let lifeline;
  try {
    lifeline = new net.Socket({ fd, readable: true, writable: false });
  } catch {
    lifeline = undefined; // not a pipe (started by hand with the variable set): nothing to watch
  }
  if (lifeline) {
    // Watching must not keep a service alive that would otherwise exit.
    lifeline.unref();
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      process.stderr.write(`${new Date().toISOString()} pid ${process.pid}: the supervisor is gone; stopping\n`);
      process.kill(process.pid, 'SIGTERM');
    };
    lifeline.on('data', () => undefined);
    lifeline.once('end', leave);
    lifeline.once('close', leave);
    lifeline.once('error', leave);
  }
}
