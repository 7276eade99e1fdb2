/**
 * What every command needs from the global options: the client (key from --key or
 * RIGFORGE_API_KEY, base URL from --base-url or RIGFORGE_BASE_URL) and where to print.
 */
import { RigforgeClient } from '@rigforge/client';
import type { Command } from 'commander';
import { CliError } from './cli-error';

export const DEFAULT_BASE_URL = 'http://localhost:3000';

export interface GlobalOptions {
  key?: string;
  baseUrl?: string;
  json?: boolean;
}

export interface CliContext {
  client: RigforgeClient;
  json: boolean;
  /** Results (a JSON document with --json, else lines for people). */
  out: (text: string) => void;
  /** Progress and notes, never mixed into results. */
  err: NodeJS.WritableStream;
}

export function createContext(options: GlobalOptions, env: NodeJS.ProcessEnv = process.env): CliContext {
  const apiKey = options.key ?? env.RIGFORGE_API_KEY;
  if (!apiKey) throw new CliError('auth', 'no API key: pass --key or set RIGFORGE_API_KEY (npm start prints one and keeps it in var/demo-api-key)');
  const baseUrl = options.baseUrl ?? env.RIGFORGE_BASE_URL ?? DEFAULT_BASE_URL;
  try {
    new URL(baseUrl);
  } catch {
    throw new CliError('usage', `base URL "${baseUrl}" is not a URL (e.g. ${DEFAULT_BASE_URL})`);
  }
  return {
    client: new RigforgeClient({ baseUrl, apiKey, userAgent: 'rigforge-cli/0.1' }),
    json: options.json ?? false,
    out: (text) => process.stdout.write(`${text}\n`),
    err: process.stderr,
  };
}

/** The context of the command being run, from its own options and the global ones. */
export function commandContext(command: Command): CliContext {
  return createContext(command.optsWithGlobals<GlobalOptions>());
}
