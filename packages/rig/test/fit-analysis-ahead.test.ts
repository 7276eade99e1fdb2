import { writeGlb } from '@rigforge/mesh';
import { analyseFitAhead, closeFitAnalysisThread, fitAnalysisThreadCount, type FitAheadOutcome } from '../src/fit/fit-analysis-ahead';
import { analyzeShape, type ShapeAnalysis } from '../src/fit/shape-analysis';
import { FIT_SKELETON_DEFAULTS } from '../src/fit-skeleton';
import { rigMesh } from '../src/rig-mesh';
import { buildCreature } from '../testing/build-creature';

const sameBits = (a: ArrayBufferView, b: ArrayBufferView): boolean =>
  Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

function expectSameAnalysis(a: ShapeAnalysis, b: ShapeAnalysis): void {
  expect(sameBits(a.grid.solid, b.grid.solid)).toBe(true);
  expect(sameBits(a.dt, b.dt)).toBe(true);
  expect(sameBits(a.tree.parent, b.tree.parent)).toBe(true);
  expect(sameBits(a.tree.rootDistance, b.tree.rootDistance)).toBe(true);
  expect(sameBits(a.tree.branchOf, b.tree.branchOf)).toBe(true);
  const { center: ca, ...restA } = a;
  const { center: cb, ...restB } = b;
  expect(restA).toEqual(restB);
  const solid = a.grid.solid.indexOf(1);
  expect(ca(solid)).toEqual(cb(solid));
}

const mesh = buildCreature('biped', 0.6).mesh;
const resolution = FIT_SKELETON_DEFAULTS.resolution;

/** A job taken until the helper had started one (the first may find it still starting). */
async function takenFromHelper(): Promise<ShapeAnalysis> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const ahead = analyseFitAhead(mesh, resolution);
    expect(ahead).toBeDefined();
    // Time for the helper to start and claim the job, as the orientation gives it in a rig.
    await new Promise((r) => setTimeout(r, 20));
    const { analysed, outcome } = ahead!.take({ ...mesh });
    if (outcome === 'helper') return analysed!.shape;
    expect(outcome).toBe('not-started');
  }
  throw new Error('the helper never took a job');
}

describe('the fit analysis made ahead on a helper thread', () => {
  afterEach(async () => {
    await closeFitAnalysisThread();
  });

  it('is analyzeShape of the filed mesh bit for bit, handed on only for a mesh with the filed arrays', async () => {
    const serial = analyzeShape(mesh, resolution);
    expectSameAnalysis(await takenFromHelper(), serial);
    expect(fitAnalysisThreadCount()).toBe(1);

    // A stand other than the filed one: never the helper's analysis, and a later job is unaffected.
    const other = analyseFitAhead(mesh, resolution)!;
    await new Promise((r) => setTimeout(r, 20));
    const turned = { ...mesh, positions: mesh.positions.slice() };
    const outcomes: FitAheadOutcome[] = ['other-stand', 'not-started'];
    const elsewhere = other.take(turned);
    expect(outcomes).toContain(elsewhere.outcome);
    expect(elsewhere.analysed).toBeUndefined();
    expect(other.take({ ...mesh }).outcome).toBe('taken-before');
    expectSameAnalysis(await takenFromHelper(), serial);

    await closeFitAnalysisThread();
    expect(fitAnalysisThreadCount()).toBe(0);
  });

  it('a helper that fails is retired and the caller analyses itself; later rigs are serial and the same', async () => {
    await takenFromHelper();
    // NaN makes analyzeShape throw (the voxeliser's integer conversion) in the helper.
    let outcome: FitAheadOutcome = 'not-started';
    for (let attempt = 0; attempt < 100 && outcome === 'not-started'; attempt++) {
      const bad = analyseFitAhead(mesh, Number.NaN)!;
      await new Promise((r) => setTimeout(r, 20));
      outcome = bad.take({ ...mesh }).outcome;
    }
    expect(outcome).toBe('helper-failed');
    expect(fitAnalysisThreadCount()).toBe(0);
    expect(analyseFitAhead(mesh, resolution)).toBeUndefined();
  });

  it('rigMesh with a spare core (heatThreads 2) writes the serial rig\'s file', async () => {
    const glb = await writeGlb(mesh);
    const serial = await rigMesh(glb, { rigType: 'biped', thumbnailSize: 32, skin: { heatThreads: 1 } });
    expect(fitAnalysisThreadCount()).toBe(0);
    for (let k = 0; k < 3; k++) {
      const overlapped = await rigMesh(glb, { rigType: 'biped', thumbnailSize: 32, skin: { heatThreads: 2 } });
      expect(fitAnalysisThreadCount()).toBe(1);
      expect(Buffer.from(overlapped.model).equals(Buffer.from(serial.model))).toBe(true);
      expect(overlapped.report.orientation).toEqual(serial.report.orientation);
    }
  });
});
