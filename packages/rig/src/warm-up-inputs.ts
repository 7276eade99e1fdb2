/**
 * What a rig process rigs before its first real job to warm up (the rig workers' engine threads,
 * apps/worker/src/engines/warm-up.ts, and `score-dev-set.ts --warm-up`, which mirrors them): one
 * definition both read, so the measured warm-up is the shipped one.
 *
 * - The dressed humanoid (examples/dressed-humanoid.glb: five-fingered, 19k triangles, 9.6k
 *   welded vertices in 45 loose pieces, three textured materials, a UV seam) once: a process's first
 *   rig above HEAT_THREADS_MIN_VERTICES (8,000 welded vertices) starts heat's helper threads and
 *   runs, for the first time, the code only large meshes reach (heat's threaded branch and its WebAssembly kernels' tier-up, the piece rules over clothing
 *   pieces, the fill, the reader's and writer's per-material primitives and textures); without it
 *   the first large customer mesh paid that (speed.md, Rounds 64 and 66).
 * - Then the sample humanoid (examples/humanoid.glb, 1.6k triangles), `runs` times: a fresh process's
 *   first rigs of any mesh cost several times its later ones (V8 compiling the engine's code through
 *   its tiers, the young heap growing; packages/rig/docs/speed.md, round 33). Last, so the code the
 *   common small meshes run is re-settled after the large rig: with the large mesh last, the first
 *   small character after the warm-up cost more than before it was added (speed.md, Round 66).
 *
 * Both files are procedural (tooling/examples/make-examples.ts writes them from the rig package's
 * test creatures; no customer or dev-set data) and ship with the tree. Read from disk rather than
 * built here: the creatures live in the testing entry, which production code does not import.
 */
import path from 'node:path';

const EXAMPLES = path.resolve(__dirname, '../../../examples');

/** The small warm-up mesh, rigged `runs` times after the large one. */
export const RIG_WARM_UP_SMALL_MESH = path.join(EXAMPLES, 'humanoid.glb');

/** The large, many-piece warm-up mesh, rigged once, first. */
export const RIG_WARM_UP_LARGE_MESH = path.join(EXAMPLES, 'dressed-humanoid.glb');

/**
 * The files a rig warm-up of `runs` runs rigs, in order: the large mesh once, then the small mesh
 * `runs` times; none for `runs` < 1.
 */
export function rigWarmUpMeshes(runs: number): string[] {
  if (!(runs >= 1)) return [];
  return [RIG_WARM_UP_LARGE_MESH, ...Array.from({ length: Math.floor(runs) }, () => RIG_WARM_UP_SMALL_MESH)];
}
