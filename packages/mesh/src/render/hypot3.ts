/**
 * Math.hypot(x, y, z) as V8's builtin computes it (math.tq `MathHypot`), step for step, without its
 * allocations: the builtin boxes its arguments' absolute values in an array and its result in a
 * heap number, ~15 MB per 512 px thumbnail (two calls per sample) that the next rig's stages then
 * collect (packages/rig/docs/speed.md, "Round 36 (2.6k fixed costs)"). Steps: NaN if an argument
 * is NaN (unless one is infinite: +∞), 0 if all are 0; otherwise the absolute values over their largest, squared and
 * summed with Kahan's compensation in argument order, the root times that largest (the same steps
 * as the rig's nearest-pieces kernel's `$hypot`). test/hypot3.test.ts compares it with Math.hypot
 * bit for bit.
 */
export function hypot3(x: number, y: number, z: number): number {
  const nan = x !== x || y !== y || z !== z;
  // A NaN's absolute value is taken as 0 (V8 leaves its slot zeroed and skips it for the maximum).
  const ax = x !== x ? 0 : Math.abs(x), ay = y !== y ? 0 : Math.abs(y), az = z !== z ? 0 : Math.abs(z);
  let max = 0;
  if (ax > max) max = ax;
  if (ay > max) max = ay;
  if (az > max) max = az;
  if (max === Infinity) return Infinity;
  if (nan) return NaN;
  if (max === 0) return 0;
  let sum = 0, comp = 0;
  let n = ax / max;
  let summand = n * n - comp;
  let pre = sum + summand;
  comp = pre - sum - summand;
  sum = pre;
  n = ay / max;
  summand = n * n - comp;
  pre = sum + summand;
  comp = pre - sum - summand;
  sum = pre;
  n = az / max;
  summand = n * n - comp;
  sum = sum + summand;
  return Math.sqrt(sum) * max;
}
