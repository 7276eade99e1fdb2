/** A body is not stood on its end (src/orientation-up-end.ts), unless the finder is sure of it. */
import { decideOrientation } from '../src/find-orientation';
import { ORIENTATION_CANDIDATES } from '../src/orientation-features';
import { offItsEndInstead } from '../src/orientation-up-end';
import type { UpAxis } from '../src/up-axis';

describe('offItsEndInstead', () => {
  const upP = (p: Partial<Record<UpAxis, number>>) => (up: UpAxis): number => p[up] ?? 0;

  test('an up axis along the long side the finder gives little gives way to the likeliest across it', () => {
    expect(offItsEndInstead('+y', 'y', upP({ '+y': 0.01, '-y': 0.4, '+z': 0.5, '-x': 0.09 }), 0.02)).toBe('+z');
  });

  test('kept: the finder sure enough of it, an up axis across the long side, or no long side', () => {
    expect(offItsEndInstead('+y', 'y', upP({ '+y': 0.9, '+z': 0.1 }), 0.02)).toBeUndefined();
    expect(offItsEndInstead('+z', 'y', upP({ '+z': 0.01, '+y': 0.9 }), 0.02)).toBeUndefined();
    expect(offItsEndInstead('+y', undefined, upP({ '+y': 0.01, '+z': 0.9 }), 0.02)).toBeUndefined();
  });
});

describe('decideOrientation: off its end', () => {
  // The finder unsure (under the up bar) of -z and sure +y is wrong: the gates keep +y, the file's
  // length (a sheep filed on its tail).
  const p = (): number[] => ORIENTATION_CANDIDATES.map((c) => (c.upAxis === '-z' ? (c.rotationY === 90 ? 0.5 : 0.05) : c.upAxis === '+y' ? 0.0025 : 0.34 / 16));
  const noLegs = { asFiled: () => 0, standingWhenStood: () => 0 };

  test('a kept +y along the long side is turned across it, to the finder\'s likeliest', () => {
    expect(decideOrientation(p, noLegs)).toMatchObject({ upAxis: '+y', upAxisReason: 'kept' });
    expect(decideOrientation(p, noLegs, { longAxis: 'y' })).toMatchObject({ upAxis: '-z', rotationY: 90, upAxisReason: 'off-its-end' });
    // Off (bar 0), or the long side another axis: kept.
    expect(decideOrientation(p, noLegs, { longAxis: 'y', minEndUpConfidence: 0 })).toMatchObject({ upAxis: '+y', upAxisReason: 'kept' });
    expect(decideOrientation(p, noLegs, { longAxis: 'x' })).toMatchObject({ upAxis: '+y', upAxisReason: 'kept' });
  });

  test('a body the finder gives its +y stands on its long side (a standing model with its arms down)', () => {
    const standing = (): number[] => ORIENTATION_CANDIDATES.map((c) => (c.upAxis === '+y' ? (c.rotationY === 0 ? 0.8 : 0.02) : 0.14 / 20));
    expect(decideOrientation(standing, { asFiled: () => 2, standingWhenStood: () => 2 }, { longAxis: 'y' })).toMatchObject({ upAxis: '+y', upAxisReason: 'stands-as-filed' });
    expect(decideOrientation(standing, noLegs, { longAxis: 'y' })).toMatchObject({ upAxis: '+y', upAxisReason: 'kept' });
  });

  test('a given length axis (the lengthwise restand) rules first', () => {
    expect(decideOrientation(p, noLegs, { longAxis: 'y', lengthAxis: 'y' })).toMatchObject({ upAxisReason: 'lies-along-length' });
  });
});

describe('decideOrientation: the legs rules kept off its end (legsOffItsEnd)', () => {
  // A fish filed on its nose (+y its length, the finder under the end bar): taken off its end to -z,
  // which stands on no legs, while stood on its tail (-y) two fins leaving one root read as legs.
  const p = (): number[] => ORIENTATION_CANDIDATES.map((c) => (c.upAxis === '-z' ? (c.rotationY === 90 ? 0.5 : 0.05) : c.upAxis[1] === 'y' ? 0.0025 : 0.33 / 16));
  const finsOnItsTail = { asFiled: () => 0, standingWhenStood: (up: UpAxis): number => (up === '-y' ? 2 : 0) };

  test('off: the legs rule stands it back on its end', () => {
    expect(decideOrientation(p, finsOnItsTail, { longAxis: 'y', legsOffItsEnd: false })).toMatchObject({ upAxis: '-y', upAxisReason: 'stands-on-legs' });
  });

  test('on by default: the end the end bar took it off is no stand for the legs rules', () => {
    expect(decideOrientation(p, finsOnItsTail, { longAxis: 'y' })).toMatchObject({ upAxis: '-z', rotationY: 90, upAxisReason: 'off-its-end' });
    expect(decideOrientation(p, finsOnItsTail, { longAxis: 'y', legsOffItsEnd: true })).toMatchObject({ upAxis: '-z', rotationY: 90, upAxisReason: 'off-its-end' });
  });

  test('on: an end the finder gives the end bar, or legs across the long side, still stand', () => {
    const sure = (): number[] => ORIENTATION_CANDIDATES.map((c) => (c.upAxis === '-z' ? (c.rotationY === 90 ? 0.5 : 0.05) : c.upAxis === '-y' ? 0.01 : c.upAxis === '+y' ? 0.0025 : 0.29 / 12));
    expect(decideOrientation(sure, finsOnItsTail, { longAxis: 'y', legsOffItsEnd: true })).toMatchObject({ upAxis: '-y', upAxisReason: 'stands-on-legs' });
    const legsAcross = { asFiled: () => 0, standingWhenStood: (up: UpAxis): number => (up === '+x' ? 2 : 0) };
    expect(decideOrientation(p, legsAcross, { longAxis: 'y', legsOffItsEnd: true })).toMatchObject({ upAxis: '+x', upAxisReason: 'stands-on-legs' });
  });
});
