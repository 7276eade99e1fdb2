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

  test('meanReflected is the mean of nearest over the reflected points, bit for bit, bound included', () => {
    let seed = 11;
    const rand = (): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 4294967296;
    };
    const count = 1200;
    const pts = new Float64Array(count * 3);
    for (let i = 0; i < count; i++) {
      const u = rand() * 4 - 2, v = rand() * 2;
      pts.set([u, v, 0.3 * Math.sin(u * 2) + 0.01 * rand() + 0.2 * u * u], 3 * i);
    }
    const lo: [number, number, number] = [Infinity, Infinity, Infinity];
    const hi: [number, number, number] = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < count; i++) for (let k = 0; k < 3; k++) { lo[k] = Math.min(lo[k]!, pts[3 * i + k]!); hi[k] = Math.max(hi[k]!, pts[3 * i + k]!); }
    const diag = Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
    const grid = new PointGrid(pts, lo, 0.05 * diag);
    const centre: [number, number, number] = [0.01, 1, 0.4];
    // The loop findMirrorPlanes ran before: nearest per reflected point.
    const byNearest = (nv: [number, number, number], m: number, above: number): number => {
      let t = 0;
      for (let i = 0; i < m; i++) {
        const x = pts[3 * i]!, y = pts[3 * i + 1]!, z = pts[3 * i + 2]!;
        const d = 2 * ((x - centre[0]) * nv[0] + (y - centre[1]) * nv[1] + (z - centre[2]) * nv[2]);
        t += grid.nearest(x - d * nv[0], y - d * nv[1], z - d * nv[2]);
        if (t / m / diag > above) return Infinity;
      }
      return t / m / diag;
    };
    let stopped = 0;
    for (let q = 0; q < 60; q++) {
      const a = rand() * Math.PI, b = rand() * 2 * Math.PI;
      const nv: [number, number, number] = q < 3 ? ([[1, 0, 0], [0, 1, 0], [0, 0, 1]] as [number, number, number][])[q]! : [Math.sin(a) * Math.cos(b), Math.sin(a) * Math.sin(b), Math.cos(a)];
      const m = q % 2 ? count : 300;
      const full = byNearest(nv, m, Infinity);
      expect(Object.is(grid.meanReflected(pts, m, centre, nv, diag, Infinity), full)).toBe(true);
      const above = full * (0.5 + rand());
      const bounded = byNearest(nv, m, above);
      if (bounded === Infinity) stopped++;
      expect(Object.is(grid.meanReflected(pts, m, centre, nv, diag, above), bounded)).toBe(true);
    }
    expect(stopped).toBeGreaterThan(5);
  });

  test('meanReflected reads only the cells across open faces and still equals nearest: points and reflections on cell borders', () => {
    // A lattice at half the cut: every point and, across planes through lattice points, every
    // reflection lies on cell faces, edges and corners, where a face's gap is 0 or exactly one
    // cell (the cases the open-face mask and the rounding margin decide).
    const cut = 0.2;
    const list: number[] = [];
    for (let i = 0; i < 13; i++) for (let j = 0; j < 9; j++) for (let k = 0; k < 5; k++) if ((i * 7 + j * 3 + k * 5) % 4 !== 0) list.push(i * cut / 2, j * cut / 2, k * cut / 2 + (i % 3 === 0 ? 1e-17 : 0));
    const pts = Float64Array.from(list);
    const count = pts.length / 3;
    const lo: [number, number, number] = [0, 0, 0];
    const grid = new PointGrid(pts, lo, cut);
    const diag = Math.hypot(1.2, 0.8, 0.4);
    for (const centre of [[0.6, 0.4, 0.2], [0.5, 0.3, 0.1], [0.55, 0.45, 0.15]] as [number, number, number][]) {
      for (const nv of [[1, 0, 0], [0, 1, 0], [0, 0, 1], [Math.SQRT1_2, Math.SQRT1_2, 0], [0, Math.SQRT1_2, -Math.SQRT1_2]] as [number, number, number][]) {
        let t = 0;
        for (let i = 0; i < count; i++) {
          const x = pts[3 * i]!, y = pts[3 * i + 1]!, z = pts[3 * i + 2]!;
          const d = 2 * ((x - centre[0]) * nv[0] + (y - centre[1]) * nv[1] + (z - centre[2]) * nv[2]);
          t += grid.nearest(x - d * nv[0], y - d * nv[1], z - d * nv[2]);
        }
        expect(Object.is(grid.meanReflected(pts, count, centre, nv, diag, Infinity), t / count / diag)).toBe(true);
      }
    }
  });
});
