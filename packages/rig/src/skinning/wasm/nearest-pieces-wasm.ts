/**
 * The loose-piece search (`VertexGrid.nearestOtherPieces`, skinning/attach-loose-pieces) in
 * WebAssembly (`nearest-pieces.wat`), the whole search for one cell of a piece at a time: the
 * cell's ring cache gathered in the kernel's memory as the JavaScript gathers it, and each vertex's
 * candidates, cuts and `Math.hypot` distances the same (the kernel's own hypot, V8's steps), so every answer is the same bit for bit
 * (test/vertex-grid.test.ts checks both against a brute-force scan and against each other). It
 * saves the JavaScript's bookkeeping (the cache's growing arrays, the per-cell `Map`, the closure
 * per ring), which was most of the search's cost: 5–7% of a realistic human's rig (packages/rig/docs/speed.md,
 * "Where the time goes", twenty-fifth round).
 *
 * One instance per thread, compiled on first use, holding one grid at a time (a search on another
 * grid, or with another `pieceOf`, loads that one first); a memory grown past `KERNEL_KEEP_BYTES` by a
 * large mesh is dropped after the search (WebAssembly memory never shrinks).
 */
import { ensureMemory, KernelSlot, type WasmMemory } from '../../wasm-kernel';
import { NEAREST_PIECES_WASM_BASE64 } from './nearest-pieces-wasm-bytes';

/** The exports of nearest-pieces.wat. */
interface NearestPiecesExports {
  memory: WasmMemory;
  init(
    posP: number, pieceOfP: number, cellStartP: number, cellVertsP: number, bestDP: number, bestWP: number, stampP: number,
    metP: number, ringEndP: number, vertsP: number, chunkStartP: number, chunkCellP: number, chunkPiecesP: number, pieceStartP: number,
    nx: number, ny: number, nz: number, ox: number, oy: number, oz: number, size: number, maxRings: number, candP: number,
  ): void;
  search(self: number, cx: number, cy: number, cz: number, count: number, queryP: number, countP: number, outP: number, margin: number, slack: number): void;
}

/** The thread's kernel, and the grid whose arrays its memory holds. */
const kernel = new KernelSlot<NearestPiecesExports, VertexGridArrays>(NEAREST_PIECES_WASM_BASE64);


/** What the search reads of a `VertexGrid`. */
export interface VertexGridArrays {
  positions: Float32Array;
  cellStart: Int32Array;
  cellVertices: Int32Array;
  origin: readonly [number, number, number];
  size: number;
  dims: readonly [number, number, number];
  pieceCount: number;
  maxRings: number;
  /** The search's margin (in the grid's units) and squared-distance slack, the doubles its loop uses. */
  margin: number;
  slack: number;
}

/**
 * One cell's answers, views of the kernel's memory: the cell's i-th vertex met counts[i] pieces,
 * whose entries follow the previous vertices': entry e is piece words[4e], its nearest vertex
 * words[4e + 1] and their distance distances[2e + 1].
 */
export interface CellAnswers {
  counts: Int32Array;
  words: Int32Array;
  distances: Float64Array;
}

const at8 = (bytes: number): number => Math.ceil(bytes / 8) * 8;

/** The search over one grid, or null where WebAssembly is missing or the grid does not fit. */
export class NearestPiecesWasm {
  private pieceOf: Int32Array | undefined;
  private readonly at: { pieceOf: number; tail: number };

  private constructor(private readonly k: NearestPiecesExports, private readonly grid: VertexGridArrays, private readonly layout: number[]) {
    this.at = { pieceOf: layout[1]!, tail: layout[15]! };
  }

