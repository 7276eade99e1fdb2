/** The engines' work budget, checked once so every reader and engine refuses the same meshes. */
import { emptyBounds, extendBounds, longestBoundsSide } from '../bounding-box';
import { EngineError } from '../mesh-error';
import type { Mesh } from '../mesh-model';
import { dropDegenerateTriangles, isDegenerateTriangle, sortedTripleHash } from './drop-degenerate-triangles';
import { estimateRasterWork, longestSide, RasterWorkMeter } from './estimate-raster-work';

/**
 * The work budget of the engines that walk triangles on grids. Resolutions are those of the
 * skinning voxeliser (128 cells on the long side) and of the supersampled 512 px thumbnail
 * (1024); the fit's voxel grid is coarser, so it is covered. What a mesh costs there is not its
 * triangle count but its triangles' bounding boxes: the fit and skinning walk every voxel each
 * box covers (and what the voxels then hold: a soup of boxes fills the grid with surface, which
 * the heat and visibility stages pay for again), the thumbnail every pixel. So the budget is an
 * estimate of those stages' seconds from the two sums, at rates measured on random soups, which
 * have nothing else to them (`packages/rig/scripts/bench-workload.ts`, 2 shared cores under load):
 * 85k random triangles 0.3 wide (0.33·10^9 voxel, 1.7·10^9 pixel visits) took 11.5 s of fit and
 * skin and 8.3 s of thumbnail; 1.0 wide (3.1·10^9, 8.1·10^9) 63 s and 91 s. The rates below are
 * the slower of each. A real mesh's triangles are a cell or two wide: the models of the rig dev
 * set, the examples and the catalog estimate at most a few tenths of a second
 * (`packages/catalog/scripts/measure-workload.ts`), so the limit is 37 times above the largest of
 * them. Issue 24's soup (85k triangles under the old visit limits, which held a worker 37 s idle
 * and 157 s loaded) is refused after its first 12k triangles; the worst soup still accepted (85k
 * triangles 0.25 wide) took 66 s at load average 17, 42 s of it fit and skin driven by its 255k
 * unshared vertices, which the 10 MB input limit bounds as it bounds a real mesh's.
 */
export const MESH_WORKLOAD_LIMITS = {
  gridResolution: 128,
  pixelResolution: 1024,
  /** Voxel visits the fit and skinning get through per second (2·10^-8 s each, measured). */
  cellVisitsPerSecond: 50_000_000,
  /** Pixel visits the thumbnail rasteriser gets through per second (10^-8 s each, measured). */
  pixelVisitsPerSecond: 100_000_000,
  /** The longest grid work accepted, in estimated seconds. */
  maxGridSeconds: 20,
  /** Share of removable triangles above which the simplified mesh replaces the input. */
  simplifyShare: 0.01,
} as const;

/** Estimated seconds of grid work for these visit sums (the one cost formula). */
export function gridWorkSeconds(work: { cells: number; pixels: number }): number {
  return work.cells / MESH_WORKLOAD_LIMITS.cellVisitsPerSecond + work.pixels / MESH_WORKLOAD_LIMITS.pixelVisitsPerSecond;
}

/** What `boundMeshWorkload` measures of a mesh: the visit sums and the seconds estimated from them. */
export interface MeshWorkloadEstimate {
  cells: number;
  pixels: number;
  seconds: number;
}

/** The grid work of a mesh as the budget sees it (for scripts that measure real meshes against it). */
export function estimateMeshWorkload(mesh: Mesh): MeshWorkloadEstimate {
  const work = estimateRasterWork(mesh, MESH_WORKLOAD_LIMITS.gridResolution, MESH_WORKLOAD_LIMITS.pixelResolution);
  return { ...work, seconds: gridWorkSeconds(work) };
}

/** The work as the refusals name it. */
function describeWork(work: { cells: number; pixels: number }): string {
  const limits = MESH_WORKLOAD_LIMITS;
  return (
    `an estimated ${gridWorkSeconds(work).toFixed(0)} s of grid work (${(work.cells / 1e6).toFixed(0)} M voxel visits at ` +
    `${limits.gridResolution} cells, ${(work.pixels / 1e6).toFixed(0)} M pixel visits at ${limits.pixelResolution} px), ` +
    `more than the limit of ${limits.maxGridSeconds} s`
  );
}

