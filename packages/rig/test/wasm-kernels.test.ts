import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConjugateGradientWork, conjugateGradient } from '../src/skinning/heat-solver';
import { computeDistanceField } from '../src/fit/distance-field';
import { buildMedialTree, shortestPathTree } from '../src/fit/medial-tree';
import type { VoxelGrid } from '../src/fit/voxel-grid';
import { geodesicJointDistances } from '../src/skinning/geodesic-joint-distances';
import { voxelizeSkinGrid } from '../src/skinning/skin-voxel-grid';
import type { BoneSegment } from '../src/skinning/bone-segments';
import { floodOutside } from '../src/voxel/flood-outside';
import { FLOOD_OUTSIDE_WASM_BASE64 } from '../src/voxel/wasm/flood-outside-wasm-bytes';
import { GEODESIC_SEARCH_WASM_BASE64 } from '../src/skinning/wasm/geodesic-search-wasm-bytes';
import { JACOBI_CG_WASM_BASE64 } from '../src/skinning/wasm/jacobi-cg-wasm-bytes';
import { NEAREST_PIECES_WASM_BASE64 } from '../src/skinning/wasm/nearest-pieces-wasm-bytes';
import { blenderHeatBones, boneHeatWeights } from '../src/skinning/bone-heat';
import { pathReentersSolid } from '../src/skinning/skin-voxel-grid';
import { weldVertices } from '../src/weld-vertices';
import { capsule, humanoid, mergeMeshes } from './skinning-fixtures';
import { MEDIAL_DIJKSTRA_WASM_BASE64 } from '../src/fit/wasm/medial-dijkstra-wasm-bytes';
import { compileWat, WASM_KERNELS } from '../scripts/lib/compile-wat';
import { voxelizeMesh, voxelTriangles } from '../src/fit/voxel-grid';
import { VOXELIZE_MESH_WASM_BASE64 } from '../src/fit/wasm/voxelize-mesh-wasm-bytes';
import { DISTANCE_FIELD_WASM_BASE64 } from '../src/fit/wasm/distance-field-wasm-bytes';
import { RAY_TREE_WASM_BASE64 } from '../src/skinning/wasm/ray-tree-wasm-bytes';
import { HEAT_SOURCES_WASM_BASE64 } from '../src/skinning/wasm/heat-sources-wasm-bytes';
import { buildTriangleRayTree } from '../src/skinning/triangle-ray-tree';
import { keepComponent } from '../src/fit/fit-fingers';
import { solidVoxels } from '../src/fit/solid-voxels';
import { KEEP_COMPONENT_WASM_BASE64 } from '../src/fit/wasm/keep-component-wasm-bytes';
import { SKIN_VOXEL_GRID_WASM_BASE64 } from '../src/skinning/wasm/skin-voxel-grid-wasm-bytes';

/** A deterministic pseudo-random stream in [0, 1). */
function stream(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);
}

/**
 * A symmetric system (diag − offdiag) x = rhs on a random graph shaped like a bone's support: a
 * w×h×d grid with random couplings, a `negative` share of them negative (Blender's obtuse
 * cotangents, which make some systems indefinite), a diagonal of the row's couplings plus a
 * screening term, and heat sources on a few rows.
 */
