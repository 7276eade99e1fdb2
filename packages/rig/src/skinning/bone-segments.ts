/** Bones as straight segments that pull vertices to joints: what the geodesic and heat weights measure distances to. */
import type { Skeleton } from '@rigforge/mesh';

/**
 * A straight piece of bone that pulls vertices towards one joint. Following the linear-blend
 * skinning convention, the segment from a joint to its child belongs to the joint at its start
 * (the parent end): rotating that joint moves the segment.
 */
export interface BoneSegment {
  /** Index of the joint that receives the weight. */
  joint: number;
  a: [number, number, number];
  b: [number, number, number];
  /** For a leaf's extension: the parent bone's length, the most the extension may grow to ×2. */
  leafLength?: number;
}

/** How leaf joints (no children) get a segment of their own. */
export type LeafJointMode = 'extend' | 'point';

export interface BoneSegmentOptions {
  /** How a leaf joint gets a segment of its own. Default `extend`. */
  leafMode?: LeafJointMode;
  /**
   * Whether the parent→child link ending at `child` is anatomy (a bone through the body). A link
   * that is not (a foot parented to a root on the floor, a pole target) gives its parent no
   * segment, and the child is treated as having no parent direction. Default: every link is.
   */
  isRealLink?: (child: number) => boolean;
}

/**
 * One segment per real parent→child pair, labelled with the parent; each leaf joint gets a short
 * segment continuing its parent's direction (`extend`, half the parent bone's length) or just
 * its own point (`point`), so a head or a hand tip is claimed by its own joint and not by the
 * bone that ends there. A joint left without any segment (a lone root, a root whose links are
 * all phantom) is a point.
 */
export function boneSegments(skeleton: Skeleton, options: BoneSegmentOptions = {}): BoneSegment[] {
  const leafMode = options.leafMode ?? 'extend';
  const real = options.isRealLink ?? ((): boolean => true);
  const joints = skeleton.joints;
  const segments: BoneSegment[] = [];
  const realChildren: number[][] = joints.map(() => []);
  for (let j = 0; j < joints.length; j++) {
    const parent = joints[j]!.parent;
    if (parent >= 0 && real(j)) realChildren[parent]!.push(j);
  }
  for (let j = 0; j < joints.length; j++) {
    for (const c of realChildren[j]!) segments.push({ joint: j, a: [...joints[j]!.position], b: [...joints[c]!.position] });
  }
  for (let j = 0; j < joints.length; j++) {
    if (realChildren[j]!.length > 0) continue;
    const joint = joints[j]!;
    const p = joint.position;
    const parent = joint.parent >= 0 && real(j) ? joints[joint.parent]!.position : p;
    const dir = [p[0] - parent[0], p[1] - parent[1], p[2] - parent[2]] as const;
    const leafLength = Math.hypot(dir[0], dir[1], dir[2]);
    const end: [number, number, number] =
      leafMode === 'extend'
        ? [p[0] + 0.5 * dir[0], p[1] + 0.5 * dir[1], p[2] + 0.5 * dir[2]]
        : [...p];
    segments.push(leafMode === 'extend' && leafLength > 0 ? { joint: j, a: [...p], b: end, leafLength } : { joint: j, a: [...p], b: end });
  }
  return segments;
}

/**
 * Share of a segment that lies inside the volume (`isSolid` takes a point), sampled every `step`.
 * A link that is mostly outside joins joints through air: it is not a bone.
 */
export function insideFraction(
  a: readonly number[],
  b: readonly number[],
  isSolid: (x: number, y: number, z: number) => boolean,
  step: number,
): number {
  const len = Math.hypot(b[0]! - a[0]!, b[1]! - a[1]!, b[2]! - a[2]!);
  const n = Math.max(2, Math.ceil(len / step) + 1);
  let inside = 0;
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    if (isSolid(a[0]! + (b[0]! - a[0]!) * t, a[1]! + (b[1]! - a[1]!) * t, a[2]! + (b[2]! - a[2]!) * t)) inside++;
  }
  return inside / n;
}

/**
 * Grow each leaf extension to where the volume ends along its direction (a head to the crown,
 * a fingertip joint to the nail), at least half and at most twice its parent bone's length.
 * `isSolid` takes a point in the segments' units.
 */