/** Whether the kept triangles measured so far are past the budget (the one test both scans apply). */
function pastBudget(work: { cells: number; pixels: number }): boolean {
  return gridWorkSeconds(work) > MESH_WORKLOAD_LIMITS.maxGridSeconds;
}

/** The refusal of a mesh whose first `first` triangles alone cost `work`, past the budget. */
function tooMuchWork(triangles: number, first: number, work: { cells: number; pixels: number }): EngineError {
  return new EngineError(
    'invalid_input',
    `mesh: its ${triangles} triangles are too large and overlapping for their number to rig (the first ` +
      `${first} alone need ${describeWork(work)}); random triangle soup and dense fans cannot be rigged`,
  );
}

export interface MeshWorkloadResult {
  mesh: Mesh;
  warnings: string[];
}

/**
 * Bounds the work a mesh can cause before any heavy stage runs. Degenerate and duplicate
 * triangles (a two-million-corner face over nine vertices) are dropped when they are more than
 * a trace; what remains is refused with `invalid_input` when its triangles' bounding boxes would
 * cost more grid visits than the budget, since no amount of time makes such a mesh riggable.
 * Linear in the triangle count (~0.5 s at the 2M cap), and hostile meshes stop early: the kept
 * triangles are measured as the degenerate scan meets them, against the box of *all* vertices
 * (at least as large as the box of those used, so the sum is never more than the true one), and
 * the scan stops at the first triangle past the budget. A dense fan of 2M triangles over 256
 * vertices was refused after 0.9 s of dropping and measuring; it is now refused after its first
 * ~30k triangles.
 */
export function boundMeshWorkload(input: Mesh): MeshWorkloadResult {
  const limits = MESH_WORKLOAD_LIMITS;
  const warnings: string[] = [];
  const triangles = input.indices.length / 3;
  const longest = longestSide(input.positions);
  const meter = new RasterWorkMeter(input.positions, longest, limits.gridResolution, limits.pixelResolution);
  const { indices } = input;
  const dropped = dropDegenerateTriangles(
    input,
    meter.scaled
      ? (t) => {
          meter.add(indices[t * 3]!, indices[t * 3 + 1]!, indices[t * 3 + 2]!);
          return !pastBudget(meter);
        }
      : undefined,
  );
  if (dropped.stoppedAt !== undefined) throw tooMuchWork(triangles, dropped.stoppedAt + 1, meter);
  const removed = dropped.degenerate + dropped.duplicate;
  let mesh = input;
  if (removed > triangles * limits.simplifyShare) {
    mesh = dropped.mesh;
    warnings.push(`mesh: dropped ${dropped.degenerate} degenerate and ${dropped.duplicate} duplicate triangles of ${triangles}`);
  }
  if (mesh.indices.length === 0) {
    throw new EngineError('invalid_input', `mesh: all ${triangles} triangles are degenerate (no surface to rig)`);
  }
  // Nothing dropped and the triangles' corners spanning every vertex's box (the same longest side):
  // the meter summed the triangles estimateRasterWork would, in its order and at its scale, so
  // its sums are that estimate's bit for bit (and under the budget, checked after the last one);
  // measuring them again was ~5 ms of a 68k-triangle mesh's read.
  const measured = removed === 0 && meter.scaled && longestSide(mesh.positions, mesh.indices) === longest;
  const work = measured ? meter : estimateRasterWork(mesh, limits.gridResolution, limits.pixelResolution);
  if (pastBudget(work)) {
    const n = mesh.indices.length / 3;
    throw new EngineError(
      'invalid_input',
      `mesh: its ${n} triangles are too large and overlapping for their number to rig (their bounding boxes ` +
        `need ${describeWork(work)}); random triangle soup and dense fans cannot be rigged`,
    );
  }
  return { mesh, warnings };
}

/** How a part's index stream makes triangles (glTF modes 4, 5 and 6; STL and OBJ are lists). */
export type TriangleLayout = 'list' | 'strip' | 'fan';

