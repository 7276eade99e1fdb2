/**
 * A skeleton's bones placed in the mesh's volume, as the geodesic weights run from them and heat
 * aims its leaf bones by them: each parent→child link a segment owned by the parent, except links
 * that are not anatomy (a root outside the body reaching a joint inside it mostly through air: a
 * placement helper on the floor); a joint without a parent bone (an IK foot kept as its own root)
 * ends the leaf extension that runs into it and continues it; every other leaf extension grows to
 * the end of the volume (½–2× the parent bone) and is aimed at the part beyond its joint (the
 * solid connected to the joint, within twice the parent bone, nearer it than any other bone): a
 * bull's head hangs below the neck line, a foot points forward from a vertical shin.
 */
import type { Skeleton } from '@rigforge/mesh';
import { aimLeafSegments, boneSegments, extendLeafSegments, insideFraction, type BoneSegment, type LeafJointMode } from './bone-segments';
import { EMPTY, type SkinVoxelGrid } from './skin-voxel-grid';

/** A leaf joint's extremity, in the mesh's frame. */
export interface LeafTip {
  joint: number;
  tip: readonly [number, number, number];
}

/** What {@link placeBoneSegments} reads of the skin-weight options (all given, see compute-skin-weights). */
export interface PlaceBoneSegmentsOptions {
  leafJoints: LeafJointMode;
  aimLeaves: boolean;
  leafTips: readonly LeafTip[];
  /** How clearly nearer a leaf's joint than any other bone its part must be (see `aimLeafSegments`). */
  aimPartMargin: number;
  /** A lone root (no parent, no child, no chain running into it) is aimed like a leaf (compute-skin-weights' `aimLoneRoots`). Default false. */
  aimLoneRoots?: boolean;
}

export interface PlacedSegments {
  segments: BoneSegment[];
  /** Leaf extensions that run into an orphan joint (an IK foot), with that joint. */
  endsAt: Map<BoneSegment, number>;
}

/** Anatomical segments, orphans attached, leaf extensions grown and aimed (the header). */
export function placeBoneSegments(skeleton: Skeleton, grid: SkinVoxelGrid, opts: PlaceBoneSegmentsOptions): PlacedSegments {
  const solid = (x: number, y: number, z: number): boolean => isSolidAt(grid, x, y, z);
  const segments = anatomicalSegments(skeleton, opts, solid, 0.5 * grid.cell);
  const tipped = pointLeavesAtTips(segments, opts.leafTips);
  const free = (seg: BoneSegment): boolean => !tipped.has(seg);
  if (opts.leafJoints === 'extend') extendLeafSegments(segments.filter(free), solid, 0.5 * grid.cell);
  // Orphans first (an IK foot ends the shin's extension along the shin), then every other
  // extension is aimed at its part and orphans are tried again against the aimed ones.
  const attached = new Set<number>();
  const endsAt = new Map<BoneSegment, number>();
  const joined = attachOrphans(skeleton, segments, attached, endsAt);
  if (opts.aimLoneRoots && opts.leafJoints === 'extend') giveLoneRootsALink(skeleton, segments, attached);
  if (opts.leafJoints === 'extend' && opts.aimLeaves) {
    const aimed = aimLeafSegments(segments, grid, (seg) => !joined.has(seg) && free(seg), opts.aimPartMargin);
    extendLeafSegments(aimed, solid, 0.5 * grid.cell);
    attachOrphans(skeleton, segments, attached, endsAt);
  }
  return { segments, endsAt };
}

/**
 * A lone root's point segment gets a stand-in link, the distance to its nearest joint, so the aim
 * and the extension treat it as a leaf: a low-poly figure's leg rigged as a root of its own then
 * runs down its leg. Orphans a chain already runs into (an IK foot at the end of a shin) are left:
 * the shin owns the part above them.
 */
function giveLoneRootsALink(skeleton: Skeleton, segments: BoneSegment[], attached: ReadonlySet<number>): void {
  const joints = skeleton.joints;
  const hasChild = joints.map((_, j) => joints.some((x) => x.parent === j));
  for (const seg of segments) {
    const j = seg.joint;
    if (seg.leafLength !== undefined || joints[j]!.parent >= 0 || hasChild[j] || attached.has(j)) continue;
    let d = Infinity;
    const p = joints[j]!.position;
    joints.forEach((o, k) => { if (k !== j) d = Math.min(d, Math.hypot(o.position[0] - p[0], o.position[1] - p[1], o.position[2] - p[2])); });
    if (d > 0 && Number.isFinite(d)) seg.leafLength = d;
  }
}

/** Runs each leaf extension with a known tip from its joint to that tip; returns those segments. */
function pointLeavesAtTips(segments: BoneSegment[], tips: readonly LeafTip[]): Set<BoneSegment> {
  const tipped = new Set<BoneSegment>();
  if (tips.length === 0) return tipped;
  const byJoint = new Map(tips.map((t) => [t.joint, t.tip]));
  for (const seg of segments) {
    const tip = byJoint.get(seg.joint);
    if (seg.leafLength === undefined || !tip || !tip.every(Number.isFinite)) continue;
    seg.b = [tip[0], tip[1], tip[2]];
    tipped.add(seg);
  }
  return tipped;
}

/**
 * A parent→child link with less than this share of its length inside the volume, from a root
 * outside the volume, is not a bone. Real links run through the body (share ~1); the helper
 * roots of the dev set (on the floor, at the scene origin) reach their children through 15–35%
 * solid; a root's link down a leg that it merely parallels stays above 0.6 and is kept.
 */
const PHANTOM_INSIDE_SHARE = 0.5;

