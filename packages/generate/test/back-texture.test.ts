import { backTexture } from '../src/back-texture';

describe('backTexture', () => {
  // A disc: a red rim band round a white face with a black "eye" in its middle.
  const size = 200;
  const inside = new Uint8Array(size * size);
  const front = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const r = Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2);
      const i = y * size + x;
      if (r > 90) continue;
      inside[i] = 1;
      const colour = r > 70 ? [200, 30, 30] : r < 10 ? [0, 0, 0] : [255, 255, 255];
      front.set(colour, i * 3);
    }
  }
  const back = backTexture(front, inside, size, size);
  const at = (x: number, y: number) => [...back.subarray((y * size + x) * 3, (y * size + x) * 3 + 3)];

  it('carries the rim colour round: the middle of the back is the rim red, not the front eye or face', () => {
    const [r, g, b] = at(size / 2, size / 2);
    expect(r).toBeGreaterThan(180);
    expect(g).toBeLessThan(60);
    expect(b).toBeLessThan(60);
    const [r2, g2] = at(size / 2 + 40, size / 2);
    expect(r2).toBeGreaterThan(180);
    expect(g2).toBeLessThan(60);
  });

  it('keeps the outline itself and the background texels as they are (the seam with the front matches)', () => {
    expect(at(size / 2, size / 2 - 89)).toEqual([200, 30, 30]);
    expect(at(2, 2)).toEqual([0, 0, 0]);
  });
});
