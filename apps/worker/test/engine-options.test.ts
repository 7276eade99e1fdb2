/**
 * Every field a client can set on a submission must reach the engine: the request is turned into
 * typed job params (contracts) and the params into engine options (builtin-engines) in one place
 * each, and these tests change one request field at a time and require the options to change.
 * A new request field without a way into the engine fails the coverage checks below.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  createModelRequestSchema,
  createRigRequestSchema,
  generateModelJobParams,
  MODEL_SOURCES,
  RIG_SOURCES,
  rigJobParams,
  type CreateModelRequest,
  type CreateRigRequest,
} from '@rigforge/contracts';
import { generateModel } from '@rigforge/generate';
import { readMesh } from '@rigforge/mesh';
import { RIG_ENGINE_PRESETS } from '@rigforge/rig';
import { generateOptionsFromParams, rigOptionsFromParams } from '../src/engines/builtin-engines';

const MODEL_ALTERNATIVES: Partial<Record<keyof CreateModelRequest, unknown>> = { thickness: 1.2, height: 2, body_plan: 'quadruped', view: 'side', output_format: 'fbx' };

/** Webhook fields say where to report the job, not how to run it: they travel in the params to the webhook worker. */
const DELIVERY_FIELDS = ['webhook_url', 'webhook_events'];

test('generate_model: every request field other than the image source reaches the engine options', () => {
  const fields = Object.keys(createModelRequestSchema.shape).filter(
    (f) => !(MODEL_SOURCES as readonly string[]).includes(f) && !DELIVERY_FIELDS.includes(f),
  );
  expect(Object.keys(MODEL_ALTERNATIVES).sort()).toEqual(fields.sort());
  const base = createModelRequestSchema.parse({ image_base64: 'AAAA' });
  const baseOptions = generateOptionsFromParams(generateModelJobParams(base, 'image_base64'));
  for (const [field, value] of Object.entries(MODEL_ALTERNATIVES)) {
    const changed = createModelRequestSchema.parse({ image_base64: 'AAAA', [field]: value });
    expect({ field, options: generateOptionsFromParams(generateModelJobParams(changed, 'image_base64')) }).not.toEqual({
      field,
      options: baseOptions,
    });
  }
});

/** `engine` picks the queue (and so the engine preset), not an option; the clip arrives as an attachment. */
const RIG_ALTERNATIVES: Partial<Record<keyof CreateRigRequest, unknown>> = {
  rig_type: 'quadruped',
  output_format: 'fbx',
  skeleton_preset: 'mixamo',
  up_axis: '+z',
  rotation_y: 90,
  animation_url: 'https://example.com/walk.glb',
  animation_clips: ['walk'],
  animations: ['walk'],
};
const RIG_ROUTING_FIELDS = ['engine'];

test('rig: every request field other than the mesh source reaches the engine options', () => {
  const fields = Object.keys(createRigRequestSchema.shape).filter(
    (f) => !(RIG_SOURCES as readonly string[]).includes(f) && !RIG_ROUTING_FIELDS.includes(f) && !DELIVERY_FIELDS.includes(f),
  );
  expect(Object.keys(RIG_ALTERNATIVES).sort()).toEqual(fields.sort());
  const base = createRigRequestSchema.parse({ model_base64: 'AAAA' });
  const clip = { key: 'inputs/00/x.animation.glb', format: 'glb' as const, clipCount: 1 };
  const options = (body: CreateRigRequest) =>
    rigOptionsFromParams(
      rigJobParams(body, 'model_base64', body.animation_url ? clip : undefined),
      body.animation_url ? { animation: new Uint8Array([1]) } : {},
      RIG_ENGINE_PRESETS.fast,
    );
  const baseOptions = options(base);
  for (const [field, value] of Object.entries(RIG_ALTERNATIVES)) {
    const changed = createRigRequestSchema.parse({ model_base64: 'AAAA', [field]: value });
    expect({ field, options: options(changed) }).not.toEqual({ field, options: baseOptions });
  }
});

test('generate_model: a 2 m request gives a 2 m model', async () => {
  const image = await readFile(path.join(__dirname, '../../../examples/hero.png'));
  const body = createModelRequestSchema.parse({ image_base64: 'AAAA', height: 2 });
  const result = await generateModel(image, generateOptionsFromParams(generateModelJobParams(body, 'image_base64')));
  const { mesh } = await readMesh(result.model);
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 1; i < mesh.positions.length; i += 3) {
    minY = Math.min(minY, mesh.positions[i]!);
    maxY = Math.max(maxY, mesh.positions[i]!);
  }
  expect(maxY - minY).toBeCloseTo(2, 2);
});
