/** The `rigforge` command tree: global options, the commands, and the exit-code table in --help. */
import { Command } from 'commander';
import { accountCommand } from './commands/account';
import { assetsCommand } from './commands/assets';
import { checkCommand } from './commands/check';
import { generateCommand } from './commands/generate';
import { jobsCommand } from './commands/jobs';
import { rigCommand } from './commands/rig';
import { DEFAULT_BASE_URL } from './context';
import { exitCodeHelp } from './exit-codes';

export function buildProgram(): Command {
  const program = new Command('rigforge')
    .description('Rig meshes, make models from images and search the CC0 catalog with the Rigforge API')
    .version('0.1.0')
    .option('--key <key>', 'API key (default: $RIGFORGE_API_KEY)')
    .option('--base-url <url>', `API origin (default: $RIGFORGE_BASE_URL, else ${DEFAULT_BASE_URL})`)
    .option('--json', 'print the API\'s JSON on stdout (errors too), no progress display')
    // Commander's own errors (unknown option, bad choice) are thrown, so they get the usage exit code.
    .exitOverride()
    .showHelpAfterError('(add --help for usage)')
    .addHelpText('after', `\n${exitCodeHelp()}`);
  for (const command of [rigCommand(), checkCommand(), generateCommand(), assetsCommand(), jobsCommand(), accountCommand()]) program.addCommand(command);
  return program;
}