export function extendLeafSegments(
  segments: BoneSegment[],
  isSolid: (x: number, y: number, z: number) => boolean,
  step: number,
): void {
  for (const seg of segments) {
    const len = seg.leafLength;
    if (len === undefined || !isSolid(seg.a[0], seg.a[1], seg.a[2])) continue;
    const dir = [seg.b[0] - seg.a[0], seg.b[1] - seg.a[1], seg.b[2] - seg.a[2]];
    const dl = Math.hypot(dir[0]!, dir[1]!, dir[2]!);
    if (dl === 0) continue;
    let reach = 0;
    for (let t = step; t <= 2 * len; t += step) {
      if (!isSolid(seg.a[0] + (dir[0]! / dl) * t, seg.a[1] + (dir[1]! / dl) * t, seg.a[2] + (dir[2]! / dl) * t)) break;
      reach = t;
    }
    const total = Math.max(0.5 * len, reach);
    seg.b = [seg.a[0] + (dir[0]! / dl) * total, seg.a[1] + (dir[1]! / dl) * total, seg.a[2] + (dir[2]! / dl) * total];
  }
}

/** Squared distance from point (x,y,z) to segment ab. */
export function segmentDistanceSquared(
  x: number,
  y: number,
  z: number,
  a: readonly number[],
  b: readonly number[],
): number {
  const abx = b[0]! - a[0]!, aby = b[1]! - a[1]!, abz = b[2]! - a[2]!;
  const apx = x - a[0]!, apy = y - a[1]!, apz = z - a[2]!;
  const len2 = abx * abx + aby * aby + abz * abz;
  let t = len2 > 0 ? (apx * abx + apy * aby + apz * abz) / len2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const dx = apx - t * abx, dy = apy - t * aby, dz = apz - t * abz;
  return dx * dx + dy * dy + dz * dz;
}

/** The solid voxels of a grid, as the leaf aiming needs them (see skin-voxel-grid's SkinVoxelGrid). */
export interface SolidGrid {
  nx: number;
  ny: number;
  nz: number;
  origin: readonly [number, number, number];
  cell: number;
  /** Non-zero for solid cells, index i + nx·(j + ny·k). */
  state: Uint8Array;
}

/**
 * Aim each leaf extension at the part that lies beyond its joint, instead of along the parent
 * bone: a head hanging below the neck line, a lower leg turning down from a sideways hip, a foot
 * pointing forward from a vertical shin. The part is the solid voxels, connected to the joint
 * through solid and within twice the parent bone, that are at least as close to the leaf joint
 * as to any other bone (ties, the region beyond the parent bone's end, count as the leaf's) —
 * clearly closer, by `partMargin` (squared distance to the joint at most that times the squared
 * distance to a bone not ending at the joint), so a lobe about as near another bone (the side of a
 * wide head over a shoulder joint) does not pull the aim; the extension points from the joint to
 * their centroid. A part smaller than a few voxels keeps the
 * parent's direction. Run before {@link extendLeafSegments}, which sets the length.
 */
export function aimLeafSegments(
  segments: BoneSegment[],
  grid: SolidGrid,
  aim: (seg: BoneSegment) => boolean = () => true,
  partMargin = 1,
): BoneSegment[] {
  const aimed: BoneSegment[] = [];
  const region = new BeyondRegion(segments, grid);
  for (const seg of segments) {
    if (seg.leafLength === undefined || seg.leafLength === 0 || !aim(seg)) continue;
    const dir = region.direction(seg.joint, seg.a, 2 * seg.leafLength, partMargin);
    if (!dir) continue;
    const half = 0.5 * seg.leafLength;
    seg.b = [seg.a[0] + dir[0] * half, seg.a[1] + dir[1] * half, seg.a[2] + dir[2] * half];
    aimed.push(seg);
  }
  return aimed;
}

/**
 * The part beyond a joint: solid voxels connected to it through solid, within a reach, at least as
 * close to the joint's point as to any bone of another joint. Other leaves count by their
 * extension along their parent's direction (a chest leaf's up to the crown claims the head, which
 * a shoulder leaf beside it would otherwise take and aim into: a low-poly man's hands, leaves of
 * the pelvis at the shoulders), unless that extension passes near the joint being aimed.
 */
/**
 * Fraction of the aiming reach (twice the parent bone) within which a rival leaf's extension
 * passing the joint counts by its start point only. 0.125 and 0.25 score alike on the dev set
 * (`scripts/skin-ablation.ts`: a low-poly man 0.261 at both).
 */
const RIVAL_EXTENSION_CLEARANCE = 0.125;

class BeyondRegion {
  private readonly others: { joint: number; a: [number, number, number]; b: [number, number, number]; leaf: boolean }[];
  private readonly seen: Int32Array;
  private readonly queue: number[] = [];
  private stamp = 0;

  constructor(segments: BoneSegment[], private readonly grid: SolidGrid) {
    this.others = segments.map((s) => ({ joint: s.joint, a: this.toGrid(s.a), b: this.toGrid(s.b), leaf: s.leafLength !== undefined }));
    this.seen = new Int32Array(grid.nx * grid.ny * grid.nz).fill(-1);
  }

