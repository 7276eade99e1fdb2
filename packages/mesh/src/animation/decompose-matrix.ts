/** Splits node matrices into translation, rotation and scale, so animation channels can be written from them. */
import type { JointRestTransform } from '../mesh-model';
import { quatFromRotationColumns, type Quat } from './quat';

/**
 * Translation, rotation and scale of a column-major 4×4 affine matrix (glTF's layout). A mirrored
 * basis puts the sign on x scale; a degenerate one gets the identity rotation.
 */
export function decomposeMatrix(m: ArrayLike<number>): JointRestTransform {
  const col = (c: number): [number, number, number] => [m[c * 4]!, m[c * 4 + 1]!, m[c * 4 + 2]!];
  const c0 = col(0), c1 = col(1), c2 = col(2);
  let sx = Math.hypot(...c0);
  const sy = Math.hypot(...c1);
  const sz = Math.hypot(...c2);
  const det = c0[0] * (c1[1] * c2[2] - c1[2] * c2[1]) - c1[0] * (c0[1] * c2[2] - c0[2] * c2[1]) + c2[0] * (c0[1] * c1[2] - c0[2] * c1[1]);
  if (det < 0) sx = -sx;
  const unit = (c: [number, number, number], s: number): [number, number, number] => (s !== 0 ? [c[0] / s, c[1] / s, c[2] / s] : [0, 0, 0]);
  const rotation = sx === 0 || sy === 0 || sz === 0 ? ([0, 0, 0, 1] as Quat) : quatFromRotationColumns(unit(c0, sx), unit(c1, sy), unit(c2, sz));
  return { translation: [m[12]!, m[13]!, m[14]!], rotation, scale: [sx, sy, sz] };
}
