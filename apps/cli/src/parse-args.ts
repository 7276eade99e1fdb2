/** Argument parsers shared by the commands: commander reports their errors as usage errors. */
import path from 'node:path';
import { InvalidArgumentError } from 'commander';

export function numberArg(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) throw new InvalidArgumentError('not a number.');
  return n;
}

export function intArg(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('not a non-negative integer.');
  return Number(value);
}

/** A model or image given as an http(s) URL is sent by URL; anything else is a local file. */
export function isUrl(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

/** The file name of a local path or URL without its extension: the stem of default output names. */
export function stemOf(source: string): string {
  const name = path.basename(isUrl(source) ? new URL(source).pathname : source);
  return name.replace(/\.[^.]*$/, '') || 'model';
}
