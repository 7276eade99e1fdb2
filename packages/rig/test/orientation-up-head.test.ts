/** The big end up (src/orientation-up-head.ts): a file kept for lack of a likelier axis stands with its head up. */
import { buildChibiBiped } from '../testing/build-creature';
import { layDownMesh } from '../testing/lay-down';
import { decideOrientation } from '../src/find-orientation';
import { ORIENTATION_CANDIDATES } from '../src/orientation-features';
import { headUpInstead, measureMassAbove } from '../src/orientation-up-head';
import type { UpAxis } from '../src/up-axis';

describe('measureMassAbove', () => {
  test('a big-headed biped carries its solid above its middle, and lying down along the axis it was laid to', () => {
    const { mesh } = buildChibiBiped();
    const upright = measureMassAbove(mesh);
    expect(upright('+y')).toBeGreaterThan(0.02);
    expect(upright('-y')).toBeCloseTo(-upright('+y'), 10);
    expect(Math.abs(upright('+x'))).toBeLessThan(0.01);
    // Laid on its side with its head along +x (layDownMesh: the upright's +y onto the file's +x).
    const lying = measureMassAbove(layDownMesh(mesh, '+x'));
    const top = (['+x', '-x', '+y', '-y', '+z', '-z'] as UpAxis[]).reduce((a, b) => (lying(b) > lying(a) ? b : a));
    expect(top).toBe('+x');
  });
});

describe('headUpInstead', () => {
  const above = (v: Partial<Record<UpAxis, number>>) => (up: UpAxis): number => v[up] ?? -(v[(up[0] === '+' ? '-' : '+') + up[1] as UpAxis] ?? 0);
  test('the axis the centroid lies highest along, at or over the bar; not the kept one, not out of the allowed', () => {
    expect(headUpInstead('+y', above({ '+z': 0.06, '+y': 0.01 }), 0.05)).toBe('+z');
    expect(headUpInstead('+y', above({ '+z': 0.04, '+y': 0.01 }), 0.05)).toBeUndefined();
    expect(headUpInstead('+y', above({ '+y': 0.08, '+z': 0.06 }), 0.05)).toBeUndefined();
    expect(headUpInstead('+y', above({ '+z': 0.06, '+x': 0.03 }), 0.02, ['+x', '-x', '+y', '-y'])).toBe('+x');
  });
});

describe('decideOrientation: head up', () => {
  // The finder unsure of every axis and likeliest -z (its model standing on no legs): the last gate keeps +y.
  const p = (): number[] => ORIENTATION_CANDIDATES.map((c) => (c.upAxis === '-z' ? 0.07 : c.upAxis === '+x' ? (c.rotationY === 90 ? 0.2 : 0.04) : 0.03));
  const legs = { asFiled: () => 0, standingWhenStood: () => 0, massAbove: (up: UpAxis): number => ({ '+x': 0.07, '-x': -0.07 } as Record<string, number>)[up] ?? 0 };

  test('a file kept for lack of a likelier axis takes its big end up; off by default', () => {
    expect(decideOrientation(p, legs)).toMatchObject({ upAxis: '+y', upAxisReason: 'kept' });
    expect(decideOrientation(p, legs, { headUp: true, minHeadAbove: 0.05 })).toMatchObject({ upAxis: '+x', rotationY: 90, upAxisReason: 'head-up' });
    expect(decideOrientation(p, legs, { headUp: true, minHeadAbove: 0.1 })).toMatchObject({ upAxis: '+y', upAxisReason: 'kept' });
    // A body clearly longest on a side (a fish, a bee across its wings) is not read.
    expect(decideOrientation(p, legs, { headUp: true, minHeadAbove: 0.05, longAxis: 'z' })).toMatchObject({ upAxis: '+y', upAxisReason: 'kept' });
    expect(decideOrientation(p, legs, { headUp: true, minHeadAbove: 0.05, sheetAxis: 'y' })).toMatchObject({ upAxis: '+y', upAxisReason: 'kept' });
    // Across the mirror plane it is not taken.
    expect(decideOrientation(p, legs, { headUp: true, minHeadAbove: 0.05, lateralAxis: 'x' }).upAxis).not.toBe('+x');
  });

  test('a +y the finder finds likeliest is kept: the rule reads only the last gate', () => {
    const likely = (): number[] => ORIENTATION_CANDIDATES.map((c) => (c.upAxis === '+y' ? 0.1 : 0.6 / 20));
    expect(decideOrientation(likely, legs, { headUp: true, minHeadAbove: 0 })).toMatchObject({ upAxis: '+y', upAxisReason: 'kept' });
  });
});
