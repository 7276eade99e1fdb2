/** Paired fins hang below (src/orientation-up-fins.ts): read on the procedural fish, and the rule's gates. */
import { findMirrorPlanes } from '../src/mirror-plane';
import { openSolid } from '../src/fit/open-solid';
import { lengthAxisOf } from '../src/length-axis';
import { candidateFrame, ORIENTATION_CANDIDATES } from '../src/orientation-features';
import { finsBelowInstead, finsLateralAxis, pairedFinsLow, rolledOver, type FinsBelowReads } from '../src/orientation-up-fins';
import { buildCreature } from '../testing/build-creature';
import { turnMesh } from '../testing/orientation-turns';

// The procedural fish: long along z, its pectoral fins paired across x below its core, a dorsal fin on the plane.
const fish = buildCreature('aquatic').mesh;
// Filed upside down: a half turn about its length.
const upsideDown = turnMesh(fish, [[-1, 0, 0], [0, -1, 0], [0, 0, 1]]);

const reads = (mesh: typeof fish, standing = 0): FinsBelowReads => ({
  standingWhenStood: () => standing,
  lengthAxis: () => lengthAxisOf(mesh),
  axisScores: () => findMirrorPlanes(mesh, { search: false })?.axisScores,
  solid: () => openSolid(mesh),
});
const options = { scope: 'unlegged', minPairedAbove: 0.04 } as const;

describe('pairedFinsLow', () => {
  test('the fish the right way up carries its paired fins below its core; upside down reads the negative', () => {
    const solid = openSolid(fish);
    const low = pairedFinsLow(solid, '+y', 'x');
    expect(low).toBeGreaterThan(0.04);
    expect(pairedFinsLow(solid, '-y', 'x')).toBeCloseTo(-low, 12);
    expect(pairedFinsLow(openSolid(upsideDown), '+y', 'x')).toBeLessThan(-0.04);
  });
});

describe('finsLateralAxis', () => {
  test('the axis across the up axis and the length, when it mirrors the body better than the length', () => {
    expect(finsLateralAxis([0.01, 0.2, 0.3], '+y', 'z')).toBe('x');
    // The box's length mirrors best: it is a span (wings, arms), not a length.
    expect(finsLateralAxis([0.3, 0.2, 0.01], '+y', 'z')).toBeUndefined();
    expect(finsLateralAxis([0.01, 0.2, 0.3], '+z', 'z')).toBeUndefined();
  });
});

describe('finsBelowInstead', () => {
  test('a legless long body kept with its paired fins above its core takes the opposite up axis', () => {
    expect(lengthAxisOf(upsideDown)).toBe('z');
    expect(finsBelowInstead({ upAxis: '+y', upAxisReason: 'kept' }, reads(upsideDown), options)).toBe('-y');
    expect(finsBelowInstead({ upAxis: '+y', upAxisReason: 'in-mirror-plane' }, reads(upsideDown), options)).toBe('-y');
  });

  test('not the right way up, not on legs, not out of scope, not under the bar', () => {
    expect(finsBelowInstead({ upAxis: '+y', upAxisReason: 'kept' }, reads(fish), options)).toBeUndefined();
    expect(finsBelowInstead({ upAxis: '+y', upAxisReason: 'kept' }, reads(upsideDown, 2), options)).toBeUndefined();
    expect(finsBelowInstead({ upAxis: '+y', upAxisReason: 'stands-on-legs' }, reads(upsideDown), options)).toBeUndefined();
    expect(finsBelowInstead({ upAxis: '+y', upAxisReason: 'in-mirror-plane' }, reads(upsideDown), { ...options, scope: 'kept' })).toBeUndefined();
    expect(finsBelowInstead({ upAxis: '+y', upAxisReason: 'kept' }, reads(upsideDown), { ...options, minPairedAbove: 10 })).toBeUndefined();
  });
});

describe('rolledOver', () => {
  test('the opposite up axis facing the same file direction, for each of the 24', () => {
    for (const c of ORIENTATION_CANDIDATES) {
      const r = rolledOver(c), f = candidateFrame(c), g = candidateFrame(r);
      expect(r.upAxis).toBe(`${c.upAxis[0] === '+' ? '-' : '+'}${c.upAxis[1]}`);
      expect([g.axis[2], g.sign[2]]).toEqual([f.axis[2], f.sign[2]]);
      expect(rolledOver(r)).toEqual(c);
    }
  });
});
