import { computeSkinWeights } from '../src/compute-skin-weights';
import { blenderHeatBones, boneHeatWeights, type BoneHeatResult } from '../src/skinning/bone-heat';
import { HELPER_THREAD_IDLE_MS_DEFAULT, setHelperThreadIdleMs } from '../src/helper-thread-idle';
import { closeHeatThreads, defaultHeatThreads, heatThreadCount, HEAT_THREADS_MAX, HEAT_THREADS_MIN_VERTICES, prepareHeatThreads, solveBonesOnThreads } from '../src/skinning/heat-threads';
import { HeatSupportsWasm } from '../src/skinning/wasm/jacobi-cg-wasm';
import { KeptHeat } from '../src/skinning/kept-heat';
import { pathReentersSolid, voxelizeSkinGrid } from '../src/skinning/skin-voxel-grid';
import { weldVertices } from '../src/weld-vertices';
import { humanoid } from './skinning-fixtures';

const sameBits = (a: ArrayBufferView, b: ArrayBufferView): boolean =>
  Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

function expectSame(a: BoneHeatResult, b: BoneHeatResult): void {
  expect(sameBits(a.weights, b.weights)).toBe(true);
  expect(sameBits(a.joints, b.joints)).toBe(true);
  expect(sameBits(a.unweighted, b.unweighted)).toBe(true);
  expect(a.iterations).toBe(b.iterations);
}

