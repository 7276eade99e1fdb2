/**
 * The spinner only animates on a terminal that reports its width: a pty with 0 columns made ora
 * erase an ever-growing number of lines per frame (62 MB in minutes) and stalled the CLI.
 */
import { PassThrough } from 'node:stream';
import { isUnsizedTerminal } from '../src/terminal';

const stream = (isTTY: boolean, columns?: number) => Object.assign(new PassThrough(), { isTTY, columns });

test.each([
  [true, 0, true],
  [true, undefined, true],
  [true, 120, false],
  [false, 0, false],
  [false, undefined, false],
])('isTTY %p, columns %p: unsized %p', (isTTY, columns, unsized) => {
  expect(isUnsizedTerminal(stream(isTTY, columns))).toBe(unsized);
});
