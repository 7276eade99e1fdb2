import { buildMedialTree, farthestFirst } from '../src/fit/medial-tree';
import { computeDistanceField } from '../src/fit/distance-field';
import { solidVoxels } from '../src/fit/solid-voxels';
import type { VoxelGrid } from '../src/fit/voxel-grid';

/** The order the medial tree extracts branches in: farthest first, ties by voxel index, unreached (−1) left out. */
function bySort(solidList: Int32Array, rootDistance: Float32Array): number[] {
  return [...solidList].filter((v) => rootDistance[v]! >= 0).sort((a, b) => rootDistance[b]! - rootDistance[a]! || a - b);
}

/** A deterministic pseudo-random sequence (the test must not depend on the run). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

describe('farthestFirst (radix order of the reached voxels)', () => {
  test.each([
    ['few distinct distances (many ties)', (r: () => number) => Math.floor(r() * 5)],
    ['path lengths in voxels, steps of 1, √2, √3', (r: () => number) => Math.fround(Math.floor(r() * 60) + Math.SQRT2 * Math.floor(r() * 20) + Math.sqrt(3) * Math.floor(r() * 10))],
    ['distances across many float exponents', (r: () => number) => Math.fround(r() ** 8 * 1e6)],
    ['zero and one value only', (r: () => number) => (r() < 0.5 ? 0 : 1)],
    ['one value only', () => 3],
    ['a few roots at 0, path lengths up to 300 (a range of three digits)', (r: () => number) => (r() < 0.01 ? 0 : Math.fround(1 + r() * 300))],
    ['a few roots at 0, path lengths up to 100 (two digits)', (r: () => number) => (r() < 0.01 ? 0 : Math.fround(1 + r() * 99))],
    ['tiny and huge distances (the widest range)', (r: () => number) => Math.fround(r() < 0.5 ? 1e-30 * r() : 1e30 * r())],
  ])('matches a comparison sort: %s', (_name, distance) => {
    const r = lcg(7);
    const n = 5000;
    const rootDistance = new Float32Array(n * 2).fill(-1);
    const solid: number[] = [];
    for (let v = 0; v < 2 * n; v++) {
      if (r() < 0.5) continue;
      solid.push(v);
      // Some solid voxels are unreached (−1): they are left out.
      rootDistance[v] = r() < 0.05 ? -1 : distance(r);
    }
    const solidList = Int32Array.from(solid);
    expect([...farthestFirst(solidList, rootDistance)]).toEqual(bySort(solidList, rootDistance));
  });

  test('short lists (narrower digits, more passes) match a comparison sort too', () => {
    const r = lcg(11);
    for (const n of [3, 40, 300]) {
      const rootDistance = new Float32Array(n).fill(-1);
      const solid: number[] = [];
      for (let v = 0; v < n; v++) {
        if (r() < 0.3) continue;
        solid.push(v);
        rootDistance[v] = r() < 0.05 ? 0 : Math.fround(1 + r() * 200);
      }
      const solidList = Int32Array.from(solid);
      expect([...farthestFirst(solidList, rootDistance)]).toEqual(bySort(solidList, rootDistance));
    }
  });

  test('empty and all-unreached lists give an empty order', () => {
    expect(farthestFirst(new Int32Array(0), new Float32Array(4)).length).toBe(0);
    expect(farthestFirst(Int32Array.from([0, 2]), Float32Array.from([-1, 0, -1])).length).toBe(0);
  });
});

describe('buildMedialTree\'s root (the thickest voxel, ties nearest the centroid)', () => {
  test('is the voxel the division-based scan picks, on random blobs with many equal thicknesses', () => {
    for (let seed = 1; seed <= 4; seed++) {
      const r = lcg(seed);
      const nx = 11 + 4 * seed, ny = 9 + 3 * seed, nz = 7 + 5 * seed;
      const solid = new Uint8Array(nx * ny * nz);
      // A few boxes (flat tops: many voxels share the largest thickness), off the border layer.
      for (let b = 0; b < 4; b++) {
        const x0 = 1 + Math.floor(r() * (nx - 6)), y0 = 1 + Math.floor(r() * (ny - 6)), z0 = 1 + Math.floor(r() * (nz - 6));
        for (let z = z0; z < Math.min(nz - 1, z0 + 5 + seed); z++)
          for (let y = y0; y < Math.min(ny - 1, y0 + 5); y++)
            for (let x = x0; x < Math.min(nx - 1, x0 + 4 + b); x++) solid[x + nx * (y + ny * z)] = 1;
      }
      const grid: VoxelGrid = { nx, ny, nz, origin: [0, 0, 0], cell: 1, solid, min: [0, 0, 0], max: [nx, ny, nz] };
      const list = solidVoxels(solid);
      const dt = computeDistanceField(grid, list);
      // The scan as it was written before the rows were followed along the list.
      let cx = 0, cy = 0, cz = 0, root = -1, best = 0;
      const nxy = nx * ny;
      for (const i of list) { cx += i % nx; cy += Math.floor(i / nx) % ny; cz += Math.floor(i / nxy); }
      cx /= list.length; cy /= list.length; cz /= list.length;
      for (const i of list) {
        const score = dt[i]! - 1e-4 * ((i % nx - cx) ** 2 + ((Math.floor(i / nx) % ny) - cy) ** 2 + (Math.floor(i / nxy) - cz) ** 2);
        if (root < 0 || score > best) { best = score; root = i; }
      }
      expect(buildMedialTree(grid, dt, { maxBranches: 4 }, list).root).toBe(root);
    }
  });
});
