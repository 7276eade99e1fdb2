/** The mirror plane (reflect and compare), the roll that makes it axis-aligned, and the lateral axis. */
import { readMesh, writeGlb, type Mesh } from '@rigforge/mesh';
import { findMirrorPlanes, isSlenderSide, lateralAxisOf } from '../src/mirror-plane';
import { keptLateralAxis, mirrorRollOf, rollMatrix, rollMesh, unrolledGateAxes } from '../src/mirror-roll';
import { checkMesh } from '../src/check-mesh';
import { rigMesh } from '../src/rig-mesh';
import { buildCreature } from '../testing/build-creature';

/** The mesh with every position scaled per axis. */
function scaled(mesh: Mesh, s: [number, number, number]): Mesh {
  const positions = new Float32Array(mesh.positions);
  for (let i = 0; i < positions.length; i++) positions[i]! *= s[i % 3]!;
  return { ...mesh, positions, normals: undefined };
}

describe('findMirrorPlanes', () => {
  const fish = buildCreature('aquatic').mesh; // faces +z, back +y, left-right x

  test('a bilateral body\'s best plane is the one across its left-right axis', () => {
    const planes = findMirrorPlanes(fish)!;
    expect(planes.axisAligned.axis).toBe(0);
    expect(Math.abs(planes.best.normal[0])).toBeGreaterThan(0.99);
    expect(planes.best.score).toBeLessThan(0.6 * Math.min(planes.axisScores[1], planes.axisScores[2]));
  });

  test('rolled 40° about its length, the plane is found off the axes and the roll brings it back', () => {
    const rolled = rollMesh(fish, 'z', 40);
    const planes = findMirrorPlanes(rolled)!;
    const roll = mirrorRollOf(planes)!;
    expect(roll).toMatchObject({ axis: 'z', lateral: 'x' });
    expect(Math.abs(roll.degrees + 40)).toBeLessThan(3);
    expect(roll.score).toBeLessThan(0.5 * roll.axisAlignedScore);
    // Rolled back, the plane is axis-aligned again: no roll.
    expect(mirrorRollOf(findMirrorPlanes(rollMesh(rolled, roll.axis, roll.degrees))!)).toBeUndefined();
  });

  test('an axis-aligned body, or one turned by quarter turns, is never rolled', () => {
    expect(mirrorRollOf(findMirrorPlanes(fish)!)).toBeUndefined();
    expect(mirrorRollOf(findMirrorPlanes(rollMesh(fish, 'y', 90))!)).toBeUndefined();
    // A small tilt (under 15°) is left to the quarter turns.
    expect(mirrorRollOf(findMirrorPlanes(rollMesh(fish, 'z', 8))!)).toBeUndefined();
  });

  // rigMesh hands the planes' axisScores to the fins rule instead of scoring the axis planes again
  // (findOrientation's mirrorAxisScores): the search must leave them as the axes-only call gives them.
  test('the axis planes\' scores are the same with and without the search', () => {
    for (const mesh of [fish, rollMesh(fish, 'z', 40), buildCreature('biped').mesh, buildCreature('quadruped').mesh]) {
      const full = findMirrorPlanes(mesh)!.axisScores, axes = findMirrorPlanes(mesh, { search: false })!.axisScores;
      full.forEach((v, k) => expect(Object.is(v, axes[k])).toBe(true));
    }
  });

  test('rollMatrix is the turn rollMesh applies, and its transpose undoes it', () => {
    const r = rollMatrix('y', 90);
    expect(r[0]!.map((v) => Math.round(v))).toEqual([0, 0, 1]); // about y, +90 turns +x into −z (rotateMeshY)
    const back = rollMesh(rollMesh(fish, 'x', 33), 'x', -33);
    for (let i = 0; i < 30; i++) expect(back.positions[i]).toBeCloseTo(fish.positions[i]!, 5);
  });
});

