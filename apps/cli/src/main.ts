#!/usr/bin/env node
/**
 * The `rigforge` entry point: runs the command and turns every failure into one line on stderr
 * (or the error as JSON on stdout with --json) and the exit code of its class (see exit-codes.ts).
 */
import { RigforgeClientError } from '@rigforge/client';
import { CommanderError } from 'commander';
import { CliError } from './cli-error';
import { EXIT_CODES, exitClassOf, type ExitClass } from './exit-codes';
import { buildProgram } from './program';

function report(json: boolean, exitClass: ExitClass, body: unknown, line: string): number {
  if (json) process.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
  else process.stderr.write(`rigforge: ${line}\n`);
  return EXIT_CODES[exitClass];
}

export async function run(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  const program = buildProgram();
  // Subcommands inherit exitOverride only when it is set before they are added, so set it on each.
  for (const command of program.commands) {
    command.exitOverride();
    for (const sub of command.commands) sub.exitOverride();
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return EXIT_CODES.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are "errors" to commander; it has printed them already.
      return error.exitCode === 0 ? EXIT_CODES.ok : EXIT_CODES.usage;
    }
    if (error instanceof CliError) {
      return report(json, error.exitClass, error.json ?? { error: { code: error.exitClass, message: error.message } }, error.message);
    }
    if (error instanceof RigforgeClientError) {
      const { code, message, param, status, retryAfterSeconds } = error;
      const retry = retryAfterSeconds !== undefined ? ` (retry after ${retryAfterSeconds} s)` : '';
      return report(json, exitClassOf(code), { error: { code, message, param, status, retry_after_seconds: retryAfterSeconds } }, `${code}: ${message}${retry}`);
    }
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    return report(json, 'server', { error: { code: 'internal_error', message: detail } }, `unexpected failure: ${detail}`);
  }
}

run(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
