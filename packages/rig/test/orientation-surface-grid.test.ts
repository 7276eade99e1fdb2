/**
 * The orientation's 32-cell surface grid (`buildSurfaceGrid`) is the same, cell for cell and bit
 * for bit in its normal sums, as the sampling loop and cell lists it replaced (Round 45: whole-number
 * cells and the cell lists read a word at a time), kept below as the reference: random triangles
 * large and small, vertices on cell borders and on the box's faces, a flat sheet, degenerate
 * triangles and a non-finite vertex. Likewise the exemplar cue's voxels (`silhouetteProjections`),
 * and the enclosed fill (`fillEnclosed`, a row of cells a word) against the cell-by-cell walk.
 */
import type { Mesh } from '@rigforge/mesh';
import { silhouetteProjections, SILHOUETTE_VOXELS } from '../src/orientation-exemplars';
import { buildSurfaceGrid, fillEnclosed } from '../src/orientation-features';

const N = 32;

/** The loop before Round 45 (its cells and normal sums) and its cell lists. */
function referenceGrid(mesh: Mesh): { occupied: Uint8Array; normals: Float32Array } {
  const p = mesh.positions;
  const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i + 2 < p.length; i += 3) for (let k = 0; k < 3; k++) { min[k] = Math.min(min[k]!, p[i + k]!); max[k] = Math.max(max[k]!, p[i + k]!); }
  const rawExtent = [0, 1, 2].map((k) => Math.max(max[k]! - min[k]!, 0));
  const diag = Math.hypot(...rawExtent) || 1;
  const extent = rawExtent.map((e) => Math.max(e, 1e-6 * diag));
  const occupied = new Uint8Array(N * N * N), normals = new Float32Array(N * N * N * 3);
  const idx = mesh.indices;
  const cell = (v: number, k: number): number => ((v - min[k]!) / extent[k]!) * N;
  for (let t = 0; t + 2 < idx.length; t += 3) {
    const a = idx[t]! * 3, b = idx[t + 1]! * 3, c = idx[t + 2]! * 3;
    const A0 = cell(p[a]!, 0), A1 = cell(p[a + 1]!, 1), A2 = cell(p[a + 2]!, 2);
    const B0 = cell(p[b]!, 0), B1 = cell(p[b + 1]!, 1), B2 = cell(p[b + 2]!, 2);
    const C0 = cell(p[c]!, 0), C1 = cell(p[c + 1]!, 1), C2 = cell(p[c + 2]!, 2);
    const u0 = p[b]! - p[a]!, u1 = p[b + 1]! - p[a + 1]!, u2 = p[b + 2]! - p[a + 2]!;
    const w0 = p[c]! - p[a]!, w1 = p[c + 1]! - p[a + 1]!, w2 = p[c + 2]! - p[a + 2]!;
    const nx = u1 * w2 - u2 * w1, ny = u2 * w0 - u0 * w2, nz = u0 * w1 - u1 * w0;
    const ab = (A0 - B0) ** 2 + (A1 - B1) ** 2 + (A2 - B2) ** 2;
    const bc = (B0 - C0) ** 2 + (B1 - C1) ** 2 + (B2 - C2) ** 2;
    const ca = (C0 - A0) ** 2 + (C1 - A1) ** 2 + (C2 - A2) ** 2;
    let twice = 2 * Math.sqrt(Math.max(ab, bc, ca));
    if (Math.abs(twice - Math.round(twice)) <= 1e-9 * (1 + twice)) {
      twice = Math.max(Math.hypot(A0 - B0, A1 - B1, A2 - B2), Math.hypot(B0 - C0, B1 - C1, B2 - C2), Math.hypot(C0 - A0, C1 - A1, C2 - A2)) * 2;
    }
    const steps = Math.min(Math.ceil(twice), 256);
    const samples = ((steps + 1) * (steps + 2)) / 2;
    const sx = nx / samples, sy = ny / samples, sz = nz / samples;
    const den = Math.max(steps, 1);
    for (let i = 0; i <= steps; i++) {
      const s = i / den;
      const rest = 1 - s, sB0 = s * B0, sB1 = s * B1, sB2 = s * B2;
      for (let j = 0; j <= steps - i; j++) {
        const r = j / den, q = rest - r;
        const x = Math.min(N - 1, Math.max(0, Math.floor(q * A0 + sB0 + r * C0)));
        const y = Math.min(N - 1, Math.max(0, Math.floor(q * A1 + sB1 + r * C1)));
        const z = Math.min(N - 1, Math.max(0, Math.floor(q * A2 + sB2 + r * C2)));
        const v = (x * N + y) * N + z;
        occupied[v] = 1;
        const n = v * 3;
        normals[n] = normals[n]! + sx;
        normals[n + 1] = normals[n + 1]! + sy;
        normals[n + 2] = normals[n + 2]! + sz;
      }
    }
  }
  return { occupied, normals };
}

