/**
 * The orientation step on procedural creatures: a file stored lying down or turned is stood up
 * when the mesh shows it, a file that stands on its legs is left as it is, an explicit value wins,
 * and the finder reads every quarter turn of a model consistently.
 */
import { readMesh, writeGlb } from '@rigforge/mesh';
import { lengthAxisOf } from '../src/length-axis';
import { decideOrientation, findOrientation, chooseOrientation, measureOrientationCandidates, orientationProbabilities, scoreOrientationCandidates } from '../src/find-orientation';
import model from '../src/orientation-model.json';
import { ANATOMY_FEATURE_NAMES, CONTACT_FEATURE_NAMES } from '../src/orientation-anatomy';
import {
  buildSurfaceGrid, candidateFrame, candidateTables, ENDS_FEATURE_NAMES, measureAllOrientationFeatures, measureAxisSymmetry, measureOrientationFeatures, ORIENTATION_CANDIDATES, ORIENTATION_FEATURE_NAMES, orientationMeasures,
} from '../src/orientation-features';
import { rigMesh } from '../src/rig-mesh';
import { rotateMeshY } from '../src/rotate-mesh-y';
import { buildCreature } from '../testing/build-creature';
import { layDownMesh } from '../testing/lay-down';
import { referenceOrientationFeatures } from '../testing/reference-orientation-features';
import { invertTurn, multiplyTurns, sameTurn, turnMesh, turnOf } from '../testing/orientation-turns';

const quadruped = buildCreature('quadruped').mesh;

describe('findOrientation', () => {
  test('a quadruped stored Z-up (lying in a Y-up viewer) is found standing along +z', () => {
    const found = findOrientation(layDownMesh(quadruped, '+z'));
    expect(found.upAxis).toBe('+z');
    expect(['sure', 'stands-when-turned']).toContain(found.upAxisReason);
    expect(found.upConfidence).toBeGreaterThan(0.5);
  });

  test('a file stood up by a turned up axis takes the facing the finder reads, not the turn\'s', () => {
    // Stored Z-up and facing sideways: standing it up alone would leave it facing -X.
    for (const stored of [{ upAxis: '+z', rotationY: 90 }, { upAxis: '-x', rotationY: 180 }] as const) {
      const found = findOrientation(turnMesh(quadruped, invertTurn(turnOf(stored))));
      expect(found).toMatchObject(stored);
    }
  });

  test('a quadruped that stands as filed keeps +y and its facing, even turned sideways', () => {
    const found = findOrientation(rotateMeshY(quadruped, 90));
    expect(found).toMatchObject({ upAxis: '+y', rotationY: 0, upAxisReason: 'stands-as-filed' });
  });

  test('every quarter turn of a model is read the same way (the features turn with the file)', () => {
    // The finder's answer for a file stored in orientation s, composed with s, is the same turn of
    // the upright model whatever s is.
    // One stored orientation per up axis, each with another facing (all 24 take long on the CPU).
    const sample = ORIENTATION_CANDIDATES.filter((_, i) => i % 4 === Math.floor(i / 4) % 4);
    const answers = sample.map((stored) => {
      const toFile = invertTurn(turnOf(stored));
      const found = chooseOrientation(measureOrientationCandidates(turnMesh(quadruped, toFile)));
      return multiplyTurns(turnOf(found), toFile);
    });
    for (const a of answers) expect(sameTurn(a, answers[0]!)).toBe(true);
  });
});

