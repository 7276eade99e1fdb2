/**
 * The k-th smallest of `values` (0-based), what `values.sort()[k]` reads, without sorting them:
 * Hoare's selection (Wirth's form), the pivot the median of the range's two ends and middle, so
 * sorted and reversed input stay linear. Reorders `values` in place. A value is a value whatever the
 * order found, so the answer is the sort's exactly (for values that are not NaN, which a sort
 * would put last).
 */
export function kthSmallest(values: Float64Array, k: number): number {
  if (!(k >= 0 && k < values.length && Number.isInteger(k))) throw new RangeError(`kthSmallest: k ${k} outside 0..${values.length - 1}`);
  let lo = 0, hi = values.length - 1;
  while (lo < hi) {
    const a = values[lo]!, b = values[(lo + hi) >> 1]!, c = values[hi]!;
    // The median of the three: one of the range's values, so both scans below stop inside it.
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : (a < c ? a : b < c ? c : b);
    let i = lo, j = hi;
    do {
      while (values[i]! < pivot) i++;
      while (pivot < values[j]!) j--;
      if (i <= j) {
        const t = values[i]!; values[i] = values[j]!; values[j] = t;
        i++; j--;
      }
    } while (i <= j);
    if (j < k) lo = i;
    if (k < i) hi = j;
  }
  return values[k]!;
}
