/**
 * Two-bone IK (hip → knee → foot) in world space, closed form: the law of cosines gives the knee
 * angle, the pole (the side the knee bends to, taken from the rest pose) gives the bending plane.
 * The foot lands exactly on the target whenever the target is within reach; callers keep it so
 * (legged-gait.ts lowers the body first), the clamp here only guards degenerate input.
 */
import { type Vec3 } from '@rigforge/mesh';
import { add, length, scale, sub } from './clip-pose';

/** Where the knee goes for a hip at `hip`, bones `a` (hip→knee) and `b` (knee→foot) long, foot at `target`, bending toward `pole`. */
export function solveKnee(hip: Vec3, target: Vec3, a: number, b: number, pole: Vec3): { knee: Vec3; foot: Vec3 } {
  const d = sub(target, hip);
  const raw = length(d);
  const n: Vec3 = raw > 1e-12 ? scale(d, 1 / raw) : [0, -1, 0];
  const dist = Math.min(a + b - 1e-9, Math.max(Math.abs(a - b) + 1e-9, raw));
  const cos = Math.max(-1, Math.min(1, (a * a + dist * dist - b * b) / (2 * a * dist)));
  const sin = Math.sqrt(1 - cos * cos);
  // The pole's part perpendicular to the hip→foot line; any perpendicular when it is parallel.
  let m = sub(pole, scale(n, pole[0] * n[0] + pole[1] * n[1] + pole[2] * n[2]));
  if (length(m) < 1e-9) m = Math.abs(n[1]) < 0.9 ? [0, 1, 0] : [0, 0, 1];
  m = sub(m, scale(n, m[0] * n[0] + m[1] * n[1] + m[2] * n[2]));
  m = scale(m, 1 / length(m));
  const knee = add(hip, add(scale(n, a * cos), scale(m, a * sin)));
  return { knee, foot: add(hip, scale(n, dist)) };
}
