/** The axis-aligned bounding box of a separate piece of the welded mesh (its vertex indices). */
export interface PieceBox { lo: [number, number, number]; hi: [number, number, number] }

/** The box of `piece`'s vertices in `positions` (xyz per vertex). */
export function pieceBox(positions: Float32Array, piece: readonly number[]): PieceBox {
  const lo: [number, number, number] = [Infinity, Infinity, Infinity];
  const hi: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (const v of piece) {
    for (let i = 0; i < 3; i++) {
      const x = positions[3 * v + i]!;
      if (x < lo[i]!) lo[i] = x;
      if (x > hi[i]!) hi[i] = x;
    }
  }
  return { lo, hi };
}
