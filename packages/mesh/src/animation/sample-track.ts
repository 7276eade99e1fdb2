/** Samples an animation track at any time, so clips can be resampled onto a common timeline. */
import type { AnimationTrack } from '../mesh-model';
import { quatSlerp, type Quat } from './quat';

/**
 * Value of a track at time `t` (seconds), clamped to its first and last keys: linear for
 * translation and scale, shortest-arc slerp for rotations (glTF's LINEAR), the previous key for
 * STEP. Writes into and returns `out` (3 or 4 numbers).
 */
export function sampleTrack(track: AnimationTrack, t: number, out: number[] = []): number[] {
  const size = track.path === 'rotation' ? 4 : 3;
  const { times, values } = track;
  const n = times.length;
  out.length = size;
  if (n === 0) return out;
  const i = keyIndexAt(times, t);
  if (i < 0 || i >= n - 1 || track.interpolation === 'STEP') {
    const k = Math.max(0, i);
    for (let c = 0; c < size; c++) out[c] = values[k * size + c]!;
    return out;
  }
  const t0 = times[i]!;
  const t1 = times[i + 1]!;
  const u = t1 > t0 ? (t - t0) / (t1 - t0) : 0;
  if (size === 4) {
    const a: Quat = [values[i * 4]!, values[i * 4 + 1]!, values[i * 4 + 2]!, values[i * 4 + 3]!];
    const b: Quat = [values[i * 4 + 4]!, values[i * 4 + 5]!, values[i * 4 + 6]!, values[i * 4 + 7]!];
    const q = quatSlerp(a, b, u);
    for (let c = 0; c < 4; c++) out[c] = q[c]!;
  } else {
    for (let c = 0; c < 3; c++) out[c] = values[i * 3 + c]! * (1 - u) + values[(i + 1) * 3 + c]! * u;
  }
  return out;
}

/**
 * The key a time falls after, by binary search over ascending `times`: -1 before (or at) the first
 * key, n - 1 at or after the last, else i with times[i] <= t < times[i + 1].
 */
export function keyIndexAt(times: ArrayLike<number>, t: number): number {
  const n = times.length;
  if (n === 0 || !(t > times[0]!)) return -1;
  if (t >= times[n - 1]!) return n - 1;
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! <= t) lo = mid;
    else hi = mid;
  }
  return lo;
}
