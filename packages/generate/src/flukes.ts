/**
 * Whether a picture of a swimmer's back shows a horizontal tail: flukes (issue 29; read only for
 * `aquatic` front and top pictures that are not a flank, `fins-wings.json` `flukedLifts`).
 *
 * A fish's tail fin stands upright, so seen from above (or from below) it is a line beyond a stalk
 * that only narrows; a whale's or a dolphin's flukes lie flat, so the same view shows the body
 * narrowing into a stalk and then widening again into two lobes at its end. Anatomy ties the two
 * tails to two bodies: the animals with flukes (cetaceans) carry their flippers at their belly,
 * hanging below the trunk, where a fish's pectoral fins sit at or above its middle. So the
 * picture's tail tells where the lateral plates sit front to back (`plateMiddle`'s lift), which the
 * outline of the flippers themselves does not.
 *
 * The test reads the silhouette's width across its middle line (`middleLine`) at each station along
 * it: from either end, within the outer `END_SHARE` of the length, the widest station (the flukes'
 * span) and then, going inwards, the narrowest (the stalk); flukes where the span is at least
 * `SPAN_OVER_STALK` × the stalk and the body beyond the stalk widens again to as much. Both numbers
 * are proportions of a tail, not fitted to any picture: a fluke's span is several times its stalk,
 * and a tail is under a third of a swimmer's length.
 */
import { middleLine, sideAxis, type MiddleLine } from './fins-wings';

/** The share of the length, from either end, where a tail is looked for. */
const END_SHARE = 0.3;
/** How many times the stalk's width the flukes' span (and the body beyond the stalk) reach at least. */
const SPAN_OVER_STALK = 2;
/** A flank's tail end widens again where its span is over this × its stalk: any widening past a raster step (5 %). */
const RASTER_WIDENING = 1.05;

/** The silhouette's width across `line` at each station along it (pixels), from its first covered station to its last. */
export function widthsAlong(mask: Uint8Array, width: number, height: number, line: MiddleLine): number[] {
  // A horizontal middle line (a row) runs along x: the width at station x is the column's count; else the row's.
  const stations = line.horizontal ? width : height, across = line.horizontal ? height : width;
  const widths: number[] = [];
  for (let s = 0; s < stations; s++) {
    let n = 0;
    for (let t = 0; t < across; t++) n += mask[line.horizontal ? t * width + s : s * width + t]!;
    widths.push(n);
  }
  let first = 0, last = widths.length - 1;
  while (first <= last && widths[first] === 0) first++;
  while (last >= first && widths[last] === 0) last--;
  return widths.slice(first, last + 1);
}

/** The end of `widths` at index 0: its widest station (the tail's span), inwards of it the narrowest (the stalk), and the widest beyond that (the body). */
function tailEnd(widths: readonly number[]): { span: number; stalk: number; body: number } {
  const n = widths.length, end = Math.max(1, Math.floor(END_SHARE * n));
  let span = 0, at = 0;
  for (let i = 0; i < end; i++) if (widths[i]! > span) [span, at] = [widths[i]!, i];
  let stalk = Infinity, stalkAt = at;
  for (let i = at; i < end; i++) if (widths[i]! < stalk) [stalk, stalkAt] = [widths[i]!, i];
  let body = 0;
  for (let i = stalkAt; i < n; i++) body = Math.max(body, widths[i]!);
  return { span, stalk, body };
}

/** Whether the end of `widths` at index 0 is a pair of flukes: a span, then inwards a stalk, then a body as wide again. */
export function flukedEnd(widths: readonly number[]): boolean {
  if (widths.length < 8) return false;
  const { span, stalk, body } = tailEnd(widths);
  return stalk > 0 && span >= SPAN_OVER_STALK * stalk && body >= SPAN_OVER_STALK * stalk;
}

/**
 * Whether the end of a flank's `widths` at index 0 widens again past its stalk at all: a fish's
 * upright tail fin seen side on. A cetacean's flukes lie flat, so its flank only narrows to its end
 * (its widest end station is its stalk: the ratio is exactly 1). `RASTER_WIDENING` is the raster's
 * tolerance, not a tail's proportion.
 */
export function finnedEnd(widths: readonly number[]): boolean {
  if (widths.length < 8) return false;
  const { span, stalk } = tailEnd(widths);
  return stalk > 0 && span > RASTER_WIDENING * stalk;
}

/**
 * Whether a flank picture shows an upright tail fin at either end of its length (the widths across
 * its long axis, `sideAxis`'s direction taken as the picture's row or column): a fish's flank, not a
 * cetacean's, whose flank outline (a lens for a round body) says nothing of its section.
 */
export function hasTailFin(mask: Uint8Array, distance: Float32Array, width: number, height: number): boolean {
  const axis = sideAxis(mask, distance, width);
  const widths = widthsAlong(mask, width, height, { horizontal: Math.abs(axis.dx) >= Math.abs(axis.dy), at: 0 });
  return finnedEnd(widths) || finnedEnd([...widths].reverse());
}

/** Whether a front or top picture (`mask`, a back or belly view) shows flukes at either end of its length. */
export function hasFlukes(mask: Uint8Array, width: number, height: number, view: 'front' | 'top'): boolean {
  const widths = widthsAlong(mask, width, height, middleLine(mask, width, height, view));
  return flukedEnd(widths) || flukedEnd([...widths].reverse());
}
