/**
 * A TTY that reports no width, where the spinner must not redraw in place. ora animates on any
 * TTY, but one of 0 columns (a pty nobody sized, e.g. `script` without a controlling terminal)
 * made it erase an ever larger number of lines per frame: 62 MB of cursor-up codes in a few
 * minutes, and the CLI never got back to its poll loop. Such a terminal gets a pipe's plain lines.
 */
export function isUnsizedTerminal(stream: NodeJS.WritableStream & { isTTY?: boolean; columns?: number }): boolean {
  return stream.isTTY === true && !((stream.columns ?? 0) > 0);
}
