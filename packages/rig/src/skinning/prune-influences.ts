/**
 * The candidate weights cut to what a glTF vertex holds: at most `maxInfluences` joints (4 slots),
 * none below `minWeight` of the vertex's total except its largest, renormalised to sum 1.
 */

/** What {@link pruneInfluences} reads of the skin-weight options (all given, see compute-skin-weights). */
export interface PruneInfluencesOptions {
  maxInfluences: number;
  minWeight: number;
}

/** Keep the `maxInfluences` largest weights at or above `minWeight` (always the largest), sum 1. */
export function pruneInfluences(
  candJoints: Int32Array,
  candWeights: Float32Array,
  slots: number,
  opts: PruneInfluencesOptions,
  outJoints: Uint16Array,
  outWeights: Float32Array,
): void {
  const n = candJoints.length / slots;
  // The options read once (the skin's options object, read per slot, was a property load each).
  const maxInfluences = opts.maxInfluences, minWeight = opts.minWeight;
  const order = new Int32Array(slots);
  for (let v = 0; v < n; v++) {
    const base = v * slots;
    // The slots by weight, largest first, ties in slot order: an insertion sort moving a slot
    // only past strictly smaller weights, which is the stable sort the comparator
    // `(b − a) || 0` asked of TypedArray#sort (the same order for every weight but NaN, which no
    // step writes), without its call per comparison (the comparator was most of this pass).
    for (let s = 0; s < slots; s++) {
      const q = base + s, w = candWeights[q]!;
      let t = s;
      while (t > 0 && w > candWeights[order[t - 1]!]!) { order[t] = order[t - 1]!; t--; }
      order[t] = q;
    }
    let total = 0;
    for (let s = 0; s < slots; s++) if (candJoints[order[s]!]! >= 0) total += candWeights[order[s]!]!;
    let kept = 0, keptSum = 0;
    for (let s = 0; s < slots && kept < maxInfluences; s++) {
      const q = order[s]!;
      if (candJoints[q]! < 0) break;
      const w = candWeights[q]!;
      if (kept > 0 && w < minWeight * total) break;
      outJoints[4 * v + kept] = candJoints[q]!;
      outWeights[4 * v + kept] = w;
      keptSum += w;
      kept++;
    }
    for (let s = 0; s < kept; s++) outWeights[4 * v + s] = outWeights[4 * v + s]! / keptSum;
  }
}