  private toGrid(p: readonly number[]): [number, number, number] {
    const { origin, cell } = this.grid;
    return [(p[0]! - origin[0]) / cell, (p[1]! - origin[1]) / cell, (p[2]! - origin[2]) / cell];
  }

  /** Unit direction from the joint to the centroid of its part, or null when the part is too small. */
  direction(joint: number, at: readonly number[], reach: number, partMargin: number): [number, number, number] | null {
    const { nx, ny, nz, cell, state } = this.grid;
    const nxy = nx * ny;
    const p = this.toGrid(at);
    const i0 = Math.floor(p[0]), j0 = Math.floor(p[1]), k0 = Math.floor(p[2]);
    if (i0 < 0 || j0 < 0 || k0 < 0 || i0 >= nx || j0 >= ny || k0 >= nz) return null;
    const start = i0 + nx * (j0 + ny * k0);
    if (state[start] === 0) return null;
    const reach2 = (reach / cell) ** 2;
    // A rival leaf's extension whose line passes this close to the joint (a twin wing joint at
    // the same root, the two extensions running through each other) stands for no part of its own:
    // that rival counts by its start point alone.
    const near2 = ((RIVAL_EXTENSION_CLEARANCE * reach) / cell) ** 2;
    const rivals = this.others.filter((o) => o.joint !== joint).map((o) =>
      o.leaf && segmentDistanceSquared(p[0], p[1], p[2], o.a, o.b) < near2 ? { ...o, b: o.a } : o)
      // A bone ending at the joint (the parent's) ties with everything beyond it: no margin there.
      .map((o) => ({ ...o, touches: segmentDistanceSquared(p[0], p[1], p[2], o.a, o.b) < 1e-6 }));
    // Per rival, its segment's start, span and squared length (segmentDistanceSquared's per-segment
    // terms, the same doubles) and its margin factor, in one array: the walk below tests every
    // rival at every voxel it reaches, and the terms were recomputed there each time.
    const R = 8, rc = rivals.length, terms = new Float64Array(R * rc);
    for (let r = 0; r < rc; r++) {
      const { a, b, touches } = rivals[r]!;
      const abx = b[0]! - a[0]!, aby = b[1]! - a[1]!, abz = b[2]! - a[2]!;
      terms.set([a[0]!, a[1]!, a[2]!, abx, aby, abz, abx * abx + aby * aby + abz * abz, touches ? 1 : partMargin], R * r);
    }
    const stamp = ++this.stamp, seen = this.seen, queue = this.queue;
    let sx = 0, sy = 0, sz = 0, count = 0;
    queue.length = 0;
    queue.push(start);
    seen[start] = stamp;
    const push = (n: number): void => {
      if (seen[n] !== stamp && state[n] !== 0) { seen[n] = stamp; queue.push(n); }
    };
    for (let q = 0; q < queue.length; q++) {
      const idx = queue[q]!;
      const x = (idx % nx) + 0.5, y = (Math.floor(idx / nx) % ny) + 0.5, z = Math.floor(idx / nxy) + 0.5;
      const own = (x - p[0]) ** 2 + (y - p[1]) ** 2 + (z - p[2]) ** 2;
      if (own > reach2) continue;
      let mine = true;
      for (let o = 0; o < terms.length; o += R) {
        // segmentDistanceSquared(x, y, z, a, b), term by term as it computes it.
        const abx = terms[o + 3]!, aby = terms[o + 4]!, abz = terms[o + 5]!, len2 = terms[o + 6]!;
        const apx = x - terms[o]!, apy = y - terms[o + 1]!, apz = z - terms[o + 2]!;
        let t = len2 > 0 ? (apx * abx + apy * aby + apz * abz) / len2 : 0;
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        const dx = apx - t * abx, dy = apy - t * aby, dz = apz - t * abz;
        if ((dx * dx + dy * dy + dz * dz) * terms[o + 7]! < own - 1e-9) { mine = false; break; }
      }
      if (!mine && q > 0) continue;
      sx += x; sy += y; sz += z; count++;
      const i = idx % nx, j = Math.floor(idx / nx) % ny, k = Math.floor(idx / nxy);
      if (i > 0) push(idx - 1);
      if (i < nx - 1) push(idx + 1);
      if (j > 0) push(idx - nx);
      if (j < ny - 1) push(idx + nx);
      if (k > 0) push(idx - nxy);
      if (k < nz - 1) push(idx + nxy);
    }
    if (count < 8) return null;
    const d = [sx / count - p[0], sy / count - p[1], sz / count - p[2]];
    const dl = Math.hypot(d[0]!, d[1]!, d[2]!);
    if (dl < 0.5) return null;
    return [d[0]! / dl, d[1]! / dl, d[2]! / dl];
  }
}