describe('measureOrientationCandidates', () => {
  // Issue 25: the rig pays only for the features its model weighs; the fitting scripts measure all.
  test('measures exactly the features the model names, and each of them as the all-features path does', () => {
    const all = measureAllOrientationFeatures(quadruped);
    const rows = measureOrientationCandidates(quadruped);
    expect(rows).toHaveLength(ORIENTATION_CANDIDATES.length);
    const measured = ORIENTATION_FEATURE_NAMES.filter((_, i) => rows.every((r) => !Number.isNaN(r[i])));
    const notMeasured = ORIENTATION_FEATURE_NAMES.filter((_, i) => rows.every((r) => Number.isNaN(r[i])));
    expect([...measured].sort()).toEqual([...model.features].sort());
    expect(measured.length + notMeasured.length).toBe(ORIENTATION_FEATURE_NAMES.length);
    const column = model.features.map((f) => (ORIENTATION_FEATURE_NAMES as readonly string[]).indexOf(f));
    expect(rows.map((r) => column.map((c) => r[c]))).toEqual(all.map((r) => column.map((c) => r[c])));
    expect(all.flat().every(Number.isFinite)).toBe(true);
  });

  test('makes a measure (the ends\' sections, the flat faces and origin, the ground contact) only when the model reads one of its features', () => {
    const named = (group: readonly string[]): boolean => group.some((f) => model.features.includes(f));
    const wanted = orientationMeasures(model.features);
    expect(wanted).toEqual({
      ends: named(ENDS_FEATURE_NAMES),
      anatomy: named(ANATOMY_FEATURE_NAMES),
      contact: named(CONTACT_FEATURE_NAMES),
    });
    // The shipped model reads none of them (packages/rig/docs/orientation.md's "Orientation: measured"): nothing but its surface features is paid for.
    expect(wanted).toEqual({ ends: false, anatomy: false, contact: false });
    expect(orientationMeasures(['backFlatter', 'upContactArea'])).toEqual({ ends: true, anatomy: true, contact: true });
    expect(() => orientationMeasures(['noSuchFeature'])).toThrow(/noSuchFeature/);
  });

  test('findOrientation answers as it does from every feature, gated and not, in every tested turn', () => {
    // Four stored orientations, each of another up axis and facing (a gated call is a shape analysis or two).
    const sample = ORIENTATION_CANDIDATES.filter((_, i) => i % 7 === 0);
    for (const stored of sample) {
      const file = turnMesh(quadruped, invertTurn(turnOf(stored)));
      const all = measureAllOrientationFeatures(file);
      expect(findOrientation(file)).toEqual(findOrientation(file, {}, all));
      expect(findOrientation(file, { ungated: true })).toEqual(findOrientation(file, { ungated: true }, all));
    }
  });

  test('a model reading a feature its candidates were not measured for is refused, not scored on NaN', () => {
    const rows = measureOrientationCandidates(quadruped);
    const other = { features: ['backFlatter'], mean: [0], scale: [1], weights: [1] };
    expect(() => scoreOrientationCandidates(rows, other)).toThrow(/backFlatter, not measured/);
    expect(scoreOrientationCandidates(measureOrientationCandidates(quadruped, other), other).every(Number.isFinite)).toBe(true);
  });

  test('a model with a facing part is measured for the facing part\'s features too', () => {
    const facing = { features: ['backFlatter'], mean: [0], scale: [1], weights: [1] };
    const rows = measureOrientationCandidates(quadruped, { ...model, facing });
    expect(orientationProbabilities(rows, { ...model, facing }).every(Number.isFinite)).toBe(true);
  });
});

describe('scoreOrientationCandidates', () => {
  test('reads the columns a model names, in its order, whatever else is measured', () => {
    const n = ORIENTATION_FEATURE_NAMES.length;
    const features = [Array.from({ length: n }, (_, i) => i + 1), Array.from({ length: n }, (_, i) => 2 * (i + 1))];
    const a = ORIENTATION_FEATURE_NAMES[n - 1]!, b = ORIENTATION_FEATURE_NAMES[0]!;
    const model = { features: [a, b], mean: [1, 0], scale: [2, 1], weights: [1, 10] };
    // candidate 0: (n − 1) / 2 · 1 + 1 · 10; candidate 1: (2n − 1) / 2 + 2 · 10
    expect(scoreOrientationCandidates(features, model)).toEqual([(n - 1) / 2 + 10, (2 * n - 1) / 2 + 20]);
    expect(() => scoreOrientationCandidates(features, { ...model, features: [a, 'notMeasured'] })).toThrow(/not measured/);
  });
});

