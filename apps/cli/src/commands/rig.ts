/** `rigforge rig <model>`: POST /v1/rigs from a local file, a URL or an earlier job; waits and downloads. */
import { meshFileSource, type CreateRigInput } from '@rigforge/client';
import { RIG_ANIMATIONS, RIG_ENGINES, RIG_OUTPUT_FORMATS, RIG_TYPE_CHOICES, SKELETON_PRESETS, UP_AXES } from '@rigforge/contracts';
import { Command, Option } from 'commander';
import { CliError } from '../cli-error';
import { commandContext } from '../context';
import { isUrl, numberArg, stemOf } from '../parse-args';
import { addSubmissionOptions, finishSubmission, type SubmissionOptions } from '../submission';

interface RigOptions extends SubmissionOptions {
  type: (typeof RIG_TYPE_CHOICES)[number];
  engine: (typeof RIG_ENGINES)[number];
  format: (typeof RIG_OUTPUT_FORMATS)[number];
  skeletonPreset: (typeof SKELETON_PRESETS)[number];
  upAxis?: (typeof UP_AXES)[number];
  rotationY?: number;
  animationUrl?: string;
  animations?: string[];
  fromJob?: string;
  out?: string;
}

export function rigCommand(): Command {
  const command = new Command('rig')
    .description('rig a mesh (glb, glTF, OBJ, STL or FBX): a local file, an http(s) URL, or --from-job')
    .argument('[model]', 'local mesh file (over 10 MB it is uploaded first, up to 200 MB) or http(s) URL')
    .addOption(new Option('-t, --type <rig_type>', 'body plan; auto: the one rigforge check recommends (the job says which)').choices(RIG_TYPE_CHOICES).default('biped'))
    .addOption(new Option('-e, --engine <engine>', 'rig engine').choices(RIG_ENGINES).default('fast'))
    .addOption(new Option('-f, --format <format>', 'output format; vrm: VRM 1.0 (biped)').choices(RIG_OUTPUT_FORMATS).default('glb'))
    .addOption(
      new Option('--skeleton-preset <preset>', 'bone names of the rig (biped): mixamo, unity (HumanBodyBones), unreal (UE5 mannequin), vrm, or rigforge')
        .choices(SKELETON_PRESETS)
        .default('rigforge'),
    )
    .addOption(new Option('--up-axis <axis>', 'the file axis pointing up on the character (+z for a Z-up export); see rigforge check').choices(UP_AXES))
    .option('--rotation-y <degrees>', 'turn the model about +Y first (-90 for a model facing +X)', numberArg)
    .option('--animation-url <url>', 'humanoid clip to retarget onto the rig (fast engine, biped)')
    .option('--animations <names>', `ready clips made for the rig, comma-separated (${RIG_ANIMATIONS.biped.join(',')} for biped; GET /v1/rigs/animations lists every plan's); one retarget each`, (v: string) => v.split(',').map((n) => n.trim()).filter(Boolean))
    .option('--from-job <id>', 'rig the output of an earlier succeeded job instead of a file')
    .option('-o, --out <file>', 'where to write the rigged model (default: <name>.rigged.<format>)');
  return addSubmissionOptions(command)
    .addHelpText('after', '\nExamples:\n  rigforge rig examples/humanoid.glb --out rigged.glb\n  rigforge rig knight.glb --type biped --format fbx --out knight.fbx\n  rigforge rig knight.glb --skeleton-preset mixamo --format fbx\n  rigforge rig knight.glb --format vrm --out knight.vrm\n  rigforge rig dog.glb --type quadruped --animations idle,walk,trot')
    .action(async (model: string | undefined, options: RigOptions, command: Command) => {
      const ctx = commandContext(command);
      if ((model === undefined) === (options.fromJob === undefined)) {
        throw new CliError('usage', 'rig: give a model (file or URL) or --from-job <id>, not both and not neither');
      }
      const body: CreateRigInput = {
        rig_type: options.type,
        engine: options.engine,
        output_format: options.format,
        skeleton_preset: options.skeletonPreset,
        ...(options.upAxis !== undefined && { up_axis: options.upAxis }),
        ...(options.rotationY !== undefined && { rotation_y: options.rotationY }),
        ...(options.animationUrl !== undefined && { animation_url: options.animationUrl }),
        // Names are checked by the API (400 naming the plan's clips), not here.
        ...(options.animations !== undefined && { animations: options.animations }),
        ...(options.webhookUrl !== undefined && { webhook_url: options.webhookUrl }),
      };
      if (options.fromJob !== undefined) body.from_job = options.fromJob;
      else if (model !== undefined && isUrl(model)) body.model_url = model;
      // Past the inline limit the file is uploaded (POST /v1/uploads, a streamed PUT) and given by URL.
      else if (model !== undefined) Object.assign(body, await meshFileSource(ctx.client, model));
      const queued = await ctx.client.createRig(body, { idempotencyKey: options.idempotencyKey });
      const base = model === undefined ? `job-${queued.id}` : stemOf(model);
      await finishSubmission(ctx, queued, options, options.out ?? `${base}.rigged.${options.format}`, queued.engine);
    });
}