describe('lateralAxisOf', () => {
  test('the axis across the clearly best plane; a flat body\'s own plane is left out', () => {
    const bird = buildCreature('avian').mesh;
    expect(lateralAxisOf(findMirrorPlanes(bird)!)).toBe('x');
    // Flattened in y (a flyer with spread wings lying in one plane): the flat plane mirrors it
    // perfectly, but the wingspan's plane still names x; turned so the wingspan is along z, z.
    const flat = scaled(bird, [1, 0.05, 1]);
    const planes = findMirrorPlanes(flat)!;
    expect(planes.axisScores[1]).toBeLessThan(0.5 * planes.axisScores[2]);
    expect(lateralAxisOf(planes)).toBe('x');
    expect(lateralAxisOf(findMirrorPlanes(rollMesh(flat, 'y', 90))!)).toBe('z');
    // Lying flat, its wingspan's axis is kept left-right by default and by 'flat'.
    expect(keptLateralAxis(findMirrorPlanes(rollMesh(flat, 'y', 90))!, undefined)).toBe('z');
    expect(keptLateralAxis(findMirrorPlanes(rollMesh(flat, 'y', 90))!, undefined, { keepLateral: 'flat' })).toBe('z');
  });

  test('a snake curved sideways is mirrored best top to bottom, across its slender thickness: no lateral axis is kept, so it is not laid on its side', () => {
    // Its plane across y scores far best (a tube curved within a plane mirrors across it), but y
    // is its round body's thickness (under maxSlenderRatio of its length): not counted (package
    // README, twelfth orientation round). Filed any way round, the same.
    const snake = buildCreature('serpentine').mesh;
    const planes = findMirrorPlanes(snake)!;
    expect(planes.axisScores[1]).toBeLessThan(0.5 * Math.min(planes.axisScores[0], planes.axisScores[2]));
    expect(isSlenderSide(planes, 1)).toBe(true);
    expect(lateralAxisOf(planes)).toBeUndefined();
    expect(keptLateralAxis(planes, undefined)).toBeUndefined();
    expect(keptLateralAxis(planes, undefined, { keepLateral: 'flat' })).toBeUndefined();
    expect(unrolledGateAxes(rollMesh(snake, 'z', 90)).lateralAxis).toBeUndefined();
    // Without the slender rule it is the axis the plane is across (the eleventh round's known cost).
    expect(lateralAxisOf(planes, { maxSlenderRatio: 0 })).toBe('y');
  });

  test('the snake filed upright is kept upright by the check (it was laid on its side)', async () => {
    expect((await checkMesh(await writeGlb(buildCreature('serpentine').mesh))).upAxis).toBe('+y');
  });
});

describe('rigMesh mirror step', () => {
  test('a mirror plane on the axes rolls nothing and keeps its clear lateral axis left-right (keepLateral clear, the default)', async () => {
    // The quadruped filed facing +x: its plane's axis z is kept left-right, so it is turned to face along x.
    const dog = rollMesh(buildCreature('quadruped').mesh, 'y', -90);
    const planes = findMirrorPlanes(dog)!;
    expect(lateralAxisOf(planes)).toBe('z');
    expect(keptLateralAxis(planes, undefined)).toBe('z');
    expect(keptLateralAxis(planes, undefined, { keepLateral: 'rolled' })).toBeUndefined();
    expect(unrolledGateAxes(dog).lateralAxis).toBe('z'); // what the check keeps
    // A stricter clear ratio than the scores' own leaves no axis clear.
    const s = planes.axisScores;
    expect(lateralAxisOf(planes, { clearRatio: (0.99 * s[2]) / Math.min(s[0], s[1]) })).toBeUndefined();
    const r = await rigMesh(await writeGlb(dog), { rigType: 'quadruped', thumbnailSize: 32 });
    expect(r.report.orientation.roll).toBeUndefined();
    const { mesh } = await readMesh(r.model);
    expect(findMirrorPlanes(mesh)!.axisAligned.axis).toBe(0);
  });

  test('a fish rolled 40° about its length is rolled back, stood back-up, and the report says so', async () => {
    const fish = buildCreature('aquatic').mesh;
    // A mesh the rig rolls keeps no axis of its file frame (the check reads it as filed).
    expect(unrolledGateAxes(rollMesh(fish, 'z', 40)).lateralAxis).toBeUndefined();
    const r = await rigMesh(await writeGlb(rollMesh(fish, 'z', 40)), { rigType: 'aquatic', thumbnailSize: 32 });
    expect(r.report.orientation.roll).toMatchObject({ axis: 'z' });
    expect(Math.abs(r.report.orientation.roll!.degrees + 40)).toBeLessThan(3);
    // Written in the rigged frame: back up, its mirror plane across x again.
    expect(r.report.orientation).toMatchObject({ upAxis: '+y', rotationY: 0 });
    const { mesh } = await readMesh(r.model);
    expect(findMirrorPlanes(mesh)!.axisAligned.axis).toBe(0);
    // Off, nothing is rolled.
    const off = await rigMesh(await writeGlb(rollMesh(fish, 'z', 40)), { rigType: 'aquatic', thumbnailSize: 32, mirrorRoll: false });
    expect(off.report.orientation.roll).toBeUndefined();
  });
});
