/**
 * The skinning grid is sized to the mesh's detail: a coarse mesh (long edges) gets no finer a
 * grid than MIN_DETAIL_RESOLUTION, since cells finer than its edges resolve nothing it has and
 * cost voxels (and the geodesic search over them); a finely tessellated mesh keeps the requested
 * resolution.
 */
import { EMPTY, skinGridFrame, voxelizeSkinGrid } from '../src/skinning/skin-voxel-grid';
import { meshDetailResolution, skinGridTarget, voxelizeWithinBudget } from '../src/skinning/voxelize-within-budget';

/** A w × h × d box whose faces are each split into n × n quads (12·n² triangles). */
function box(n: number, w = 0.25, h = 2, d = 0.125): { positions: Float32Array; indices: Uint32Array } {
  const positions: number[] = [];
  const indices: number[] = [];
  // Each face: an origin corner and two edge vectors spanning it.
  const faces: [number[], number[], number[]][] = [
    [[0, 0, 0], [w, 0, 0], [0, h, 0]], [[0, 0, d], [0, h, 0], [w, 0, 0]],
    [[0, 0, 0], [0, h, 0], [0, 0, d]], [[w, 0, 0], [0, 0, d], [0, h, 0]],
    [[0, 0, 0], [0, 0, d], [w, 0, 0]], [[0, h, 0], [w, 0, 0], [0, 0, d]],
  ];
  for (const [o, u, v] of faces) {
    const base = positions.length / 3;
    for (let i = 0; i <= n; i++) {
      for (let j = 0; j <= n; j++) {
        for (let a = 0; a < 3; a++) positions.push(o[a]! + (u[a]! * i) / n + (v[a]! * j) / n);
      }
    }
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const q = base + i * (n + 1) + j;
        indices.push(q, q + n + 1, q + n + 2, q, q + n + 2, q + 1);
      }
    }
  }
  return { positions: new Float32Array(positions), indices: new Uint32Array(indices) };
}

/** Cells along the grid's longest side, without its padding (2 each side) and the extra cell. */
const cellsAlongLongest = (g: { nx: number; ny: number; nz: number }): number => Math.max(g.nx, g.ny, g.nz) - 5;

test('the detail of a mesh is its longest side over its short edges', () => {
  // 2 high, faces split 4 × 4: edges from the height's 0.5 down to the 0.125-deep side's 0.03125.
  const detail = meshDetailResolution(box(4).positions, box(4).indices);
  expect(detail).toBeGreaterThanOrEqual(2 / 0.5);
  expect(detail).toBeLessThanOrEqual(2 / 0.03125 + 1e-6);
  expect(meshDetailResolution(box(64).positions, box(64).indices)).toBeGreaterThan(100);
});

test('a coarse mesh is voxelised at its detail, a fine one at the requested resolution', () => {
  // (A slender box, so that the solid stays within the voxel budget at 128.)
  const coarse = box(2);
  expect(cellsAlongLongest(voxelizeWithinBudget(coarse.positions, coarse.indices, 128))).toBe(64);
  const fine = box(64);
  expect(cellsAlongLongest(voxelizeWithinBudget(fine.positions, fine.indices, 128))).toBe(128);
  // Never above the requested resolution, whatever the detail.
  expect(cellsAlongLongest(voxelizeWithinBudget(fine.positions, fine.indices, 96))).toBe(96);
});

test('the detail scale and floor size the grid below the detail, never under the floor or over the resolution', () => {
  expect(skinGridTarget(128, 100)).toBe(100);
  expect(skinGridTarget(128, 100, { detailScale: 0.5 })).toBe(64);
  expect(skinGridTarget(128, 180, { detailScale: 0.5 })).toBe(90);
  expect(skinGridTarget(128, 180, { detailScale: 0.5, minDetailResolution: 48 })).toBe(90);
  expect(skinGridTarget(128, 80, { detailScale: 0.5, minDetailResolution: 48 })).toBe(48);
  expect(skinGridTarget(128, 1000, { detailScale: 0.5 })).toBe(128);
  expect(skinGridTarget(40, 10)).toBe(40);
  // Scale 1 is the plain detail, rounded up, as before the option.
  expect(skinGridTarget(128, 70.2)).toBe(71);
  // A box whose detail is between: half of it is coarser than the requested 128 and the floor.
  const mid = box(12);
  const detail = meshDetailResolution(mid.positions, mid.indices);
  expect(0.5 * detail).toBeGreaterThan(64);
  expect(0.5 * detail).toBeLessThan(128);
  expect(cellsAlongLongest(voxelizeWithinBudget(mid.positions, mid.indices, 128, { detailScale: 0.5 }))).toBe(Math.ceil(0.5 * detail));
});

test('the grid frame is the voxeliser\'s, and its cells bound the solid (the probe is skipped by that bound)', () => {
  for (const [mesh, resolution] of [[box(4), 32], [box(3, 1, 1, 1), 32], [box(8, 0.7, 1, 0.9), 57]] as const) {
    const grid = voxelizeSkinGrid(mesh.positions, mesh.indices, { resolution });
    const frame = skinGridFrame(mesh.positions, { resolution });
    expect(frame.dims).toEqual([grid.nx, grid.ny, grid.nz]);
    expect(frame.origin).toEqual(grid.origin);
    expect(frame.cell).toBe(grid.cell);
    expect(grid.state.filter((s) => s !== EMPTY).length).toBeLessThanOrEqual(frame.dims[0] * frame.dims[1] * frame.dims[2]);
  }
  // A solid cube at 128 cells (2.2M solid) is still coarsened: the probe runs where it could decide.
  const cube = box(64, 1, 1, 1);
  expect(cellsAlongLongest(voxelizeWithinBudget(cube.positions, cube.indices, 128))).toBeLessThan(128);
});
