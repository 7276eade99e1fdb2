/**
 * A body is not stood on its end: an up axis along the side a model's box is clearly longest on
 * (length-axis.ts lengthAxisOf, its 1.5: a fish's, a rat's, a sheep's length) gives way to the
 * likeliest up axis across it unless the finder (as the up gates read it) gives it at least a bar.
 * Standing characters are stood along their longest side only when their arms hang down (on the
 * development set no character stood up is clearly longest along its up axis: at most 1.26 times
 * its other sides), and the up gates give those their +Y (the set's standing models stored upright
 * 0.29 and up); a fish or a quadruped stood on its tail or its nose is a shape the finder rules out
 * (its up 0.01–0.06) while the gates kept the file's +Y or its tail fins stood it as filed. The bar is chosen leaving one
 * artist out (packages/rig/docs/orientation.md, "Orientation: measured", twenty-sixth round (quarter)). It runs where
 * orient-for-rig.ts's lengthwise restand would (find-orientation.ts decideOrientation, right after
 * the gates), for every body, whatever its plan; a given `lengthAxis` (the restand's) rules first.
 */
import { UP_AXES, type UpAxis } from './up-axis';

/**
 * The up axis to take instead of `upAxis` (undefined: keep it): along `longAxis` and given under
 * `minUpConfidence` by `upP`, the likeliest of the four across it.
 */
export function offItsEndInstead(upAxis: UpAxis, longAxis: 'x' | 'y' | 'z' | undefined, upP: (up: UpAxis) => number, minUpConfidence: number): UpAxis | undefined {
  if (longAxis === undefined || upAxis[1] !== longAxis || !(upP(upAxis) < minUpConfidence)) return undefined;
  return UP_AXES.filter((a) => a[1] !== longAxis).reduce((a, b) => (upP(b) > upP(a) ? b : a));
}
