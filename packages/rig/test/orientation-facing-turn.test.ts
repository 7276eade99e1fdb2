import { facingCueRotation } from '../src/orientation-facing-turn';
import { buildCreature } from '../testing/build-creature';

describe('the quarter turn to feet reaching forward', () => {
  test('the procedural biped read facing sideways turns to its feet; not where a left-right axis is kept or the body lies along its length', () => {
    const biped = buildCreature('biped').mesh;
    expect(facingCueRotation(biped, { upAxis: '+y', rotationY: 90 })).toBe(0);
    expect(facingCueRotation(biped, { upAxis: '+y', rotationY: -90 })).toBe(0);
    expect(facingCueRotation(biped, { upAxis: '+y', rotationY: 90 }, {}, { lateralAxis: 'z' })).toBe(90);
    expect(facingCueRotation(biped, { upAxis: '+y', rotationY: 90 }, {}, { lengthAxis: 'x' })).toBe(90);
    expect(facingCueRotation(biped, { upAxis: '+y', rotationY: 90 }, { quarterFeet: false, quarterDetail: false })).toBe(90);
    // Without the feet's quarter turn, the detail's (orientation-facing-detail.ts) finds the same facing.
    expect(facingCueRotation(biped, { upAxis: '+y', rotationY: 90 }, { quarterFeet: false })).toBe(0);
    // Facing forward or backwards the feet speak (the half turn).
    expect(facingCueRotation(biped, { upAxis: '+y', rotationY: 0 })).toBe(0);
    expect(facingCueRotation(biped, { upAxis: '+y', rotationY: 180 })).toBe(0);
  });
});
