/** A biped's two lowest tips are split by x, whichever side test took them. */
import { splitFeet } from '../src/fit/split-feet';

const tip = (x: number): { tipPos: [number, number, number] } => ({ tipPos: [x, 0, 0.2] });

describe('splitFeet', () => {
  test('feet turned in: the right side took the left foot (toes on the plane); the further-right tip is the right foot', () => {
    const onPlane = tip(-0.0001), right = tip(-0.11);
    expect(splitFeet(undefined, onPlane, right)).toEqual([onPlane, right]);
  });

  test('the left side took the right foot: swapped the same way', () => {
    const onPlane = tip(0.0001), left = tip(0.11);
    expect(splitFeet(onPlane, undefined, left)).toEqual([left, onPlane]);
  });

  test('a second tip already on its own side keeps the first pick', () => {
    const right = tip(-0.1), left = tip(0.1);
    expect(splitFeet(undefined, right, left)).toEqual([left, right]);
    expect(splitFeet(left, undefined, right)).toEqual([left, right]);
  });

  test('with neither side picked, the lowest tip is the left foot', () => {
    const only = tip(0.05);
    expect(splitFeet(undefined, undefined, only)).toEqual([only, undefined]);
  });
});
