import type { Mesh } from '@rigforge/mesh';
import { peakProminences, farthestFirstOrder } from '../src/fit/hand-tips';

/**
 * A height field over a square (an open surface), seen from far below: the distance from the
 * viewpoint rises and falls with the height, so its peaks are the field's bumps.
 */
function heightField(bumps: Array<[number, number]>, n = 41, soup = false): Mesh {
  const z = (x: number, y: number): number => bumps.reduce((s, [bx, by]) => s + Math.exp(-((x - bx) ** 2 + (y - by) ** 2) / 0.01), 0);
  const grid: number[] = [];
  for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) { const x = i / (n - 1), y = j / (n - 1); grid.push(x, y, z(x, y)); }
  const tris: number[] = [];
  for (let j = 0; j + 1 < n; j++)
    for (let i = 0; i + 1 < n; i++) {
      const a = j * n + i;
      tris.push(a, a + 1, a + n + 1, a, a + n + 1, a + n);
    }
  if (!soup) return { positions: new Float32Array(grid), indices: new Uint32Array(tris), groups: [], materials: [] };
  // Every triangle with its own corners (as the hand region's clipped copies are).
  const positions = tris.flatMap((v) => [grid[v * 3]!, grid[v * 3 + 1]!, grid[v * 3 + 2]!]);
  return { positions: new Float32Array(positions), indices: Uint32Array.from(tris, (_, k) => k), groups: [], materials: [] };
}

const below: [number, number, number] = [0.5, 0.5, -100];

describe('peakProminences', () => {
  it('reads four bumps as four prominent tips, largest first', () => {
    const p = peakProminences(heightField([[0.2, 0.2], [0.2, 0.8], [0.8, 0.2], [0.8, 0.8]]), below, 1, 5);
    expect(p[0]).toBeGreaterThan(100);
    for (const k of [1, 2, 3]) expect(p[k]).toBeGreaterThan(0.9);
    expect(p[4]).toBeLessThan(0.05);
    expect([...p].sort((a, b) => b - a)).toEqual(p);
  });

  it('reads one bump (a mitten) as one tip: the others are not prominent', () => {
    const p = peakProminences(heightField([[0.5, 0.5]]), below, 1, 4);
    expect(p[1]).toBeLessThan(0.05);
    expect(p[3]).toBeLessThan(0.05);
  });

  it('welds corners at the same position: a triangle soup reads as the indexed surface', () => {
    const bumps: Array<[number, number]> = [[0.2, 0.3], [0.7, 0.7], [0.3, 0.8]];
    expect(peakProminences(heightField(bumps, 21, true), below, 2, 4)).toEqual(peakProminences(heightField(bumps, 21), below, 2, 4));
  });

  it('gives a piece apart its own peak, and 0 for peaks the surface lacks', () => {
    const a = heightField([]);
    const shift = a.positions.length / 3;
    const far = heightField([]);
    for (let v = 0; v < shift; v++) far.positions[v * 3 + 2] = 50;
    const both: Mesh = {
      positions: new Float32Array([...a.positions, ...far.positions]),
      indices: Uint32Array.from([...a.indices, ...Array.from(far.indices, (v) => v + shift)]),
      groups: [], materials: [],
    };
    const p = peakProminences(both, below, 1, 3);
    expect(p[0]).toBeCloseTo(150, 0);
    expect(p[1]).toBeCloseTo(100, 0);
    // The flat sheets' corners are peaks a hair high.
    expect(p[2]).toBeLessThan(0.05);
    const triangle: Mesh = { positions: new Float32Array([0, 0, 1, 1, 0, 1, 0, 1, 1]), indices: new Uint32Array([0, 1, 2]), groups: [], materials: [] };
    expect(peakProminences(triangle, [0, 0, 0], 1, 3).slice(1)).toEqual([0, 0]);
  });
});

describe('farthestFirstOrder (the radix order of peakProminences\' vertices)', () => {
  test.each([
    ['distinct distances', (i: number) => Math.hypot(Math.sin(i), Math.cos(3 * i), i % 7)],
    ['many ties and zeros', (i: number) => (i % 5 === 0 ? 0 : (i * 7919) % 13)],
    ['one distance', () => 2.5],
    ['tiny, huge and subnormal', (i: number) => [5e-324, 1e-300, 3e300, 1, 0.5][i % 5]! * (1 + (i % 3))],
  ])('is the comparison sort by distance descending, ties by index: %s', (_name, at) => {
    for (const n of [0, 1, 2, 17, 900]) {
      const dist = Array.from({ length: n }, (_, i) => at(i));
      const bySort = Array.from({ length: n }, (_, i) => i).sort((a, b) => dist[b]! - dist[a]! || a - b);
      expect([...farthestFirstOrder(dist)]).toEqual(bySort);
    }
  });
});
