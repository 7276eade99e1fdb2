import { BALL_EXPONENT, ballExponent, depthLean, depthPrior, PICTURE_VIEWS } from '../src/depth-prior';
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

  it('a plan pictured from a view with a fitted scale gets the view\'s prior scaled, and its lean; other plans the view\'s', () => {
    const planViews: Record<string, { scale: number; lean: number }> = data.planViews;
    for (const [key, { scale, lean }] of Object.entries(planViews)) {
      const [plan, name] = key.split('/');
      const view = PICTURE_VIEWS.find((v) => v === name);
      if (!plan || !view) throw new Error(`bad key ${key}`);
      const own = depthPrior(plan, view), theView = depthPrior('nonesuch', view);
      expect(own.c).toBeCloseTo(theView.c * scale, 10);
      expect(own.a).toBeCloseTo(theView.a * scale, 10);
      expect(depthLean(view, plan)).toBe(lean);
      expect(depthLean(view, 'nonesuch')).toBe(depthLean(view));
    }
  });
});

describe('ballExponent', () => {
  it('gives a side picture the fuller profile the table takes for it, and other views (or none) the table\'s', () => {
    const perView: Record<string, number> = data.ballExponents;
    expect(ballExponent('side')).toBe(perView['side']);
    expect(ballExponent('side')).toBeGreaterThan(BALL_EXPONENT);
    for (const view of ['front', 'top', undefined] as const) expect(ballExponent(view)).toBe(perView[view ?? 'none'] ?? BALL_EXPONENT);
  });
});
