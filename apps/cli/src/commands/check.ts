/** `rigforge check <model>`: POST /v1/rigs/check, the free pre-rig check of a file, a URL or a job's output. */
import { meshFileSource } from '@rigforge/client';
import type { CheckRigRequest } from '@rigforge/contracts';
import { Command } from 'commander';
import { CliError } from '../cli-error';
import { commandContext } from '../context';
import { isUrl } from '../parse-args';
import { printCheck } from '../print';

export function checkCommand(): Command {
  return new Command('check')
    .description('check a mesh before rigging (free): riggable, triangles, parts, up axis, facing, recommended body plan')
    .argument('[model]', 'local mesh file (over 10 MB it is uploaded first, up to 200 MB) or http(s) URL')
    .option('--from-job <id>', 'check the output of an earlier succeeded job instead of a file')
    .addHelpText('after', '\nExamples:\n  rigforge check examples/quadruped.glb\n  rigforge check knight.fbx --json')
    .action(async (model: string | undefined, options: { fromJob?: string }, command: Command) => {
      const ctx = commandContext(command);
      if ((model === undefined) === (options.fromJob === undefined)) {
        throw new CliError('usage', 'check: give a model (file or URL) or --from-job <id>, not both and not neither');
      }
      const body: CheckRigRequest =
        options.fromJob !== undefined ? { from_job: options.fromJob }
        : isUrl(model!) ? { model_url: model! }
        : await meshFileSource(ctx.client, model!);
      printCheck(ctx, await ctx.client.checkRig(body));
    });
}
