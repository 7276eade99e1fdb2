/**
 * A stocky figure's torso (stocky-torso.ts): the cue is the torso's widest medial ball over the
 * subject's height (a mini's wide torso against a T-posed figure's);
 * the rule applies only past its threshold, and a head-torso profile with it scales the torso by the
 * rule's factor; `rest` scales the other balls (head-torso.ts).
 */
import { ballProfile } from '../src/ball-depth';
import { headTorsoBalls, headTorsoProfile } from '../src/head-torso';
import { distanceTransform } from '../src/mask-ops';
import { learnedStockyTorso, stockyRule, torsoWidthShare } from '../src/stocky-torso';
import { draw, stockyFigure, tPoseFigure } from './images';

const SIZE = 160;

function figure(shape: typeof tPoseFigure) {
  const mask = draw(shape, SIZE, () => [0, 0, 0]).truth;
  const inside = distanceTransform(mask, SIZE, SIZE);
  return { mask, inside, share: torsoWidthShare(headTorsoBalls(mask, inside, SIZE, SIZE).torso, mask, SIZE, SIZE) };
}

describe('torsoWidthShare', () => {
  it('is the widest torso ball\'s diameter over the height: about 0.3 / 0.87 for the mini, 0.22 / 0.87 for the T-posed figure\'s capsule', () => {
    const mini = figure(stockyFigure), slim = figure(tPoseFigure);
    expect(mini.share).toBeGreaterThan(0.3);
    expect(mini.share).toBeLessThan(0.4);
    expect(slim.share).toBeGreaterThan(0.23);
    expect(slim.share).toBeLessThan(0.27);
  });

  it('is 0 for an empty mask', () => {
    expect(torsoWidthShare({ x: new Float64Array(), y: new Float64Array(), r: new Float64Array() }, new Uint8Array(16), 4, 4)).toBe(0);
  });
});

describe('stockyRule', () => {
  const rule = { minWidth: 0.25, torso: 1.1 };
  it('applies at or over its threshold only', () => {
    expect(stockyRule(0.3, rule)).toEqual(rule);
    expect(stockyRule(0.25, rule)).toEqual(rule);
    expect(stockyRule(0.2, rule)).toBeUndefined();
    expect(stockyRule(0.9)).toBeUndefined();
  });

  it('is not learned for any plan and view (measured, not shipped)', () => {
    expect(learnedStockyTorso('biped', 'front')).toBeUndefined();
    expect(learnedStockyTorso()).toBeUndefined();
  });
});

describe('headTorsoProfile with a stocky rule and a rest factor', () => {
  // The mini's torso centre, an arm's middle.
  const points = [0.5, 0.58, 0.22, 0.52].map((v) => v * SIZE);

  it('scales the mini\'s torso by the rule\'s factor, and a slim figure\'s by the table\'s', () => {
    const { mask, inside } = figure(stockyFigure);
    const plain = ballProfile(points, inside, SIZE, SIZE, 1);
    const ruled = headTorsoProfile(points, mask, inside, SIZE, SIZE, 1, 2, { head: 1, torso: 0.9, stocky: { minWidth: 0.25, torso: 1.2 } });
    expect(ruled[0]! / plain[0]!).toBeCloseTo(1.2, 6);
    const notStocky = headTorsoProfile(points, mask, inside, SIZE, SIZE, 1, 2, { head: 1, torso: 0.9, stocky: { minWidth: 0.5, torso: 1.2 } });
    expect(notStocky[0]! / plain[0]!).toBeCloseTo(0.9, 6);
  });

  it('scales the other balls (an arm) by rest', () => {
    const { mask, inside } = figure(stockyFigure);
    const plain = ballProfile(points, inside, SIZE, SIZE, 1);
    const half = headTorsoProfile(points, mask, inside, SIZE, SIZE, 1, 2, { head: 1, torso: 1, rest: 0.5 });
    expect(half[1]! / plain[1]!).toBeCloseTo(0.5, 6);
  });
});