describe('orientationProbabilities with a facing model', () => {
  test('each up axis keeps the joint model\'s share, split among its four facings by the facing model', () => {
    const n = ORIENTATION_FEATURE_NAMES.length;
    const a = ORIENTATION_FEATURE_NAMES[0]!, b = ORIENTATION_FEATURE_NAMES[1]!;
    // Feature a favours the later candidates, feature b the earlier ones.
    const features = ORIENTATION_CANDIDATES.map((_, i) => Array.from({ length: n }, (_, k) => (k === 0 ? i / 10 : k === 1 ? -i / 10 : 0)));
    const joint = { features: [a], mean: [0], scale: [1], weights: [1] };
    const withFacing = { ...joint, facing: { features: [b], mean: [0], scale: [1], weights: [3] } };
    const pj = orientationProbabilities(features, joint), pf = orientationProbabilities(features, withFacing);
    expect(pf.reduce((t, v) => t + v, 0)).toBeCloseTo(1, 12);
    for (let up = 0; up < 6; up++) {
      const group = [0, 1, 2, 3].map((k) => 4 * up + k);
      expect(group.reduce((t, i) => t + pf[i]!, 0)).toBeCloseTo(group.reduce((t, i) => t + pj[i]!, 0), 12);
      // Within the up axis the joint model prefers the last facing, the facing model the first.
      expect(pj[group[3]!]!).toBeGreaterThan(pj[group[0]!]!);
      expect(pf[group[0]!]!).toBeGreaterThan(pf[group[3]!]!);
    }
  });
});

describe('candidateTables', () => {
  // Issue 25: every candidate is read off one set of whole-number tables of the grid instead of its
  // own pass over the cells; the features must be the same numbers, NaN and all.
  test('the 24 candidates read off the tables equal each candidate\'s own pass over the cells', () => {
    for (const mesh of [quadruped, layDownMesh(rotateMeshY(quadruped, 90), '+z'), buildCreature('biped').mesh, buildCreature('serpentine').mesh]) {
      const grid = buildSurfaceGrid(mesh);
      const symmetry = measureAxisSymmetry(grid);
      const tables = candidateTables(grid);
      for (const c of ORIENTATION_CANDIDATES) {
        for (const ends of [true, false]) {
          const got = measureOrientationFeatures(grid, symmetry, c, ends, tables);
          const want = referenceOrientationFeatures(grid, symmetry, c, ends);
          // toEqual compares numbers with Object.is: NaN equals NaN, +0 is not −0.
          expect(got).toEqual(want);
        }
      }
    }
  });
});

describe('measureAxisSymmetry', () => {
  test('counts from the occupied cells give the IoU of a scan of the whole grid with its shifted mirror', () => {
    // An asymmetric file (turned and lying down): every axis has a different, non-trivial score.
    const grid = buildSurfaceGrid(layDownMesh(rotateMeshY(quadruped, 90), '+z'));
    const N = Math.round(Math.cbrt(grid.occupied.length));
    const g = grid.occupied;
    const scan = [0, 1, 2].map((a) => {
      let best = 0;
      for (let shift = -2; shift <= 2; shift++) {
        let both = 0, either = 0;
        for (let x = 0; x < N; x++) for (let y = 0; y < N; y++) for (let z = 0; z < N; z++) {
          const c = [x, y, z];
          const m = N - 1 - c[a]! + shift;
          c[a] = m;
          const w = m >= 0 && m < N ? g[(c[0]! * N + c[1]!) * N + c[2]!]! : 0;
          const v = g[(x * N + y) * N + z]!;
          if (v && w) both++;
          if (v || w) either++;
        }
        best = Math.max(best, either ? both / either : 0);
      }
      return best;
    });
    expect(measureAxisSymmetry(grid)).toEqual(scan);
    expect(new Set(scan).size).toBe(3);
  });
});

