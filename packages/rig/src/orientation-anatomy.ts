/**
 * Two more cues for the orientation finder, beside the surface features of
 * orientation-features.ts, measured once per mesh (six flat-face areas and a point: no new grid)
 * and read per candidate orientation by its signed axis permutation, so a file turned a quarter
 * turn gets exactly the turned features here too:
 *
 * - flat faces: game meshes stand on flat soles, flat feet, a flat belly or base, and their tops
 *   (heads, backs) are rounded; the share of the surface whose normal points straight down, and
 *   straight up, for each candidate's up axis (read off the surface grid's per-cell normal sums);
 * - the file's origin: a character's origin (its pivot in a game engine or a DCC tool) is
 *   conventionally on the ground between its feet, so its height in the candidate's bounding box
 *   (bottom is likelier up) and its distance from the box's vertical centre line.
 *
 * This module imports nothing from orientation-features.ts (which lists these features after its
 * own), so the two do not import each other.
 */

/** Names of the features, in the order `anatomyOfCandidate` gives them. */
export const ANATOMY_FEATURE_NAMES = ['downFlatArea', 'upFlatArea', 'originHeight', 'originOffCentre'] as const;

/** A cell's normal is a flat face along a file direction when its cosine with it is above this. */
const FLAT_COSINE = 0.9;

/** The origin's place in the box is clamped to this much beyond it (a far-off origin says only "outside"). */
const ORIGIN_CLAMP = 0.5;

/** What the candidates read: measured once per mesh, in the file frame. */
export interface MeshAnatomy {
  /** Share of the surface area that is flat facing each file direction: [+x, −x, +y, −y, +z, −z]. */
  flatShare: [number, number, number, number, number, number];
  /** The file's origin as a fraction of the bounding box along each file axis (0 at min, 1 at max). */
  origin: [number, number, number];
}

/** A candidate's frame: upright axis k (0 left-right, 1 up, 2 front) is file axis axis[k] times sign[k]. */
export interface CandidateFrame {
  axis: readonly [number, number, number];
  sign: readonly [number, number, number];
}

/**
 * Measures the mesh-level anatomy from the surface grid: `occupied` marks its cells, `normals` holds
 * per cell (x, y, z) the area-weighted normal sum of the triangles through it; `min`/`extent`: the
 * bounding box the grid spans (file units).
 */
export function measureMeshAnatomy(
  occupied: Uint8Array,
  normals: Float32Array,
  min: readonly number[],
  extent: readonly number[],
): MeshAnatomy {
  const flat = [0, 0, 0, 0, 0, 0];
  let total = 0;
  for (let v = 0; v < occupied.length; v++) {
    if (!occupied[v]) continue;
    const n0 = normals[v * 3]!, n1 = normals[v * 3 + 1]!, n2 = normals[v * 3 + 2]!;
    const len = Math.hypot(n0, n1, n2);
    total += len;
    if (len === 0) continue;
    const comps = [n0, n1, n2];
    for (let k = 0; k < 3; k++) {
      const c = comps[k]!;
      if (Math.abs(c) > FLAT_COSINE * len) flat[2 * k + (c > 0 ? 0 : 1)]! += len;
    }
  }
  const share = flat.map((a) => (total > 0 ? a / total : 0)) as MeshAnatomy['flatShare'];
  const origin = [0, 1, 2].map((k) => (extent[k]! > 0 ? -min[k]! / extent[k]! : 0.5)) as MeshAnatomy['origin'];
  return { flatShare: share, origin };
}

/** The anatomy features of one candidate, in ANATOMY_FEATURE_NAMES order. */
export function anatomyOfCandidate(a: MeshAnatomy, frame: CandidateFrame): number[] {
  const up = frame.axis[1], upSign = frame.sign[1];
  const flatAlong = (axis: number, sign: number): number => a.flatShare[2 * axis + (sign > 0 ? 0 : 1)]!;
  // The origin in the candidate's box: upright coordinate k runs along file axis axis[k], reversed when sign[k] < 0.
  const u = [0, 1, 2].map((k) => {
    const f = a.origin[frame.axis[k]!]!;
    const t = frame.sign[k]! > 0 ? f : 1 - f;
    return Math.min(1 + ORIGIN_CLAMP, Math.max(-ORIGIN_CLAMP, t));
  });
  return [
    flatAlong(up, -upSign),
    flatAlong(up, upSign),
    0.5 - u[1]!,
    Math.hypot(u[0]! - 0.5, u[2]! - 0.5),
  ];
}
