/**
 * A deadline that tolerates a stalled event loop. A plain `setTimeout` deadline misfires when the
 * loop was busy (a CPU-heavy request, a starved machine): after the stall Node runs due timers
 * before it polls sockets, so the timer fires although the reply already sits in the socket. Here
 * the timer only schedules the check with `setImmediate`, which runs after the next poll phase:
 * a reply that arrived during the stall is read first, and `onExpired` runs only if it still has
 * not come. Returns a function that cancels the deadline.
 */
export function lagTolerantDeadline(ms: number, isDone: () => boolean, onExpired: () => void): () => void {
  let immediate: NodeJS.Immediate | undefined;
  const timer = setTimeout(() => {
    immediate = setImmediate(() => {
      if (!isDone()) onExpired();
    });
  }, ms);
  timer.unref();
  return () => {
    clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
  };
}