function system(w: number, h: number, d: number, negative: number, seed: number) {
  const rnd = stream(seed);
  const m = w * h * d;
  const coupling = new Map<number, number>();
  const weight = (i: number, j: number): number => {
    const key = Math.min(i, j) * m + Math.max(i, j);
    let v = coupling.get(key);
    if (v === undefined) coupling.set(key, (v = (rnd() < negative ? -0.4 : 1) * (0.05 + rnd())));
    return v;
  };
  const rowStart = new Uint32Array(m + 1);
  const cols: number[] = [], vals: number[] = [];
  const diag = new Float64Array(m), rhs = new Float64Array(m);
  for (let z = 0; z < d; z++)
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = x + w * (y + h * z);
        let sum = 0;
        for (const [dx, dy, dz] of [[0, 0, -1], [0, -1, 0], [-1, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 0]] as const) {
          const X = x + dx, Y = y + dy, Z = z + dz;
          if (X < 0 || Y < 0 || Z < 0 || X >= w || Y >= h || Z >= d) continue;
          const j = X + w * (Y + h * Z);
          // (1, 1, 0) and its mirror (−1, −1, 0) are both listed so the matrix stays symmetric.
          const v = weight(i, j);
          cols.push(j); vals.push(v); sum += v;
        }
        for (const [dx, dy] of [[-1, -1]] as const) {
          const X = x + dx, Y = y + dy;
          if (X < 0 || Y < 0) continue;
          const j = X + w * (Y + h * z);
          const v = weight(i, j);
          cols.push(j); vals.push(v); sum += v;
        }
        rowStart[i + 1] = cols.length;
        const screen = rnd() < 0.1 ? 2 * rnd() : 1e-4 * rnd();
        diag[i] = sum + screen;
        rhs[i] = screen > 1e-3 ? screen * rnd() : 0;
      }
  return { rowStart, cols: Uint32Array.from(cols), vals: Float64Array.from(vals), diag, rhs };
}

function solveBoth(s: ReturnType<typeof system>, tolerance: number, maxIterations: number) {
  const work = new ConjugateGradientWork(s.rhs.length, s.cols.length);
  const js = conjugateGradient(s.rowStart, s.cols, s.vals, s.diag, s.rhs, tolerance, maxIterations, work, 'jacobi', 'js');
  const jsX = Float64Array.from(js.x);
  const wasm = conjugateGradient(s.rowStart, s.cols, s.vals, s.diag, s.rhs, tolerance, maxIterations, work, 'jacobi', 'wasm');
  return { js: { x: jsX, iterations: js.iterations }, wasm: { x: Float64Array.from(wasm.x), iterations: wasm.iterations } };
}

function sameBits(a: Float64Array, b: Float64Array): boolean {
  return a.length === b.length && a.every((v, i) => Object.is(v, b[i]));
}

describe('Jacobi CG in WebAssembly', () => {
  it.each([
    ['positive definite, to the tolerance', 0, 1e-4, 5000],
    ['with negative couplings (may break down on pq ≤ 0)', 0.2, 1e-4, 5000],
    ['capped by the iteration limit', 0, 0, 7],
    ['capped at a fractional limit', 0.1, 0, 6.5],
    ['no iterations allowed', 0, 1e-4, 0],
  ] as const)('gives the JavaScript loop\'s x and iterations bit for bit: %s', (_name, negative, tolerance, maxIterations) => {
    for (let seed = 1; seed <= 6; seed++) {
      const s = system(9 + seed, 7, 5, negative, seed);
      const { js, wasm } = solveBoth(s, tolerance, maxIterations);
      expect(wasm.iterations).toBe(js.iterations);
      expect(sameBits(wasm.x, js.x)).toBe(true);
    }
  });

  it('covers a breakdown: some indefinite system stops on pq ≤ 0 before the tolerance, the same in both', () => {
    let brokeDown = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const s = system(8, 8, 4, 0.35, 100 + seed);
      const { js, wasm } = solveBoth(s, 1e-12, 2000);
      expect(wasm.iterations).toBe(js.iterations);
      expect(sameBits(wasm.x, js.x)).toBe(true);
      if (js.iterations < 2000) {
        // Stopped early: either converged or broke down; count the breakdowns (residual still large).
        let worst = 0;
        for (let i = 0; i < s.rhs.length; i++) {
          let ax = s.diag[i]! * js.x[i]!;
          for (let e = s.rowStart[i]!; e < s.rowStart[i + 1]!; e++) ax -= s.vals[e]! * js.x[s.cols[e]!]!;
          worst = Math.max(worst, Math.abs(s.rhs[i]! - ax) / Math.abs(s.diag[i]!));
        }
        if (worst > 1e-6) brokeDown++;
      }
    }
    expect(brokeDown).toBeGreaterThan(0);
  });

  it('gives the same bits with an odd row count (the f64x2 passes\' last row alone), down to one row', () => {
    for (const [w, h, d, seed] of [[1, 1, 1, 1], [2, 1, 1, 2], [3, 1, 1, 3], [3, 3, 1, 4], [5, 3, 3, 5], [4, 3, 3, 6]] as const) {
      const s = system(w, h, d, 0.1, seed);
      s.rhs[0] = 1; // at least one source, so even one row iterates
      const { js, wasm } = solveBoth(s, 1e-9, 200);
      expect(js.iterations).toBeGreaterThan(0);
      expect(wasm.iterations).toBe(js.iterations);
      expect(sameBits(wasm.x, js.x)).toBe(true);
    }
  });

  it('solves a system larger than the memory it had (the memory grows) and then a small one again', () => {
    for (const [w, seed] of [[4, 1], [40, 2], [5, 3]] as const) {
      const s = system(w, 30, 20, 0.1, seed);
      const { js, wasm } = solveBoth(s, 1e-4, 300);
      expect(wasm.iterations).toBe(js.iterations);
      expect(sameBits(wasm.x, js.x)).toBe(true);
    }
  });
});

