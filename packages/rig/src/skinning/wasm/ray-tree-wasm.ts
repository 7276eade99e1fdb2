/**
 * Bone heat's ray visibility (skinning/triangle-ray-tree's `entersSurface`) in WebAssembly
 * (`ray-tree.wat`): the traversal and the leaf triangles' Möller–Trumbore test, operation for
 * operation, so every answer is the JavaScript's (test/wasm-kernels.test.ts compares the two). The
 * rays were the largest JavaScript left in the skinning of the characters heat casts rays for (up
 * to `heatRayMaxVertices`, most of the dev set): ~4% of the dev set's rig CPU (packages/rig/docs/speed.md,
 * "Where the time goes", twenty-ninth round).
 *
 * One instance per thread, compiled on first use, holding one tree at a time (a query on another
 * tree loads that one first); `release` drops an instance a large tree grew past
 * `KERNEL_KEEP_BYTES` (WebAssembly memory never shrinks).
 */
import { ensureMemory, KernelSlot, type WasmMemory } from '../../wasm-kernel';
import { RAY_TREE_WASM_BASE64 } from './ray-tree-wasm-bytes';

/** The exports of ray-tree.wat. */
interface RayTreeExports {
  memory: WasmMemory;
  load(nodesP: number, trisP: number, stackP: number): void;
  entersSurface(px: number, py: number, pz: number, dx: number, dy: number, dz: number, ix: number, iy: number, iz: number, dlen: number): number;
}

/** The thread's kernel, and the tree whose arrays its memory holds. */
const kernel = new KernelSlot<RayTreeExports, RayTreeArrays>(RAY_TREE_WASM_BASE64);

/** The tree as triangle-ray-tree builds it. */
export interface RayTreeArrays {
  nodes: number;
  /** Per node its box: min x, y, z, max x, y, z. */
  box: Float64Array;
  /** Children (−1 for a leaf), and a leaf's first triangle and count in leaf order. */
  left: Int32Array;
  right: Int32Array;
  start: Uint32Array;
  count: Uint32Array;
  /** Per triangle in leaf order: first corner, edge 1, edge 2, normal, the normal's length. */
  tri: Float64Array;
}

const NODE_BYTES = 64;

/** The tree's queries in the kernel, or null where WebAssembly is missing or the tree does not fit. */
export class RayTreeWasm {
  private constructor(private readonly k: RayTreeExports, private readonly tree: RayTreeArrays) {}

  static create(tree: RayTreeArrays): RayTreeWasm | null {
    const k = kernel.get();
    if (!k) return null;
    const wasm = new RayTreeWasm(k, tree);
    return wasm.load() ? wasm : null;
  }

  /** `entersSurface` past its set-up: p moved past the vertex, d shortened, i = 1 / d (see the .wat). */
  entersSurface(px: number, py: number, pz: number, dx: number, dy: number, dz: number, ix: number, iy: number, iz: number, dlen: number): boolean {
    if (kernel.loaded !== this.tree || !kernel.holds(this.k)) this.load();
    return this.k.entersSurface(px, py, pz, dx, dy, dz, ix, iy, iz, dlen) !== 0;
  }

  /** Drops the kernel if this tree grew its memory past `KERNEL_KEEP_BYTES` (after the tree's last query). */
  release(): void {
    kernel.dropIfGrown(this.k);
  }

  private load(): boolean {
    const { k, tree } = this;
    const nodesP = 0, trisP = nodesP + NODE_BYTES * tree.nodes, stackP = trisP + tree.tri.length * 8;
    if (!ensureMemory(k.memory, stackP + 4 * (tree.nodes + 1))) return false;
    const buffer = k.memory.buffer;
    const f = new Float64Array(buffer, nodesP, (NODE_BYTES / 8) * tree.nodes);
    const w = new Int32Array(buffer, nodesP, (NODE_BYTES / 4) * tree.nodes);
    for (let node = 0; node < tree.nodes; node++) {
      const o = (NODE_BYTES / 8) * node;
      for (let c = 0; c < 6; c++) f[o + c] = tree.box[6 * node + c]!;
      const q = (NODE_BYTES / 4) * node;
      w[q + 12] = tree.left[node]!;
      w[q + 13] = tree.right[node]!;
      w[q + 14] = tree.start[node]!;
      w[q + 15] = tree.count[node]!;
    }
    new Float64Array(buffer, trisP, tree.tri.length).set(tree.tri);
    k.load(nodesP, trisP, stackP);
    kernel.loaded = tree;
    return true;
  }
}
