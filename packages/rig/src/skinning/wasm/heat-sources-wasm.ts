/**
 * Bone heat's sources in WebAssembly (`heat-sources.wat`): `heatSources` (skinning/bone-heat; its JavaScript loop) for
 * the 'blender' and 'off' visibilities with the voxel walk (skin-voxel-grid's `pathReentersSolid`)
 * as the visibility test, operation for operation, so the screening, nearest distances and sources
 * are the same bit for bit (test/bone-heat.test.ts compares the two). Per dense human that loop was
 * 30–35k walks and ~1.5M closest points, 30–45 ms of JavaScript (packages/rig/docs/speed.md, round 47).
 *
 * One instance per thread, compiled on first use; its memory grows to the largest mesh (its sources
 * array is sized n × bones) and is dropped after a call that grew it past KERNEL_KEEP_BYTES.
 */
import { ensureMemory, KernelSlot, type WasmMemory } from '../../wasm-kernel';
import type { SkinVoxelGrid } from '../skin-voxel-grid';
import { HEAT_SOURCES_WASM_BASE64 } from './heat-sources-wasm-bytes';

/** The exports of heat-sources.wat. */
interface HeatSourcesExports {
  memory: WasmMemory;
  sourcesGrid(stateP: number, nx: number, ny: number, nz: number, ox: number, oy: number, oz: number, cell: number): void;
  heatSources(
    n: number, nb: number, off: number, heatWeight: number, sink: number, sinkHeat: number, minDistance: number, tie: number,
    posP: number, nrmP: number, rowScaleP: number, segsP: number, closestP: number, len2P: number, distP: number,
    screenP: number, nearestP: number, sourceStartP: number, sourcesP: number,
  ): number;
}

const kernel = new KernelSlot<HeatSourcesExports>(HEAT_SOURCES_WASM_BASE64);

/** What the sources loop reads besides the mesh: the doubles it uses, as the JavaScript forms them. */
export interface HeatSourcesParams {
  /** `visibility: 'off'` (every bone seen) rather than 'blender'. */
  off: boolean;
  heatWeight: number;
  unheatedSink: number;
  minDistance: number;
  /** 1 + the tie tolerance (bone-heat's DISTANCE_EPSILON), the double the loop multiplies by. */
  tie: number;
}

/**
 * A vertex's heat sources, as both paths give them (bone-heat's `heatSources`: this loop's outputs,
 * fresh arrays, not views, or its JavaScript loop's): its screening H_i (area-scaled), where its
 * bones start in `sources`, its nearest bone's distance.
 */
export interface HeatSources {
  screen: Float64Array;
  sourceStart: Uint32Array;
  /**
   * A typed array on both paths, so the heat solves that read it see one kind of array: small
   * meshes take the JavaScript path (a function visibility) and large ones this one, and a
   * process's first large rig otherwise threw away `solveEachBoneLocally`'s optimised code on a map
   * it had never seen and ran its per-vertex and per-edge loops unoptimised
   * (packages/rig/docs/speed.md, round 64).
   */
  sources: Uint32Array;
  nearest: Float64Array;
}

/**
 * The sources of every vertex (see the file header); `segs` 7 doubles per bone (head, head → tail,
 * its squared length). Null where WebAssembly is missing or the mesh does not fit.
 */
export function heatSourcesWasm(
  positions: Float32Array, normals: Float32Array, rowScale: Float64Array, segs: Float64Array, grid: SkinVoxelGrid, params: HeatSourcesParams,
): HeatSources | null {
  const k = kernel.get();
  if (!k) return null;
  const n = positions.length / 3, nb = segs.length / 7;
  // The kernel takes the bones two at a time (f64x2 lanes): each pair's seven fields as rows of two.
  const nbPad = nb + (nb & 1);
  const pairs = new Float64Array(7 * nbPad);
  for (let b = 0; b < nb; b++) for (let f = 0; f < 7; f++) pairs[2 * (7 * (b >> 1) + f) + (b & 1)] = segs[7 * b + f]!;
  let end = 0;
  const take = (bytes: number): number => { const p = Math.ceil(end / 8) * 8; end = p + bytes; return p; };
  const posP = take(4 * 3 * n), nrmP = take(4 * 3 * n), rowScaleP = take(8 * n), segsP = take(8 * 7 * nbPad);
  const closestP = take(8 * 3 * nbPad), len2P = take(8 * nbPad), distP = take(8 * nb);
  const screenP = take(8 * n), nearestP = take(8 * n), sourceStartP = take(4 * (n + 1)), sourcesP = take(4 * n * nb);
  const stateP = take(grid.state.length);
  if (!ensureMemory(k.memory, end)) return null;
  const buffer = k.memory.buffer;
  new Float32Array(buffer, posP, 3 * n).set(positions.subarray(0, 3 * n));
  new Float32Array(buffer, nrmP, 3 * n).set(normals.subarray(0, 3 * n));
  new Float64Array(buffer, rowScaleP, n).set(rowScale.subarray(0, n));
  new Float64Array(buffer, segsP, 7 * nbPad).set(pairs);
  new Uint8Array(buffer, stateP, grid.state.length).set(grid.state);
  k.sourcesGrid(stateP, grid.nx, grid.ny, grid.nz, grid.origin[0], grid.origin[1], grid.origin[2], grid.cell);
  const count = k.heatSources(
    n, nb, params.off ? 1 : 0, params.heatWeight, params.unheatedSink, params.unheatedSink * params.heatWeight, params.minDistance, params.tie,
    posP, nrmP, rowScaleP, segsP, closestP, len2P, distP, screenP, nearestP, sourceStartP, sourcesP,
  );
  const out: HeatSources = {
    // In the interface's order, as bone-heat's JavaScript path builds it: one object shape on both paths.
    screen: new Float64Array(buffer, screenP, n).slice(),
    sourceStart: new Uint32Array(buffer, sourceStartP, n + 1).slice(),
    sources: new Uint32Array(buffer, sourcesP, count).slice(),
    nearest: new Float64Array(buffer, nearestP, n).slice(),
  };
  kernel.dropIfGrown(k);
  return out;
}