  static create(grid: VertexGridArrays): NearestPiecesWasm | null {
    const kx = kernel.get();
    if (!kx) return null;
    const n = grid.positions.length / 3, cells = grid.cellStart.length - 1, total = grid.cellVertices.length, pieces = grid.pieceCount;
    // Each ring's cells are new to the cache, so it holds at most the (2R + 1)³ cells' chunks.
    const maxChunks = (2 * grid.maxRings + 1) ** 3;
    const sizes = [
      4 * 3 * n, 4 * n, 4 * (cells + 1), 4 * total, // positions, pieceOf, cellStart, cellVertices
      8 * pieces, 4 * pieces, 4 * pieces, 4 * pieces, 4 * (grid.maxRings + 1), // bestD, bestW, stamp, met, ringEnd
      4 * total, 4 * (maxChunks + 1), 12 * maxChunks, 4 * total, 4 * (maxChunks + 1), // the cell's cache
      16 * total, // the cache's candidates: position and piece
    ];
    const layout: number[] = [];
    let end = 0;
    for (const bytes of sizes) { layout.push(end); end = at8(end + bytes); }
    layout.push(end); // the tail: each search's vertices, counts and answers
    if (!ensureMemory(kx.memory, end)) return null;
    return new NearestPiecesWasm(kx, grid, layout);
  }

  /**
   * `nearestOtherPieces`'s answers for `count` vertices (`vertices`) of piece `self`, all in cell
   * (cx, cy, cz); null when the answers would not fit. Views of the kernel's memory, valid until
   * the next search.
   */
  searchCell(self: number, cx: number, cy: number, cz: number, vertices: Int32Array, count: number, pieceOf: Int32Array): CellAnswers | null {
    const k = this.k;
    if (kernel.loaded !== this.grid) this.load(pieceOf);
    else if (this.pieceOf !== pieceOf) new Int32Array(k.memory.buffer, this.at.pieceOf, pieceOf.length).set(pieceOf);
    this.pieceOf = pieceOf;
    const queryP = this.at.tail, countP = queryP + 4 * count, outP = at8(countP + 4 * count);
    // A vertex meets each other piece at most once.
    const room = count * Math.max(1, this.grid.pieceCount - 1);
    if (!ensureMemory(k.memory, outP + 16 * room)) return null;
    const buffer = k.memory.buffer;
    new Int32Array(buffer, queryP, count).set(vertices.subarray(0, count));
    k.search(self, cx, cy, cz, count, queryP, countP, outP, this.grid.margin, this.grid.slack);
    const counts = new Int32Array(buffer, countP, count);
    let entries = 0;
    for (let i = 0; i < count; i++) entries += counts[i]!;
    return { counts, words: new Int32Array(buffer, outP, 4 * entries), distances: new Float64Array(buffer, outP, 2 * entries) };
  }

  /** Drops the kernel if a large grid grew its memory (after a piece's search). */
  finish(): void {
    kernel.dropIfGrown(this.k);
  }

  private load(pieceOf: Int32Array): void {
    const { k, grid, layout } = this;
    const buffer = k.memory.buffer;
    const [posP, pieceOfP, cellStartP, cellVertsP, bestDP, bestWP, stampP, metP, ringEndP, vertsP, chunkStartP, chunkCellP, chunkPiecesP, pieceStartP, candP] = layout as [
      number, number, number, number, number, number, number, number, number, number, number, number, number, number, number,
    ];
    new Float32Array(buffer, posP, grid.positions.length).set(grid.positions);
    new Int32Array(buffer, pieceOfP, pieceOf.length).set(pieceOf);
    new Int32Array(buffer, cellStartP, grid.cellStart.length).set(grid.cellStart);
    new Int32Array(buffer, cellVertsP, grid.cellVertices.length).set(grid.cellVertices);
    new Float64Array(buffer, bestDP, grid.pieceCount).fill(Infinity);
    new Int32Array(buffer, stampP, grid.pieceCount).fill(-1);
    k.init(
      posP, pieceOfP, cellStartP, cellVertsP, bestDP, bestWP, stampP, metP, ringEndP, vertsP, chunkStartP, chunkCellP, chunkPiecesP, pieceStartP,
      grid.dims[0], grid.dims[1], grid.dims[2], grid.origin[0], grid.origin[1], grid.origin[2], grid.size, grid.maxRings, candP,
    );
    kernel.loaded = grid;
  }
}
