/**
 * A listener for a client's connection `error` events (ioredis, BullMQ) that logs the
 * first error and then at most one line per interval with the count, so an outage is visible in
 * the log without a line per reconnect attempt. Without any listener, ioredis and BullMQ print
 * every attempt with a stack trace.
 */
export function connectionErrorLog(
  log: (message: string) => void,
  source: string,
  intervalMs = 10_000,
): (error: Error) => void {
  let last = 0;
  let suppressed = 0;
  return (error) => {
    const now = Date.now();
    if (now - last < intervalMs) {
      suppressed++;
      return;
    }
    const more = suppressed > 0 ? ` (${suppressed} more since the last report)` : '';
    log(`${source}: connection error: ${error.message}${more}`);
    last = now;
    suppressed = 0;
  };
}
