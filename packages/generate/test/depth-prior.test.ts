import { depthPrior } from '../src/depth-prior';
import data from '../src/depth-priors.json';

describe('depthPrior', () => {
  it('always answers, from the most specific prior the fitted table has', () => {
    for (const plan of [undefined, 'biped', 'quadruped', 'serpentine']) {
      for (const view of [undefined, 'front', 'side', 'top'] as const) {
        const p = depthPrior(plan, view);
        // The depth is a · Poisson width + c · medial-ball height: some of it, never negative.
        expect(p.a).toBeGreaterThanOrEqual(0);
        expect(p.c).toBeGreaterThanOrEqual(0);
        expect(p.a + p.c).toBeGreaterThan(0);
        expect(p.b).toBeGreaterThan(0);
      }
    }
    expect(depthPrior()).toEqual(data.priors['any/any']);
  });

  it('a view hint picks that view\'s prior when the table has one', () => {
    const priors: Record<string, { a: number; b: number; c: number }> = data.priors;
    for (const view of ['front', 'side', 'top'] as const) {
      if (priors[`any/${view}`]) expect(depthPrior('nonesuch', view)).toEqual(priors[`any/${view}`]);
    }
  });
});
