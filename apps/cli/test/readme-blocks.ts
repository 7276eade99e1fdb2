/**
 * The README's shell examples: every ```sh block, minus those right after a
 * `<!-- readme-test: skip (reason) -->` line (commands that start the service, or operator
 * commands written with placeholders).
 */
export interface ShellBlock {
  line: number;
  code: string;
}

export function readmeShellBlocks(markdown: string): ShellBlock[] {
  const lines = markdown.split('\n');
  const blocks: ShellBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]?.trim() !== '```sh') continue;
    const skipped = /^<!-- readme-test: skip\b/.test(lines[i - 1]?.trim() ?? '');
    const end = lines.findIndex((l, j) => j > i && l.trim() === '```');
    if (end < 0) throw new Error(`README line ${i + 1}: unterminated code block`);
    if (!skipped) blocks.push({ line: i + 1, code: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return blocks;
}
