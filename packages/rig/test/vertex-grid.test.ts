// The loose-piece search's grid (`VertexGrid.nearestOtherPieces`) against a brute-force scan: each
// vertex's nearest foreign vertex at the same distance bit for bit, and every vertex it lists at
// its Math.hypot distance in the piece it names. The cache of gathered candidates (their pieces and
// positions read in order) must not change which vertices are visited nor any distance.
import { mulberry32 as random } from '@rigforge/mesh/testing';
import { VertexGrid } from '../src/skinning/attach-loose-pieces';
import { pieceBox } from '../src/skinning/piece-box';

/** `count` pieces of `size` vertices, each a cloud around its own centre (some overlapping). */
function clouds(seed: number, count: number, size: number, spread: number): { positions: Float32Array; pieces: number[][] } {
  const rand = random(seed);
  const positions = new Float32Array(3 * count * size);
  const pieces: number[][] = [];
  for (let k = 0; k < count; k++) {
    const c = [rand() * 3, rand() * 2, rand() * 1.5];
    const piece: number[] = [];
    for (let i = 0; i < size; i++) {
      const v = k * size + i;
      for (let a = 0; a < 3; a++) positions[3 * v + a] = c[a]! + (rand() - 0.5) * spread;
      piece.push(v);
    }
    pieces.push(piece);
  }
  // A few repeated positions across pieces (ties at distance 0).
  for (let i = 0; i < 5; i++) positions.copyWithin(3 * (size + i), 3 * i, 3 * i + 3);
  return { positions, pieces };
}

const CLOUDS = [[1, 5, 300, 1.2], [2, 12, 80, 0.6], [3, 3, 900, 3]];

describe.each(['wasm', 'js'] as const)('VertexGrid.nearestOtherPieces (%s)', (kernel) => {
  it.each(CLOUDS)('finds each vertex its nearest foreign vertex (seed %i)', (seed, count, size, spread) => {
    const { positions, pieces } = clouds(seed, count, size, spread);
    const pieceOf = new Int32Array(positions.length / 3).fill(-1);
    pieces.forEach((piece, k) => { for (const v of piece) pieceOf[v] = k; });
    const grid = new VertexGrid(positions, pieces, pieces.map((piece) => pieceBox(positions, piece)), kernel);
    const dist = (u: number, w: number): number => Math.hypot(
      positions[3 * w]! - positions[3 * u]!, positions[3 * w + 1]! - positions[3 * u + 1]!, positions[3 * w + 2]! - positions[3 * u + 2]!,
    );
    let checked = 0;
    const extent = [0, 1, 2].map((a) => {
      let lo = Infinity, hi = -Infinity;
      for (let v = a; v < positions.length; v += 3) { lo = Math.min(lo, positions[v]!); hi = Math.max(hi, positions[v]!); }
      return hi - lo;
    });
    const cell = Math.max(...extent) / 64;
    pieces.forEach((piece, self) => {
      const near = grid.nearestOtherPieces(piece, self, pieceOf);
      const best = new Map<number, number>();
      for (const [q, entries] of near) {
        expect(q).not.toBe(self);
        for (const { u, w, d } of entries) {
          expect(pieceOf[w]).toBe(q);
          expect(Object.is(d, dist(u, w))).toBe(true);
          best.set(u, Math.min(best.get(u) ?? Infinity, d));
        }
      }
      for (const u of piece) {
        let brute = Infinity;
        for (let w = 0; w < pieceOf.length; w++) if (pieceOf[w] !== self) brute = Math.min(brute, dist(u, w));
        // The search looks at most eight rings of cells (1/64 of the longest side each) out: within
        // seven cells the nearest is found for certain.
        if (brute < 7 * cell) { expect(Object.is(best.get(u), brute)).toBe(true); checked++; }
      }
    });
    expect(checked).toBeGreaterThan(size);
  });
});

describe('VertexGrid.nearestOtherPieces in WebAssembly', () => {
  /** The answers as listed: the Map's pieces in order, each list's entries in order, distances as bits. */
  const listed = (near: Map<number, { u: number; w: number; d: number }[]>): string =>
    JSON.stringify([...near].map(([q, entries]) => [q, entries.map(({ u, w, d }) => [u, w, Array.from(new Uint32Array(Float64Array.of(d).buffer))])]));

  it.each([...CLOUDS, [4, 40, 60, 0.4], [5, 2, 2000, 0.05]])('lists what the JavaScript lists, in its order (seed %i)', (seed, count, size, spread) => {
    const { positions, pieces } = clouds(seed, count, size, spread);
    // A vertex in no piece (pieceOf −1) is no candidate.
    const pieceOf = new Int32Array(positions.length / 3).fill(-1);
    pieces.forEach((piece, k) => { for (const v of piece) pieceOf[v] = k; });
    const boxes = pieces.map((piece) => pieceBox(positions, piece));
    const wasm = new VertexGrid(positions, pieces, boxes, 'wasm');
    const js = new VertexGrid(positions, pieces, boxes, 'js');
    // Two grids alternating on one kernel: each search must load its own grid.
    const other = clouds(seed + 100, 3, 50, 1);
    const otherOf = new Int32Array(other.positions.length / 3);
    other.pieces.forEach((piece, k) => { for (const v of piece) otherOf[v] = k; });
    const otherGrid = new VertexGrid(other.positions, other.pieces, other.pieces.map((piece) => pieceBox(other.positions, piece)), 'wasm');
    let entries = 0;
    pieces.forEach((piece, self) => {
      const a = wasm.nearestOtherPieces(piece, self, pieceOf);
      expect(listed(a)).toBe(listed(js.nearestOtherPieces(piece, self, pieceOf)));
      for (const list of a.values()) entries += list.length;
      otherGrid.nearestOtherPieces(other.pieces[0]!, 0, otherOf);
    });
    expect(entries).toBeGreaterThan(size);
  });
});
