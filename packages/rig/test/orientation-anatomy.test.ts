/**
 * The flat-face and origin features on a synthetic mesh: a square pyramid standing on its flat
 * base, origin at the base's centre. Its base is the one flat face (its sides slope), so for the
 * candidate stood up as filed the surface facing straight down is the base and none faces straight
 * up, the origin is at the bottom of the box on its vertical centre line; stood upside down every
 * sign flips; and a turned file gives exactly the turned features.
 */
import type { Mesh } from '@rigforge/mesh';
import { ANATOMY_FEATURE_NAMES } from '../src/orientation-anatomy';
import { measureAllOrientationFeatures, ORIENTATION_CANDIDATES, ORIENTATION_FEATURE_NAMES } from '../src/orientation-features';
import { invertTurn, multiplyTurns, sameTurn, turnMesh, turnOf } from '../testing/orientation-turns';

/** Half-base 1, height 1 (sides at 45°: flat along no axis), base at y = 0 (or at y = −lift). */
function pyramid(lift = 0): Mesh {
  const positions = [-1, 0, -1, 1, 0, -1, 1, 0, 1, -1, 0, 1, 0, 1, 0].map((v, i) => (i % 3 === 1 ? v - lift : v));
  // Outward winding: the base faces −y, each side outward.
  const indices = [0, 1, 2, 0, 2, 3, 0, 4, 1, 1, 4, 2, 2, 4, 3, 3, 4, 0];
  return { positions: new Float32Array(positions), indices: new Uint32Array(indices), groups: [], materials: [] };
}

const at = (name: (typeof ANATOMY_FEATURE_NAMES)[number]): number => ORIENTATION_FEATURE_NAMES.indexOf(name);
const candidate = (upAxis: string, rotationY: number): number =>
  ORIENTATION_CANDIDATES.findIndex((c) => c.upAxis === upAxis && c.rotationY === rotationY);

describe('orientation anatomy: flat faces and the origin', () => {
  const features = measureAllOrientationFeatures(pyramid());

  test('stood as filed: the flat base faces down, nothing flat faces up, the origin is at the bottom centre', () => {
    const f = features[candidate('+y', 0)]!;
    // The base is 4 of the surface's 4 + 4·√2 ≈ 9.7 area units.
    expect(f[at('downFlatArea')]).toBeGreaterThan(0.3);
    // A grid cell sums the normals of the faces through it: at the apex and the base's rim a few
    // cells of mixed faces may read flat, a thousandth of the surface.
    expect(f[at('upFlatArea')]).toBeLessThan(0.01);
    expect(f[at('originHeight')]).toBeCloseTo(0.5, 5);
    expect(f[at('originOffCentre')]).toBeCloseTo(0, 5);
  });

  test('upside down the flat base faces up and the origin is at the top', () => {
    const f = features[candidate('-y', 0)]!;
    expect(f[at('downFlatArea')]).toBeLessThan(0.01);
    expect(f[at('upFlatArea')]).toBeCloseTo(features[candidate('+y', 0)]![at('downFlatArea')]!, 9);
    expect(f[at('originHeight')]).toBeCloseTo(-0.5, 5);
  });

  test('on its side nothing flat faces up or down and the origin is half-way up, off the centre line', () => {
    const f = features[candidate('+z', 0)]!;
    expect(f[at('downFlatArea')]).toBeLessThan(0.01);
    expect(f[at('upFlatArea')]).toBeLessThan(0.01);
    expect(f[at('originHeight')]).toBeCloseTo(0, 5);
    expect(f[at('originOffCentre')]).toBeCloseTo(0.5, 5);
  });

  test('ground contact: the base lies in the lowest plane, the apex touches the top at a point', () => {
    const up = features[candidate('+y', 0)]!, down = features[candidate('-y', 0)]!, side = features[candidate('+z', 0)]!;
    // The base is 4 of the 4 + 4·√2 area units; no triangle lies in the apex's plane.
    expect(up[at('downContactArea')]).toBeCloseTo(4 / (4 + 4 * Math.SQRT2), 6);
    expect(up[at('upContactArea')]).toBe(0);
    expect(down[at('upContactArea')]).toBeCloseTo(up[at('downContactArea')]!, 9);
    expect(down[at('downContactArea')]).toBe(0);
    // On its side the sides slope: none lies in a plane of the box.
    expect(side[at('downContactArea')]).toBe(0);
    expect(side[at('upContactArea')]).toBe(0);
  });

  test('the origin at an end of the up axis says which axis is vertical, either way up', () => {
    expect(features[candidate('+y', 0)]![at('originAtEnd')]).toBeCloseTo(0.5, 5);
    expect(features[candidate('-y', 90)]![at('originAtEnd')]).toBeCloseTo(0.5, 5);
    expect(features[candidate('+z', 0)]![at('originAtEnd')]).toBeCloseTo(0, 5);
  });

  test('the signed origin height counts where the flat faces agree, not for an origin at the apex', () => {
    expect(features[candidate('+y', 0)]![at('originFlatAgrees')]).toBeCloseTo(0.5, 5);
    expect(features[candidate('-y', 0)]![at('originFlatAgrees')]).toBeCloseTo(-0.5, 5);
    // The origin at the apex (as a file pivoted above its back): its height reads "upside down"
    // while the flat base says "this way up", so it says nothing.
    const apex = measureAllOrientationFeatures(pyramid(1));
    expect(apex[candidate('+y', 0)]![at('originHeight')]).toBeCloseTo(-0.5, 5);
    expect(apex[candidate('+y', 0)]![at('originFlatAgrees')]).toBe(0);
    expect(apex[candidate('-y', 0)]![at('originFlatAgrees')]).toBe(0);
    expect(apex[candidate('+y', 0)]![at('originAtEnd')]).toBeCloseTo(0.5, 5);
  });

  test('a turned file gives the turned features', () => {
    for (const stored of ORIENTATION_CANDIDATES.filter((_, i) => i % 5 === 1)) {
      const toFile = invertTurn(turnOf(stored));
      const turned = measureAllOrientationFeatures(turnMesh(pyramid(), toFile));
      // Candidate c of the turned file is the candidate d of the upright file with turn(c) · toFile = turn(d).
      turned.forEach((f, c) => {
        const d = ORIENTATION_CANDIDATES.findIndex((q) => sameTurn(turnOf(q), multiplyTurns(turnOf(ORIENTATION_CANDIDATES[c]!), toFile)));
        for (const name of ANATOMY_FEATURE_NAMES) expect(f[at(name)]).toBeCloseTo(features[d]![at(name)]!, 6);
      });
    }
  });
});
