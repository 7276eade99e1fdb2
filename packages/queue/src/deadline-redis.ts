/** A Redis command deadline that a stalled event loop cannot trip early. */
import { Redis, type Command, type RedisOptions } from 'ioredis';
import { LagTolerantSweeper } from '@rigforge/server';

type WriteableStream = Parameters<Redis['sendCommand']>[1];

/**
 * An ioredis client whose commands fail with "Command timed out" when no reply came within
 * `commandTimeoutMs`, like ioredis' own `commandTimeout`, but measured so that a stalled event
 * loop does not fail a command whose reply has arrived: a plain `setTimeout` deadline misfires after
 * a busy loop (Node runs due timers before it polls sockets, so it fires although the reply already
 * sits in the socket); here one LagTolerantSweeper per client (@rigforge/server) checks them after
 * the next poll phase, rather than a timer per command (apps/api/docs/performance.md, twenty-second
 * wave: a timer and closures per command were promoted to V8's old generation under load).
 *
 * With `coalesceWrites`, the commands sent during one turn of the event loop leave in one socket
 * write (the socket is corked at the first and uncorked in that turn's check phase, by
 * `setImmediate`), instead of one write per command. Redis receives the same bytes in the same
 * order, so nothing about a command changes but when its bytes leave: at most the rest of the
 * loop turn later. On a loaded machine a loopback write is expensive (it runs the receiving
 * side's TCP work and wakes Redis): under load the API's Redis writes were 8% of its main
 * thread's samples, one per command (apps/api/docs/performance.md, eighth wave). A coalesced command's
 * deadline runs from the write, not from the call, so a stalled loop between the two cannot
 * expire a command that was never sent.
 */
export class DeadlineRedis extends Redis {
  private readonly armed = new WeakSet<Command>();
  /** Set while the socket is corked: the commands written into it since, armed when it flushes. */
  private corked: Command[] | undefined;
  /** Commands whose deadline runs, in send order, and when each was sent (performance.now()). */
  private readonly inFlight: Command[] = [];
  private readonly sentAt: number[] = [];
  /**
   * Fails the commands past their deadline, every period (below) while a command is in flight: a
   * command fails between `commandTimeoutMs` and that much later, and a settled one is let go of
   * (for the garbage collector) within that time, so it is short: 10 ms, a tenth of a shorter
   * deadline. Kept for a second of quiet, so traffic with gaps between its commands does not start
   * a timer per command.
   */
  private readonly sweeper: LagTolerantSweeper;

  constructor(
    url: string,
    options: RedisOptions & { replyMapping?: 'legacy' },
    private readonly commandTimeoutMs: number,
    private readonly coalesceWrites = false,
  ) {
    super(url, options);
    const sweepEveryMs = Math.max(1, Math.min(10, Math.floor(commandTimeoutMs / 10)));
    this.sweeper = new LagTolerantSweeper(sweepEveryMs, Math.ceil(1_000 / sweepEveryMs), this.sweep);
  }

  override sendCommand(command: Command, stream?: WriteableStream): unknown {
    // A command is sent again after a reconnect; its deadline runs from the first send.
    if (!this.armed.has(command)) {
      this.armed.add(command);
      // Pipelines (`stream` given) write their own batch; a socket not ready is not written now.
      if (this.coalesceWrites && stream === undefined && this.status === 'ready' && this.stream.writable) {
        (this.corked ??= this.cork()).push(command);
      } else {
        this.arm(command);
      }
    }
    return super.sendCommand(command, stream);
  }

  /** Corks the socket until this loop turn's check phase; returns the list its commands join. */
  private cork(): Command[] {
    const socket = this.stream;
    const commands: Command[] = [];
    socket.cork();
    setImmediate(() => {
      this.corked = undefined;
      socket.uncork();
      for (const command of commands) this.arm(command);
    });
    return commands;
  }

  /**
   * Starts the command's deadline: it joins the list of commands in flight with its send time, and
   * the sweeper (below) fails it if it has not settled `commandTimeoutMs` later. No timer, closure
   * or promise callback per command: those were, with the Postgres checkout's, what V8 moved into
   * the old generation under load (apps/api/docs/performance.md, twenty-second wave).
   */
  private arm(command: Command): void {
    this.inFlight.push(command);
    this.sentAt.push(performance.now());
    this.sweeper.start();
  }

  /**
   * Drops the settled commands from the head of the list (they are in send order, so the oldest
   * first) and fails the ones past their deadline; says whether any is still in flight.
   */
  private readonly sweep = (now: number): boolean => {
    const commands = this.inFlight;
    let head = 0;
    while (head < commands.length) {
      const command = commands[head]!;
      if (!command.isSettled) {
        if (now - this.sentAt[head]! < this.commandTimeoutMs) break;
        command.reject(new Error('Command timed out'));
      }
      head++;
    }
    if (head > 0) {
      commands.splice(0, head);
      this.sentAt.splice(0, head);
    }
    return commands.length > 0;
  };
}
