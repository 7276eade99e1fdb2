/** A command-line option's value (`--name value`) for the rig's scripts; undefined when absent. */
export function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