/**
 * `boundMeshWorkload`'s budget, applied by a reader while it reads (readMesh's `boundWorkload`):
 * the triangles are measured straight from the file's index stream, before the reader copies,
 * checks, compacts and merges them, and before `boundMeshWorkload` allocates its duplicate table.
 * A dense fan of 2M triangles over 256 vertices (a 6 MB GLB) cost ~0.2 s of that on an idle
 * machine and up to 1.5 s under load before the budget could refuse it after its first ~26k
 * triangles; it is now refused after reading its 256 positions and those ~26k triangles.
 *
 * It refuses only what `boundMeshWorkload` is certain to refuse: it measures the same kept
 * triangles (not degenerate, not a repeat of an earlier triangle of the same part: parts never
 * share vertices once merged) with the same meter, against the box of every vertex the reader
 * will add, which is at least as large as the merged mesh's, so no triangle counts for more here
 * than there (the fuzzer checks both agree). Every part's positions must be `include`d, in world
 * space, before the first `meter`.
 */
export class MeshWorkloadGate {
  /** minX, minY, minZ, maxX, maxY, maxZ of every position included. */
  private readonly box = emptyBounds();
  private longest: number | undefined;
  /** The parts met while measuring roughly (references to the reader's arrays, not copies). */
  private readonly parts: GatePart[] = [];
  /** Every triangle's work (repeats and degenerate ones too), until it is past the budget. */
  private readonly rough = { cells: 0, pixels: 0 };
  /** Once the rough work is past the budget: the kept triangles' work and how many triangles were met. */
  private exact: { cells: number; pixels: number; met: number } | undefined;

  /** Extends the box by a part's world-space positions (every part, before any `meter`). */
  include(positions: Float32Array): void {
    if (this.longest !== undefined) throw new Error('MeshWorkloadGate: include() after meter()');
    extendBounds(this.box, positions);
  }

  /**
   * Measures one part's triangles as the stream gives them (`indices` null: 0, 1, 2, ...), and
   * throws `boundMeshWorkload`'s refusal at the first one past the budget. `triangles` is the
   * mesh's declared total, for the message. An index out of range stops the measuring: the
   * reader's own check reports it. The arrays must stay unchanged until the read ends.
   *
   * Two passes, so a real mesh pays for one light one: first every triangle is measured, repeated
   * and degenerate ones too, which is more than the kept ones cost, so while that stays under the
   * budget nothing is certain and nothing else is done (tracking repeats for every triangle costs
   * as much as boundMeshWorkload's own scan, which a real mesh would then pay twice). Once it is
   * past, the parts so far are measured again from the first, counting only the kept triangles,
   * and so is every later part.
   */
  meter(positions: Float32Array, indices: ArrayLike<number> | null, layout: TriangleLayout, triangles: number): void {
    const box = this.box;
    this.longest ??= longestBoundsSide(box);
    // No extent (or a non-finite one, which the reader refuses anyway): there is no grid to scale to.
    if (!(this.longest > 0 && Number.isFinite(this.longest))) return;
    const part: GatePart = { positions, indices, layout };
    if (this.exact) {
      this.measureKept(part, this.exact, triangles);
      return;
    }
    this.parts.push(part);
    if (!this.roughlyPastBudget(part)) return;
    const exact = (this.exact = { cells: 0, pixels: 0, met: 0 });
    for (const p of this.parts.splice(0)) this.measureKept(p, exact, triangles);
  }

  /** Adds every triangle of the part to the rough work; true once it is past the budget. */
  private roughlyPastBudget({ positions, indices, layout }: GatePart): boolean {
    const limits = MESH_WORKLOAD_LIMITS;
    const rough = new RasterWorkMeter(positions, this.longest!, limits.gridResolution, limits.pixelResolution);
    // The meter's sums start from the earlier parts', so it measures the whole mesh so far.
    rough.cells = this.rough.cells;
    rough.pixels = this.rough.pixels;
    const vertices = Math.floor(positions.length / 3);
    const count = triangleCount(indices, layout, vertices);
    for (let t = 0; t < count; t++) {
      const a = corner(indices, layout, t, 0), b = corner(indices, layout, t, 1), c = corner(indices, layout, t, 2);
      if (a >= vertices || b >= vertices || c >= vertices) return false;
      rough.add(a, b, c);
      if (pastBudget(rough)) return true;
    }
    this.rough.cells = rough.cells;
    this.rough.pixels = rough.pixels;
    return false;
  }