/** The enclosed fill before Round 45: a walk from the border cell by cell; solid = occupied or never reached. */
function referenceFill(occupied: Uint8Array): Uint8Array {
  const NN = N * N;
  const blocked = new Uint8Array(occupied);
  const stack = new Int32Array(occupied.length);
  let top = 0;
  for (let a = 0; a < N; a++) {
    for (let b = 0; b < N; b++) {
      for (const v of [b * N + a, (N - 1) * NN + a * N + b, a * NN + b, a * NN + (N - 1) * N + b, a * NN + b * N, a * NN + b * N + N - 1]) {
        if (!blocked[v]) { blocked[v] = 1; stack[top++] = v; }
      }
    }
  }
  while (top > 0) {
    const v = stack[--top]!;
    const x = Math.floor(v / NN), y = Math.floor(v / N) % N, z = v % N;
    for (const [d, ok] of [[-NN, x > 0], [NN, x < N - 1], [-N, y > 0], [N, y < N - 1], [-1, z > 0], [1, z < N - 1]] as [number, boolean][]) {
      if (ok && !blocked[v + d]) { blocked[v + d] = 1; stack[top++] = v + d; }
    }
  }
  return Uint8Array.from(occupied, (o, i) => (o || !blocked[i] ? 1 : 0));
}

/** The set cells' coordinates in index order, as the lists were made before. */
function referenceCells(cells: Uint8Array): number[][] {
  const at: number[][] = [[], [], []];
  for (let i = 0; i < cells.length; i++) {
    if (!cells[i]) continue;
    at[0]!.push(Math.floor(i / (N * N))); at[1]!.push(Math.floor(i / N) % N); at[2]!.push(i % N);
  }
  return at;
}

function lcg(seed: number): () => number {
  return () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 4294967296;
  };
}

function meshOf(positions: number[], indices: number[]): Mesh {
  return { positions: new Float32Array(positions), indices: new Uint32Array(indices), groups: [], materials: [] };
}

/** Random triangles: some spanning much of the box, most small; some vertices on a 1/32 lattice (cell borders). */
function randomMesh(seed: number, flat = false): Mesh {
  const rand = lcg(seed);
  const positions: number[] = [], indices: number[] = [];
  for (let t = 0; t < 300; t++) {
    const big = rand() < 0.1;
    const base = [rand() * 3 - 1, rand() * 2, rand() * 1.5 - 0.5];
    for (let v = 0; v < 3; v++) {
      const onLattice = rand() < 0.3;
      const q = [0, 1, 2].map((k) => {
        const x = base[k]! + (big ? rand() * 2 - 1 : rand() * 0.2 - 0.1);
        return onLattice ? Math.round(x * 32) / 32 : x;
      });
      positions.push(q[0]!, q[1]!, flat ? 0.25 : q[2]!);
    }
    indices.push(3 * t, 3 * t + 1, rand() < 0.05 ? 3 * t : 3 * t + 2); // a few degenerate (two corners shared)
  }
  // The box's corners, so the box's faces hold vertices (cells clamped to N − 1).
  positions.push(-3, -1, -2, 3, 4, flat ? 0.25 : 2, 3, -1, flat ? 0.25 : 2);
  indices.push(900, 901, 902);
  return meshOf(positions, indices);
}

/**
 * Tiny triangles scattered over the box, most under half a cell on a side (sampled at their corners
 * only: one step), some on the 1/32 lattice, with the box's corners on its faces.
 */
function tinyMesh(seed: number): Mesh {
  const rand = lcg(seed);
  const positions: number[] = [], indices: number[] = [];
  for (let t = 0; t < 600; t++) {
    const base = [rand() * 3 - 1, rand() * 2, rand() * 1.5 - 0.5];
    const onLattice = rand() < 0.2;
    for (let v = 0; v < 3; v++) {
      const q = [0, 1, 2].map((k) => base[k]! + rand() * 0.04 - 0.02);
      positions.push(...(onLattice ? q.map((x) => Math.round(x * 32) / 32) : q));
    }
    indices.push(3 * t, 3 * t + 1, 3 * t + 2);
  }
  positions.push(-1.1, -0.1, -0.6, 2.1, 2.1, 1.1, 2.1, -0.1, 1.1);
  indices.push(1800, 1801, 1802);
  return meshOf(positions, indices);
}

