/**
 * The fore-aft ends' features (`frontThickerSection`, `backFlatter`) on a synthetic fish: a blunt
 * body as wide as tall at +z (the head end) and a tall fin thin left to right behind it at −z, the
 * body longer than tall. Facing +z the front's section is the thicker and the back the flatter; a
 * half turn about the up axis flips both signs; stood on its tail (not long along its facing)
 * neither is read.
 */
import type { Mesh } from '@rigforge/mesh';
import { measureAllOrientationFeatures, measureEnds, ORIENTATION_CANDIDATES, ORIENTATION_FEATURE_NAMES } from '../src/orientation-features';

/** An axis-aligned box's 12 triangles, appended to `positions` / `indices`. */
function box(positions: number[], indices: number[], lo: [number, number, number], hi: [number, number, number]): void {
  const base = positions.length / 3;
  for (let i = 0; i < 8; i++) positions.push(i & 1 ? hi[0] : lo[0], i & 2 ? hi[1] : lo[1], i & 4 ? hi[2] : lo[2]);
  const quads = [[0, 1, 3, 2], [4, 6, 7, 5], [0, 4, 5, 1], [2, 3, 7, 6], [0, 2, 6, 4], [1, 5, 7, 3]];
  for (const [a, b, c, d] of quads) indices.push(base + a!, base + b!, base + c!, base + a!, base + c!, base + d!);
}

function fish(): Mesh {
  const positions: number[] = [], indices: number[] = [];
  box(positions, indices, [-1, -1, 0], [1, 1, 3]); // the body and head, as wide as tall
  box(positions, indices, [-0.08, -1.4, -1.5], [0.08, 1.4, 0]); // the tail fin: tall, thin left to right
  return { positions: new Float32Array(positions), indices: new Uint32Array(indices), groups: [], materials: [] };
}

const at = (name: string): number => (ORIENTATION_FEATURE_NAMES as readonly string[]).indexOf(name);
const candidate = (upAxis: string, rotationY: number): number =>
  ORIENTATION_CANDIDATES.findIndex((c) => c.upAxis === upAxis && c.rotationY === rotationY);

describe('orientation features: the head end and the tail end', () => {
  const features = measureAllOrientationFeatures(fish());

  test('facing its head: the front section is thicker, the back flatter', () => {
    const f = features[candidate('+y', 0)]!;
    expect(f[at('frontThickerSection')]!).toBeGreaterThan(1);
    expect(f[at('backFlatter')]!).toBeGreaterThan(1);
  });

  test('not long along its facing: not read', () => {
    const f = features[candidate('-z', 0)]!;
    expect(f[at('frontThickerSection')]!).toBe(0);
    expect(f[at('backFlatter')]!).toBe(0);
  });

  test('a half turn flips both', () => {
    const f = features[candidate('+y', 0)]!, g = features[candidate('+y', 180)]!;
    expect(g[at('frontThickerSection')]!).toBeCloseTo(-f[at('frontThickerSection')]!, 6);
    expect(g[at('backFlatter')]!).toBeCloseTo(-f[at('backFlatter')]!, 6);
  });

  test('measureEnds: equal ends read 0, empty slabs are skipped', () => {
    const lo = [2, 2, 9, 9, 2, 2], hi = [5, 5, 0, 0, 5, 5];
    expect(measureEnds(lo, hi, lo, hi, 2)).toEqual({ frontThickerSection: 0, backFlatter: 0 });
    // Back end 1 wide and 4 tall (section 1, |log aspect| log 4), front end 4 by 4 (section 4, 0).
    const e = measureEnds([3, 3, 0, 0], [3, 3, 3, 3], [0, 0, 0, 0], [3, 3, 3, 3], 2);
    expect(e.frontThickerSection).toBeCloseTo(Math.log(5 / 2), 9);
    expect(e.backFlatter).toBeCloseTo(Math.log(4), 9);
  });
});
