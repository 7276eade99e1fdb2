/**
 * Anatomy facing cues measured for the facing round of issue 23 (scripts/facing-anatomy-loao.ts):
 * signed fore-aft measures of a candidate stood up (positive: it faces +Z), each negated exactly by a
 * half turn about the up axis, read off measureFacingSurface (triangle centres and areas, once per
 * mesh) per candidate by its signed axis permutation, over the candidate's fore-aft length:
 *
 * - knee: a leg's knee sits forward of the line from ankle to hip: the fore-aft centre of the
 *   20–35% height band less the mean of the 5–15% (shins) and 35–50% (hips) bands' centres;
 * - shin: the knee band's centre less the shins' (the shin leans back from the knee to the ankle);
 * - toes: how much further the lowest 5%'s front end reaches past the shins' front end than its
 *   back end past the shins' back end (area quantiles 2% and 98%: toes past the heel);
 * - chest: in the 50–80% band, how much further its front end reaches from its centre than its back
 *   end (arms held forward, a weapon; a backpack says the opposite);
 * - head: the same in the top 15% (a nose, a visor, a snout; hair and a helmet's back the opposite);
 * - kneeBeyond: how far the knee band's centre lies beyond the shins' whole fore-aft span (their
 *   frontmost or backmost triangle centre; 0 within it): a bent leg's knee is forward of its whole
 *   lower leg; straight legs read 0 (Low / High: the knee band 15–30% / 25–40%, for the bands' say).
 */
import type { FacingSurface } from '../../src/orientation-facing-cue';
import { candidateFrame, type OrientationCandidate } from '../../src/orientation-features';

export const ANATOMY_CUE_NAMES = ['knee', 'shin', 'toes', 'chest', 'head', 'kneeBeyond', 'kneeBeyondLow', 'kneeBeyondHigh'] as const;
export type AnatomyCueName = (typeof ANATOMY_CUE_NAMES)[number];
export interface AnatomyCues { cues: Record<AnatomyCueName, number>; tall: boolean }

interface Band { mean: number; q02: number; q98: number; min: number; max: number }

export function anatomyCuesOf(surface: FacingSurface, c: OrientationCandidate): AnatomyCues {
  const { axis, sign } = candidateFrame(c);
  const { lo, hi, centres, areas } = surface;
  const span = (k: number): [number, number] => (sign[k]! > 0 ? [lo[axis[k]!]!, hi[axis[k]!]!] : [-hi[axis[k]!]!, -lo[axis[k]!]!]);
  const [y0, y1] = span(1), [z0, z1] = span(2);
  const height = y1 - y0, length = z1 - z0;
  const nan = { knee: NaN, shin: NaN, toes: NaN, chest: NaN, head: NaN, kneeBeyond: NaN, kneeBeyondLow: NaN, kneeBeyondHigh: NaN };
  if (!(height > 0 && length > 0)) return { cues: nan, tall: false };
  const up = axis[1]!, fore = axis[2]!, su = sign[1]!, sf = sign[2]!;
  const band = (from: number, to: number): Band | undefined => {
    const zs: number[] = [], ws: number[] = [];
    for (let t = 0; t < areas.length; t++) {
      const h = (su * centres[t * 3 + up]! - y0) / height;
      if (h >= from && h < to && areas[t]! > 0) { zs.push(sf * centres[t * 3 + fore]!); ws.push(areas[t]!); }
    }
    if (!zs.length) return undefined;
    const order = zs.map((_, i) => i).sort((a, b) => zs[a]! - zs[b]!);
    const total = ws.reduce((a, b) => a + b, 0);
    const q = (p: number): number => {
      let s = 0;
      for (const i of order) { s += ws[i]!; if (s >= p * total) return zs[i]!; }
      return zs[order[order.length - 1]!]!;
    };
    return { mean: zs.reduce((a, z, i) => a + z * ws[i]!, 0) / total, q02: q(0.02), q98: q(0.98), min: zs[order[0]!]!, max: zs[order[order.length - 1]!]! };
  };
  const feet = band(0, 0.05), shins = band(0.05, 0.15), knees = band(0.2, 0.35), hips = band(0.35, 0.5), chest = band(0.5, 0.8), head = band(0.85, 1.01);
  // How far the knees' centre lies beyond the shins' whole fore-aft span (0 within it).
  const beyond = (k: Band | undefined, sh: Band | undefined): number => (k && sh ? (Math.max(0, k.mean - sh.max) - Math.max(0, sh.min - k.mean)) / length : NaN);
  const reach = (b: Band | undefined): number => (b ? ((b.q98 - b.mean) - (b.mean - b.q02)) / length : NaN);
  return {
    cues: {
      knee: knees && shins && hips ? (knees.mean - (shins.mean + hips.mean) / 2) / length : NaN,
      shin: knees && shins ? (knees.mean - shins.mean) / length : NaN,
      toes: feet && shins ? ((feet.q98 - shins.q98) - (shins.q02 - feet.q02)) / length : NaN,
      chest: reach(chest),
      head: reach(head),
      kneeBeyond: beyond(knees, shins),
      kneeBeyondLow: beyond(band(0.15, 0.3), shins),
      kneeBeyondHigh: beyond(band(0.25, 0.4), shins),
    },
    tall: height > length,
  };
}
