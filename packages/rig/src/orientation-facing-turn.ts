/**
 * The anatomy facing cue's turn of a found orientation, findOrientation's last step (package README,
 * "Orientation: measured", fourteenth and twenty-first rounds):
 *
 * - a half turn about the up axis when the eyes, the feet or the knees of the model stood up that
 *   way say it faces backwards (orientation-facing-cue.ts's verdict);
 * - else, when they say nothing of that facing, no left-right axis is kept (no mirror plane is
 *   clearly best) and the body does not lie along its length, a quarter turn to the facing whose
 *   feet reach forward by the feet cue's own bar: a standing biped read facing sideways has its feet
 *   reaching across its facing, where they say nothing, and forward of its shins a quarter turn
 *   away. No constant of its own (the feet cue's bar, chosen leaving one artist out).
 */
import type { Mesh } from '@rigforge/mesh';
import { FACING_CUE_DEFAULTS, facingCueOf, facingCueVerdict, halfTurn, measureFacingSurface, type FacingCueOptions } from './orientation-facing-cue';
import type { OrientationCandidate } from './orientation-features';

/** What the gates kept of the file's frame (findOrientation's lateralAxis and lengthAxis). */
export interface FacingTurnFrame {
  lateralAxis?: 'x' | 'y' | 'z';
  lengthAxis?: 'x' | 'y' | 'z';
}

/** The two rotations a quarter turn from `rotationY` about the up axis. */
function quarterTurns(rotationY: OrientationCandidate['rotationY']): [OrientationCandidate['rotationY'], OrientationCandidate['rotationY']] {
  return rotationY === 0 || rotationY === 180 ? [90, -90] : [0, 180];
}

/** The facing (rotationY about the found up axis) the anatomy gives a mesh found standing as `found`: `found.rotationY` when it says nothing. */
export function facingCueRotation(mesh: Mesh, found: OrientationCandidate, options: FacingCueOptions = {}, frame: FacingTurnFrame = {}): OrientationCandidate['rotationY'] {
  const o = { ...FACING_CUE_DEFAULTS, ...options };
  const surface = measureFacingSurface(mesh, options);
  const cue = facingCueOf(surface, found);
  const verdict = facingCueVerdict(cue, options);
  if (verdict < 0) return halfTurn(found.rotationY);
  if (verdict > 0 || !o.quarterFeet || frame.lateralAxis || frame.lengthAxis || !(Math.abs(cue.feet) < o.minFeet)) return found.rotationY;
  const [a, b] = quarterTurns(found.rotationY).map((rotationY) => ({ rotationY, feet: facingCueOf(surface, { upAxis: found.upAxis, rotationY }).feet }));
  const best = b!.feet > a!.feet ? b! : a!;
  return best.feet >= o.minFeet ? best.rotationY : found.rotationY;
}
