/**
 * The facing model's samples (scripts/lib/orientation-fit.ts): a character's four facings about
 * each up axis that stands it up, with the right one marked among the four.
 */
import { ORIENTATION_CANDIDATES } from '../src/orientation-features';
import { facingSamples } from '../scripts/lib/orientation-fit';

/** Features that name their candidate, so the samples' rows can be traced back. */
const features = ORIENTATION_CANDIDATES.map((_, i) => [i]);
const index = (label: string): number => ORIENTATION_CANDIDATES.findIndex((c) => `${c.upAxis}/${c.rotationY}` === label);

describe('facingSamples', () => {
  test('a file standing +y up facing +z gives +y\'s four facings, the first right', () => {
    const out = facingSamples({ id: 'a', artist: 'x', plan: 'biped', features });
    expect(out).toHaveLength(1);
    expect(out[0]!.features.map((f) => f[0])).toEqual([index('+y/0'), index('+y/90'), index('+y/180'), index('+y/-90')]);
    expect(out[0]!.right).toEqual([0]);
  });

  test('labels on two up axes give one sample per up axis, each with its own right facing', () => {
    const out = facingSamples({ id: 'b', artist: 'x', plan: 'avian', features, right: [index('+y/90'), index('-y/-90')] });
    expect(out.map((s) => ORIENTATION_CANDIDATES[s.features[0]![0]!]!.upAxis)).toEqual(['+y', '-y']);
    expect(out.map((s) => s.features[s.right![0]!]![0])).toEqual([index('+y/90'), index('-y/-90')]);
  });
});