/**
 * A padded grid of random overlapping balls (a body with limbs, blobs and islands of air), as the
 * voxeliser leaves them: the border layer air. Equal thicknesses abound, so the heap meets ties.
 */
function blobGrid(nx: number, ny: number, nz: number, balls: number, seed: number): VoxelGrid {
  const rnd = stream(seed);
  const solid = new Uint8Array(nx * ny * nz);
  for (let b = 0; b < balls; b++) {
    const cx = 2 + rnd() * (nx - 4), cy = 2 + rnd() * (ny - 4), cz = 2 + rnd() * (nz - 4), r = 1 + rnd() * 5;
    for (let z = 1; z < nz - 1; z++)
      for (let y = 1; y < ny - 1; y++)
        for (let x = 1; x < nx - 1; x++)
          if ((x - cx) ** 2 + (y - cy) ** 2 + (z - cz) ** 2 <= r * r) solid[x + nx * (y + ny * z)] = 1;
  }
  return { nx, ny, nz, origin: [0, 0, 0], cell: 1, solid, min: [0, 0, 0], max: [nx, ny, nz] };
}

/** Limbs (tubes of radius 1.2–2.7 cells) from a body near the centre of an n³ grid, and a loose ball. */
function starGrid(n: number, limbs: number, seed: number): VoxelGrid {
  const rnd = stream(seed);
  const solid = new Uint8Array(n * n * n);
  const c = n / 2;
  const tubes: Array<[number, number, number, number, number, number, number]> = [];
  for (let l = 0; l < limbs; l++) {
    const u = rnd() * 2 - 1, phi = rnd() * 2 * Math.PI, s = Math.sqrt(1 - u * u), len = (0.25 + 0.2 * rnd()) * n;
    tubes.push([c, c, c, c + len * s * Math.cos(phi), c + len * s * Math.sin(phi), c + len * u, 1.2 + 1.5 * rnd()]);
  }
  for (let z = 1; z < n - 1; z++)
    for (let y = 1; y < n - 1; y++)
      for (let x = 1; x < n - 1; x++) {
        let inside = (x - c) ** 2 + (y - c) ** 2 + (z - c) ** 2 <= 16 || (x - 4) ** 2 + (y - 4) ** 2 + (z - 4) ** 2 <= 4;
        for (const [ax, ay, az, bx, by, bz, r] of tubes) {
          if (inside) break;
          const abx = bx - ax, aby = by - ay, abz = bz - az;
          const t = Math.max(0, Math.min(1, ((x - ax) * abx + (y - ay) * aby + (z - az) * abz) / (abx * abx + aby * aby + abz * abz)));
          inside = (x - ax - t * abx) ** 2 + (y - ay - t * aby) ** 2 + (z - az - t * abz) ** 2 <= r * r;
        }
        if (inside) solid[x + n * (y + n * z)] = 1;
      }
  return { nx: n, ny: n, nz: n, origin: [0, 0, 0], cell: 1, solid, min: [0, 0, 0], max: [n, n, n] };
}

