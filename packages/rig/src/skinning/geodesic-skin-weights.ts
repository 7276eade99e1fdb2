/**
 * Skin weights from geodesic distances inside the volume: one multi-label Dijkstra through the
 * solid voxels keeps each voxel's 4 nearest joints (air is never crossed, so a leg cannot claim
 * the other leg through the gap); per vertex, the distance to a joint is the best over the 2×2×2
 * voxels around it, and its weight ∝ ((dMin+ε)/(d+ε))^falloff (ε half a voxel), so the blend stays
 * where two bones are about equally close (around joints); then length-aware smoothing over the
 * welded mesh. The fallback for meshes too large for heat and the evidence the empty-piece fill
 * weighs.
 */
import type { Skeleton } from '@rigforge/mesh';
import type { BoneSegment } from './bone-segments';
import { giveToDeformingAncestors } from './deforming-joints';
import { geodesicJointDistances, type JointDistanceField } from './geodesic-joint-distances';
import type { PlacedSegments } from './place-bone-segments';
import type { SkinVoxelGrid } from './skin-voxel-grid';
import { smoothSkinWeights, type VertexAdjacency } from './smooth-skin-weights';

/** What {@link geodesicSkinWeights} reads of the skin-weight options (all given, see compute-skin-weights). */
export interface GeodesicSkinWeightsOptions {
  falloff: number;
  smoothingIterations: number;
  nonDeformingJoints: readonly number[];
}

/** Joints tracked per voxel by the geodesic pass. */
const GEODESIC_LABELS = 4;

/**
 * Geodesic weights from the placed segments into `candJoints`/`candWeights` (`slots` per vertex).
 * With `needed` (1 per vertex the caller reads), only those vertices' weights are final: the
 * voxel search stops once the voxels they read, through the smoothing's rings, are settled
 * (geodesicJointDistances' `targets`), and the other vertices' weights are left unspecified.
 * Returns the segments used.
 */
export function geodesicSkinWeights(
  positions: Float32Array,
  neighbours: () => VertexAdjacency,
  skeleton: Skeleton,
  grid: SkinVoxelGrid,
  placed: PlacedSegments,
  opts: GeodesicSkinWeightsOptions,
  candJoints: Int32Array,
  candWeights: Float32Array,
  slots: number,
  needed?: Uint8Array,
): BoneSegment[] {
  const { segments } = placed;
  giveToDeformingAncestors(skeleton, segments, opts.nonDeformingJoints);
  // The passes smoothSkinWeights runs (a loop `it < smoothingIterations`), as a whole number.
  const iterations = opts.smoothingIterations > 0 ? Math.ceil(opts.smoothingIterations) : 0;
  // Which vertices' field weights reach the needed ones through the smoothing, and how far each
  // is from them: only those are computed, in the field and in each smoothing pass (the needed
  // vertices' weights are the same numbers either way).
  const rings = needed ? smoothingRings(needed, neighbours, iterations) : undefined;
  const targets = rings ? voxelsRead(grid, rings, iterations) : undefined;
  const field = geodesicJointDistances(grid, segments, GEODESIC_LABELS, targets);
  vertexWeightsFromField(grid, field, opts, candJoints, candWeights, slots, rings, iterations);
  if (iterations > 0) {
    smoothSkinWeights(candJoints, candWeights, slots, neighbours(), positions, grid.cell, iterations, undefined, rings);
  }
  return segments;
}

/** Ring value of a vertex more than `iterations` edges from every needed vertex (unread). */
const UNREAD = 255;

/**
 * Per vertex, its distance in edges from the `needed` vertices, up to `iterations` (UNREAD
 * beyond): each smoothing step (smoothSkinWeights, from the previous step's weights) reads a
 * vertex and its neighbours, so the field weights the needed vertices read are those within
 * `iterations` rings, and a vertex at ring r is read by the passes after the first
 * `iterations − r`. Breadth-first over the adjacency; with 255 passes or more, every vertex is
 * ring 0 (everything computed).
 */
function smoothingRings(needed: Uint8Array, neighbours: () => VertexAdjacency, iterations: number): Uint8Array {
  const n = needed.length;
  const rings = new Uint8Array(n).fill(UNREAD);
  if (iterations >= UNREAD) return rings.fill(0);
  const queue = new Int32Array(n);
  let tail = 0;
  for (let v = 0; v < n; v++) if (needed[v] === 1) { rings[v] = 0; queue[tail++] = v; }
  if (iterations <= 0) return rings;
  const { offsets, neighbours: nbrs } = neighbours();
  for (let head = 0; head < tail; head++) {
    const v = queue[head]!, r = rings[v]! + 1;
    if (r > iterations) break; // breadth-first: every later vertex is at least as far
    for (let e = offsets[v]!; e < offsets[v + 1]!; e++) {
      const u = nbrs[e]!;
      if (rings[u] === UNREAD) { rings[u] = r; queue[tail++] = u; }
    }
  }
  return rings;
}

