import { ballHeights, medialBalls } from '../src/ball-depth';
import { distanceTransform } from '../src/mask-ops';

/** A mask of `width` × `height` with the pixels whose centre passes `inside`. */
function draw(width: number, height: number, inside: (x: number, y: number) => boolean): Uint8Array {
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) mask[y * width + x] = inside(x + 0.5, y + 0.5) ? 1 : 0;
  return mask;
}

describe('medial-ball heights', () => {
  it('make a disc a sphere and a strip a tube as deep as it is wide (the Poisson width makes the strip √2 deeper)', () => {
    const size = 120, r = 30, w = 15;
    const disc = draw(size, size, (x, y) => Math.hypot(x - 60, y - 60) < r);
    const strip = draw(size, size, (x, y) => Math.abs(y - 60) < w && x > 10 && x < 110);
    const at = (mask: Uint8Array, points: number[]) => ballHeights(points, medialBalls(distanceTransform(mask, size, size), size, size));
    const [centre, halfway] = at(disc, [60, 60, 60 + r / 2, 60]);
    expect(centre).toBeGreaterThan(r - 1.5);
    expect(centre).toBeLessThan(r + 0.5);
    expect(halfway).toBeGreaterThan(Math.sqrt(r * r - (r / 2) ** 2) - 1.5);
    const [middle, nearEdge, outside] = at(strip, [60, 60, 60, 60 + w - 0.5, 60, 60 + w + 5]);
    expect(middle).toBeGreaterThan(w - 1.5);
    expect(middle).toBeLessThan(w + 0.5);
    expect(nearEdge).toBeLessThan(0.4 * w);
    expect(outside).toBe(0);
  });
});