describe('the medial tree\'s Dijkstra in WebAssembly', () => {
  it('gives the JavaScript loop\'s parents and distances bit for bit, from several sources and centrings', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const grid = blobGrid(20 + 3 * seed, 17, 14 + seed, 12 + 4 * seed, seed);
      const dt = computeDistanceField(grid);
      const solid: number[] = [];
      grid.solid.forEach((s, i) => { if (s) solid.push(i); });
      for (const [source, centring] of [[solid[0]!, 12], [solid[solid.length >> 1]!, 12], [solid[solid.length - 1]!, 3]] as const) {
        const js = shortestPathTree(grid, dt, source, centring, 'js');
        const wasm = shortestPathTree(grid, dt, source, centring, 'wasm');
        expect(Buffer.from(wasm.parent.buffer).equals(Buffer.from(js.parent.buffer))).toBe(true);
        expect(Buffer.from(wasm.distance.buffer).equals(Buffer.from(js.distance.buffer))).toBe(true);
        // Some voxels reached, some not (islands): both branches of the search are compared.
        expect(js.parent.some((p) => p >= 0)).toBe(true);
      }
    }
  });

  it('builds the same medial tree (cover spreads included) as the JavaScript searches', () => {
    let branched = 0;
    for (let seed = 1; seed <= 5; seed++) {
      const grid = starGrid(30 + 2 * seed, 5 + seed, 20 + seed);
      const dt = computeDistanceField(grid);
      for (const maxBranches of [80, 3]) {
        const js = buildMedialTree(grid, dt, { maxBranches, kernel: 'js' });
        const wasm = buildMedialTree(grid, dt, { maxBranches, kernel: 'wasm' });
        expect(wasm.root).toBe(js.root);
        expect(Buffer.from(wasm.branchOf.buffer).equals(Buffer.from(js.branchOf.buffer))).toBe(true);
        expect(wasm.branches.map((b) => [b.tip, b.parent, b.length, Array.from(b.path)])).toEqual(js.branches.map((b) => [b.tip, b.parent, b.length, Array.from(b.path)]));
        if (js.branches.length > 3) branched++;
      }
    }
    expect(branched).toBeGreaterThan(3);
  });

  it('grows its heap past its first 4,096 entries (a large solid block)', () => {
    const grid = blobGrid(60, 60, 60, 1, 7);
    grid.solid.fill(0);
    for (let z = 1; z < 59; z++) for (let y = 1; y < 59; y++) for (let x = 1; x < 59; x++) grid.solid[x + 60 * (y + 60 * z)] = 1;
    const dt = computeDistanceField(grid);
    const source = 30 + 60 * (30 + 60 * 30);
    const js = shortestPathTree(grid, dt, source, 12, 'js');
    const wasm = shortestPathTree(grid, dt, source, 12, 'wasm');
    expect(Buffer.from(wasm.parent.buffer).equals(Buffer.from(js.parent.buffer))).toBe(true);
    expect(Buffer.from(wasm.distance.buffer).equals(Buffer.from(js.distance.buffer))).toBe(true);
  });
});

