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

  it('lift each disc to a fuller profile with a larger exponent: as deep at the centre, deeper towards the rim', () => {
    const size = 120, r = 30;
    const disc = draw(size, size, (x, y) => Math.hypot(x - 60, y - 60) < r);
    const balls = medialBalls(distanceTransform(disc, size, size), size, size);
    const points = [60, 60, 60 + 0.8 * r, 60];
    const sphere = ballHeights(points, balls), full = ballHeights(points, balls, 2.5), same = ballHeights(points, balls, 2);
    expect(same).toEqual(sphere);
    expect(Math.abs(full[0]! - sphere[0]!)).toBeLessThan(0.5);
    // At 0.8 r from the centre: the sphere's √(1 − 0.8²) = 0.6 r, the p = 2.5 profile (1 − 0.8^2.5)^0.4 ≈ 0.68 r.
    expect(full[1]!).toBeGreaterThan(sphere[1]! + 0.05 * r);
    expect(full[1]!).toBeLessThan(0.75 * r);
  });
});
