/**
 * Weld vertices that share a position, so a flat-shaded or UV-seam-split mesh becomes one
 * connected surface before skinning (otherwise every split island is smoothed on its own and
 * seams tear when the rig bends).
 *
 * Approach: a spatial hash with cells twice the tolerance, probing the 8 cells on the near side
 * of each axis (a point within `tol` of p can only lie in those), comparing against the first
 * vertex kept in a cell (greedy, order-dependent clustering, which avoids chains of near points
 * drifting far apart). An open-addressing table on typed arrays keeps it O(n) and allocation-light:
 * Avoiding `Map` and string keys keeps it allocation-light for million-vertex meshes.
 * Only positions are compared: splits differ by normal or UV, which skinning ignores.
 */
import { emptyBounds, extendBounds, withDefaults } from '@rigforge/mesh';

/** Options of {@link weldVertices}. */
export interface WeldVerticesOptions {
  /**
   * Largest distance between two vertices that are merged, as a fraction of the bounding-box
   * diagonal (scale-free, so centimetre and metre meshes weld alike). Default 1e-5.
   */
  tolerance?: number;
}

export const WELD_VERTICES_DEFAULTS: Required<WeldVerticesOptions> = { tolerance: 1e-5 };

/** Result of {@link weldVertices}. */
export interface WeldedVertices {
  /** xyz of each welded vertex (the first original vertex of its cluster). */
  positions: Float32Array;
  /** The input triangles rewritten to welded vertices; same triangle count, may hold degenerates. */
  indices: Uint32Array;
  /** For each original vertex, the welded vertex it became. */
  remap: Uint32Array;
}

/**
 * Merge vertices closer than the tolerance; triangles are kept one for one. A rig welds its stood
 * mesh once (`rigMesh`, orientForRig for the facing cue) and hands the result to the stages that
 * read it (the facing cue, the fit's pieces, the skin weights) rather than each welding its own.
 */
export function weldVertices(
  positions: Float32Array,
  indices: Uint32Array,
  options: WeldVerticesOptions = {},
): WeldedVertices {
  const tolerance = Math.min(Math.max(withDefaults(WELD_VERTICES_DEFAULTS, options).tolerance, 1e-9), 0.5);
  const n = Math.floor(positions.length / 3);
  const remap = new Uint32Array(n);
  if (n === 0) return { positions: new Float32Array(0), indices: indices.slice(), remap };

  const box = extendBounds(emptyBounds(), positions.subarray(0, 3 * n));
  const minX = box[0]!, minY = box[1]!, minZ = box[2]!;
  const diagonal = Math.hypot(box[3]! - minX, box[4]! - minY, box[5]! - minZ);
  // A mesh collapsed to one point welds to one vertex; any positive tolerance does that.
  const tol = diagonal > 0 ? tolerance * diagonal : 1;
  const tol2 = tol * tol;
  const cell = 2 * tol;

  let capacity = 1024;
  while (capacity < 2 * n) capacity *= 2;
  const mask = capacity - 1;
  const keys = new Int32Array(3 * capacity);
  const heads = new Int32Array(capacity).fill(-1);
  const next = new Int32Array(n);
  const kept = new Float32Array(3 * n);
  let count = 0;

  const slotOf = (cx: number, cy: number, cz: number): number => {
    let h = (Math.imul(cx, 73856093) ^ Math.imul(cy, 19349663) ^ Math.imul(cz, 83492791)) & mask;
    for (;;) {
      const head = heads[h]!;
      if (head === -1) return h;
      if (keys[3 * h] === cx && keys[3 * h + 1] === cy && keys[3 * h + 2] === cz) return h;
      h = (h + 1) & mask;
    }
  };

  for (let i = 0; i < n; i++) {
    const x = positions[3 * i]!, y = positions[3 * i + 1]!, z = positions[3 * i + 2]!;
    const fx = (x - minX) / cell, fy = (y - minY) / cell, fz = (z - minZ) / cell;
    const cx = Math.floor(fx), cy = Math.floor(fy), cz = Math.floor(fz);
    const sx = fx - cx < 0.5 ? -1 : 1, sy = fy - cy < 0.5 ? -1 : 1, sz = fz - cz < 0.5 ? -1 : 1;
    let found = -1;
    for (let c = 0; c < 8 && found < 0; c++) {
      // slotOf written out (its call per probe, eight per vertex, was a third of the weld): the
      // cell's slot, or the empty slot its probe ends on, whose list is empty.
      const kx = cx + (c & 1 ? sx : 0), ky = cy + (c & 2 ? sy : 0), kz = cz + (c & 4 ? sz : 0);
      let h = (Math.imul(kx, 73856093) ^ Math.imul(ky, 19349663) ^ Math.imul(kz, 83492791)) & mask;
      let head = heads[h]!;
      while (head !== -1 && (keys[3 * h] !== kx || keys[3 * h + 1] !== ky || keys[3 * h + 2] !== kz)) {
        h = (h + 1) & mask;
        head = heads[h]!;
      }
      for (let v = head; v !== -1; v = next[v]!) {
        const dx = kept[3 * v]! - x, dy = kept[3 * v + 1]! - y, dz = kept[3 * v + 2]! - z;
        if (dx * dx + dy * dy + dz * dz <= tol2) {
          found = v;
          break;
        }
      }
    }
    if (found < 0) {
      found = count++;
      kept[3 * found] = x;
      kept[3 * found + 1] = y;
      kept[3 * found + 2] = z;
      const slot = slotOf(cx, cy, cz);
      if (heads[slot] === -1) {
        keys[3 * slot] = cx;
        keys[3 * slot + 1] = cy;
        keys[3 * slot + 2] = cz;
      }
      next[found] = heads[slot]!;
      heads[slot] = found;
    }
    remap[i] = found;
  }

  const welded = new Uint32Array(indices.length);
  for (let i = 0; i < indices.length; i++) welded[i] = remap[indices[i]!]!;
  return { positions: kept.slice(0, 3 * count), indices: welded, remap };
}
