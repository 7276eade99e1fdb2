/**
 * Props and other bulky shapes fill their bounding box with solid voxels, where thin creatures fill
 * a few percent of it. The analysis must coarsen its grid for them (a crate once took 75 s to fit
 * and 13 s to skin), and still give a full skeleton and valid weights for any body plan.
 */
import type { Mesh } from '@rigforge/mesh';
import { computeSkinWeights, fitSkeleton } from '../src';
import { analyzeShape } from '../src/fit/shape-analysis';
import { voxelGridCells, voxelizeMesh, voxelTriangles } from '../src/fit/voxel-grid';

/** A closed box with a lid overhang, like a crate: one bulky solid. */
function crate(): Mesh {
  const boxes: [number, number, number, number, number, number][] = [
    [-0.4, 0, -0.3, 0.4, 0.6, 0.3],
    [-0.45, 0.6, -0.35, 0.45, 0.65, 0.35],
  ];
  const positions: number[] = [];
  const indices: number[] = [];
  for (const [x0, y0, z0, x1, y1, z1] of boxes) {
    const base = positions.length / 3;
    for (const x of [x0, x1]) for (const y of [y0, y1]) for (const z of [z0, z1]) positions.push(x, y, z);
    for (const [a, b, c, d] of [[0, 1, 3, 2], [4, 6, 7, 5], [0, 4, 5, 1], [2, 3, 7, 6], [0, 2, 6, 4], [1, 5, 7, 3]] as const) {
      indices.push(base + a, base + b, base + c, base + a, base + c, base + d);
    }
  }
  return { positions: new Float32Array(positions), indices: new Uint32Array(indices), groups: [], materials: [] };
}

test('a bulky shape is analysed on a coarser grid, so the work stays bounded', () => {
  const shape = analyzeShape(crate(), 80);
  let solid = 0;
  for (const v of shape.grid.solid) solid += v;
  expect(solid).toBeLessThanOrEqual(40_000);
  expect(solid).toBeGreaterThan(5_000); // coarsened, not degenerate
});

test('the probe\'s bound: voxelGridCells is the cells of the grid voxelizeMesh makes', () => {
  const mesh = crate();
  // A slab of the crate: thin, so its probe at 24 is skipped at 48 cells (cells × 8 ≤ 80k).
  const slab: Mesh = { ...mesh, positions: mesh.positions.map((v, i) => (i % 3 === 2 ? v * 0.05 : v)) };
  for (const m of [mesh, slab]) {
    for (const resolution of [24, 48, 80]) {
      const triangles = voxelTriangles(m);
      expect(voxelGridCells(triangles, resolution)).toBe(voxelizeMesh(m, { resolution }, triangles).solid.length);
    }
  }
  expect(voxelGridCells(voxelTriangles(slab), 24) * 8).toBeLessThanOrEqual(80_000);
  // The slab analysed at 48 is not coarsened (the probe could not have been).
  const cells = analyzeShape(slab, 48).grid;
  expect(Math.max(cells.nx, cells.ny, cells.nz)).toBeGreaterThanOrEqual(48);
});

test.each(['biped', 'quadruped', 'others'] as const)('a crate rigged as %s gets a full skeleton and valid weights', (plan) => {
  const mesh = crate();
  const { skeleton, report } = fitSkeleton(mesh, plan);
  expect(skeleton.joints.length).toBeGreaterThan(1);
  expect(report.matchScore).toBeLessThanOrEqual(1);
  const skin = computeSkinWeights(mesh, skeleton);
  for (let v = 0; v < mesh.positions.length / 3; v++) {
    let sum = 0;
    for (let k = 0; k < 4; k++) sum += skin.weights[v * 4 + k]!;
    expect(sum).toBeCloseTo(1, 4);
  }
});
