/**
 * A facing cue learned from upright characters (issue 23; measured, not shipped): once the up axis is chosen, which of
 * its four facings looks most like characters of other artists standing up and facing +Z. The
 * exemplar cue's three coarse silhouettes (orientation-exemplars.ts: side, front and top views,
 * front and top folded left to right) are not mirror-symmetric front to back: the side view and
 * the top view of a model turned a half turn are those of the model mirrored along its length (a
 * snout, toes, a chest, a tail, a backpack sit on one side), so the nearest views of upright
 * exemplars stood up the same way but facing each of their four ways vote for a facing.
 *
 * Per candidate: among every exemplar's four upright views (stood +Y up, facing +Z, −X, −Z, +X),
 * the `neighbours` nearest to the candidate's descriptor (the exemplar cue's integer distance:
 * summed squared differences of the silhouette counts, ties by view index), and the log of the
 * smoothed share of them that face +Z. A half turn about the up axis swaps the side and top
 * views front to back and leaves the front view; a quarter turn swaps the side and front views.
 *
 * Replayed after the gates and the anatomy facing cue by scripts/facing-learned-loao.ts (a half
 * turn where the votes favour it by a margin, or the finder's four facings weighed by them): no
 * setting chosen leaving one artist out gains (packages/rig/docs/orientation.md, "Orientation: measured",
 * seventeenth round), so findOrientation does not read it.
 */
import { DESCRIPTOR_CELLS } from '../../src/orientation-exemplar-counts';
import { ORIENTATION_CANDIDATES } from '../../src/orientation-features';

/** Exemplars' upright views (four facings each) as silhouette counts, and which of them face +Z. */
export interface FacingViews { count: number; counts: Uint8Array; right: Uint8Array }

/**
 * The upright views of exemplars given as each one's 24 candidates' silhouette counts
 * (silhouetteCounts of its three projections): the four candidates of the up axis that stands it
 * up, right where it faces +Z. `stands[e]`: the candidates that stand exemplar e up (default [0]:
 * stored +Y up facing +Z; the development set's labelled files are stored otherwise).
 */
export function facingViewsOfCounts(exemplars: readonly Uint8Array[], stands?: readonly (readonly number[])[]): FacingViews {
  const groups = exemplars.map((_, e) => {
    const right = stands?.[e] ?? [0];
    const up = ORIENTATION_CANDIDATES[right[0]!]!.upAxis;
    return ORIENTATION_CANDIDATES.flatMap((c, i) => (c.upAxis === up ? [{ i, right: right.includes(i) }] : []));
  });
  const count = groups.reduce((t, g) => t + g.length, 0);
  const counts = new Uint8Array(count * DESCRIPTOR_CELLS), right = new Uint8Array(count);
  let v = 0;
  exemplars.forEach((all, e) => {
    for (const g of groups[e]!) {
      counts.set(all.subarray(g.i * DESCRIPTOR_CELLS, (g.i + 1) * DESCRIPTOR_CELLS), v * DESCRIPTOR_CELLS);
      right[v++] = g.right ? 1 : 0;
    }
  });
  return { count, counts, right };
}

/**
 * Per candidate (ORIENTATION_CANDIDATES order) of a mesh given as its silhouette counts: whether
 * each of its `neighbours` nearest exemplar views faces +Z (1) or not (0), nearest first (ties by
 * view index).
 */
export function nearestFacings(meshCounts: Uint8Array, views: FacingViews, neighbours: number, withoutFrontView = false): Uint8Array[] {
  // The front view (cells 64..127) is the same for a facing and its half turn: `withoutFrontView`
  // leaves it out of the distance, so the side and top views alone pick the neighbours.
  const skipFrom = withoutFrontView ? DESCRIPTOR_CELLS / 3 : DESCRIPTOR_CELLS, skipTo = withoutFrontView ? (2 * DESCRIPTOR_CELLS) / 3 : DESCRIPTOR_CELLS;
  const k = Math.max(1, Math.min(neighbours, views.count));
  const candidates = meshCounts.length / DESCRIPTOR_CELLS;
  const bestD = new Float64Array(k), bestV = new Int32Array(k);
  const out: Uint8Array[] = [];
  for (let c = 0; c < candidates; c++) {
    const at = c * DESCRIPTOR_CELLS;
    let filled = 0;
    for (let v = 0; v < views.count; v++) {
      const kth = filled === k ? bestD[k - 1]! : Infinity;
      const vat = v * DESCRIPTOR_CELLS;
      let d = 0;
      for (let i = 0; i < DESCRIPTOR_CELLS && d <= kth; i++) {
        if (i === skipFrom) i = skipTo;
        const x = meshCounts[at + i]! - views.counts[vat + i]!; d += x * x;
      }
      if (d >= kth) continue;
      let j = filled < k ? filled++ : k - 1;
      while (j > 0 && bestD[j - 1]! > d) { bestD[j] = bestD[j - 1]!; bestV[j] = bestV[j - 1]!; j--; }
      bestD[j] = d; bestV[j] = v;
    }
    out.push(Uint8Array.from({ length: filled }, (_, j) => views.right[bestV[j]!]!));
  }
  return out;
}

/**
 * Per candidate: the log of the share of its `neighbours` nearest exemplar views (nearestFacings,
 * read to at least that many) that face +Z, smoothed towards the base rate (1/4) by one view.
 */
export function facingVotesOf(nearest: readonly Uint8Array[], neighbours: number): number[] {
  return nearest.map((flags) => {
    const n = Math.min(neighbours, flags.length);
    let yes = 0;
    for (let j = 0; j < n; j++) yes += flags[j]!;
    return Math.log((yes + 1 / 4) / (n + 1));
  });
}

/** The candidate a half turn about the same up axis from candidate `c` (an index). */
export function halfTurnOf(c: number): number {
  const q = ORIENTATION_CANDIDATES[c]!;
  const r = q.rotationY === 0 ? 180 : q.rotationY === 180 ? 0 : q.rotationY === 90 ? -90 : 90;
  return ORIENTATION_CANDIDATES.findIndex((x) => x.upAxis === q.upAxis && x.rotationY === r);
}
