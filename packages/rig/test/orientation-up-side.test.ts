/** A long body is not kept on its side (src/orientation-up-side.ts, off by default): the procedural fish laid on its side. */
import type { Mesh } from '@rigforge/mesh';
import { openSolid } from '../src/fit/open-solid';
import { findOrientation } from '../src/find-orientation';
import { lengthAxisOf } from '../src/length-axis';
import { findMirrorPlanes } from '../src/mirror-plane';
import { offItsSideInstead, type OffItsSideReads } from '../src/orientation-up-side';
import { buildCreature } from '../testing/build-creature';
import { turnMesh } from '../testing/orientation-turns';

// The procedural fish: long along z, up +y, left-right across x, its pectoral fins below its core.
const fish = buildCreature('aquatic').mesh;
// Laid on its side: its left-right axis along file y, its back toward file −x.
const onSide = turnMesh(fish, [[0, -1, 0], [1, 0, 0], [0, 0, 1]]);

const reads = (mesh: Mesh, standing = 0): OffItsSideReads => ({
  standingWhenStood: () => standing,
  lengthAxis: () => lengthAxisOf(mesh),
  axisScores: () => findMirrorPlanes(mesh, { search: false })?.axisScores,
  solid: () => openSolid(mesh),
  upProbability: () => 0.5,
});

describe('offItsSideInstead', () => {
  test('a legless long body kept on its side is stood on its belly, across its left-right axis', () => {
    expect(lengthAxisOf(onSide)).toBe('z');
    expect(offItsSideInstead({ upAxis: '+y', upAxisReason: 'kept' }, reads(onSide))).toBe('-x');
  });

  test('not the right way up, not on legs, not a reason other than kept', () => {
    expect(offItsSideInstead({ upAxis: '+y', upAxisReason: 'kept' }, reads(fish))).toBeUndefined();
    expect(offItsSideInstead({ upAxis: '+y', upAxisReason: 'kept' }, reads(onSide, 2))).toBeUndefined();
    expect(offItsSideInstead({ upAxis: '+y', upAxisReason: 'sure' }, reads(onSide))).toBeUndefined();
  });
});

describe('findOrientation', () => {
  test('off by default; on, the fish on its side kept on +Y is stood on its belly', () => {
    const on = findOrientation(onSide, { offItsSide: true, facingCue: false });
    const off = findOrientation(onSide, { facingCue: false });
    expect([off.upAxis, off.upAxisReason]).toEqual(['+y', 'kept']);
    expect([on.upAxis, on.upAxisReason]).toEqual(['-x', 'in-mirror-plane']);
  });
});
