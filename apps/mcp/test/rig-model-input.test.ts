import { z } from 'zod';
import { SKELETON_PRESETS } from '@rigforge/contracts';
import { rigModelInput } from '../src/tools/rig-model';

test('rig_model takes skeleton_preset with its allowed values described, and output_format vrm', () => {
  const schema = z.toJSONSchema(rigModelInput) as { properties: Record<string, { enum?: string[]; description?: string; default?: string }> };
  const preset = schema.properties.skeleton_preset!;
  expect(preset.enum).toEqual([...SKELETON_PRESETS]);
  expect(preset.default).toBe('rigforge');
  for (const value of SKELETON_PRESETS) expect(preset.description).toContain(value);
  expect(preset.description).toMatch(/biped/);
  expect(schema.properties.output_format!.enum).toContain('vrm');
  expect(rigModelInput.safeParse({ model_url: 'https://example.com/a.glb', skeleton_preset: 'unreal' }).success).toBe(true);
  expect(rigModelInput.safeParse({ model_url: 'https://example.com/a.glb', skeleton_preset: 'blender' }).success).toBe(false);
});