  /** Adds the part's kept triangles to `into`, throwing the refusal at the first past the budget. */
  private measureKept({ positions, indices, layout }: GatePart, into: { cells: number; pixels: number; met: number }, triangles: number): void {
    const limits = MESH_WORKLOAD_LIMITS;
    const meter = new RasterWorkMeter(positions, this.longest!, limits.gridResolution, limits.pixelResolution);
    meter.cells = into.cells;
    meter.pixels = into.pixels;
    const vertices = Math.floor(positions.length / 3);
    const count = triangleCount(indices, layout, vertices);
    const seen = new SortedTripleSet();
    for (let t = 0; t < count; t++) {
      let a = corner(indices, layout, t, 0), b = corner(indices, layout, t, 1), c = corner(indices, layout, t, 2);
      if (a >= vertices || b >= vertices || c >= vertices) return;
      into.met++;
      if (isDegenerateTriangle(positions, a, b, c)) continue;
      if (a > b) [a, b] = [b, a];
      if (b > c) [b, c] = [c, b];
      if (a > b) [a, b] = [b, a];
      if (!seen.add(a, b, c)) continue;
      meter.add(a, b, c);
      if (pastBudget(meter)) throw tooMuchWork(triangles, into.met, meter);
    }
    into.cells = meter.cells;
    into.pixels = meter.pixels;
  }
}

/** One part as the gate measures it: world-space positions and the file's index stream. */
interface GatePart {
  positions: Float32Array;
  indices: ArrayLike<number> | null;
  layout: TriangleLayout;
}

function triangleCount(indices: ArrayLike<number> | null, layout: TriangleLayout, vertices: number): number {
  const stream = indices ? indices.length : vertices;
  return layout === 'list' ? Math.floor(stream / 3) : Math.max(0, stream - 2);
}

/** Corner `k` of triangle `t` of an index stream (`null`: 0, 1, 2, ...) laid out as `layout`. */
function corner(indices: ArrayLike<number> | null, layout: TriangleLayout, t: number, k: number): number {
  const i = layout === 'list' ? t * 3 + k : layout === 'strip' ? t + k : k === 0 ? 0 : t + k;
  return indices ? indices[i]! : i;
}

/**
 * Sorted index triples seen in one part, growing with what is added (the gate usually stops after
 * a few ten thousand, so it never allocates for the whole declared count up front).
 */
class SortedTripleSet {
  private slots = new Int32Array(1024).fill(-1);
  private triples = new Uint32Array(3 * 512);
  private size = 0;

  /** Adds a triple sorted ascending; false when it was already there. */
  add(a: number, b: number, c: number): boolean {
    const mask = this.slots.length - 1;
    let slot = sortedTripleHash(a, b, c) & mask;
    for (;;) {
      const e = this.slots[slot]!;
      if (e < 0) break;
      if (this.triples[e * 3] === a && this.triples[e * 3 + 1] === b && this.triples[e * 3 + 2] === c) return false;
      slot = (slot + 1) & mask;
    }
    if (this.size * 3 + 3 > this.triples.length) {
      const grown = new Uint32Array(this.triples.length * 2);
      grown.set(this.triples);
      this.triples = grown;
    }
    const e = this.size++;
    this.triples[e * 3] = a;
    this.triples[e * 3 + 1] = b;
    this.triples[e * 3 + 2] = c;
    this.slots[slot] = e;
    if (this.size * 2 > this.slots.length) this.rehash();
    return true;
  }

  private rehash(): void {
    this.slots = new Int32Array(this.slots.length * 2).fill(-1);
    const mask = this.slots.length - 1;
    for (let e = 0; e < this.size; e++) {
      let slot = sortedTripleHash(this.triples[e * 3]!, this.triples[e * 3 + 1]!, this.triples[e * 3 + 2]!) & mask;
      while (this.slots[slot]! >= 0) slot = (slot + 1) & mask;
      this.slots[slot] = e;
    }
  }
}
