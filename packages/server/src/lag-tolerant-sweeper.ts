/**
 * Deadlines for many pending operations (Postgres checkouts, Redis commands) checked by one timer
 * per owner, not one per operation: a timer, its closure and a map entry made per statement or
 * command were what V8 promoted to the old generation under load, until a full collection paused
 * the API (apps/api/docs/performance.md, twenty-second wave).
 *
 * The check tolerates a stalled event loop. A plain `setTimeout` deadline misfires after a busy
 * loop: Node runs due timers before it polls sockets, so it fires although the reply already sits in
 * the socket. Here the timer only schedules the sweep with `setImmediate`, which runs after the next
 * poll phase: a reply that arrived during the stall is read (and its operation settled) before the
 * sweep judges it. An operation fails between its deadline and one period later.
 *
 * The timer runs while the owner says it has work (`start` when an operation begins) and stops after
 * `idleSweepsToStop` sweeps in a row found none, so traffic with gaps does not start a timer per
 * operation; it is unref'd, so it never keeps a process alive.
 */
export class LagTolerantSweeper {
  private timer: NodeJS.Timeout | undefined;
  private idleSweeps = 0;

  /**
   * `sweep(now)` (now: performance.now()) fails what is past its deadline and says whether anything
   * is still pending.
   */
  constructor(
    private readonly periodMs: number,
    private readonly idleSweepsToStop: number,
    private readonly sweep: (now: number) => boolean,
  ) {}

  /** Runs the timer if it is not running: called as an operation begins. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(this.sweepSoon, this.periodMs);
    this.timer.unref();
  }

  private readonly sweepSoon = (): void => {
    setImmediate(this.sweepNow);
  };

  private readonly sweepNow = (): void => {
    this.idleSweeps = this.sweep(performance.now()) ? 0 : this.idleSweeps + 1;
    if (this.idleSweeps >= this.idleSweepsToStop && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
      this.idleSweeps = 0;
    }
  };
}