describe('bone heat\'s bones solved on threads', () => {
  afterAll(async () => {
    await closeHeatThreads();
  });

  it('idle helpers end themselves after the set period (helper-thread-idle.ts), and the pool starts others', async () => {
    const until = async (count: number): Promise<number> => {
      for (const end = Date.now() + 10_000; heatThreadCount() !== count && Date.now() < end;) await new Promise((r) => setTimeout(r, 50));
      return heatThreadCount();
    };
    try {
      setHelperThreadIdleMs(400);
      prepareHeatThreads(3);
      expect(heatThreadCount()).toBe(2);
      expect(await until(0)).toBe(0);
      prepareHeatThreads(2);
      expect(heatThreadCount()).toBe(1);
      // Started under the default period: still there a second later.
      await closeHeatThreads();
      setHelperThreadIdleMs(HELPER_THREAD_IDLE_MS_DEFAULT);
      prepareHeatThreads(2);
      await new Promise((r) => setTimeout(r, 1000));
      expect(heatThreadCount()).toBe(1);
    } finally {
      setHelperThreadIdleMs(HELPER_THREAD_IDLE_MS_DEFAULT);
      await closeHeatThreads();
    }
    expect(() => setHelperThreadIdleMs(0)).toThrow(RangeError);
    expect(() => setHelperThreadIdleMs(2 ** 31)).toThrow(RangeError);
  });

  it('gives the serial solves\' weights bit for bit, with helper threads solving some of the bones, and the pool shuts down', async () => {
    const { mesh, skeleton } = humanoid(2);
    const welded = weldVertices(mesh.positions, mesh.indices, { tolerance: 1e-5 });
    const grid = voxelizeSkinGrid(welded.positions, welded.indices, { resolution: 64 });
    const bones = blenderHeatBones(skeleton);
    const visible = (x: number, y: number, z: number, qx: number, qy: number, qz: number) => !pathReentersSolid(grid, x, y, z, qx, qy, qz);
    const serial = boneHeatWeights(welded.positions, welded.indices, bones, visible, 6, {}, 1);
    expect(serial.helperBones).toBe(0);
    expect(heatThreadCount()).toBe(0);
    expect(serial.weights.some((w) => w > 0)).toBe(true);

    // The first threaded call starts the helper; one still starting takes no bones, so call again
    // (letting the helper's thread start between calls) until it has taken some.
    let helped = 0;
    for (let attempt = 0; attempt < 40 && helped === 0; attempt++) {
      for (const threads of [2, 3]) {
        const threaded = boneHeatWeights(welded.positions, welded.indices, bones, visible, 6, {}, threads);
        expectSame(threaded, serial);
        helped += threaded.helperBones;
      }
      if (helped === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(helped).toBeGreaterThan(0);
    expect(heatThreadCount()).toBe(2);

    // The whole skin pass too (heat's weights are its input): threads 2 and 1 alike.
    const one = computeSkinWeights(mesh, skeleton, { heatThreads: 1 });
    const two = computeSkinWeights(mesh, skeleton, { heatThreads: 2, heatThreadsMinVertices: 0 });
    expect(sameBits(two.weights, one.weights)).toBe(true);
    expect(sameBits(two.joints, one.joints)).toBe(true);

    await closeHeatThreads();
    expect(heatThreadCount()).toBe(0);
    // A mesh below heatThreadsMinVertices (the default's 8000 here) is solved on this thread: no helper starts.
    expect(welded.positions.length / 3).toBeLessThan(HEAT_THREADS_MIN_VERTICES);
    const small = computeSkinWeights(mesh, skeleton, { heatThreads: 2 });
    expect(sameBits(small.weights, one.weights)).toBe(true);
    expect(heatThreadCount()).toBe(0);
    // After a close the next threaded rig starts its helpers again, with the same answer.
    expectSame(boneHeatWeights(welded.positions, welded.indices, bones, visible, 6, {}, 2), serial);
    expect(heatThreadCount()).toBe(1);
    await closeHeatThreads();
    expect(heatThreadCount()).toBe(0);
  });

  it('runs the caller\'s alongside work once while helpers hold the job, never without them, and the weights stay the serial ones', async () => {
    const { mesh, skeleton } = humanoid(2);
    const welded = weldVertices(mesh.positions, mesh.indices, { tolerance: 1e-5 });
    const grid = voxelizeSkinGrid(welded.positions, welded.indices, { resolution: 64 });
    const bones = blenderHeatBones(skeleton);
    const visible = (x: number, y: number, z: number, qx: number, qy: number, qz: number) => !pathReentersSolid(grid, x, y, z, qx, qy, qz);
    let calls = 0;
    const alongside = (): void => { calls++; };
    const serial = boneHeatWeights(welded.positions, welded.indices, bones, visible, 6, {}, 1, undefined, alongside);
    expect(calls).toBe(0);
    expectSame(boneHeatWeights(welded.positions, welded.indices, bones, visible, 6, {}, 2, undefined, alongside), serial);
    expect(calls).toBe(1);

    // Through the skin pass: the loose-piece search and the caller's work (rigMesh's thumbnail) run there.
    calls = 0;
    const one = computeSkinWeights(mesh, skeleton, { heatThreads: 1 }, undefined, alongside);
    expect(calls).toBe(0);
    const two = computeSkinWeights(mesh, skeleton, { heatThreads: 2, heatThreadsMinVertices: 0 }, undefined, alongside);
    expect(calls).toBe(1);
    expect(sameBits(two.weights, one.weights)).toBe(true);
    expect(sameBits(two.joints, one.joints)).toBe(true);

    // The caller's error is the caller's, once the bones are solved: the next rig gets the serial heat.
    const failing = (): void => { throw new Error('the caller\'s own'); };
    expect(() => boneHeatWeights(welded.positions, welded.indices, bones, visible, 6, {}, 2, undefined, failing)).toThrow('the caller\'s own');
    expectSame(boneHeatWeights(welded.positions, welded.indices, bones, visible, 6, {}, 2), serial);
    await closeHeatThreads();
  });

  it('solves the bones a failing helper took on the calling thread (the serial answer), and retires the pool', async () => {
    // A 24 × 24 grid graph (unit edges, screened), five bones with a row of sources each.
    const side = 24, n = side * side, nb = 5;
    const offsets = new Uint32Array(n + 1), cols: number[] = [];
    for (let v = 0; v < n; v++) {
      const x = v % side, y = Math.floor(v / side);
      for (const [dx, dy] of [[-1, 0], [1, 0], [0, -1], [0, 1]] as const) {
        if (x + dx >= 0 && x + dx < side && y + dy >= 0 && y + dy < side) cols.push(v + dx + side * dy);
      }
      offsets[v + 1] = cols.length;
    }
    const columns = Uint32Array.from(cols), values = new Float64Array(cols.length).fill(1), step = new Float64Array(cols.length).fill(1);
    const diagonal = new Float64Array(n), screen = new Float64Array(n).fill(0.05), sourceStart = new Uint32Array(n + 1);
    const seedsOf: number[][] = Array.from({ length: nb }, () => []);
    for (let v = 0; v < n; v++) {
      diagonal[v] = offsets[v + 1]! - offsets[v]!;
      const x = v % side, y = Math.floor(v / side);
      const source = y === side / 2 && x < 20;
      if (source) { screen[v] = 1; seedsOf[Math.floor(x / 4)]!.push(v); }
      sourceStart[v + 1] = sourceStart[v]! + (source ? 1 : 0);
    }
    const seeds = Uint32Array.from(seedsOf.flat());
    const solve = { supportRadius: 8, tolerance: 1e-9, maxIterations: 1000 };
    const wasm = HeatSupportsWasm.create(offsets, columns, values, step, diagonal, screen, sourceStart, seeds)!;
    expect(wasm).not.toBeNull();
    // Each bone 200 times over (the same column written again), so the helper has time to take some.
    const tasks: number[] = [];
    for (let k = 0; k < 200; k++) for (let b = 0, from = 0; b < nb; from += seedsOf[b]!.length, b++) tasks.push(b, from, from + seedsOf[b]!.length);
    // Every entry the heat reaches above a small limit is kept, so a wrong thread's write shows.
    const limit = 1e-6, count = tasks.length / 3;
    const rowsOf = (kept: KeptHeat) => kept.vertexRows(n, nb, Int32Array.from(tasks));
    const sameRows = (a: ReturnType<typeof rowsOf>, b: ReturnType<typeof rowsOf>): boolean =>
      sameBits(a.rowStart, b.rowStart) && sameBits(a.bone, b.bone) && sameBits(a.weight, b.weight);
    const serialKept = new KeptHeat(n * nb * count, count, false);
    expect(solveBonesOnThreads(wasm, Int32Array.from(tasks), serialKept, limit, solve, 1).outcome).toBe('no-threads');
    const serial = rowsOf(serialKept);
    expect(serial.weight.length).toBeGreaterThan(n);
    expect(serialKept.extra.size).toBe(0);

    const run = (layout: HeatSupportsWasm['layout'], capacity = n * nb * count) => {
      const kept = new KeptHeat(capacity, count, true);
      // The helpers get `layout`; this thread keeps its own (its `at` is read at creation).
      const r = solveBonesOnThreads(Object.create(wasm, { layout: { value: layout } }) as HeatSupportsWasm, Int32Array.from(tasks), kept, limit, solve, 2);
      return { ...r, kept, rows: rowsOf(kept) };
    };
    // A healthy helper first (it starts, then takes bones), so the failing one is up when its job comes.
    let healthy = run(wasm.layout);
    for (let attempt = 0; attempt < 40 && healthy.helperBones === 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      healthy = run(wasm.layout);
    }
    expect(healthy.outcome).toBe('threads');
    expect(healthy.helperBones).toBeGreaterThan(0);
    expect(sameRows(healthy.rows, serial)).toBe(true);
    // A pool with room for a few tasks only: the tasks that did not fit (the helper's too) are
    // solved again here and kept aside, with the same answer.
    let small = run(wasm.layout, 2 * n);
    for (let attempt = 0; attempt < 40 && small.helperBones === 0; attempt++) small = run(wasm.layout, 2 * n);
    expect(small.outcome).toBe('threads');
    expect(small.kept.extra.size).toBeGreaterThan(0);
    expect(sameRows(small.rows, serial)).toBe(true);
    // A helper whose system lands past its memory traps inside a bone it took.
    const broken = run({ ...wasm.layout, at: { ...wasm.layout.at, rowStart: 2 ** 31 - 64 } });
    expect(broken.outcome).toBe('helper-failed');
    // It failed in a bone it had taken (only there can it trap), and every task was solved here.
    expect(broken.helperBones).toBe(0);
    expect(sameRows(broken.rows, serial)).toBe(true);
    expect(heatThreadCount()).toBe(0);
    // Retired: later calls are serial, with the same answer.
    const after = run(wasm.layout);
    expect(after.outcome).toBe('no-threads');
    expect(sameRows(after.rows, serial)).toBe(true);
    await closeHeatThreads();
  });

  it('defaults to the process\'s cores shared among the rigs at once, 1 to HEAT_THREADS_MAX', () => {
    expect(defaultHeatThreads()).toBeGreaterThanOrEqual(1);
    expect(defaultHeatThreads()).toBeLessThanOrEqual(HEAT_THREADS_MAX);
    expect(defaultHeatThreads(1000)).toBe(1);
    expect(() => computeSkinWeights(humanoid().mesh, humanoid().skeleton, { heatThreads: 0 })).toThrow(/heatThreads/);
    expect(() => computeSkinWeights(humanoid().mesh, humanoid().skeleton, { heatThreadsMinVertices: -1 })).toThrow(/heatThreadsMinVertices/);
    expect(() => computeSkinWeights(humanoid().mesh, humanoid().skeleton, { heatThreadsMinVertices: Number.NaN })).toThrow(/heatThreadsMinVertices/);
  });
});
