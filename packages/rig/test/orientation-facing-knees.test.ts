import type { Mesh } from '@rigforge/mesh';
import { facingCueHalfTurn, facingCueOf, facingCueVerdict, measureFacingSurface } from '../src/orientation-facing-cue';
import { kneesOf } from '../src/orientation-facing-knees';
import { box, mergeMeshes } from './skinning-fixtures';

/**
 * A standing figure 2 tall facing +Z, built of thin slabs (so every band holds its own triangles):
 * two legs whose knee (height 0.5) sits `bend` forward of the ankle and hip, a foot centred under
 * the shins (the feet cue silent), a torso and a head.
 */
function figure(bend: number): Mesh {
  const parts: Mesh[] = [];
  const slab = (x: number, y: number, z: number, halfX: number, halfZ: number): Mesh => box([x - halfX, y, z - halfZ], [x + halfX, y + 0.05, z + halfZ]);
  for (const x of [-0.2, 0.2]) {
    parts.push(box([x - 0.08, 0, 0.12 * bend / 0.3 - 0.15], [x + 0.08, 0.05, 0.12 * bend / 0.3 + 0.15]));
    for (let i = 1; i < 20; i++) {
      const y = i * 0.05, centre = y + 0.025;
      const z = centre <= 0.5 ? (bend * centre) / 0.5 : (bend * (1 - centre)) / 0.5;
      parts.push(slab(x, y, z, 0.06, 0.04));
    }
  }
  for (let i = 20; i < 40; i++) parts.push(slab(0, i * 0.05, 0, i < 32 ? 0.35 : 0.15, 0.12));
  return mergeMeshes(parts);
}

describe('the knees facing cue', () => {
  test('bent knees in front of the whole shin read forward; a half turn negates it; the eyes and feet say nothing', () => {
    const s = measureFacingSurface(figure(0.3));
    const front = kneesOf(s, { upAxis: '+y', rotationY: 0 }), back = kneesOf(s, { upAxis: '+y', rotationY: 180 });
    expect(front).toBeGreaterThan(0);
    expect(back).toBeCloseTo(-front, 9);
    const cue = facingCueOf(s, { upAxis: '+y', rotationY: 180 });
    expect(cue.eyePieces).toBe(0);
    expect(Math.abs(cue.feet)).toBeLessThan(0.15);
    expect(facingCueVerdict(cue)).toBe(-1);
    expect(facingCueVerdict(cue, { knees: false })).toBe(0);
  });

  test('straight legs read 0 (no verdict); a candidate lying (longer than tall) is not read', () => {
    const s = measureFacingSurface(figure(0));
    expect(kneesOf(s, { upAxis: '+y', rotationY: 0 })).toBe(0);
    expect(facingCueVerdict(facingCueOf(s, { upAxis: '+y', rotationY: 180 }))).toBe(0);
    expect(kneesOf(measureFacingSurface(figure(0.3)), { upAxis: '+z', rotationY: 0 })).toBeNaN();
  });

  test('stood facing backwards, the cue turns a bent-kneed figure a half turn; facing forward it is left', () => {
    const bent = figure(0.3);
    expect(facingCueHalfTurn(bent, { upAxis: '+y', rotationY: 180 })).toBe(true);
    expect(facingCueHalfTurn(bent, { upAxis: '+y', rotationY: 0 })).toBe(false);
    expect(facingCueHalfTurn(bent, { upAxis: '+y', rotationY: 180 }, { knees: false })).toBe(false);
  });
});