describe('the geodesic k-label search in WebAssembly', () => {
  /** A limb of five segments, a second limb off the first, and pieces no segment touches. */
  function scene(resolution: number, loose: number) {
    const parts = [capsule([0, 0, 0], [0, 5, 0], 0.6), capsule([0, 5, 0], [3, 7, 0], 0.5), capsule([0, 3, 0], [-3, 2, 0.5], 0.35)];
    for (let p = 0; p < loose; p++) parts.push(capsule([3 + p, 0, 0], [3 + p, 2, 0.3 * p], 0.4));
    const mesh = mergeMeshes(parts);
    const grid = voxelizeSkinGrid(mesh.positions, mesh.indices, { resolution });
    const segments: BoneSegment[] = [
      { joint: 0, a: [0, 0, 0], b: [0, 2, 0] }, { joint: 1, a: [0, 2, 0], b: [0, 3.5, 0] },
      { joint: 2, a: [0, 3.5, 0], b: [0, 5, 0] }, { joint: 3, a: [0, 5, 0], b: [1.5, 6, 0] },
      { joint: 4, a: [1.5, 6, 0], b: [3, 7, 0] }, { joint: 5, a: [0, 3, 0], b: [-3, 2, 0.5] },
      // A segment that misses the volume: seeded from the voxels nearest it.
      { joint: 6, a: [-3, 7, 0], b: [-2, 8, 0] },
    ];
    return { grid, segments };
  }
  const same = (a: ReturnType<typeof geodesicJointDistances>, b: ReturnType<typeof geodesicJointDistances>): boolean =>
    Buffer.from(a.labels.buffer, a.labels.byteOffset, a.labels.byteLength).equals(Buffer.from(b.labels.buffer, b.labels.byteOffset, b.labels.byteLength)) &&
    Buffer.from(a.dists.buffer, a.dists.byteOffset, a.dists.byteLength).equals(Buffer.from(b.dists.buffer, b.dists.byteOffset, b.dists.byteLength)) &&
    Buffer.from(a.counts).equals(Buffer.from(b.counts));

  it.each([[32, 0, 4], [48, 1, 4], [48, 2, 3], [64, 2, 4]] as const)('gives every slot of the JavaScript search bit for bit (grid %i, %i loose pieces, k %i)', (resolution, loose, k) => {
    const { grid, segments } = scene(resolution, loose);
    const js = geodesicJointDistances(grid, segments, k, undefined, 'js');
    const wasm = geodesicJointDistances(grid, segments, k, undefined, 'wasm');
    expect(same(wasm, js)).toBe(true);
    // Stopped at targets (a band of the limb, and the loose pieces when there are some): the same
    // partial slots everywhere, settled or not.
    const targets = new Uint8Array(grid.state.length);
    for (let i = 0; i < targets.length; i++) if (js.solidIndex[i]! >= 0 && i % 7 === 0 && (i % grid.nx) > grid.nx / 3) targets[i] = 1;
    const jsPart = geodesicJointDistances(grid, segments, k, targets, 'js');
    const wasmPart = geodesicJointDistances(grid, segments, k, targets, 'wasm');
    expect(same(wasmPart, jsPart)).toBe(true);
    expect(Buffer.from(jsPart.counts).equals(Buffer.from(js.counts))).toBe(false); // it did stop early
  });
});

describe('bone heat\'s solves in WebAssembly', () => {
  it('gives the JavaScript solves\' weights bit for bit (supports, systems and CG), with voxel and no visibility', () => {
    const { mesh, skeleton } = humanoid();
    const welded = weldVertices(mesh.positions, mesh.indices, { tolerance: 1e-5 });
    const grid = voxelizeSkinGrid(welded.positions, welded.indices, { resolution: 64 });
    const bones = blenderHeatBones(skeleton);
    const tests = [
      (x: number, y: number, z: number, qx: number, qy: number, qz: number) => !pathReentersSolid(grid, x, y, z, qx, qy, qz),
      () => true,
    ];
    for (const visible of tests) {
      // weightLimitEnd 0 keeps the zeros outside every support too: the dense path, not the kept heat's.
      for (const [supportRadius, weightLimitEnd] of [[4, 0.025], [1.5, 0.025], [4, 0]] as const) {
        const js = boneHeatWeights(welded.positions, welded.indices, bones, visible, 6, { kernel: 'js', supportRadius, weightLimitEnd });
        const wasm = boneHeatWeights(welded.positions, welded.indices, bones, visible, 6, { kernel: 'wasm', supportRadius, weightLimitEnd });
        expect(Buffer.from(wasm.weights.buffer).equals(Buffer.from(js.weights.buffer))).toBe(true);
        expect(Buffer.from(wasm.joints.buffer).equals(Buffer.from(js.joints.buffer))).toBe(true);
        expect(Buffer.from(wasm.unweighted).equals(Buffer.from(js.unweighted))).toBe(true);
        expect(js.weights.some((w) => w > 0)).toBe(true);
      }
    }
  });
});

