/** A Redis command deadline that a stalled event loop cannot trip early. */
import { Redis, type Command, type RedisOptions } from 'ioredis';
import { lagTolerantDeadline } from '@rigforge/server';

type WriteableStream = Parameters<Redis['sendCommand']>[1];

/**
 * An ioredis client whose commands fail with "Command timed out" when no reply came within
 * `commandTimeoutMs`, like ioredis' own `commandTimeout`, but measured so that a stalled event
 * loop does not fail a command whose reply has arrived (see `lagTolerantDeadline`).
 */
export class DeadlineRedis extends Redis {
  private readonly armed = new WeakSet<Command>();

  constructor(
    url: string,
    options: RedisOptions & { replyMapping?: 'legacy' },
    private readonly commandTimeoutMs: number,
  ) {
    super(url, options);
  }

  override sendCommand(command: Command, stream?: WriteableStream): unknown {
    // A command is sent again after a reconnect; its deadline runs from the first send.
    if (!this.armed.has(command)) {
      this.armed.add(command);
      let settled = false;
      const cancel = lagTolerantDeadline(
        this.commandTimeoutMs,
        () => settled,
        () => command.reject(new Error('Command timed out')),
      );
      const done = () => {
        settled = true;
        cancel();
      };
      command.promise.then(done, done);
    }
    return super.sendCommand(command, stream);
  }
}
