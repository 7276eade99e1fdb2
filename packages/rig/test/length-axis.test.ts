/** The axis a body lies along: its bounding box's longest side, when clearly the longest. */
import type { Mesh } from '@rigforge/mesh';
import { lengthAxisOf } from '../src/length-axis';

/** The eight corners of a box of the given size (no triangles needed: only the extent is read). */
function box(x: number, y: number, z: number): Mesh {
  const positions: number[] = [];
  for (const a of [0, x]) for (const b of [0, y]) for (const c of [0, z]) positions.push(a, b, c);
  return { positions: new Float32Array(positions), indices: new Uint32Array([0, 1, 2]), groups: [], materials: [] };
}

describe('lengthAxisOf', () => {
  test('the longest side when it is at least 1.5 times each other', () => {
    expect(lengthAxisOf(box(1, 3, 1))).toBe('y');
    expect(lengthAxisOf(box(0.4, 0.3, 1.2))).toBe('z');
    expect(lengthAxisOf(box(2, 1, 1.3))).toBe('x');
  });

  test('none when two sides are near as long (a round or flat body)', () => {
    expect(lengthAxisOf(box(1, 1.4, 1))).toBeUndefined();
    expect(lengthAxisOf(box(2, 1.5, 0.2))).toBeUndefined();
    expect(lengthAxisOf(box(1, 1.4, 1), { minRatio: 1.3 })).toBe('y');
  });
});
