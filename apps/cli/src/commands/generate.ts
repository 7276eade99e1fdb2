/** `rigforge generate <image>`: POST /v1/models from a local PNG/JPEG/WebP or a URL; waits and downloads. */
import { readFileAsBase64, type CreateModelInput } from '@rigforge/client';
import { GENERATE_MODEL_OPTIONS, MODEL_FORMATS, PICTURE_VIEWS_OF_MODELS, RIG_TYPES, type RigType } from '@rigforge/contracts';
import { Command, Option } from 'commander';
import { commandContext } from '../context';
import { isUrl, numberArg, stemOf } from '../parse-args';
import { addSubmissionOptions, finishSubmission, type SubmissionOptions } from '../submission';

interface GenerateOptions extends SubmissionOptions {
  thickness?: number;
  height?: number;
  bodyPlan?: RigType;
  view?: (typeof PICTURE_VIEWS_OF_MODELS)[number];
  format: (typeof MODEL_FORMATS)[number];
  out?: string;
}

export function generateCommand(): Command {
  const { thickness } = GENERATE_MODEL_OPTIONS;
  const command = new Command('generate')
    .description('make a closed, textured 3D model from an image (PNG, JPEG or WebP)')
    .argument('<image>', 'local image file or http(s) URL')
    .option('--thickness <n>', `depth relative to width, ${thickness.min}–${thickness.max} (API default ${thickness.default})`, numberArg)
    .option('--height <metres>', `model height in metres (API default ${GENERATE_MODEL_OPTIONS.height.default})`, numberArg)
    .addOption(new Option('--body-plan <plan>', 'what the picture shows, when known (picks its learned depth prior)').choices(RIG_TYPES))
    .addOption(new Option('--view <view>', 'where the picture was taken from, when known; side + a legged plan builds the legs as left/right pairs').choices(PICTURE_VIEWS_OF_MODELS))
    .addOption(new Option('-f, --format <format>', 'output format').choices(MODEL_FORMATS).default('glb'))
    .option('-o, --out <file>', 'where to write the model (default: <name>.<format>)');
  return addSubmissionOptions(command)
    .addHelpText('after', '\nExample:\n  rigforge generate examples/hero.png --out hero.glb')
    .action(async (image: string, options: GenerateOptions, command: Command) => {
      const ctx = commandContext(command);
      const body: CreateModelInput = {
        output_format: options.format,
        ...(options.thickness !== undefined && { thickness: options.thickness }),
        ...(options.height !== undefined && { height: options.height }),
        ...(options.bodyPlan !== undefined && { body_plan: options.bodyPlan }),
        ...(options.view !== undefined && { view: options.view }),
        ...(options.webhookUrl !== undefined && { webhook_url: options.webhookUrl }),
        ...(isUrl(image) ? { image_url: image } : { image_base64: await readFileAsBase64(image) }),
      };
      const queued = await ctx.client.createModel(body, { idempotencyKey: options.idempotencyKey });
      await finishSubmission(ctx, queued, options, options.out ?? `${stemOf(image)}.${options.format}`);
    });
}
