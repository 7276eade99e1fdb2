/**
 * A model stands on its legs the way it is up: after the gates have turned a file's up axis, one
 * whose model stands on no legs gives way to the likeliest other up axis whose model, stood that
 * way, stands on two or more (the legs test decideOrientation already reads: measureBodyPlanFeatures'
 * standingLegs of the model stood up along it). The thirteenth orientation round's `standOpposite`
 * compares an up axis with its opposite only (upside down stands on nothing); this compares it with
 * every up axis the other rules allow (not across the mirror plane, not along a lying body's length),
 * so a quadruped the finder reads lying on its side, back or front, while stood up the right way it
 * stands on its four legs, is stood up on them. A rule, no constant fitted (packages/rig/docs/orientation.md,
 * "Orientation: measured", eighteenth round). Since the twenty-third round it also reads a file the
 * gates kept on its +Y, when its mirror plane is known (`keptStandsOnLegs`): a kept quadruped lying
 * on its back or front is stood on its legs; without the plane a fish's fins stood one way read as
 * two legs, so a file with no clear plane keeps its +Y.
 */
import type { UpAxis } from './up-axis';

/**
 * The up axis to take instead of `upAxis` (undefined: keep it): when the model stood up along
 * `upAxis` stands on fewer than two legs, the likeliest of `allowed` (by `upP`) whose model stands
 * on two or more.
 */
export function standOnLegsInstead(
  upAxis: UpAxis,
  allowed: readonly UpAxis[],
  upP: (up: UpAxis) => number,
  standingWhenStood: (up: UpAxis) => number,
): UpAxis | undefined {
  if (standingWhenStood(upAxis) >= 2) return undefined;
  return allowed.filter((a) => a !== upAxis).sort((a, b) => upP(b) - upP(a)).find((a) => standingWhenStood(a) >= 2);
}