describe('bone heat\'s ray visibility in WebAssembly', () => {
  it('answers as the JavaScript tree: vertices to bones, random and axis-parallel segments, two trees alternating', () => {
    const { mesh, skeleton } = humanoid(2);
    const meshes = [
      weldVertices(mesh.positions, mesh.indices, { tolerance: 1e-5 }),
      mergeMeshes([capsule([0, 0, 0], [0, 2, 0], 0.4), capsule([0.3, 1, 0], [1.5, 1.2, 0.2], 0.25), capsule([-1, 0.5, 0], [-1, 0.5, 1], 0.3)]),
    ];
    const trees = meshes.map((m) => ({ m, js: buildTriangleRayTree(m.positions, m.indices, 'js'), wasm: buildTriangleRayTree(m.positions, m.indices, 'wasm') }));
    const bones = skeleton.joints.map((j) => j.position);
    let compared = 0, hits = 0;
    for (let seed = 1; seed <= 3; seed++) {
      const rnd = stream(seed);
      for (let v = 0; v < 4000; v++) {
        // The trees alternate, so the kernel reloads its tree between queries.
        const { m, js, wasm } = trees[v % 2]!;
        const n = m.positions.length / 3, a = Math.floor(rnd() * n);
        const px = m.positions[3 * a]!, py = m.positions[3 * a + 1]!, pz = m.positions[3 * a + 2]!;
        const kind = v % 4;
        let q: [number, number, number];
        if (kind === 0) q = bones[Math.floor(rnd() * bones.length)]! as [number, number, number];
        else if (kind === 1) q = [2 * rnd() - 1, 2 * rnd(), 2 * rnd() - 1];
        else if (kind === 2) q = [px, py, pz + (rnd() < 0.5 ? -2 : 2)];
        else {
          const b = Math.floor(rnd() * n);
          q = [m.positions[3 * b]!, m.positions[3 * b + 1]!, m.positions[3 * b + 2]!];
        }
        const expected = js.entersSurface(px, py, pz, q[0], q[1], q[2]);
        expect(wasm.entersSurface(px, py, pz, q[0], q[1], q[2])).toBe(expected);
        compared++;
        if (expected) hits++;
      }
    }
    expect(compared).toBe(12000);
    // Both answers are common.
    expect(hits).toBeGreaterThan(1000);
    expect(hits).toBeLessThan(11000);
    for (const t of trees) t.wasm.release();
  });
});

describe('the outside flood in WebAssembly', () => {
  it('marks the JavaScript flood\'s cells: random walls, shells with holes, a grid larger than its memory', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const rnd = stream(seed);
      const nx = 10 + 7 * seed, ny = 12 + seed, nz = 9 + 2 * seed;
      const wall = new Uint8Array(nx * ny * nz);
      const density = 0.1 + 0.08 * seed;
      for (let z = 1; z < nz - 1; z++)
        for (let y = 1; y < ny - 1; y++)
          for (let x = 1; x < nx - 1; x++) {
            // A closed box shell (with a hole on odd seeds) plus random walls (values 1 and 2, as the skin grid's states).
            const shell = (x === 3 || x === nx - 4 || y === 3 || y === ny - 4 || z === 3 || z === nz - 4) && x >= 3 && x <= nx - 4 && y >= 3 && y <= ny - 4 && z >= 3 && z <= nz - 4;
            const hole = seed % 2 === 1 && x === 3 && y === 5 && z === 5;
            if ((shell && !hole) || rnd() < density) wall[x + nx * (y + ny * z)] = rnd() < 0.5 ? 1 : 2;
          }
      const js = floodOutside(wall, nx, ny, nz, 'js');
      const wasm = floodOutside(wall, nx, ny, nz, 'wasm');
      expect(Buffer.from(wasm).equals(Buffer.from(js))).toBe(true);
      expect(js.includes(0) && js.includes(1)).toBe(true);
    }
    const big = new Uint8Array(150 * 150 * 150);
    big[75 + 150 * (75 + 150 * 75)] = 1;
    expect(Buffer.from(floodOutside(big, 150, 150, 150, 'wasm')).equals(Buffer.from(floodOutside(big, 150, 150, 150, 'js')))).toBe(true);
  });
});

