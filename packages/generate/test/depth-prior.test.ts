import { depthPrior } from '../src/depth-prior';
import data from '../src/depth-priors.json';

describe('depthPrior', () => {
  it('always answers, from the most specific prior the fitted table has', () => {
    for (const plan of [undefined, 'biped', 'quadruped', 'serpentine']) {
      for (const view of [undefined, 'front', 'side', 'top'] as const) {
        const p = depthPrior(plan, view);
        expect(p.a).toBeGreaterThan(0);
        expect(p.b).toBeGreaterThan(0);
      }
    }
    expect(depthPrior()).toEqual(data.priors['any/any']);
  });

  it('a view hint picks that view\'s prior when the table has one', () => {
    const priors: Record<string, { a: number; b: number }> = data.priors;
    for (const view of ['front', 'side', 'top'] as const) {
      if (priors[`any/${view}`]) expect(depthPrior('nonesuch', view)).toEqual(priors[`any/${view}`]);
    }
  });
});
