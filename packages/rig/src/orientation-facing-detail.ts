/**
 * The detail, a facing cue read after the eyes, the feet and the knees (orientation-facing-cue.ts):
 * a model's head end carries more of its triangles than its share of the surface — a face, eyes and
 * a mouth, a snout, antlers or mandibles are modelled finely, a back, a rump or a tail plainly — so
 * along the fore-aft axis the centre of the triangles (each counted once) lies in front of the
 * centre of the surface (each triangle weighed by its area). The offset of the two over the
 * fore-aft length is the cue; a half turn about the up axis negates it exactly. It reads a mesh as
 * modelled, not its shape, so a round body on stub legs whose every shape measure is near 0 still
 * reads its face.
 */
import { candidateFrame, type OrientationCandidate } from './orientation-features';

/** What the detail reads of a mesh (orientation-facing-cue.ts's FacingSurface has it). */
export interface DetailSurface {
  /** Triangle centres (x, y, z per triangle) and areas, in the file frame. */
  centres: Float64Array;
  areas: Float64Array;
  lo: readonly [number, number, number];
  hi: readonly [number, number, number];
}

/**
 * The detail of a candidate (the model stood up as it says, facing +Z): the fore-aft centre of its
 * triangles less that of its surface, over the fore-aft length (> 0: the finer end is in front).
 * Triangles of no area are left out of both. NaN: no length or no surface.
 */
export function facingDetailOf(surface: DetailSurface, c: OrientationCandidate): number {
  const { axis, sign } = candidateFrame(c);
  const { lo, hi, centres, areas } = surface;
  const fore = axis[2]!, sf = sign[2]!;
  const length = hi[fore]! - lo[fore]!;
  let count = 0, sum = 0, area = 0, weighed = 0;
  for (let t = 0; t < areas.length; t++) {
    const a = areas[t]!;
    if (!(a > 0)) continue;
    const z = sf * centres[t * 3 + fore]!;
    count++; sum += z; area += a; weighed += a * z;
  }
  if (!(length > 0 && count > 0 && area > 0)) return NaN;
  return (sum / count - weighed / area) / length;
}