describe('decideOrientation (the gates)', () => {
  /** Probabilities with `share` on one candidate and the rest spread evenly. */
  const probs = (upAxis: string, rotationY: number, share: number): number[] => ORIENTATION_CANDIDATES.map((c) =>
    (c.upAxis === upAxis && c.rotationY === rotationY ? share : (1 - share) / 23));
  const noLegs = { asFiled: () => 0, standingWhenStood: () => 0 };

  test('a model on its legs as filed keeps +y; with the standing facing and up bars off the finder is not even asked', () => {
    const found = decideOrientation(() => { throw new Error('not needed'); }, { asFiled: () => 2, standingWhenStood: () => 0 }, { minStandingFacingConfidence: 1.01, minStandingUpConfidence: 1.01 });
    expect(found).toMatchObject({ upAxis: '+y', rotationY: 0, upAxisReason: 'stands-as-filed' });
    // A finder fairly sure of another up axis (under the 0.95 standing up bar) does not lay a standing model down.
    expect(decideOrientation(() => probs('+z', 0, 0.9), { asFiled: () => 2, standingWhenStood: () => 4 })).toMatchObject({ upAxis: '+y', rotationY: 0 });
  });

  test('another up axis overrules a model on its legs as filed only when the finder is that sure of it (minStandingUpConfidence)', () => {
    const standing = { asFiled: () => 2, standingWhenStood: () => 2 };
    const sure = (): number[] => probs('+z', 90, 0.97);
    expect(decideOrientation(sure, standing, { minStandingUpConfidence: 0.95 })).toMatchObject({ upAxis: '+z', rotationY: 90, upAxisReason: 'sure-over-legs' });
    expect(decideOrientation(sure, standing, { minStandingUpConfidence: 0.98 })).toMatchObject({ upAxis: '+y', rotationY: 0, upAxisReason: 'stands-as-filed' });
    // Off (above 1): the legs stand, whatever the finder says; by default (0.95) 0.97 overrules them.
    expect(decideOrientation(sure, standing, { minStandingUpConfidence: 1.01 })).toMatchObject({ upAxis: '+y', upAxisReason: 'stands-as-filed' });
    expect(decideOrientation(sure, standing)).toMatchObject({ upAxis: '+z', upAxisReason: 'sure-over-legs' });
  });

  test('limbs that reach the floor as filed but stand neither way hold +y only up to minReachingUpConfidence', () => {
    const sure = (): number[] => probs('-y', 0, 0.8);
    // Two limbs reach the floor, none stand, as filed or turned a quarter: the finder's 0.8 overrules them at a bar of 0.75.
    const reaching = { asFiled: () => 2, standingWhenStood: () => 0, standingAsFiledTurned: () => 0 };
    expect(decideOrientation(sure, reaching, { minReachingUpConfidence: 0.75 })).toMatchObject({ upAxis: '-y', upAxisReason: 'sure-over-reach' });
    expect(decideOrientation(sure, reaching, { minReachingUpConfidence: 0.85 })).toMatchObject({ upAxis: '+y', upAxisReason: 'stands-as-filed' });
    // At or above the standing bar (0.95) the standing bar reads them all, and the quarter-turned test is not asked;
    // by default (0.75) the finder's 0.8 overrules them.
    const untouched = { ...reaching, standingAsFiledTurned: () => { throw new Error('not needed'); } };
    expect(decideOrientation(sure, untouched, { minReachingUpConfidence: 0.95 })).toMatchObject({ upAxis: '+y', upAxisReason: 'stands-as-filed' });
    expect(decideOrientation(sure, reaching)).toMatchObject({ upAxis: '-y', upAxisReason: 'sure-over-reach' });
    // Limbs that stand as filed, or stood facing a quarter turn away, keep +y.
    expect(decideOrientation(sure, { ...reaching, standingWhenStood: () => 2 }, { minReachingUpConfidence: 0.75 })).toMatchObject({ upAxis: '+y', upAxisReason: 'stands-as-filed' });
    expect(decideOrientation(sure, { ...reaching, standingAsFiledTurned: () => 2 }, { minReachingUpConfidence: 0.75 })).toMatchObject({ upAxis: '+y', upAxisReason: 'stands-as-filed' });
  });

  test('a turned up axis takes the finder\'s facing at 0.3 of its four (minFacingConfidence; 0.6 before the cues)', () => {
    // +z sure (0.9 over its four facings), its facing +90 at 0.4 of them: over the default bar, under the old one.
    const p = (): number[] => ORIENTATION_CANDIDATES.map((c) => (c.upAxis === '+z' ? (c.rotationY === 90 ? 0.36 : 0.18) : 0.1 / 20));
    expect(decideOrientation(p, noLegs)).toMatchObject({ upAxis: '+z', rotationY: 90 });
    expect(decideOrientation(p, noLegs, { minFacingConfidence: 0.6 })).toMatchObject({ upAxis: '+z', rotationY: 0 });
  });

  test('a model on its legs as filed turns its facing only when the finder is sure of that one of the 24 (0.9)', () => {
    const standing = { asFiled: () => 2, standingWhenStood: () => 0 };
    expect(decideOrientation(() => probs('+y', 180, 0.95), standing)).toMatchObject({ upAxis: '+y', rotationY: 180, facing: '-z', upAxisReason: 'stands-as-filed' });
    expect(decideOrientation(() => probs('+y', 180, 0.85), standing)).toMatchObject({ upAxis: '+y', rotationY: 0, upAxisReason: 'stands-as-filed' });
  });

  test('a file that keeps its +y turns its facing when the finder gives that one of the 24 at least 0.4', () => {
    expect(decideOrientation(() => probs('+y', -90, 0.45), noLegs)).toMatchObject({ upAxis: '+y', rotationY: -90, facing: '+x', upAxisReason: 'kept' });
    expect(decideOrientation(() => probs('+y', -90, 0.35), noLegs)).toMatchObject({ upAxis: '+y', rotationY: 0, upAxisReason: 'kept' });
    // The bar reads the joint probability: a facing sure among +y's four, on an up axis the finder
    // doubts, is not taken.
    const doubtful = (): number[] => ORIENTATION_CANDIDATES.map((c) => (c.upAxis === '+y' ? (c.rotationY === 90 ? 0.3 : 0.01) : 0.67 / 20));
    expect(decideOrientation(doubtful, noLegs)).toMatchObject({ upAxis: '+y', rotationY: 0 });
  });

  test('another up axis is taken when the finder is sure of it, with its facing', () => {
    expect(decideOrientation(() => probs('+z', 90, 0.8), noLegs)).toMatchObject({ upAxis: '+z', rotationY: 90, upAxisReason: 'sure' });
  });

  test('under the up bar the file keeps +y, unless the model stood the other way stands on its legs', () => {
    const p = (): number[] => probs('-x', 180, 0.5);
    expect(decideOrientation(p, noLegs)).toMatchObject({ upAxis: '+y', rotationY: 0, upAxisReason: 'kept' });
    expect(decideOrientation(p, { asFiled: () => 0, standingWhenStood: (up) => (up === '-x' ? 4 : 0) }))
      .toMatchObject({ upAxis: '-x', upAxisReason: 'stands-when-turned' });
  });

  test('an up axis whose model stands on no legs gives way to its opposite that stands on two or more', () => {
    // Kept +y (nothing sure), the model upside down: stood -y it stands on its legs, +y on none.
    const p = (): number[] => probs('+z', 0, 0.5);
    const upsideDown = { asFiled: () => 0, standingWhenStood: (up: string) => (up === '-y' ? 4 : 0) };
    expect(decideOrientation(p, upsideDown)).toMatchObject({ upAxis: '-y', upAxisReason: 'stands-opposite' });
    expect(decideOrientation(p, upsideDown, { standOpposite: false })).toMatchObject({ upAxis: '+y', upAxisReason: 'kept' });
    // Both ways standing (or neither), the gates' choice stands.
    expect(decideOrientation(p, { asFiled: () => 0, standingWhenStood: (up) => (up[1] === 'y' ? 2 : 0) })).toMatchObject({ upAxis: '+y', upAxisReason: 'kept' });
    expect(decideOrientation(p, noLegs)).toMatchObject({ upAxis: '+y', upAxisReason: 'kept' });
  });

  test('a turned up axis whose model stands on no legs gives way to the likeliest that stands on two or more', () => {
    // The finder sure of +z (a quadruped read lying on its back); stood +x it stands on four legs.
    const p = (): number[] => probs('+z', 90, 0.8);
    const onItsSide = { asFiled: () => 0, standingWhenStood: (up: string) => (up === '+x' ? 4 : 0) };
    expect(decideOrientation(p, onItsSide)).toMatchObject({ upAxis: '+x', upAxisReason: 'stands-on-legs' });
    expect(decideOrientation(p, onItsSide, { standOnLegs: false })).toMatchObject({ upAxis: '+z', upAxisReason: 'sure' });
    // Not across the mirror plane (left and right stay across it), nor for a file that keeps its +y.
    expect(decideOrientation(p, onItsSide, { lateralAxis: 'x' })).toMatchObject({ upAxis: '+z', upAxisReason: 'sure' });
    expect(decideOrientation(() => probs('+z', 90, 0.5), onItsSide)).toMatchObject({ upAxis: '+y', upAxisReason: 'kept' });
    // Standing the chosen way already, it stays.
    expect(decideOrientation(p, { asFiled: () => 0, standingWhenStood: (up: string) => (up === '+x' || up === '+z' ? 4 : 0) })).toMatchObject({ upAxis: '+z', upAxisReason: 'sure' });
  });

  test('a kept +y whose model stands on no legs gives way, in the mirror plane, to the likeliest that stands on two or more', () => {
    // The finder reads -z (a quadruped read standing on its tail), under the up bar, and -z stands on
    // nothing: the file keeps +y (its back). Stood +z it stands on four legs.
    const p = (): number[] => probs('-z', 0, 0.5);
    const onItsBack = { asFiled: () => 0, standingWhenStood: (up: string) => (up === '+z' ? 4 : 0) };
    expect(decideOrientation(p, onItsBack, { lateralAxis: 'x' })).toMatchObject({ upAxis: '+z', upAxisReason: 'stands-on-legs' });
    expect(decideOrientation(p, onItsBack, { lateralAxis: 'x', keptStandsOnLegs: false })).toMatchObject({ upAxis: '+y', upAxisReason: 'kept' });
    // Only where the mirror plane names left and right: not without it, nor across it.
    expect(decideOrientation(p, onItsBack)).toMatchObject({ upAxis: '+y', upAxisReason: 'kept' });
    expect(decideOrientation(p, onItsBack, { lateralAxis: 'z' })).toMatchObject({ upAxis: '+y', upAxisReason: 'kept' });
    // A kept +y standing on its legs stays.
    expect(decideOrientation(p, { asFiled: () => 0, standingWhenStood: (up: string) => (up === '+z' || up === '+y' ? 4 : 0) }, { lateralAxis: 'x' }))
      .toMatchObject({ upAxis: '+y', upAxisReason: 'kept' });
  });

  test('a sheet lies flat: an up axis across its thickness gives way to the likelier along it', () => {
    // The finder unsure (the file keeps +y) of a sheet whose thickness is the file's z (a butterfly
    // with its wings spread, filed on its back): up is taken along z, the likelier way.
    const p = (): number[] => probs('-z', 90, 0.5);
    expect(decideOrientation(p, noLegs)).toMatchObject({ upAxis: '+y', upAxisReason: 'kept' });
    expect(decideOrientation(p, noLegs, { sheetAxis: 'z' })).toMatchObject({ upAxis: '-z', rotationY: 90, upAxisReason: 'lies-flat' });
    // Up along its thickness already, it stays; a file standing on its legs as filed is not laid down.
    expect(decideOrientation(p, noLegs, { sheetAxis: 'y' })).toMatchObject({ upAxis: '+y', upAxisReason: 'kept' });
    expect(decideOrientation(p, { asFiled: () => 2, standingWhenStood: () => 2 }, { sheetAxis: 'z' })).toMatchObject({ upAxis: '+y', upAxisReason: 'stands-as-filed' });
  });

  test('a body that lies along its length is never stood on it, and faces along it', () => {
    // The finder sure of nothing above the bar: the file keeps +y, its length; ruled out, the
    // likeliest up across it is taken, with the one of its facings that puts the length on z.
    const p = (): number[] => ORIENTATION_CANDIDATES.map((c) =>
      (c.upAxis === '-z' ? (c.rotationY === -90 ? 0.6 : c.rotationY === 180 ? 0.05 : 0.01) : c.upAxis === '+y' ? 0.05 : 0.2 / 16));
    expect(decideOrientation(p, noLegs)).toMatchObject({ upAxis: '+y', upAxisReason: 'kept' });
    const lying = decideOrientation(p, noLegs, { lengthAxis: 'y' });
    expect(lying).toMatchObject({ upAxis: '-z', rotationY: 180, upAxisReason: 'lies-along-length' });
    expect(candidateFrame(lying).axis[2]).toBe(1);
    // An up axis across the length is left as the gates chose it.
    expect(decideOrientation(() => probs('+z', 90, 0.8), noLegs, { lengthAxis: 'y' })).toMatchObject({ upAxis: '+z', upAxisReason: 'sure' });
  });

  test('a bilateral body stands and faces in its mirror plane: its lateral axis stays left-right', () => {
    // A flat flyer kept +y facing +z along its wingspan (x across the plane, y flat): with the
    // lateral axis z, the facing is the likelier of the two along x; +y itself stays.
    const p = (): number[] => ORIENTATION_CANDIDATES.map((c) =>
      (c.upAxis === '+y' ? (c.rotationY === 0 ? 0.1 : c.rotationY === 90 ? 0.02 : 0.01) : (c.upAxis === '+x' ? 0.6 / 4 : 0.26 / 16)));
    expect(decideOrientation(p, noLegs)).toMatchObject({ upAxis: '+y', rotationY: 0, upAxisReason: 'kept' });
    const flyer = decideOrientation(p, noLegs, { lateralAxis: 'z' });
    expect(flyer).toMatchObject({ upAxis: '+y', rotationY: 90, facing: '-x', upAxisReason: 'kept' });
    expect(candidateFrame(flyer).axis[0]).toBe(2);
    // An up axis across the plane (the finder sure of +z, the lateral axis) gives way to the likeliest in it.
    const across = decideOrientation(() => probs('+z', 90, 0.8), noLegs, { lateralAxis: 'z' });
    expect(across.upAxisReason).toBe('in-mirror-plane');
    expect(candidateFrame(across).axis[0]).toBe(2);
    // With the length known too, up is across both and the facing along the length.
    const fish = decideOrientation(() => probs('+z', 0, 0.8), noLegs, { lateralAxis: 'z', lengthAxis: 'y' });
    expect(fish.upAxis[1]).toBe('x');
    expect(candidateFrame(fish).axis).toEqual([2, 0, 1]);
    // A choice that already keeps the lateral axis left-right is not touched.
    expect(decideOrientation(() => probs('+z', 90, 0.8), noLegs, { lateralAxis: 'y' })).toMatchObject({ upAxis: '+z', rotationY: 90, upAxisReason: 'sure' });
  });

  test('a given up axis is kept and only the facing is read', () => {
    expect(decideOrientation(() => probs('+z', 90, 0.8), noLegs, { upAxis: '-y' })).toMatchObject({ upAxis: '-y', upAxisReason: 'given' });
  });
});

