import { measureFacingSurface } from '../src/orientation-facing-cue';
import { silhouetteCounts } from '../src/orientation-exemplar-counts';
import { silhouetteProjections } from '../src/orientation-exemplars';
import { ORIENTATION_CANDIDATES } from '../src/orientation-features';
import { buildCreature } from '../testing/build-creature';
import { facingViewsOfCounts, facingVotesOf, halfTurnOf, nearestFacings } from '../scripts/lib/facing-exemplar-votes';
import { facingProfileOf, facingProfileScore, fitFacingProfile, PROFILE_FEATURE_NAMES } from '../scripts/lib/facing-profile';

// The two learned facing cues measured in the seventeenth orientation round (packages/rig/docs/orientation.md): both
// rest on a half turn about the up axis mirroring the model front to back.
describe('learned facing cues (measured, not shipped)', () => {
  const mesh = buildCreature('biped').mesh;

  test('a half turn negates every profile feature, so the fitted score changes sign', () => {
    const surface = measureFacingSurface(mesh);
    ORIENTATION_CANDIDATES.forEach((c, i) => {
      const a = facingProfileOf(surface, c), b = facingProfileOf(surface, ORIENTATION_CANDIDATES[halfTurnOf(i)]!);
      expect(a.features).toHaveLength(PROFILE_FEATURE_NAMES.length);
      a.features.forEach((v, k) => expect(b.features[k]!).toBeCloseTo(-v, 9));
      expect(b.tall).toBe(a.tall);
    });
    const upright = facingProfileOf(surface, ORIENTATION_CANDIDATES[0]!).features;
    const m = fitFacingProfile([upright], 0.01, 200);
    expect(facingProfileScore(upright, m)).toBeGreaterThan(0);
    expect(facingProfileScore(upright.map((v) => -v), m)).toBeLessThan(0);
  });

  test('an exemplar votes its own upright view forward and its half turn backwards', () => {
    const counts = silhouetteCounts(silhouetteProjections(mesh));
    const views = facingViewsOfCounts([counts]);
    expect(views.count).toBe(4);
    const votes = facingVotesOf(nearestFacings(counts, views, 1), 1);
    const back = ORIENTATION_CANDIDATES.findIndex((c) => c.upAxis === '+y' && c.rotationY === 180);
    expect(votes[0]!).toBeGreaterThan(votes[back]!);
  });
});