describe('the fit\'s voxeliser in WebAssembly', () => {
  it('makes the JavaScript voxeliser\'s grid: coarse and fine, with and without the closing, degenerate and skewed triangles', () => {
    const body = humanoid(2).mesh;
    // Random triangles of every size and slant in one box (many cross, some are slivers or
    // repeat a corner, which `voxelTriangles` drops), and coordinates near zero beside large ones.
    const rnd = stream(7);
    const count = 400;
    const positions = new Float32Array(9 * count);
    for (let t = 0; t < count; t++) {
      const size = rnd() < 0.8 ? 0.05 : 0.6;
      for (let k = 0; k < 3; k++) {
        const centre = (rnd() - 0.5) * 3;
        for (let corner = 0; corner < 3; corner++) positions[9 * t + 3 * corner + k] = rnd() < 0.05 ? (rnd() - 0.5) * 1e-9 : centre + (rnd() - 0.5) * size;
      }
    }
    const indices = new Uint32Array(3 * count);
    for (let i = 0; i < indices.length; i++) indices[i] = rnd() < 0.02 ? indices[Math.max(0, i - 1)]! : i;
    const soup = { ...body, positions, indices, groups: [], normals: undefined, uvs: undefined, colors: undefined };
    let cells = 0;
    // Far off the origin on the negative side, small against its coordinates: the kernel truncates
    // a sample's cell coordinate where the JavaScript floors it, the same only while it is positive.
    const far = capsule([-3e4, -2e3, -5e2], [-3e4, -2e3 + 1.5, -5e2 + 0.2], 0.3);
    for (const mesh of [body, capsule([0, 0, 0], [0, 1.5, 0.2], 0.3), soup, far]) {
      const triangles = voxelTriangles(mesh);
      for (const resolution of [12, 48, 80, 131]) {
        for (const closeHoles of [true, false]) {
          const js = voxelizeMesh(mesh, { resolution, closeHoles, kernel: 'js' }, triangles);
          const wasm = voxelizeMesh(mesh, { resolution, closeHoles, kernel: 'wasm' }, triangles);
          expect(Buffer.from(wasm.solid).equals(Buffer.from(js.solid))).toBe(true);
          expect([wasm.nx, wasm.ny, wasm.nz, wasm.cell, ...wasm.origin]).toEqual([js.nx, js.ny, js.nz, js.cell, ...js.origin]);
          expect(js.solid.includes(1)).toBe(true);
          cells += js.solid.length;
        }
      }
    }
    expect(cells).toBeGreaterThan(3e6);
  });
});

describe('the skin grid\'s surface cells in WebAssembly', () => {
  it('marks the JavaScript loop\'s cells: coarse and fine grids, slivers, repeated corners, triangles across many cells', () => {
    const body = humanoid(2).mesh;
    // Random triangles of every size and slant in one box (large ones cross many cells and test
    // every separating axis; some repeat a corner or are near-degenerate slivers).
    const rnd = stream(13);
    const count = 500;
    const positions = new Float32Array(9 * count);
    for (let t = 0; t < count; t++) {
      const size = rnd() < 0.7 ? 0.05 : 0.8;
      for (let k = 0; k < 3; k++) {
        const centre = (rnd() - 0.5) * 3;
        for (let corner = 0; corner < 3; corner++) positions[9 * t + 3 * corner + k] = rnd() < 0.05 ? centre : centre + (rnd() - 0.5) * size;
      }
    }
    const indices = new Uint32Array(3 * count);
    for (let i = 0; i < indices.length; i++) indices[i] = rnd() < 0.03 ? indices[Math.max(0, i - 1)]! : i;
    let surface = 0;
    for (const mesh of [{ positions: body.positions, indices: body.indices }, { positions, indices }, capsule([0, 0, 0], [0, 1.5, 0.2], 0.3)]) {
      for (const resolution of [8, 32, 64, 128, 200]) {
        const js = voxelizeSkinGrid(mesh.positions, mesh.indices, { resolution, kernel: 'js' });
        const wasm = voxelizeSkinGrid(mesh.positions, mesh.indices, { resolution, kernel: 'wasm' });
        expect(Buffer.from(wasm.state).equals(Buffer.from(js.state))).toBe(true);
        expect(Buffer.from(wasm.gridPositions.buffer).equals(Buffer.from(js.gridPositions.buffer))).toBe(true);
        for (const x of js.state) if (x === 1) surface++;
      }
    }
    expect(surface).toBeGreaterThan(1e5);
  });
});