describe('rigMesh orientation step', () => {
  test('a fish filed standing on its tail is laid along its length when rigged as aquatic', async () => {
    // layDownMesh(…, '+z') files the fish's up along +z and its length (head first) along −y.
    const fish = buildCreature('aquatic').mesh;
    const onTail = layDownMesh(fish, '+z');
    expect(lengthAxisOf(onTail)).toBe('y');
    const r = await rigMesh(await writeGlb(onTail), { rigType: 'aquatic', thumbnailSize: 32 });
    expect(r.report.orientation.upAxis[1]).not.toBe('y');
    const { mesh } = await readMesh(r.model);
    expect(lengthAxisOf(mesh)).toBe('z');
  });

  test('with no up_axis a Z-up quadruped is stood up before rigging, and the report says what was found', async () => {
    const lying = await writeGlb(layDownMesh(quadruped, '+z'));
    const r = await rigMesh(lying, { rigType: 'quadruped', thumbnailSize: 32 });
    expect(r.report.orientation).toMatchObject({ upAxis: '+z', upAxisSource: 'found', rotationYSource: 'found' });
    expect(r.report.orientation.confidence).toBeGreaterThan(0);
    // The stood-up rig matches the rig of the upright file.
    const upright = await rigMesh(await writeGlb(quadruped), { rigType: 'quadruped', thumbnailSize: 32 });
    expect(r.report.joints).toBe(upright.report.joints);
    expect(r.report.orientation).not.toEqual(upright.report.orientation);
    expect(upright.report.orientation).toMatchObject({ upAxis: '+y', rotationY: 0, upAxisReason: 'stands-as-filed' });
  });

  test('an explicit up_axis and rotation_y win over what the mesh shows', async () => {
    const lying = await writeGlb(layDownMesh(quadruped, '+z'));
    const r = await rigMesh(lying, { rigType: 'quadruped', upAxis: '+y', rotationY: 0, thumbnailSize: 32 });
    expect(r.report.orientation).toEqual({ upAxis: '+y', rotationY: 0, facing: '+z', upAxisSource: 'given', rotationYSource: 'given' });
  });
});
