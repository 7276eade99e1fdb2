/** A failure the CLI reports itself (bad arguments, a failed job), with its exit class. */
import type { ExitClass } from './exit-codes';

export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    readonly exitClass: ExitClass,
    message: string,
    /** What `--json` prints instead of the message (e.g. the failed job). */
    readonly json?: unknown,
  ) {
    super(message);
  }
}
