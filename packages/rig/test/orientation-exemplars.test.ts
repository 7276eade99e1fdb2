/**
 * The exemplar cue (orientation-exemplars.ts): a quarter turn of the file only permutes the
 * candidates' silhouettes; the shipped exemplars unpack to labelled views; the vote prefers the
 * up axis of exemplars like the mesh; the cue weighs up axes only and the gates read it so.
 */
import { decideOrientation } from '../src/find-orientation';
import { shippedExemplarViews } from '../src/orientation-exemplar-cue';
import {
  exemplarUpScores, exemplarVotes, measureExemplarDescriptors, packProjection, silhouetteProjections, unpackProjection, viewsOfExemplars, weighByCue, SILHOUETTE_VOXELS,
} from '../src/orientation-exemplars';
import { ORIENTATION_CANDIDATES } from '../src/orientation-features';
import { buildCreature } from '../testing/build-creature';
import { invertTurn, multiplyTurns, sameTurn, turnMesh, turnOf } from '../testing/orientation-turns';

const quadruped = buildCreature('quadruped').mesh;
const biped = buildCreature('biped').mesh;

const close = (a: readonly number[], b: readonly number[]): number => Math.max(...a.map((v, i) => Math.abs(v - b[i]!)));

describe('exemplar descriptors', () => {
  test('a file stored turned gives the upright file\'s silhouettes, permuted with the candidates', () => {
    const upright = measureExemplarDescriptors(biped);
    const stored = ORIENTATION_CANDIDATES.findIndex((c) => c.upAxis === '-x' && c.rotationY === 90);
    const turned = measureExemplarDescriptors(turnMesh(biped, invertTurn(turnOf(ORIENTATION_CANDIDATES[stored]!))));
    // Candidate c of the turned file is candidate d of the upright one where turn(c) · turn(stored)⁻¹ = turn(d).
    ORIENTATION_CANDIDATES.forEach((c, i) => {
      const t = multiplyTurns(turnOf(c), invertTurn(turnOf(ORIENTATION_CANDIDATES[stored]!)));
      const d = ORIENTATION_CANDIDATES.findIndex((q) => sameTurn(turnOf(q), t));
      // Voxel boundaries may fall a cell either way after a turn's float rounding: nearly equal.
      expect(close(turned[i]!, upright[d]!)).toBeLessThan(0.2);
    });
    // The biped's side view differs from its lying one.
    expect(close(upright[0]!, upright[ORIENTATION_CANDIDATES.findIndex((c) => c.upAxis === '+z')]!)).toBeGreaterThan(0.2);
  });

  test('projections pack to bits and back', () => {
    const p = silhouetteProjections(quadruped)[1];
    expect(unpackProjection(packProjection(p), SILHOUETTE_VOXELS * SILHOUETTE_VOXELS)).toEqual(p);
  });
});

describe('exemplar votes', () => {
  test('the shipped exemplars unpack to 24 labelled views each, four with the up axis right', () => {
    const views = shippedExemplarViews();
    expect(views.length % 24).toBe(0);
    expect(views.length).toBeGreaterThanOrEqual(24 * 40);
    expect(views.filter((v) => v.upRight).length).toBe(views.length / 6);
    expect(views.filter((v) => v.right).length).toBe(views.length / 24);
  });

  test('a mesh among exemplars of itself votes its own up axis, one score per up axis', () => {
    const data = { voxels: SILHOUETTE_VOXELS, neighbours: 4, exemplars: [biped, quadruped].map((m, group) => ({ group, projections: silhouetteProjections(m).map(packProjection) })) };
    const views = viewsOfExemplars(data);
    const lying = turnMesh(biped, invertTurn(turnOf({ upAxis: '+z', rotationY: 0 })));
    const scores = exemplarUpScores(measureExemplarDescriptors(lying), views, 4);
    const best = ORIENTATION_CANDIDATES[scores.indexOf(Math.max(...scores))]!;
    expect(best.upAxis).toBe('+z');
    // Pooled per up axis: the four facings of an up axis score alike.
    for (const up of ['+x', '+z', '-y']) {
      const own = scores.filter((_, c) => ORIENTATION_CANDIDATES[c]!.upAxis === up);
      expect(new Set(own).size).toBe(1);
    }
    // Unpooled by orientation: the smoothed share is at most log((k + 1/24) / (k + 1)).
    const votes = exemplarVotes(measureExemplarDescriptors(lying), views, { neighbours: 4, by: 'orientation' });
    expect(Math.max(...votes)).toBeLessThanOrEqual(Math.log((4 + 1 / 24) / 5) + 1e-12);
  });

  test('weighByCue: weight 0 leaves the probabilities; a weight moves mass to the cue\'s best', () => {
    const p = [0.5, 0.3, 0.2];
    expect(weighByCue(p, [0, -1, -2], 0)).toEqual(p);
    const w = weighByCue(p, [-2, 0, 0], 1);
    expect(w.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(w[0]!).toBeLessThan(w[1]!);
  });
});

describe('decideOrientation reads the cue for the up axis only', () => {
  const share = (upAxis: string, rotationY: number, v: number): number[] => ORIENTATION_CANDIDATES.map((c) => (c.upAxis === upAxis && c.rotationY === rotationY ? v : (1 - v) / 23));
  const noLegs = { asFiled: () => 0, standingWhenStood: () => 0 };

  test('an up axis the finder is unsure of is taken when the up probabilities are sure of it', () => {
    const finder = share('+z', 90, 0.5);
    expect(decideOrientation(() => finder, noLegs)).toMatchObject({ upAxis: '+y', upAxisReason: 'kept' });
    const found = decideOrientation(() => finder, noLegs, {}, () => share('+z', 90, 0.9));
    expect(found).toMatchObject({ upAxis: '+z', rotationY: 90, upAxisReason: 'sure' });
    expect(found.upConfidence).toBeCloseTo(0.9 + (3 * 0.1) / 23, 6);
  });

  test('a surer up axis does not make the facing of a standing file surer: the facing bars read the finder', () => {
    const standing = { asFiled: () => 2, standingWhenStood: () => 2 };
    // +y/180 at 0.85 of the finder's 24 is under the standing facing bar 0.9 whatever the up probabilities say.
    const found = decideOrientation(() => share('+y', 180, 0.85), standing, {}, () => share('+y', 180, 0.99));
    expect(found).toMatchObject({ upAxis: '+y', rotationY: 0, upAxisReason: 'stands-as-filed' });
  });
});
