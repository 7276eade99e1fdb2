/** The pre-rig check's lines for people: the orientation the rig will use, and its roll when it rolls. */
import { RIG_TYPES, checkRigResponseSchema, type CheckRigResponse } from '@rigforge/contracts';
import { printCheck } from '../src/print';
import type { CliContext } from '../src/context';

function lines(check: CheckRigResponse): string[] {
  const out: string[] = [];
  const ctx: Pick<CliContext, 'json' | 'out'> = { json: false, out: (text) => out.push(text) };
  printCheck(ctx, check);
  return out;
}

const base = checkRigResponseSchema.parse({
  riggable: true,
  problems: [],
  input_format: 'glb',
  triangles: 1200,
  vertices: 640,
  parts: 1,
  watertight: true,
  up_axis: '+z',
  facing: '-x',
  rotation_y: 90,
  orientation_confidence: 0.9,
  up_axis_confidence: 0.95,
  recommended_rig_type: 'biped',
  rig_type_scores: Object.fromEntries(RIG_TYPES.map((t) => [t, t === 'biped' ? 1 : 0])),
  warnings: [],
});

test('a check without a roll prints the up axis and facing to pass, and no roll line', () => {
  const out = lines(base);
  expect(out).toContain('up +z, facing -x: rig with --up-axis +z --rotation-y 90');
  expect(out.some((l) => l.startsWith('rolled'))).toBe(false);
});

test('a check of a mesh the rig rolls says so, after the orientation of the rolled mesh', () => {
  const out = lines({ ...base, roll: { axis: 'z', degrees: -40 } });
  const up = out.findIndex((l) => l.startsWith('up +z'));
  expect(out[up + 1]).toBe('rolled -40° about z first (the rig does this by default)');
});
