// The joint-fraction table (src/fit/joint-fractions.ts): fitters place joints at its fractions,
// an override changes where they go, and the trace records what the fitting script replays.
import { FRACTION_SITES, JOINT_FRACTIONS, placeAtSite, placeFractions, type SitePlacement } from '../src/fit/joint-fractions';
import { fitSkeleton } from '../src/fit-skeleton';
import type { Vec3 } from '../src/fit/vec3';
import { buildCreature } from '../testing/build-creature';

const line: Vec3[] = [[0, 0, 0], [1, 0, 0], [2, 0, 0], [4, 0, 0]];

describe('joint fractions', () => {
  test('every site has fractions strictly inside (0, 1), increasing along the path', () => {
    for (const site of FRACTION_SITES) {
      const f = JOINT_FRACTIONS[site];
      expect(f.length).toBeGreaterThan(0);
      f.forEach((v, k) => {
        expect(v).toBeGreaterThan(0);
        expect(v).toBeLessThan(1);
        if (k > 0) expect(v).toBeGreaterThan(f[k - 1]!);
      });
    }
  });

  test('a site places its joints between the lead and trail fractions, by arc length, and an override moves them', () => {
    const ctx = { fractions: { 'quadruped.leg': [0.25, 0.5, 0.75] }, placements: [] as SitePlacement[] };
    const p = placeAtSite(ctx, 'quadruped.leg', line, ['a', 'b', 'c', 'd', 'e'], { lead: [0], trail: [1] });
    expect(p.map((q) => q[0])).toEqual([0, 1, 2, 3, 4]);
    expect(ctx.placements).toHaveLength(1);
    expect(ctx.placements[0]).toMatchObject({ site: 'quadruped.leg', names: ['a', 'b', 'c', 'd', 'e'], lead: [0], trail: [1], bendTolerance: null });
    // The replay reproduces the placement from the trace.
    const t = ctx.placements[0]!;
    expect(placeFractions(t.points, [...t.lead, 0.25, 0.5, 0.75, ...t.trail], t.bendTolerance)).toEqual(t.placed);
  });

  test('the fit reads the table: a quadruped leg placed at other fractions moves its knee, and the trace names the joints', () => {
    const { mesh } = buildCreature('quadruped');
    const placements: SitePlacement[] = [];
    const shipped = fitSkeleton(mesh, 'quadruped', {}, { fractions: {}, placements });
    const legs = placements.filter((p) => p.site === 'quadruped.leg');
    expect(legs).toHaveLength(4);
    expect(legs[0]!.names[1]).toMatch(/_lower_leg$/);
    const moved = fitSkeleton(mesh, 'quadruped', {}, { fractions: { 'quadruped.leg': [0.2, 0.5, 0.9] } });
    const at = (r: typeof shipped, name: string): readonly number[] => r.skeleton.joints.find((j) => j.name === name)!.position;
    const knee = legs[0]!.names[1]!;
    expect(Math.hypot(...at(shipped, knee).map((v, k) => v - at(moved, knee)[k]!))).toBeGreaterThan(0);
  });
});
