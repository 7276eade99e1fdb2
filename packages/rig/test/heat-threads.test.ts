import { computeSkinWeights } from '../src/compute-skin-weights';
import { blenderHeatBones, boneHeatWeights, type BoneHeatResult } from '../src/skinning/bone-heat';
import { closeHeatThreads, defaultHeatThreads, heatThreadCount, HEAT_THREADS_MAX } from '../src/skinning/heat-threads';
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
    const two = computeSkinWeights(mesh, skeleton, { heatThreads: 2 });
    expect(sameBits(two.weights, one.weights)).toBe(true);
    expect(sameBits(two.joints, one.joints)).toBe(true);

    await closeHeatThreads();
    expect(heatThreadCount()).toBe(0);
    // After a close the next threaded rig starts its helpers again, with the same answer.
    expectSame(boneHeatWeights(welded.positions, welded.indices, bones, visible, 6, {}, 2), serial);
    expect(heatThreadCount()).toBe(1);
    await closeHeatThreads();
    expect(heatThreadCount()).toBe(0);
  });

  it('defaults to the process\'s cores shared among the rigs at once, 1 to HEAT_THREADS_MAX', () => {
    expect(defaultHeatThreads()).toBeGreaterThanOrEqual(1);
    expect(defaultHeatThreads()).toBeLessThanOrEqual(HEAT_THREADS_MAX);
    expect(defaultHeatThreads(1000)).toBe(1);
    expect(() => computeSkinWeights(humanoid().mesh, humanoid().skeleton, { heatThreads: 0 })).toThrow(/heatThreads/);
  });
});
