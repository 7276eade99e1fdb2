/**
 * A bounding-volume hierarchy over a mesh's triangles for one question: does the segment from p
 * to q ENTER the surface through a triangle facing it (dot(normal, q − p) < 0)? That is Blender's
 * bone-heat visibility test (a ray from a vertex to its bone is blocked by a front face; back
 * faces, crossed when the ray leaves a part, are not obstacles). It depends on the triangles'
 * winding: a mesh with flipped faces sees through them. The queries run in WebAssembly
 * (wasm/ray-tree.wat, the same answers bit for bit) unless `kernel` is 'js' or WebAssembly is missing.
 */
import { RayTreeWasm } from './wasm/ray-tree-wasm';

export interface TriangleRayTree {
  /** Whether segment p→q crosses a triangle whose normal faces against the segment. */
  entersSurface(px: number, py: number, pz: number, qx: number, qy: number, qz: number): boolean;
  /** After the last query: frees what a large tree holds in the kernel (see wasm/ray-tree-wasm). */
  release(): void;
}

const LEAF_SIZE = 4;

export function buildTriangleRayTree(positions: Float32Array, indices: Uint32Array, kernel: 'js' | 'wasm' = 'wasm'): TriangleRayTree {
  const tc = indices.length / 3;
  const order = new Uint32Array(tc);
  const centre = new Float32Array(3 * tc);
  const tmin = new Float32Array(3 * tc), tmax = new Float32Array(3 * tc);
  for (let t = 0; t < tc; t++) {
    order[t] = t;
    for (let a = 0; a < 3; a++) {
      const x0 = positions[3 * indices[3 * t]! + a]!, x1 = positions[3 * indices[3 * t + 1]! + a]!, x2 = positions[3 * indices[3 * t + 2]! + a]!;
      tmin[3 * t + a] = Math.min(x0, x1, x2);
      tmax[3 * t + a] = Math.max(x0, x1, x2);
      centre[3 * t + a] = (x0 + x1 + x2) / 3;
    }
  }
  // Nodes: box (6 floats), then either children (left, right) or a leaf range (start, count).
  // Typed arrays sized for the most nodes a tree of `tc` leaves of ≥ 1 triangle can have (each
  // split leaves both sides non-empty), filled in the same pre-order as before: the same tree,
  // built without growing number arrays or an array per node.
  const maxNodes = Math.max(1, 2 * tc - 1);
  const box = new Float64Array(6 * maxNodes);
  const L = new Int32Array(maxNodes), R = new Int32Array(maxNodes), S = new Uint32Array(maxNodes), C = new Uint32Array(maxNodes);
  const nodes = tc > 0 ? buildNodes(tc, order, centre, tmin, tmax, box, L, R, S, C) : 0;
  // Depth is bounded by the halving fallback only loosely: grow the stack if needed.
  let stack = new Int32Array(256);

  // Per triangle, in the tree's leaf order (a leaf's triangles side by side in memory): its first
  // corner, two edges, normal and the normal's length, computed once here rather than per ray
  // (the same doubles: positions are float32, every product below is formed as before).
  const TRI = 13;
  const tri = new Float64Array(TRI * tc);
  for (let i = 0; i < tc; i++) {
    const t = order[i]!;
    const i0 = 3 * indices[3 * t]!, i1 = 3 * indices[3 * t + 1]!, i2 = 3 * indices[3 * t + 2]!;
    const e1x = positions[i1]! - positions[i0]!, e1y = positions[i1 + 1]! - positions[i0 + 1]!, e1z = positions[i1 + 2]! - positions[i0 + 2]!;
    const e2x = positions[i2]! - positions[i0]!, e2y = positions[i2 + 1]! - positions[i0 + 1]!, e2z = positions[i2 + 2]! - positions[i0 + 2]!;
    const nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
    const o = TRI * i;
    tri[o] = positions[i0]!; tri[o + 1] = positions[i0 + 1]!; tri[o + 2] = positions[i0 + 2]!;
    tri[o + 3] = e1x; tri[o + 4] = e1y; tri[o + 5] = e1z;
    tri[o + 6] = e2x; tri[o + 7] = e2y; tri[o + 8] = e2z;
    tri[o + 9] = nx; tri[o + 10] = ny; tri[o + 11] = nz;
    tri[o + 12] = Math.sqrt(nx * nx + ny * ny + nz * nz);
  }

  /** Whether the segment from p along d (|d| = dlen) enters the triangle at leaf position i from its front. */
  const hitsFrontFace = (i: number, px: number, py: number, pz: number, dx: number, dy: number, dz: number, dlen: number): boolean => {
    const o = TRI * i;
    // Facing: the normal e1 × e2 points against the segment.
    const nx = tri[o + 9]!, ny = tri[o + 10]!, nz = tri[o + 11]!;
    if (!(nx * dx + ny * dy + nz * dz < -1e-5 * tri[o + 12]! * dlen)) return false;
    const e1x = tri[o + 3]!, e1y = tri[o + 4]!, e1z = tri[o + 5]!;
    const e2x = tri[o + 6]!, e2y = tri[o + 7]!, e2z = tri[o + 8]!;
    // Möller–Trumbore, segment parameter in (0, 1).
    const hx = dy * e2z - dz * e2y, hy = dz * e2x - dx * e2z, hz = dx * e2y - dy * e2x;
    const det = e1x * hx + e1y * hy + e1z * hz;
    if (det === 0) return false;
    const inv = 1 / det;
    const sx = px - tri[o]!, sy = py - tri[o + 1]!, sz = pz - tri[o + 2]!;
    const u = (sx * hx + sy * hy + sz * hz) * inv;
    if (u < 0 || u > 1) return false;
    const qx = sy * e1z - sz * e1y, qy = sz * e1x - sx * e1z, qz = sx * e1y - sy * e1x;
    const v = (dx * qx + dy * qy + dz * qz) * inv;
    if (v < 0 || u + v > 1) return false;
    const s = (e2x * qx + e2y * qy + e2z * qz) * inv;
    return s > 0 && s < 1;
  };

  const wasm = kernel === 'wasm' && tc > 0 ? RayTreeWasm.create({ nodes, box, left: L, right: R, start: S, count: C, tri }) : null;

  return {
    release(): void {
      wasm?.release();
    },
    entersSurface(px0, py0, pz0, qx, qy, qz): boolean {
      if (tc === 0) return false;
      // As Blender: start a hair past the vertex and stop a hair before the bone.
      let dx = qx - px0, dy = qy - py0, dz = qz - pz0;
      const px = px0 + 1e-5 * dx, py = py0 + 1e-5 * dy, pz = pz0 + 1e-5 * dz;
      dx *= 1 - 2e-5; dy *= 1 - 2e-5; dz *= 1 - 2e-5;
      // A huge finite inverse for an axis-parallel segment keeps the slab test free of NaN (0 × ∞).
      const ix = dx !== 0 ? 1 / dx : 1e300, iy = dy !== 0 ? 1 / dy : 1e300, iz = dz !== 0 ? 1 / dz : 1e300;
      const dlen = Math.sqrt(dx * dx + dy * dy + dz * dz);
      if (wasm) return wasm.entersSurface(px, py, pz, dx, dy, dz, ix, iy, iz, dlen);
      let top = 0;
      stack[top++] = 0;
      while (top > 0) {
        const node = stack[--top]!;
        // Slab test of the segment against the node's box.
        const o = 6 * node;
        let t0 = 0, t1 = 1;
        let a = (box[o]! - px) * ix, b = (box[o + 3]! - px) * ix;
        t0 = Math.max(t0, Math.min(a, b)); t1 = Math.min(t1, Math.max(a, b));
        a = (box[o + 1]! - py) * iy; b = (box[o + 4]! - py) * iy;
        t0 = Math.max(t0, Math.min(a, b)); t1 = Math.min(t1, Math.max(a, b));
        a = (box[o + 2]! - pz) * iz; b = (box[o + 5]! - pz) * iz;
        t0 = Math.max(t0, Math.min(a, b)); t1 = Math.min(t1, Math.max(a, b));
        if (!(t0 <= t1)) continue;
        if (L[node]! < 0) {
          for (let i = S[node]!; i < S[node]! + C[node]!; i++) if (hitsFrontFace(i, px, py, pz, dx, dy, dz, dlen)) return true;
        } else {
          if (top + 2 > stack.length) {
            const grown = new Int32Array(2 * stack.length);
            grown.set(stack);
            stack = grown;
          }
          stack[top++] = L[node]!;
          stack[top++] = R[node]!;
        }
      }
      return false;
    },
  };
}