/**
 * The bones of a skeleton as segments, leaving out links that are not anatomy: a link from a
 * root outside the volume to a joint inside it, reached mostly through air (a root on the floor
 * between the feet with the hips or a foot as children), would become a phantom bone taking
 * weight. A joint whose every link is phantom (that root) gets no segment at all; a skeleton
 * lying wholly outside the mesh keeps its links (its child joints are outside too).
 */
function anatomicalSegments(
  skeleton: Skeleton,
  opts: Pick<PlaceBoneSegmentsOptions, 'leafJoints'>,
  solid: (x: number, y: number, z: number) => boolean,
  step: number,
): BoneSegment[] {
  const joints = skeleton.joints;
  // A root outside the body (on the floor between the feet, a scene origin) is a placement
  // helper: its links through air carry no anatomy.
  const outsideRoot = joints.map((joint) => joint.parent < 0 && !solid(joint.position[0], joint.position[1], joint.position[2]));
  const real = joints.map((joint) =>
    joint.parent < 0 || !outsideRoot[joint.parent] ||
    !solid(joint.position[0], joint.position[1], joint.position[2]) ||
    insideFraction(joints[joint.parent]!.position, joint.position, solid, step) >= PHANTOM_INSIDE_SHARE);
  // Joints whose every link was found phantom (the helper root itself) keep no segment.
  const linked = new Uint8Array(joints.length), phantomOnly = new Uint8Array(joints.length);
  joints.forEach((joint, j) => {
    if (joint.parent < 0) return;
    if (real[j]) linked[j] = linked[joint.parent] = 1;
    else phantomOnly[joint.parent] = 1;
  });
  const segments = boneSegments(skeleton, { leafMode: opts.leafJoints, isRealLink: (c) => real[c]! })
    .filter((seg) => linked[seg.joint] === 1 || phantomOnly[seg.joint] === 0);
  return segments.length > 0 ? segments : boneSegments(skeleton, { leafMode: opts.leafJoints });
}

/**
 * A joint with no parent bone (a foot kept as its own root for IK, or orphaned by a phantom link)
 * usually sits where a leg's chain ends: the leaf extension of the chain's last joint runs on
 * into it and would take its part. When a leaf extension passes within half its parent bone of
 * such a joint, the extension stops at the joint, and a lone joint (no bone of its own) takes
 * over the rest of the extension's direction. Joints in `attached` are skipped and joints attached
 * now are added; `endsAt` gets each stopped extension's orphan. Returns the segments
 * changed (they are not aimed again).
 */
function attachOrphans(skeleton: Skeleton, segments: BoneSegment[], attached: Set<number>, endsAt: Map<BoneSegment, number>): Set<BoneSegment> {
  const joined = new Set<BoneSegment>();
  const owned = new Map<number, BoneSegment[]>();
  for (const s of segments) owned.set(s.joint, [...(owned.get(s.joint) ?? []), s]);
  const hasParentLink = new Uint8Array(skeleton.joints.length);
  for (const s of segments) if (s.leafLength !== undefined) hasParentLink[s.joint] = 1;
  skeleton.joints.forEach((joint, j) => {
    if (joint.parent >= 0 && segments.some((s) => s.joint === joint.parent && s.b[0] === joint.position[0] && s.b[1] === joint.position[1] && s.b[2] === joint.position[2])) hasParentLink[j] = 1;
  });
  for (let j = 0; j < skeleton.joints.length; j++) {
    if (hasParentLink[j] === 1 || attached.has(j)) continue;
    const p = skeleton.joints[j]!.position;
    let best: BoneSegment | undefined, bestPerp = Infinity, bestT = 0;
    for (const seg of segments) {
      if (seg.leafLength === undefined || seg.joint === j) continue;
      const u = [seg.b[0] - seg.a[0], seg.b[1] - seg.a[1], seg.b[2] - seg.a[2]];
      const l2 = u[0]! * u[0]! + u[1]! * u[1]! + u[2]! * u[2]!;
      if (l2 === 0) continue;
      const t = ((p[0] - seg.a[0]) * u[0]! + (p[1] - seg.a[1]) * u[1]! + (p[2] - seg.a[2]) * u[2]!) / l2;
      if (t <= 0 || t > 1.2) continue;
      const perp = Math.hypot(p[0] - seg.a[0] - t * u[0]!, p[1] - seg.a[1] - t * u[1]!, p[2] - seg.a[2] - t * u[2]!);
      if (perp < 0.5 * seg.leafLength && perp < bestPerp) { bestPerp = perp; best = seg; bestT = t; }
    }
    if (!best) continue;
    joined.add(best);
    endsAt.set(best, j);
    attached.add(j);
    const end: [number, number, number] = [...best.b];
    const t = Math.min(1, bestT);
    best.b = [best.a[0] + (end[0] - best.a[0]) * t, best.a[1] + (end[1] - best.a[1]) * t, best.a[2] + (end[2] - best.a[2]) * t];
    const own = owned.get(j) ?? [];
    const lone = own.every((s) => s.a[0] === s.b[0] && s.a[1] === s.b[1] && s.a[2] === s.b[2]);
    if (lone && t < 1) {
      for (const s of own) {
        s.b = [end[0] + p[0] - best.b[0], end[1] + p[1] - best.b[1], end[2] + p[2] - best.b[2]];
        joined.add(s);
      }
    }
  }
  return joined;
}

function isSolidAt(grid: SkinVoxelGrid, x: number, y: number, z: number): boolean {
  const i = Math.floor((x - grid.origin[0]) / grid.cell);
  const j = Math.floor((y - grid.origin[1]) / grid.cell);
  const k = Math.floor((z - grid.origin[2]) / grid.cell);
  if (i < 0 || j < 0 || k < 0 || i >= grid.nx || j >= grid.ny || k >= grid.nz) return false;
  return grid.state[i + grid.nx * (j + grid.ny * k)] !== EMPTY;
}
