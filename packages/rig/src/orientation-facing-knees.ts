/**
 * The knees, a facing cue read after the eyes and the feet (orientation-facing-cue.ts): a leg bends
 * at the knee only forwards, so where a standing model's knees sit beyond the whole fore-aft span of
 * its shins, they say which way it faces. Straight legs (most game characters stand so) keep their
 * knees within the shins' span and say nothing; bent ones (a mech's or a crouching fighter's) point
 * the way the model faces, often where the eyes are not separate pieces and the feet reach back as
 * far as forward (a mech's heel spur), so the other cues are silent.
 *
 * No constant is fitted: the cue is the sign of how far the knee band's centre lies beyond the
 * shins' frontmost or backmost triangle centre (0 within). The shins are the feet cue's band (5–15%
 * of the height), the knees the 20–35% band (15–30% and 25–40% read the development set alike:
 * packages/rig/docs/orientation.md, "Orientation: measured", twenty-first round). Read only on a candidate taller than
 * it is long, as the feet: a long body's low bands are its belly and its legs' feet, not shins.
 * A half turn about the up axis negates it exactly.
 */
import { candidateFrame, type OrientationCandidate } from './orientation-features';

/** What the knees read of a mesh (orientation-facing-cue.ts's FacingSurface has it). */
export interface KneeSurface {
  /** Triangle centres (x, y, z per triangle) and areas, in the file frame. */
  centres: Float64Array;
  areas: Float64Array;
  lo: readonly [number, number, number];
  hi: readonly [number, number, number];
}

/** Height bands (shares of the candidate's height, from its floor): the shins and the knees. */
export const SHIN_BAND: readonly [number, number] = [0.05, 0.15];
export const KNEE_BAND: readonly [number, number] = [0.2, 0.35];

/**
 * The knees of a candidate (the model stood up as it says, facing +Z): how far the knee band's
 * area-weighted fore-aft centre lies in front of the shin band's frontmost triangle centre (> 0) or
 * behind its backmost (< 0), over the fore-aft length; 0 within the shins' span. NaN: not read (the
 * candidate is not taller than long, or a band is empty).
 */
export function kneesOf(surface: KneeSurface, c: OrientationCandidate): number {
  const { axis, sign } = candidateFrame(c);
  const { lo, hi, centres, areas } = surface;
  const span = (k: number): [number, number] => (sign[k]! > 0 ? [lo[axis[k]!]!, hi[axis[k]!]!] : [-hi[axis[k]!]!, -lo[axis[k]!]!]);
  const [y0, y1] = span(1), [z0, z1] = span(2);
  const height = y1 - y0, length = z1 - z0;
  if (!(height > length && length > 0)) return NaN;
  const up = axis[1]!, fore = axis[2]!, su = sign[1]!, sf = sign[2]!;
  let shinMin = Infinity, shinMax = -Infinity, kneeSum = 0, kneeArea = 0;
  for (let t = 0; t < areas.length; t++) {
    const a = areas[t]!;
    if (!(a > 0)) continue;
    const h = (su * centres[t * 3 + up]! - y0) / height, z = sf * centres[t * 3 + fore]!;
    if (h >= SHIN_BAND[0] && h < SHIN_BAND[1]) { if (z < shinMin) shinMin = z; if (z > shinMax) shinMax = z; }
    else if (h >= KNEE_BAND[0] && h < KNEE_BAND[1]) { kneeSum += a * z; kneeArea += a; }
  }
  if (!(kneeArea > 0) || shinMin > shinMax) return NaN;
  const knee = kneeSum / kneeArea;
  return (Math.max(0, knee - shinMax) - Math.max(0, shinMin - knee)) / length;
}
