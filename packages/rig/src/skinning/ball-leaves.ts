/**
 * Leaves that turn in place: a pair of sibling leaf joints, each at the centre of a separate piece
 * wholly its own (the eyes in their eyeballs). Such a joint exists to turn that ball about its centre; it is not a
 * limb going on from its parent. So it moves nothing but its ball (the lids, the tear line, the
 * brows beside it are its parent's, the head's, as artists weight them), and its bone does not
 * end its parent's part: the head's region runs on past the eyes' plane to the brow and the
 * crown. A limb's end in a piece of its own (a toy's arm, a wing sheet, a tooth) starts at its
 * joint, which lies at an end of that piece, not in its middle.
 */
import type { PieceBox } from './piece-box';

/**
 * Of `centred` (leaves each at the centre of a piece wholly its own), the balls: those with a
 * sibling among them (a pair of eyes). A lone leaf at its piece's centre is as often a toy's head
 * turning on its body, whose hair and hat modelled apart move with it.
 */
export function pairedBalls(centred: Iterable<number>, parents: readonly number[]): Set<number> {
  const list = [...centred];
  const perParent = new Map<number, number>();
  for (const j of list) perParent.set(parents[j]!, (perParent.get(parents[j]!) ?? 0) + 1);
  return new Set(list.filter((j) => perParent.get(parents[j]!)! >= 2));
}

/**
 * A joint is at a piece's centre when it lies in the middle half of the piece's bounding box on
 * every axis (a quarter of the box's extent kept clear on each side). Not fitted: on the dev set
 * the eyeballs' joints lie within 0.17 of their boxes' middle on every axis, the other leaves in
 * pieces of their own (toys' arms and heads, wings, teeth, a crab's brows) 0.25 or more.
 */
export const BALL_CENTRE_MARGIN = 0.25;

/** Whether `point` lies in the middle of `box`: past {@link BALL_CENTRE_MARGIN} of its extent from either side, on every axis. */
export function centredIn(box: PieceBox, point: readonly number[]): boolean {
  for (let i = 0; i < 3; i++) {
    const extent = box.hi[i]! - box.lo[i]!;
    const t = extent > 0 ? (point[i]! - box.lo[i]!) / extent : 0.5;
    if (t < BALL_CENTRE_MARGIN || t > 1 - BALL_CENTRE_MARGIN) return false;
  }
  return true;
}
