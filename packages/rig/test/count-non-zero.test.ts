import { countNonZero } from '../src/voxel/count-non-zero';
import { solidVoxels } from '../src/fit/solid-voxels';
import { EMPTY } from '../src/skinning/skin-voxel-grid';

/** The byte-by-byte scans the word scans replaced. */
function slowList(cells: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < cells.length; i++) if (cells[i]) out.push(i);
  return out;
}

/** A grid of mostly air with runs of cells set to 1..3, from a fixed seed. */
function grid(length: number, seed: number): Uint8Array {
  const cells = new Uint8Array(length);
  let s = seed;
  const rand = (): number => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 4294967296);
  for (let i = 0; i < length; i++) if (rand() < 0.15) cells[i] = 1 + Math.floor(rand() * 3);
  return cells;
}

describe('countNonZero and solidVoxels (word scans)', () => {
  it('count and list the non-zero cells as a byte scan does, at any length and offset', () => {
    for (const length of [0, 1, 3, 4, 5, 7, 8, 63, 64, 65, 1001]) {
      for (const offset of [0, 1, 2, 3, 4]) {
        const whole = grid(length + offset, 7 * length + offset + 1);
        const cells = whole.subarray(offset);
        const expected = slowList(cells);
        expect(countNonZero(cells)).toBe(expected.length);
        expect(Array.from(solidVoxels(cells))).toEqual(expected);
      }
    }
  });

  it('counts all-air and all-solid grids', () => {
    expect(countNonZero(new Uint8Array(17))).toBe(0);
    expect(countNonZero(new Uint8Array(17).fill(1))).toBe(17);
    expect(Array.from(solidVoxels(new Uint8Array(9).fill(2)))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("the skin grid's air is 0, so its filled cells are the non-zero ones", () => {
    expect(EMPTY).toBe(0);
  });
});
