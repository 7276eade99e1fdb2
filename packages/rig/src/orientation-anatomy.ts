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
 * - ground contact: the share of the surface area lying flat in the candidate's lowest (and
 *   highest) plane, read off the triangles themselves (not the grid): a sole, a base or a belly a
 *   model stands on is a set of coplanar lowest vertices; a rounded back or head touches its
 *   plane at a point;
 * - the origin, made robust to a file whose origin is elsewhere (a pivot above the back): its
 *   distance from the box's middle along the up axis, whichever end (which axis is vertical, not
 *   which way up), and its signed height only where the flat faces agree (more flat surface
 *   facing the end the origin is at than the other end).
 *
 * This module imports nothing from orientation-features.ts (which lists these features after its
 * own), so the two do not import each other.
 */

/** Names of the features, in the order `anatomyOfCandidate` gives them. */
export const ANATOMY_FEATURE_NAMES = [
  'downFlatArea', 'upFlatArea', 'originHeight', 'originOffCentre',
  'downContactArea', 'upContactArea', 'originAtEnd', 'originFlatAgrees',
] as const;

/**
 * The features read off the triangles (measureContact: a pass over every triangle, not the grid),
 * measured only when a model names one of them (orientation-features.ts, measureOrientationFeatureRows).
 */
export const CONTACT_FEATURE_NAMES: readonly (typeof ANATOMY_FEATURE_NAMES)[number][] = ['downContactArea', 'upContactArea'];

/** The features that read the file's origin (a convention many files follow and some do not). */
export const ORIGIN_FEATURE_NAMES = ['originHeight', 'originOffCentre', 'originAtEnd', 'originFlatAgrees'] as const;

/** A triangle is in the box's end plane when its three corners are within this share of the box's extent of it. */
const CONTACT_TOLERANCE = 0.01;

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
  /** Share of the surface area lying in the box's end plane on each file side: [+x, −x, +y, −y, +z, −z]. */
  contactShare: [number, number, number, number, number, number];
}

/** The triangles of a mesh, for the contact planes (file units). */
export interface MeshSurface {
  positions: ArrayLike<number>;
  indices: ArrayLike<number>;
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
  surface?: MeshSurface,
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
  return { flatShare: share, origin, contactShare: surface ? measureContact(surface, min, extent) : [0, 0, 0, 0, 0, 0] };
}

/** Share of the triangle area within CONTACT_TOLERANCE of each end plane of the box (the box `min`/`extent` spans). */
export function measureContact(surface: MeshSurface, min: readonly number[], extent: readonly number[]): MeshAnatomy['contactShare'] {
  const p = surface.positions, idx = surface.indices;
  const contact = [0, 0, 0, 0, 0, 0];
  let total = 0;
  for (let t = 0; t + 2 < idx.length; t += 3) {
    const a = idx[t]! * 3, b = idx[t + 1]! * 3, c = idx[t + 2]! * 3;
    const u0 = p[b]! - p[a]!, u1 = p[b + 1]! - p[a + 1]!, u2 = p[b + 2]! - p[a + 2]!;
    const w0 = p[c]! - p[a]!, w1 = p[c + 1]! - p[a + 1]!, w2 = p[c + 2]! - p[a + 2]!;
    const area = Math.hypot(u1 * w2 - u2 * w1, u2 * w0 - u0 * w2, u0 * w1 - u1 * w0);
    total += area;
    for (let k = 0; k < 3; k++) {
      const tol = CONTACT_TOLERANCE * extent[k]!;
      const lo = min[k]!, hi = min[k]! + extent[k]!;
      const va = p[a + k]!, vb = p[b + k]!, vc = p[c + k]!;
      if (Math.max(va, vb, vc) >= hi - tol) contact[2 * k]! += Math.min(va, vb, vc) >= hi - tol ? area : 0;
      if (Math.min(va, vb, vc) <= lo + tol) contact[2 * k + 1]! += Math.max(va, vb, vc) <= lo + tol ? area : 0;
    }
  }
  return contact.map((v) => (total > 0 ? v / total : 0)) as MeshAnatomy['contactShare'];
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
  const down = flatAlong(up, -upSign), top = flatAlong(up, upSign);
  const height = 0.5 - u[1]!;
  // The signed height counts only when the flat faces lean the same way: a low origin with more
  // flat surface facing down (a sole), or a high one with more facing up; a pivot above a file's
  // back (its soles flat below) then says nothing about which way is up.
  const agrees = Math.sign(height) === Math.sign(down - top) ? height : 0;
  const contactAlong = (axis: number, sign: number): number => a.contactShare[2 * axis + (sign > 0 ? 0 : 1)]!;
  return [
    down,
    top,
    height,
    Math.hypot(u[0]! - 0.5, u[2]! - 0.5),
    contactAlong(up, -upSign),
    contactAlong(up, upSign),
    Math.abs(height),
    agrees,
  ];
}