function expectSameGrid(mesh: Mesh): void {
  const grid = buildSurfaceGrid(mesh);
  const ref = referenceGrid(mesh);
  expect(Buffer.from(grid.occupied).equals(Buffer.from(ref.occupied))).toBe(true);
  expect(Buffer.from(grid.normals.buffer).equals(Buffer.from(ref.normals.buffer))).toBe(true);
  expect(Buffer.from(grid.solid).equals(Buffer.from(referenceFill(ref.occupied)))).toBe(true);
  const occupied = referenceCells(ref.occupied), solid = referenceCells(grid.solid);
  expect(grid.occupiedCells.count).toBe(occupied[0]!.length);
  expect(grid.solidCells.count).toBe(solid[0]!.length);
  for (const k of [0, 1, 2] as const) {
    expect(Array.from(grid.occupiedCells.at[k])).toEqual(occupied[k]);
    expect(Array.from(grid.solidCells.at[k])).toEqual(solid[k]);
  }
}

describe('the orientation surface grid', () => {
  it('marks the cells and sums the normals of the loop it replaced, bit for bit', () => {
    for (const seed of [1, 2, 3, 4]) expectSameGrid(randomMesh(seed));
    for (const seed of [12, 13]) expectSameGrid(tinyMesh(seed));
  });

  it('does so for a flat sheet (one layer of cells) and a mesh with a non-finite vertex', () => {
    expectSameGrid(randomMesh(5, true));
    const withNaN = randomMesh(6);
    withNaN.positions[7] = Number.NaN;
    expectSameGrid(withNaN);
  });

  it('lists cells on a grid whose set cells are scattered over words (the four-at-a-time reading)', () => {
    // A closed box fills solid cells whole words at a time; its thin walls leave words part set.
    const positions: number[] = [], indices: number[] = [];
    const corners = (lo: number[], hi: number[]): void => {
      const base = positions.length / 3;
      for (let i = 0; i < 8; i++) positions.push(i & 1 ? hi[0]! : lo[0]!, i & 2 ? hi[1]! : lo[1]!, i & 4 ? hi[2]! : lo[2]!);
      for (const [a, b, c, d] of [[0, 1, 3, 2], [4, 6, 7, 5], [0, 4, 5, 1], [2, 3, 7, 6], [0, 2, 6, 4], [1, 5, 7, 3]]) indices.push(base + a!, base + b!, base + c!, base + a!, base + c!, base + d!);
    };
    corners([0, 0, 0], [1, 1, 1]);
    corners([0.3, 0.41, 0.13], [0.57, 0.62, 0.9]);
    expectSameGrid(meshOf(positions, indices));
  });

  it('gives the exemplar cue the projections of the voxel loop it replaced', () => {
    const R = SILHOUETTE_VOXELS;
    // The loop before Round 45 (surfaceVoxels) and the projections of its voxels.
    const reference = (mesh: Mesh): Uint8Array[] => {
      const p = mesh.positions, idx = mesh.indices;
      const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
      for (let i = 0; i + 2 < p.length; i += 3) for (let k = 0; k < 3; k++) { const v = p[i + k]!; if (v < lo[k]!) lo[k] = v; if (v > hi[k]!) hi[k] = v; }
      const side = Math.max(hi[0]! - lo[0]!, hi[1]! - lo[1]!, hi[2]! - lo[2]!, 1e-9);
      const o = [0, 1, 2].map((k) => (lo[k]! + hi[k]!) / 2 - side / 2);
      const voxel = side / R;
      const grid = new Uint8Array(R * R * R);
      for (let f = 0; f + 2 < idx.length; f += 3) {
        const a = idx[f]! * 3, b = idx[f + 1]! * 3, c = idx[f + 2]! * 3;
        const ax = p[a]!, ay = p[a + 1]!, az = p[a + 2]!, bx = p[b]!, by = p[b + 1]!, bz = p[b + 2]!, cx = p[c]!, cy = p[c + 1]!, cz = p[c + 2]!;
        const ab = (ax - bx) ** 2 + (ay - by) ** 2 + (az - bz) ** 2, bc = (bx - cx) ** 2 + (by - cy) ** 2 + (bz - cz) ** 2, ca = (cx - ax) ** 2 + (cy - ay) ** 2 + (cz - az) ** 2;
        let twice = (2 * Math.sqrt(Math.max(ab, bc, ca))) / voxel;
        if (Math.abs(twice - Math.round(twice)) <= 1e-9 * (1 + twice)) {
          twice = (2 * Math.max(Math.hypot(ax - bx, ay - by, az - bz), Math.hypot(bx - cx, by - cy, bz - cz), Math.hypot(cx - ax, cy - ay, cz - az))) / voxel;
        }
        const n = Math.max(1, Math.ceil(twice));
        for (let u = 0; u <= n; u++) {
          const wb = u / n, wbx = wb * bx, wby = wb * by, wbz = wb * bz;
          for (let v = 0; u + v <= n; v++) {
            const wa = 1 - (u + v) / n, wc = v / n;
            const i = Math.min(R - 1, Math.max(0, Math.floor((wa * ax + wbx + wc * cx - o[0]!) / voxel)));
            const j = Math.min(R - 1, Math.max(0, Math.floor((wa * ay + wby + wc * cy - o[1]!) / voxel)));
            const k = Math.min(R - 1, Math.max(0, Math.floor((wa * az + wbz + wc * cz - o[2]!) / voxel)));
            grid[(i * R + j) * R + k] = 1;
          }
        }
      }
      const projection = [new Uint8Array(R * R), new Uint8Array(R * R), new Uint8Array(R * R)];
      for (let i = 0; i < R; i++) for (let j = 0; j < R; j++) for (let k = 0; k < R; k++) {
        if (!grid[(i * R + j) * R + k]) continue;
        projection[0]![j * R + k] = 1; projection[1]![i * R + k] = 1; projection[2]![i * R + j] = 1;
      }
      return projection;
    };
    const withNaN = randomMesh(9);
    withNaN.positions[4] = Number.NaN;
    for (const mesh of [randomMesh(7), randomMesh(8, true), withNaN, tinyMesh(10), tinyMesh(11)]) {
      const now = silhouetteProjections(mesh), before = reference(mesh);
      for (let k = 0; k < 3; k++) expect(Buffer.from(now[k]!).equals(Buffer.from(before[k]!))).toBe(true);
    }
  });

  it('fills what the cell-by-cell walk leaves unreached: random walls, shells with holes, a winding passage', () => {
    const rand = lcg(21);
    const at = (x: number, y: number, z: number): number => (x * N + y) * N + z;
    const grids: Uint8Array[] = [];
    for (const density of [0.05, 0.3, 0.55, 0.7]) grids.push(Uint8Array.from({ length: N ** 3 }, () => (rand() < density ? 1 : 0)));
    // Nested box shells, the outer with a hole on a face, the inner closed (its inside solid).
    const shells = new Uint8Array(N ** 3);
    for (const [lo, hi] of [[2, 29], [9, 20]]) {
      for (let x = lo!; x <= hi!; x++) for (let y = lo!; y <= hi!; y++) for (let z = lo!; z <= hi!; z++) {
        if (x === lo || x === hi || y === lo || y === hi || z === lo || z === hi) shells[at(x, y, z)] = 1;
      }
    }
    shells[at(2, 15, 15)] = 0;
    grids.push(shells);
    // A walled block whose one way in winds back and forth (many sweeps forward and back): its
    // passage is outside, the sealed pockets beside it inside.
    const maze = new Uint8Array(N ** 3).fill(1);
    for (let x = 0; x < N; x++) for (let y = 0; y < N; y++) for (let z = 0; z < N; z++) if (x === 0 || y === 0 || z === 0 || x === N - 1 || y === N - 1 || z === N - 1) maze[at(x, y, z)] = 0;
    for (let y = 1; y < N - 1; y += 2) {
      for (let x = 1; x < N - 1; x++) maze[at(x, y, 16)] = 0;
      maze[at(y % 4 === 1 ? N - 2 : 1, y + 1, 16)] = 0;
    }
    maze[at(1, 1, 16)] = 0; maze[at(0, 1, 16)] = 0;
    maze[at(5, 5, 5)] = 0; maze[at(5, 5, 6)] = 0; // a sealed pocket
    grids.push(maze, new Uint8Array(N ** 3), new Uint8Array(N ** 3).fill(1));
    for (const g of grids) expect(Buffer.from(fillEnclosed(g)).equals(Buffer.from(referenceFill(g)))).toBe(true);
    // The maze's passage is outside and its pocket solid (the test reads both kinds of cell).
    const filled = fillEnclosed(maze);
    expect(filled[at(N - 3, 29, 16)]).toBe(0);
    expect(filled[at(5, 5, 5)]).toBe(1);
  });
});