/**
 * The tree's nodes, built into the given arrays, in pre-order (a node, then its left subtree, then
 * its right): each node's box over its triangles, and a node of more than LEAF_SIZE triangles split
 * at the middle of its box's widest axis (the first of equals) by partitioning `order` in place, or
 * halved when every centre falls on one side. Returns the node count. A loop over an explicit stack
 * of ranges (the right range pushed under the left, so the left is built first and numbered as a
 * recursion numbers it) rather than a recursive closure: the closure was made anew per tree and ran
 * cold once per rig, 2–70 ms of CPU on the dev set's characters for ~10⁵ steps that take ~1 ms
 * warm. The same nodes, boxes and order, bit for bit.
 */
function buildNodes(
  tc: number, order: Uint32Array, centre: Float32Array, tmin: Float32Array, tmax: Float32Array,
  box: Float64Array, L: Int32Array, R: Int32Array, S: Uint32Array, C: Uint32Array,
): number {
  // Pending ranges: lo, hi and the node whose child they become (with 0 left, 1 right; −1 the root).
  // Each split pushes two and pops one, so at most the depth + 1 wait; grown when needed.
  let stack = new Int32Array(4 * 64);
  stack[0] = 0; stack[1] = tc; stack[2] = -1; stack[3] = 0;
  let top = 4;
  let nodes = 0;
  while (top > 0) {
    top -= 4;
    const lo = stack[top]!, hi = stack[top + 1]!, parent = stack[top + 2]!, side = stack[top + 3]!;
    const node = nodes++;
    if (parent >= 0) {
      if (side === 0) L[parent] = node;
      else R[parent] = node;
    }
    L[node] = -1; R[node] = -1; S[node] = lo; C[node] = hi - lo;
    let b0 = Infinity, b1 = Infinity, b2 = Infinity, b3 = -Infinity, b4 = -Infinity, b5 = -Infinity;
    for (let i = lo; i < hi; i++) {
      const t3 = 3 * order[i]!;
      if (tmin[t3]! < b0) b0 = tmin[t3]!;
      if (tmax[t3]! > b3) b3 = tmax[t3]!;
      if (tmin[t3 + 1]! < b1) b1 = tmin[t3 + 1]!;
      if (tmax[t3 + 1]! > b4) b4 = tmax[t3 + 1]!;
      if (tmin[t3 + 2]! < b2) b2 = tmin[t3 + 2]!;
      if (tmax[t3 + 2]! > b5) b5 = tmax[t3 + 2]!;
    }
    const o = 6 * node;
    box[o] = b0; box[o + 1] = b1; box[o + 2] = b2; box[o + 3] = b3; box[o + 4] = b4; box[o + 5] = b5;
    if (hi - lo <= LEAF_SIZE) continue;
    // The widest axis, the first of equals.
    let axis = 0, lo0 = b0, hi0 = b3;
    if (b4 - b1 > hi0 - lo0) { axis = 1; lo0 = b1; hi0 = b4; }
    if (b5 - b2 > hi0 - lo0) { axis = 2; lo0 = b2; hi0 = b5; }
    // Split at the middle of the widest axis (O(n) per level); an unbalanced split (all centres on
    // one side) falls back to halving the range.
    const cut = 0.5 * (lo0 + hi0);
    let i = lo, j = hi - 1;
    while (i <= j) {
      if (centre[3 * order[i]! + axis]! < cut) i++;
      else {
        const t = order[i]!;
        order[i] = order[j]!;
        order[j] = t;
        j--;
      }
    }
    const mid = i === lo || i === hi ? (lo + hi) >> 1 : i;
    if (top + 8 > stack.length) {
      const grown = new Int32Array(2 * stack.length);
      grown.set(stack);
      stack = grown;
    }
    // The right range under the left: the left subtree is built (and numbered) first.
    stack[top] = mid; stack[top + 1] = hi; stack[top + 2] = node; stack[top + 3] = 1;
    stack[top + 4] = lo; stack[top + 5] = mid; stack[top + 6] = node; stack[top + 7] = 0;
    top += 8;
  }
  return nodes;
}
