/**
 * The exemplar cue in whole numbers (orientation-exemplar-counts.ts) against the reference
 * (orientation-exemplars.ts): the same silhouettes (× 16) and the same votes, bit for bit, with the
 * shipped exemplars and with few exemplars whose views tie.
 */
import { shippedExemplarUpScores, shippedExemplarViews } from '../src/orientation-exemplar-cue';
import { countedUpVotes, countedViewsOf, silhouetteCounts } from '../src/orientation-exemplar-counts';
import { exemplarUpScores, exemplarVotes, measureExemplarDescriptors, silhouetteProjections, silhouettesOf, viewsOfExemplars, packProjection, SILHOUETTE_VOXELS } from '../src/orientation-exemplars';
import { ORIENTATION_CANDIDATES } from '../src/orientation-features';
import shipped from '../src/orientation-exemplars.json';
import { buildCreature } from '../testing/build-creature';
import { invertTurn, turnMesh, turnOf } from '../testing/orientation-turns';

const meshes = [buildCreature('biped').mesh, buildCreature('quadruped').mesh];
const turned = meshes.flatMap((m) => [0, 7, 13, 22].map((c) => turnMesh(m, invertTurn(turnOf(ORIENTATION_CANDIDATES[c]!)))));

describe('exemplar votes in whole numbers', () => {
  test('the counts are the silhouettes × 16', () => {
    for (const mesh of turned) {
      const projections = silhouetteProjections(mesh);
      const counts = silhouetteCounts(projections);
      expect(silhouettesOf(projections).flat()).toEqual(Array.from(counts, (n) => n / 16));
    }
  });

  test('the shipped exemplars give the reference\'s up scores, bit for bit', () => {
    const views = shippedExemplarViews();
    for (const mesh of turned) {
      expect(shippedExemplarUpScores(mesh)).toEqual(exemplarUpScores(measureExemplarDescriptors(mesh), views, shipped.neighbours));
    }
  });

  test('with ties (an exemplar twice) and k from 1 to 5, the same votes as the reference', () => {
    const projections = [...meshes, meshes[0]!].map((m) => silhouetteProjections(m));
    const reference = viewsOfExemplars({ voxels: SILHOUETTE_VOXELS, neighbours: 3, exemplars: projections.map((p, group) => ({ group, projections: p.map(packProjection) })) });
    const counted = countedViewsOf(projections);
    for (const mesh of turned.slice(0, 4)) {
      for (const k of [1, 2, 3, 4, 5]) {
        expect(countedUpVotes(silhouetteCounts(silhouetteProjections(mesh)), counted, k))
          .toEqual(exemplarVotes(measureExemplarDescriptors(mesh), reference, { neighbours: k, by: 'up' }));
      }
    }
  });
});
