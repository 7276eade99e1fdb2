/**
 * The anatomy facing cue's turn of a found orientation, findOrientation's last step (packages/rig/docs/orientation.md,
 * "Orientation: measured", fourteenth and twenty-first rounds):
 *
 * - a half turn about the up axis when the eyes, the feet or the knees of the model stood up that
 *   way say it faces backwards (orientation-facing-cue.ts's verdict);
 * - else, when they say nothing of that facing, no left-right axis is kept (no mirror plane is
 *   clearly best) and the body does not lie along its length, a quarter turn to the facing whose
 *   feet reach forward by the feet cue's own bar: a standing biped read facing sideways has its feet
 *   reaching across its facing, where they say nothing, and forward of its shins a quarter turn
 *   away. No constant of its own (the feet cue's bar, chosen leaving one artist out);
 * - last, where the eyes, feet and knees say nothing of the facing so found, a half turn when the
 *   model's triangles sit clearly behind its surface's centre (orientation-facing-detail.ts: the
 *   head end is the finely modelled one), read on a candidate taller than long (a standing model)
 *   or on a walker lying along its length (four or more ground-reaching legs, `minDetailLength`
 *   times as long as high; a fish's fins and tail and a flyer's wings are finely modelled too, so
 *   legless long bodies are not read); where the detail says nothing either and no left-right axis
 *   is kept, a quarter turn to the standing facing whose detail says forward by the same bar (a body
 *   read sideways: its left-right is symmetric, its front the finer end a quarter turn away).
 *   Twenty-fourth round of packages/rig/docs/orientation.md.
 */
import type { Mesh } from '@rigforge/mesh';
import { FACING_CUE_DEFAULTS, facingCueOf, facingCueVerdict, halfTurn, measureFacingSurface, type FacingCue, type FacingCueOptions, type FacingSurface } from './orientation-facing-cue';
import type { OrientationCandidate } from './orientation-features';
import type { UpAxis } from './up-axis';
import type { WeldedVertices } from './weld-vertices';

/** What the gates kept of the file's frame (findOrientation's lateralAxis and lengthAxis). */
export interface FacingTurnFrame {
  lateralAxis?: 'x' | 'y' | 'z';
  lengthAxis?: 'x' | 'y' | 'z';
  /**
   * The ground-reaching legs (measureBodyPlanFeatures' `legs`) of the model stood up along an axis:
   * findOrientation's legs tests, read only for a long candidate the detail would turn. Absent, a
   * long candidate's detail is not read (only a standing one's).
   */
  legsWhenStood?: (up: UpAxis) => number;
  /** The mesh's weld at the default tolerance, made when first asked (orientForRig's, shared with the fit and the skin). Absent, the cue welds its own. */
  welded?: () => WeldedVertices;
}

/** The two rotations a quarter turn from `rotationY` about the up axis. */
function quarterTurns(rotationY: OrientationCandidate['rotationY']): [OrientationCandidate['rotationY'], OrientationCandidate['rotationY']] {
  return rotationY === 0 || rotationY === 180 ? [90, -90] : [0, 180];
}

/** The facing (rotationY about the found up axis) the anatomy gives a mesh found standing as `found`: `found.rotationY` when it says nothing. */
export function facingCueRotation(mesh: Mesh, found: OrientationCandidate, options: FacingCueOptions = {}, frame: FacingTurnFrame = {}): OrientationCandidate['rotationY'] {
  const o = { ...FACING_CUE_DEFAULTS, ...options };
  const surface = measureFacingSurface(mesh, options, frame.welded?.());
  const cue = facingCueOf(surface, found);
  const rotationY = cueRotation(surface, found, cue, o, frame);
  // The detail, where the other cues say nothing of the facing so found.
  const at = rotationY === found.rotationY ? cue : facingCueOf(surface, { upAxis: found.upAxis, rotationY });
  if (facingCueVerdict(at, options) !== 0) return rotationY;
  if (detailSaysBackwards(at, found.upAxis, o, frame)) return halfTurn(rotationY);
  // ... and where it says nothing either (a body read sideways: its left-right is symmetric), the
  // quarter turn to a standing facing it says is forward, as the feet's quarter turn above.
  if (!o.quarterDetail || frame.lateralAxis || frame.lengthAxis || !(Math.abs(at.detail) < o.minDetail)) return rotationY;
  const best = quarterTurns(rotationY)
    .map((r) => ({ rotationY: r, cue: facingCueOf(surface, { upAxis: found.upAxis, rotationY: r }) }))
    .filter((t) => t.cue.height > t.cue.length && facingCueVerdict(t.cue, options) >= 0)
    .sort((a, b) => b.cue.detail - a.cue.detail)[0];
  return best && best.cue.detail >= o.minDetail ? best.rotationY : rotationY;
}

/** The eyes, feet and knees' half turn, or the feet's quarter turn. */
function cueRotation(surface: FacingSurface, found: OrientationCandidate, cue: FacingCue, o: Required<FacingCueOptions>, frame: FacingTurnFrame): OrientationCandidate['rotationY'] {
  const verdict = facingCueVerdict(cue, o);
  if (verdict < 0) return halfTurn(found.rotationY);
  if (verdict > 0 || !o.quarterFeet || frame.lateralAxis || frame.lengthAxis || !(Math.abs(cue.feet) < o.minFeet)) return found.rotationY;
  const [a, b] = quarterTurns(found.rotationY).map((rotationY) => ({ rotationY, feet: facingCueOf(surface, { upAxis: found.upAxis, rotationY }).feet }));
  const best = b!.feet > a!.feet ? b! : a!;
  return best.feet >= o.minFeet ? best.rotationY : found.rotationY;
}

/**
 * Legs from which a long body is a walker the detail reads: measureBodyPlanFeatures counts sprawling
 * legs only from four up (with fewer, only legs standing under the body count), and a fish's fins
 * or tail lobes read 0–2 on the development set (packages/rig/docs/orientation.md, twenty-fourth round).
 */
const WALKER_LEGS = 4;

/** Whether the detail of a candidate in its scope (standing, or a walker lying along its length) says it faces backwards. */
function detailSaysBackwards(cue: FacingCue, up: UpAxis, o: Required<FacingCueOptions>, frame: FacingTurnFrame): boolean {
  if (!(cue.detail <= -o.minDetail)) return false;
  if (cue.height > cue.length) return true;
  return cue.length >= o.minDetailLength * cue.height && frame.legsWhenStood !== undefined && frame.legsWhenStood(up) >= WALKER_LEGS;
}