/** The grid cells vertexWeightsFromField reads for the vertices within `iterations` rings (the 2×2×2 around each). */
function voxelsRead(grid: SkinVoxelGrid, rings: Uint8Array, iterations: number): Uint8Array {
  const { nx, ny, nz, gridPositions: g } = grid;
  const cells = new Uint8Array(nx * ny * nz);
  for (let v = 0; v < rings.length; v++) {
    if (rings[v]! > iterations) continue;
    const bx = Math.floor(g[3 * v]! - 0.5), by = Math.floor(g[3 * v + 1]! - 0.5), bz = Math.floor(g[3 * v + 2]! - 0.5);
    for (let c = 0; c < 8; c++) {
      const i = bx + (c & 1), j = by + ((c >> 1) & 1), kk = bz + ((c >> 2) & 1);
      const idx = i + nx * j + nx * ny * kk;
      if (idx >= 0 && idx < cells.length) cells[idx] = 1;
    }
  }
  return cells;
}

/**
 * Per vertex, the geodesic distance to a joint is the best over the 2×2×2 solid voxels around it
 * of (voxel's distance + distance from the vertex to the voxel centre): continuous across voxel
 * boundaries, and never reaching further than one cell through air.
 */
function vertexWeightsFromField(
  grid: SkinVoxelGrid,
  field: JointDistanceField,
  opts: Pick<GeodesicSkinWeightsOptions, 'falloff'>,
  outJoints: Int32Array,
  outWeights: Float32Array,
  slots: number,
  /** With it, only the vertices within `iterations` rings (smoothingRings) are written. */
  rings?: Uint8Array,
  iterations = 0,
): void {
  const { nx, ny, gridPositions: g } = grid;
  const { solidIndex, k, labels, dists, counts } = field;
  const nxy = nx * ny;
  const n = g.length / 3;
  const cj = new Int32Array(8 * k);
  const cd = new Float64Array(8 * k);
  const eps = 0.5;
  for (let v = 0; v < n; v++) {
    if (rings !== undefined && rings[v]! > iterations) continue;
    let count = 0;
    const gx = g[3 * v]!, gy = g[3 * v + 1]!, gz = g[3 * v + 2]!;
    const bx = Math.floor(gx - 0.5), by = Math.floor(gy - 0.5), bz = Math.floor(gz - 0.5);
    for (let c = 0; c < 8; c++) {
      const i = bx + (c & 1), j = by + ((c >> 1) & 1), kk = bz + ((c >> 2) & 1);
      const s = solidIndex[i + nx * j + nxy * kk];
      if (s === undefined || s < 0) continue;
      const ox = gx - i - 0.5, oy = gy - j - 0.5, oz = gz - kk - 0.5;
      const off = Math.sqrt(ox * ox + oy * oy + oz * oz);
      for (let q = s * k; q < s * k + counts[s]!; q++) {
        const l = labels[q]!, d = dists[q]! + off;
        let p = 0;
        while (p < count && cj[p] !== l) p++;
        if (p === count) {
          cj[p] = l;
          cd[p] = d;
          count++;
        } else if (d < cd[p]!) cd[p] = d;
      }
    }
    if (count === 0) continue;
    let dMin = Infinity;
    for (let p = 0; p < count; p++) if (cd[p]! < dMin) dMin = cd[p]!;
    // Weight ∝ ((dMin+ε)/(d+ε))^p: 1 for the nearest bone, falling off with relative distance, so
    // blending happens where two bones are about equally close (around joints) whatever the scale.
    for (let p = 0; p < count; p++) cd[p] = Math.pow((dMin + eps) / (cd[p]! + eps), opts.falloff);
    let sum = 0;
    for (let s = 0; s < slots; s++) {
      let best = -1;
      for (let p = 0; p < count; p++) if (cd[p]! > 0 && (best < 0 || cd[p]! > cd[best]!)) best = p;
      if (best < 0) break;
      outJoints[v * slots + s] = cj[best]!;
      outWeights[v * slots + s] = cd[best]!;
      sum += cd[best]!;
      cd[best] = 0;
    }
    for (let s = v * slots; s < v * slots + slots; s++) outWeights[s] = outWeights[s]! / sum;
  }
}
