import path from 'node:path';
import { writeGlb } from '@rigforge/mesh';
import {
  analyseFitAhead, closeFitAnalysisThread, fitAnalysisThreadCount, isShapeAnalysisData, useFitAnalysisThreadEntry, type FitAheadOutcome,
} from '../src/fit/fit-analysis-ahead';
import { analyzeShape, type ShapeAnalysis } from '../src/fit/shape-analysis';
import { FIT_SKELETON_DEFAULTS } from '../src/fit-skeleton';
import { HELPER_THREAD_IDLE_MS_DEFAULT, setHelperThreadIdleMs } from '../src/helper-thread-idle';
import { orientForRig } from '../src/orient-for-rig';
import { RIG_MESH_DEFAULTS, rigMesh } from '../src/rig-mesh';
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

/** Polls `done` every 50 ms for up to `ms`. */
async function eventually(done: () => boolean, ms: number): Promise<boolean> {
  for (const until = Date.now() + ms; !done() && Date.now() < until;) await new Promise((r) => setTimeout(r, 50));
  return done();
}

describe('the fit analysis made ahead on a helper thread', () => {
  afterEach(async () => {
    setHelperThreadIdleMs(HELPER_THREAD_IDLE_MS_DEFAULT);
    await useFitAnalysisThreadEntry(undefined);
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

  it('serves the auto plan step\'s analysis of the mesh as filed (then taken), and rigMesh auto with a spare core writes the serial file', async () => {
    const serial = analyzeShape(mesh, resolution);
    await takenFromHelper();
    // The helper has started: a job posted now is claimed while the orientation runs.
    const ahead = analyseFitAhead(mesh, resolution)!;
    const asked: boolean[] = [];
    const oriented = orientForRig(mesh, {
      rigType: 'auto', upAxis: 'auto', rotationY: 'auto', autoRigTypeMinConfidence: RIG_MESH_DEFAULTS.autoRigTypeMinConfidence,
      analysisAhead: (m, r) => { asked.push(m.positions === mesh.positions); return ahead.takeIfFiled(m, r); },
    });
    // The creature stands as filed and its plan is read in the rig's frame: the step asked for the filed mesh's analysis.
    expect(oriented.mesh.positions).toBe(mesh.positions);
    expect(asked).toEqual([true]);
    expect(ahead.take(oriented.mesh).outcome).toBe('taken-before');
    expectSameAnalysis(oriented.plan.analysed!.shape, serial);
    expectSameAnalysis(oriented.plan.shape!, serial);
    // Another resolution or other arrays are not served and leave the job for a later take.
    const later = analyseFitAhead(mesh, resolution)!;
    expect(later.takeIfFiled(mesh, resolution - 1)).toBeUndefined();
    expect(later.takeIfFiled({ ...mesh, positions: mesh.positions.slice() }, resolution)).toBeUndefined();
    expect(later.take({ ...mesh }).outcome).not.toBe('taken-before');

    const glb = await writeGlb(mesh);
    const one = await rigMesh(glb, { rigType: 'auto', thumbnailSize: 32, skin: { heatThreads: 1 } });
    for (let k = 0; k < 3; k++) {
      const two = await rigMesh(glb, { rigType: 'auto', thumbnailSize: 32, skin: { heatThreads: 2 } });
      expect(Buffer.from(two.model).equals(Buffer.from(one.model))).toBe(true);
      expect(two.report).toMatchObject({ orientation: one.report.orientation, bodyPlan: one.report.bodyPlan, bodyPlanConfidence: one.report.bodyPlanConfidence });
    }
  });

  it('checks a reply\'s shape and array types rather than assuming them', () => {
    const { center: _center, ...data } = analyzeShape(mesh, resolution);
    expect(isShapeAnalysisData(data)).toBe(true);
    const broken: unknown[] = [
      { ...data, dt: Float64Array.from(data.dt) },
      { ...data, dt: data.dt.subarray(1) },
      { ...data, grid: { ...data.grid, solid: Array.from(data.grid.solid) } },
      { ...data, grid: { ...data.grid, nx: String(data.grid.nx) } },
      { ...data, grid: { ...data.grid, origin: [0, 0] } },
      { ...data, tree: { ...data.tree, branchOf: Float32Array.from(data.tree.branchOf) } },
      { ...data, tree: { ...data.tree, branches: data.tree.branches.map((b) => ({ ...b, path: Array.from(b.path) })) } },
      { ...data, symmetric: 1 },
      { ...data, size: undefined },
      null,
    ];
    for (const reply of broken) expect(isShapeAnalysisData(reply)).toBe(false);
  });

  it('a malformed reply is the helper\'s failure: the caller analyses itself, the helper is retired, and rigMesh writes the serial file', async () => {
    await useFitAnalysisThreadEntry(path.join(__dirname, 'fit-analysis-thread-malformed.ts'));
    let outcome: FitAheadOutcome = 'not-started';
    let analysed: unknown;
    for (let attempt = 0; attempt < 100 && outcome === 'not-started'; attempt++) {
      const ahead = analyseFitAhead(mesh, resolution)!;
      await new Promise((r) => setTimeout(r, 20));
      ({ outcome, analysed } = ahead.take({ ...mesh }));
    }
    expect(outcome).toBe('helper-failed');
    expect(analysed).toBeUndefined();
    expect(fitAnalysisThreadCount()).toBe(0);
    expect(analyseFitAhead(mesh, resolution)).toBeUndefined();
    const glb = await writeGlb(mesh);
    const serial = await rigMesh(glb, { rigType: 'biped', thumbnailSize: 32, skin: { heatThreads: 1 } });
    const fallback = await rigMesh(glb, { rigType: 'biped', thumbnailSize: 32, skin: { heatThreads: 2 } });
    expect(Buffer.from(fallback.model).equals(Buffer.from(serial.model))).toBe(true);
  });

  it('an idle helper ends itself after the set period, and the next job starts another (not a retired helper)', async () => {
    setHelperThreadIdleMs(400);
    await takenFromHelper();
    expect(fitAnalysisThreadCount()).toBe(1);
    expect(await eventually(() => fitAnalysisThreadCount() === 0, 10_000)).toBe(true);
    expectSameAnalysis(await takenFromHelper(), analyzeShape(mesh, resolution));
    expect(fitAnalysisThreadCount()).toBe(1);
    // The period is the one the helper started with: one started under the default does not end soon.
    await closeFitAnalysisThread();
    setHelperThreadIdleMs(HELPER_THREAD_IDLE_MS_DEFAULT);
    await takenFromHelper();
    await new Promise((r) => setTimeout(r, 1000));
    expect(fitAnalysisThreadCount()).toBe(1);
  });
});
