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
