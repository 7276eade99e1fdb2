import type { Mesh } from '@rigforge/mesh';
import { facingCueOf, facingCueVerdict, measureFacingSurface } from '../src/orientation-facing-cue';
import { facingDetailOf } from '../src/orientation-facing-detail';
import { facingCueRotation } from '../src/orientation-facing-turn';

/**
 * A sheet in the y–z plane, `height` high and `length` long (fore-aft along z), its triangles fine
 * over the back fifth (z below 0.2 of the length) and coarse elsewhere: the finely modelled end is
 * behind, so the detail says the sheet stood +y/0 faces backwards.
 */
function sheet(height: number, length: number): Mesh {
  const zs = [...Array.from({ length: 20 }, (_, i) => (0.2 * length * i) / 20), ...Array.from({ length: 5 }, (_, i) => 0.2 * length + (0.8 * length * i) / 4)];
  const ys = Array.from({ length: 11 }, (_, i) => (height * i) / 10);
  const positions: number[] = [], indices: number[] = [];
  for (const y of ys) for (const z of zs) positions.push(0, y, z);
  const at = (i: number, j: number): number => i * zs.length + j;
  for (let i = 0; i + 1 < ys.length; i++) {
    for (let j = 0; j + 1 < zs.length; j++) indices.push(at(i, j), at(i, j + 1), at(i + 1, j), at(i, j + 1), at(i + 1, j + 1), at(i + 1, j));
  }
  return { positions: Float32Array.from(positions), indices: Uint32Array.from(indices), groups: [], materials: [] };
}

/** The tall sheet with a plain cross sheet (x–y plane, 0.6 wide, uniform) through its middle: a body with a width to read sideways. */
function crossed(): Mesh {
  const a = sheet(2, 1);
  const positions = [...a.positions], indices = [...a.indices];
  const base = positions.length / 3, xs = Array.from({ length: 7 }, (_, i) => -0.3 + 0.1 * i), ys = Array.from({ length: 11 }, (_, i) => 0.2 * i);
  for (const y of ys) for (const x of xs) positions.push(x, y, 0.5);
  const at = (i: number, j: number): number => base + i * xs.length + j;
  for (let i = 0; i + 1 < ys.length; i++) {
    for (let j = 0; j + 1 < xs.length; j++) indices.push(at(i, j), at(i, j + 1), at(i + 1, j), at(i, j + 1), at(i + 1, j + 1), at(i + 1, j));
  }
  return { positions: Float32Array.from(positions), indices: Uint32Array.from(indices), groups: [], materials: [] };
}

describe('the detail facing cue', () => {
  test('the triangles\' centre behind the surface\'s reads backwards, and a half turn negates it exactly', () => {
    const surface = measureFacingSurface(sheet(2, 1));
    const forward = facingDetailOf(surface, { upAxis: '+y', rotationY: 0 });
    expect(forward).toBeLessThan(-0.1);
    expect(facingDetailOf(surface, { upAxis: '+y', rotationY: 180 })).toBeCloseTo(-forward, 12);
    // The other cues say nothing of the sheet: no loose pieces, no toes, no knees.
    const cue = facingCueOf(surface, { upAxis: '+y', rotationY: 0 });
    expect(facingCueVerdict(cue)).toBe(0);
    expect(cue.detail).toBe(forward);
  });

  test('a standing model turns a half turn to its finer end; off at an infinite bar', () => {
    const tall = sheet(2, 1);
    expect(facingCueRotation(tall, { upAxis: '+y', rotationY: 0 })).toBe(180);
    expect(facingCueRotation(tall, { upAxis: '+y', rotationY: 180 })).toBe(180);
    expect(facingCueRotation(tall, { upAxis: '+y', rotationY: 0 }, { minDetail: Infinity })).toBe(0);
  });

  test('a long body is read only when it walks on four or more legs and lies along its length', () => {
    const long = sheet(1, 4);
    expect(facingCueRotation(long, { upAxis: '+y', rotationY: 0 })).toBe(0);
    expect(facingCueRotation(long, { upAxis: '+y', rotationY: 0 }, {}, { legsWhenStood: () => 2 })).toBe(0);
    expect(facingCueRotation(long, { upAxis: '+y', rotationY: 0 }, {}, { legsWhenStood: () => 4 })).toBe(180);
    expect(facingCueRotation(long, { upAxis: '+y', rotationY: 0 }, { minDetailLength: 5 }, { legsWhenStood: () => 4 })).toBe(0);
  });

  test('read sideways (its detail says nothing), a standing body turns a quarter to its finer end; not where a left-right axis is kept', () => {
    const body = crossed();
    expect(facingCueRotation(body, { upAxis: '+y', rotationY: 90 })).toBe(180);
    expect(facingCueRotation(body, { upAxis: '+y', rotationY: -90 })).toBe(180);
    expect(facingCueRotation(body, { upAxis: '+y', rotationY: 90 }, {}, { lateralAxis: 'z' })).toBe(90);
    expect(facingCueRotation(body, { upAxis: '+y', rotationY: 90 }, { quarterDetail: false })).toBe(90);
  });
});
