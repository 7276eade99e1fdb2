/**
 * Laplacian smoothing of sparse per-vertex weight vectors over a mesh's vertex adjacency.
 *
 * Each vertex holds `slots` (joint, weight) pairs; an iteration replaces a vertex's vector by
 * (own + λ·Σ c_e·neighbour) / (1 + λ·Σ c_e) and keeps the `slots` largest entries, with edge
 * coupling c_e = h² / (h² + |e|²) for a length scale h (the voxel size): dense meshes are smoothed
 * over about h, while long edges of a coarse mesh barely couple. Plain uniform Laplacian
 * smoothing was tried first: on a low-poly arm (9 cm rings) two passes dragged 17% of the hand
 * into mid-forearm, because hops, not distances, set its reach. Working on sparse slots
 * instead of dense |joints|-wide vectors keeps memory at O(V·slots) for any skeleton. Adjacency
 * comes from triangle edges only, so smoothing never leaks between parts that do not share
 * vertices (after welding) nor across gaps.
 */

/** Vertex adjacency in compressed-row form (an edge shared by two triangles appears twice, which
 * weights neighbours by the triangles they share, close enough to cotangent-free uniform weights). */
export interface VertexAdjacency {
  offsets: Uint32Array;
  neighbours: Uint32Array;
}

export function vertexAdjacency(indices: Uint32Array, vertexCount: number): VertexAdjacency {
  const degree = new Uint32Array(vertexCount + 1);
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t]!, b = indices[t + 1]!, c = indices[t + 2]!;
    if (a === b || b === c || a === c) continue;
    degree[a] = degree[a]! + 2;
    degree[b] = degree[b]! + 2;
    degree[c] = degree[c]! + 2;
  }
  const offsets = new Uint32Array(vertexCount + 1);
  for (let v = 0; v < vertexCount; v++) offsets[v + 1] = offsets[v]! + degree[v]!;
  const fill = offsets.slice(0, vertexCount);
  const neighbours = new Uint32Array(offsets[vertexCount]!);
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t]!, b = indices[t + 1]!, c = indices[t + 2]!;
    if (a === b || b === c || a === c) continue;
    neighbours[fill[a]!++] = b;
    neighbours[fill[a]!++] = c;
    neighbours[fill[b]!++] = a;
    neighbours[fill[b]!++] = c;
    neighbours[fill[c]!++] = a;
    neighbours[fill[c]!++] = b;
  }
  return { offsets, neighbours };
}

/**
 * Smooth `joints`/`weights` (`slots` per vertex, joint -1 = empty) in place for `iterations`
 * passes with blend factor `lambda`; each vector is renormalised to sum 1.
 * With `rings` (per vertex, its distance in edges from the vertices the caller reads, 0 for
 * those; `smoothingRings`), only those vertices' results are final: a pass computes a vertex only
 * if a later pass or the caller reads it (ring ≤ passes left − 1), from inputs final up to ring
 * `iterations`, with the same arithmetic as without `rings`; the other vertices are left unspecified.
 */
export function smoothSkinWeights(
  joints: Int32Array,
  weights: Float32Array,
  slots: number,
  adjacency: VertexAdjacency,
  positions: Float32Array,
  lengthScale: number,
  iterations: number,
  lambda = 1,
  rings?: Uint8Array,
): void {
  const n = joints.length / slots;
  let srcJ: Int32Array = joints, srcW: Float32Array = weights;
  let dstJ: Int32Array = new Int32Array(joints.length), dstW: Float32Array = new Float32Array(weights.length);
  const { offsets, neighbours } = adjacency;
  const h2 = lengthScale * lengthScale;
  const coupling = new Float32Array(neighbours.length);
  let maxDegree = 0;
  for (let v = 0; v < n; v++) {
    maxDegree = Math.max(maxDegree, offsets[v + 1]! - offsets[v]!);
    if (rings !== undefined && rings[v]! >= iterations) continue; // never computed
    for (let e = offsets[v]!; e < offsets[v + 1]!; e++) {
      const u = neighbours[e]!;
      const dx = positions[3 * u]! - positions[3 * v]!, dy = positions[3 * u + 1]! - positions[3 * v + 1]!, dz = positions[3 * u + 2]! - positions[3 * v + 2]!;
      coupling[e] = h2 / (h2 + dx * dx + dy * dy + dz * dz);
    }
  }
  // Scratch accumulators on typed arrays: this loop runs iterations × V × degree × slots times.
  const accJ = new Int32Array((maxDegree + 1) * slots);
  const accW = new Float64Array((maxDegree + 1) * slots);
  for (let it = 0; it < iterations; it++) {
    const last = iterations - 1 - it;
    for (let v = 0; v < n; v++) {
      if (rings !== undefined && rings[v]! > last) continue;
      let count = 0;
      const start = offsets[v]!, end = offsets[v + 1]!;
      // Duplicated edges (shared by two triangles) count twice; divide by degree/2 so λ keeps its meaning.
      const per = end > start ? (2 * lambda) / (end - start) : 0;
      let couplingSum = 0;
      for (let e = start; e < end; e++) couplingSum += coupling[e]! * per;
      const own = 1 / (1 + couplingSum);
      for (let e = start - 1; e < end; e++) {
        const u = e < start ? v : neighbours[e]!;
        const f = e < start ? own : coupling[e]! * per * own;
        for (let s = u * slots; s < u * slots + slots; s++) {
          const j = srcJ[s]!;
          if (j < 0) continue;
          const w = srcW[s]! * f;
          let q = 0;
          while (q < count && accJ[q] !== j) q++;
          if (q === count) {
            accJ[q] = j;
            accW[q] = w;
            count++;
          } else accW[q] = accW[q]! + w;
        }
      }
      // Keep the largest `slots` entries (partial selection; the list is short).
      let sum = 0;
      for (let s = 0; s < slots; s++) {
        let bestQ = -1, bestW = 0;
        for (let q = 0; q < count; q++) if (accW[q]! > bestW) { bestW = accW[q]!; bestQ = q; }
        if (bestQ < 0) {
          dstJ[v * slots + s] = -1;
          dstW[v * slots + s] = 0;
          continue;
        }
        dstJ[v * slots + s] = accJ[bestQ]!;
        dstW[v * slots + s] = bestW;
        sum += bestW;
        accW[bestQ] = -1;
      }
      if (sum > 0) for (let s = v * slots; s < v * slots + slots; s++) dstW[s] = dstW[s]! / sum;
    }
    [srcJ, dstJ] = [dstJ, srcJ];
    [srcW, dstW] = [dstW, srcW];
  }
  if (srcJ !== joints) {
    joints.set(srcJ);
    weights.set(srcW);
  }
}
