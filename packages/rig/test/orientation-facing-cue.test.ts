import type { Mesh } from '@rigforge/mesh';
import { findOrientation } from '../src/find-orientation';
import { facingCueHalfTurn, facingCueOf, facingCueVerdict, measureFacingSurface } from '../src/orientation-facing-cue';
import { rotateMeshY } from '../src/rotate-mesh-y';
import { buildCreature } from '../testing/build-creature';
import { box, mergeMeshes } from './skinning-fixtures';

/** A long block body (no feet: longer than tall) with two small eye boxes on the front of its top half. */
const eyed = (eyes: 'pair' | 'one'): Mesh => mergeMeshes([
  box([0, 0, 0], [1, 1, 2]),
  box([0.2, 0.8, 2], [0.3, 0.9, 2.1]),
  ...(eyes === 'pair' ? [box([0.7, 0.8, 2], [0.8, 0.9, 2.1])] : []),
]);

describe('the anatomy facing cue', () => {
  test('a pair of small pieces on the front of the top half reads as eyes; a half turn negates it', () => {
    const s = measureFacingSurface(eyed('pair'));
    const front = facingCueOf(s, { upAxis: '+y', rotationY: 0 }), back = facingCueOf(s, { upAxis: '+y', rotationY: 180 });
    expect(front.eyePieces).toBe(2);
    expect(front.eyes).toBeGreaterThan(0.3);
    expect(back.eyes).toBeCloseTo(-front.eyes, 9);
    expect(front.feet).toBeNaN(); // longer than tall: no feet read
    expect(facingCueVerdict(front)).toBe(1);
    expect(facingCueVerdict(back)).toBe(-1);
  });

  test('a lone small piece has no twin across the left-right axis: not read as an eye', () => {
    const cue = facingCueOf(measureFacingSurface(eyed('one')), { upAxis: '+y', rotationY: 0 });
    expect(cue.eyePieces).toBe(0);
    expect(facingCueVerdict(cue)).toBe(0);
  });

  test('the procedural biped: toes forward of the shins; filed facing -z the finder keeps the facing, the cue turns it', () => {
    const biped = buildCreature('biped').mesh;
    const cue = facingCueOf(measureFacingSurface(biped), { upAxis: '+y', rotationY: 0 });
    expect(cue.feet).toBeGreaterThan(0.15);
    expect(facingCueVerdict(cue)).toBe(1);
    const back = rotateMeshY(biped, 180);
    expect(findOrientation(back, { facingCue: false })).toMatchObject({ upAxis: '+y', rotationY: 0 });
    expect(findOrientation(back)).toMatchObject({ upAxis: '+y', rotationY: 180, facing: '-z' });
    // Filed facing +Z it is left as it is.
    expect(facingCueHalfTurn(biped, { upAxis: '+y', rotationY: 0 })).toBe(false);
  });

  test('a snake built of separate segments reads no eyes (its small segments have no twins)', () => {
    const snake = buildCreature('serpentine').mesh;
    expect(facingCueOf(measureFacingSurface(snake), { upAxis: '+y', rotationY: 0 }).eyePieces).toBe(0);
  });
});
