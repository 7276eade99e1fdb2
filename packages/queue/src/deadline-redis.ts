/** A Redis command deadline that a stalled event loop cannot trip early. */
import { Redis, type Command, type RedisOptions } from 'ioredis';
import { lagTolerantDeadline } from '@rigforge/server';

type WriteableStream = Parameters<Redis['sendCommand']>[1];

/**
 * An ioredis client whose commands fail with "Command timed out" when no reply came within
 * `commandTimeoutMs`, like ioredis' own `commandTimeout`, but measured so that a stalled event
 * loop does not fail a command whose reply has arrived (see `lagTolerantDeadline`).
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

  constructor(
    url: string,
    options: RedisOptions & { replyMapping?: 'legacy' },
    private readonly commandTimeoutMs: number,
    private readonly coalesceWrites = false,
  ) {
    super(url, options);
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

  private arm(command: Command): void {
    let settled = false;
    const cancel = lagTolerantDeadline(
      this.commandTimeoutMs,
      () => settled,
      () => command.reject(new Error('Command timed out')),
    );
    // Inline rather than one `const done` for both: under tsx a named closure made per command also
    // gets its name defined on it (issue 25, apps/api/docs/performance.md thirteenth wave).
    command.promise.then(
      () => {
        settled = true;
        cancel();
      },
      () => {
        settled = true;
        cancel();
      },
    );
  }
}
