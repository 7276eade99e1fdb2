/** The mirror search's truncated nearest-neighbour grid answers exactly what a scan of every point does. */
import { PointGrid } from '../src/mirror-plane';

describe('PointGrid.nearest', () => {
  test('equals the brute-force truncated nearest distance, on and off the grid and on cell borders', () => {
    let seed = 7;
    const rand = (): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 4294967296;
    };
    // Points on a thin curved sheet (surface-like), so some cells are empty and some crowded.
    const count = 1500;
    const pts = new Float64Array(count * 3);
    for (let i = 0; i < count; i++) {
      const u = rand() * 4, v = rand() * 2;
      pts.set([u, v, 0.3 * Math.sin(u * 2) + 0.01 * rand()], 3 * i);
    }
    const lo: [number, number, number] = [Infinity, Infinity, Infinity];
    for (let i = 0; i < count; i++) for (let k = 0; k < 3; k++) lo[k] = Math.min(lo[k]!, pts[3 * i + k]!);
    const cut = 0.25;
    const grid = new PointGrid(pts, lo, cut);
    const brute = (x: number, y: number, z: number): number => {
      let best = cut * cut;
      for (let i = 0; i < count; i++) {
        const dx = pts[3 * i]! - x, dy = pts[3 * i + 1]! - y, dz = pts[3 * i + 2]! - z;
        const d = dx * dx + dy * dy + dz * dz;
        if (d < best) best = d;
      }
      return Math.sqrt(best);
    };
    const queries: [number, number, number][] = [];
    for (let q = 0; q < 3000; q++) queries.push([lo[0] - 0.5 + rand() * 5, lo[1] - 0.5 + rand() * 3, lo[2] - 0.5 + rand() * 1.4]);
    // On cell borders, and the samples themselves (distance 0).
    for (let q = 0; q < 200; q++) queries.push([lo[0] + cut * Math.floor(rand() * 16), lo[1] + cut * Math.floor(rand() * 8), lo[2] + cut * Math.floor(rand() * 3)]);
    for (let i = 0; i < 200; i++) queries.push([pts[3 * i]!, pts[3 * i + 1]!, pts[3 * i + 2]!]);
    let cutHits = 0;
    for (const [x, y, z] of queries) {
      const d = grid.nearest(x, y, z);
      expect(d).toBe(brute(x, y, z));
      if (d === cut) cutHits++;
    }
    // Both kinds of answer were tested: truncated at the cut and nearer.
    expect(cutHits).toBeGreaterThan(100);
    expect(cutHits).toBeLessThan(queries.length - 100);
  });
});
