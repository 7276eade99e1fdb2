/**
 * A biped's feet, split by side when the medial tree's lowest tips do not fall one each side of
 * the mirror plane. Feet turned in (toes meeting on the plane) or legs crossed put both tips on
 * one side: the side test takes one as that side's foot and finds none for the other, and the
 * second lowest tip is taken as well. The two are then split by x — the one further to the left
 * (+x) is the left foot — so neither leg is dropped and neither side is placed over the other
 * leg's ground.
 */
export interface FootTip { tipPos: readonly [number, number, number] | readonly number[] }

/**
 * Left and right feet from the side tests' picks (`left`, `right`, either missing) and `more`, the
 * lowest other tip. With neither picked, `more` is the left foot (the other side is placed over
 * its ground contact).
 */
export function splitFeet<T extends FootTip>(left: T | undefined, right: T | undefined, more: T): [T | undefined, T | undefined] {
  if (!left && !right) return [more, undefined];
  if (!left) return more.tipPos[0]! > right!.tipPos[0]! ? [more, right] : [right, more];
  if (!right) return more.tipPos[0]! < left.tipPos[0]! ? [left, more] : [more, left];
  return [left, right];
}