describe('the distance field in WebAssembly', () => {
  it('gives the JavaScript passes\' distances bit for bit: blobs, stars, voxelised meshes, an empty grid', () => {
    const grids: VoxelGrid[] = [];
    for (let seed = 1; seed <= 4; seed++) grids.push(blobGrid(20 + 3 * seed, 17, 14 + seed, 12 + 4 * seed, seed), starGrid(30 + 2 * seed, 5 + seed, 20 + seed));
    for (const resolution of [12, 48, 80]) grids.push(voxelizeMesh(humanoid(2).mesh, { resolution }), voxelizeMesh(capsule([0, 0, 0], [0, 1.5, 0.2], 0.3), { resolution }));
    grids.push({ ...grids[0]!, solid: new Uint8Array(grids[0]!.solid.length) });
    let solid = 0;
    for (const grid of grids) {
      const js = computeDistanceField(grid, undefined, 'js');
      const wasm = computeDistanceField(grid, undefined, 'wasm');
      expect(Buffer.from(wasm.buffer).equals(Buffer.from(js.buffer))).toBe(true);
      solid += grid.solid.reduce((a, b) => a + b, 0);
    }
    expect(solid).toBeGreaterThan(5e4);
  });
});

describe('the hand\'s kept piece in WebAssembly', () => {
  it('keeps the JavaScript walk\'s voxels and clears the same grid: random solids of many pieces, a seed in each', () => {
    let dropped = 0, kept = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const rnd = stream(seed);
      const nx = 9 + 5 * seed, ny = 7 + 3 * seed, nz = 8 + 2 * seed;
      const solid = new Uint8Array(nx * ny * nz);
      const density = 0.08 + 0.05 * seed;
      // Solid only off the border layer, as the voxeliser's padding leaves it.
      for (let z = 1; z < nz - 1; z++)
        for (let y = 1; y < ny - 1; y++)
          for (let x = 1; x < nx - 1; x++) if (rnd() < density) solid[x + nx * (y + ny * z)] = 1;
      const grid = (): VoxelGrid => ({ nx, ny, nz, origin: [0, 0, 0], cell: 1, solid: solid.slice(), min: [0, 0, 0], max: [nx, ny, nz] });
      const cells = solidVoxels(solid);
      for (const pick of [0, 0.5, 0.999]) {
        const start = cells[Math.floor(pick * cells.length)]!;
        const a = grid(), b = grid();
        const js = keepComponent(a, start, cells, 'js');
        const wasm = keepComponent(b, start, cells, 'wasm');
        expect(Array.from(wasm)).toEqual(Array.from(js));
        expect(Buffer.from(b.solid).equals(Buffer.from(a.solid))).toBe(true);
        expect(Array.from(solidVoxels(a.solid))).toEqual(Array.from(js));
        dropped += cells.length - js.length;
        kept += js.length;
      }
    }
    // Both cases met: pieces dropped, and pieces of many voxels kept.
    expect(dropped).toBeGreaterThan(1000);
    expect(kept).toBeGreaterThan(1000);
  });
});

describe('the WebAssembly kernels', () => {
  const generated: Record<string, string> = {
    JACOBI_CG_WASM_BASE64, MEDIAL_DIJKSTRA_WASM_BASE64, GEODESIC_SEARCH_WASM_BASE64, NEAREST_PIECES_WASM_BASE64, FLOOD_OUTSIDE_WASM_BASE64,
    VOXELIZE_MESH_WASM_BASE64, DISTANCE_FIELD_WASM_BASE64, RAY_TREE_WASM_BASE64, HEAT_SOURCES_WASM_BASE64, KEEP_COMPONENT_WASM_BASE64,
    SKIN_VOXEL_GRID_WASM_BASE64,
  };
  it.each(WASM_KERNELS.map((k) => [k.wat, k.constName] as const))('%s is the module compiled from it (rerun scripts/build-wasm.ts after editing it)', async (wat, constName) => {
    const bytes = await compileWat(join(__dirname, '../src', wat));
    expect(Buffer.from(bytes).toString('base64')).toBe(generated[constName]);
    expect(readFileSync(join(__dirname, '../src', wat), 'utf8')).toContain('(module');
  });
});
