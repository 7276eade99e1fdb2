/**
 * A legged clip from a gait: the body moves (forward travel, bob, and whatever the gait turns in
 * the spine, arms, tail or wings), each foot follows its own world-space trajectory, and two-bone
 * IK bends each leg so its end lands exactly there. While a foot is planted its target does not
 * move in world space (the body's travel cancels the foot's travel relative to the hip), so the
 * feet do not skate; targets never go below their rest height, so they do not sink. Where a
 * target is out of the leg's reach the body is lowered until every leg reaches it (a
 * straight-legged T-pose stands with slightly bent knees), rather than letting a foot fall short.
 *
 * Trajectories: `w` = the leg's own cycle position (cycle + phase). Stance (w < duty): the foot
 * moves back relative to the hip by `stride·duty`, i.e. stays put in the world as the body moves
 * forward `stride` per cycle. Swing: forward again on a smoothstep, lifted on a half sine.
 */
import { QUAT_IDENTITY, quatBetween, quatFromAxisAngle, quatInvert, quatMultiply, quatRotate, type Quat, type Skeleton, type Vec3 } from '@rigforge/mesh';
import { add, clipFromPoses, restPose, sub, worldPose, type Pose } from './clip-pose';
import type { LegChain } from './leg-chains';
import { solveKnee } from './two-bone-ik';
import type { AnimationClip } from '@rigforge/mesh';

export const CLIP_FPS = 30;
/** Legs are never stretched past this share of their length (a locked knee cannot place a foot). */
export const REACH = 0.97;

export interface Locomotion {
  /** Cycle position offset of each leg (by key), 0..1. */
  phase: Record<string, number>;
  /** Share of the cycle each foot is planted, 0..1. */
  duty: number;
  /** World distance the body travels per cycle (stride length). */
  stride: number;
  /** Foot lift at mid-swing. */
  lift: number;
}

export interface GaitSpec {
  /** Cycle length in seconds. */
  period: number;
  /** The body's offset from rest at cycle position u (forward travel is added for locomotion). */
  body: (u: number) => Vec3;
  /** Local rotations of the joints that are not legs at cycle position u (set into `local`). */
  overlay?: (u: number, local: Quat[]) => void;
  /** Walking legs; without, `feet` gives every foot's offset from its rest position. */
  locomotion?: Locomotion;
  feet?: (u: number, leg: LegChain) => Vec3;
}

/** Share of the swing at each end spent lifting or setting the foot down in place. */
const LIFT_FIRST = 0.12;

/** Smoothstep: eases the swing in and out so the foot leaves and meets the ground gently. */
const smooth = (s: number): number => s * s * (3 - 2 * s);

/** A foot's offset from its rest position at cycle position u (forward is +Z). */
export function footOffset(loco: Locomotion, key: string, u: number): Vec3 {
  const shifted = u + (loco.phase[key] ?? 0);
  const cycle = Math.floor(shifted);
  const w = shifted - cycle;
  // In the world a planted foot sits at stride·(cycle − phase) (+ half the stance travel, so feet
  // land ahead of the hip and leave behind it); a swing carries it one stride on.
  const planted = (loco.stride * loco.duty) / 2 + loco.stride * (cycle - (loco.phase[key] ?? 0));
  if (w < loco.duty) return [0, 0, planted];
  const s = (w - loco.duty) / (1 - loco.duty);
  // The foot rises before it moves forward and comes down after (toe-off, heel-strike): a foot
  // skimming the ground while it travels would be a foot skating.
  const forward = smooth(Math.min(1, Math.max(0, (s - LIFT_FIRST) / (1 - 2 * LIFT_FIRST))));
  return [0, loco.lift * Math.sin(Math.PI * s), planted + loco.stride * forward];
}

/** Half stride of a one-bone leg, as a share of its length: the foot then drifts < 0.5% of it. */
const ONE_BONE_HALF_STRIDE = 0.15;

/** How far the body may sink to let a stride reach, as a share of each leg: more would crouch into the ground. */
const MAX_SINK = 0.1;

/**
 * The stride the legs can take: each leg's foot may swing forward and back from its rest spot as
 * far as the leg reaches with the body sunk by at most MAX_SINK of its length. Splayed legs (an
 * insect's reach mostly sideways) and a short pair under a long one (the mean leg length sets the
 * gait) shorten the stride rather than leave a foot short of its target, which would slide it.
 */
function reachableStride(skeleton: Skeleton, legs: LegChain[], loco: Locomotion): number {
  let half = (loco.stride * loco.duty) / 2;
  for (const leg of legs) {
    // A one-bone leg's foot stays on its target only near the point under the hip (it leaves it by
    // about s³/a² over a half stride s), so its stride stays short.
    if (leg.b === 0) half = Math.min(half, ONE_BONE_HALF_STRIDE * leg.a);
    const d = sub(skeleton.joints[leg.end]!.position, skeleton.joints[leg.upper]!.position);
    const r = REACH * (leg.a + leg.b);
    const drop = Math.max(0, -d[1] - MAX_SINK * (leg.a + leg.b));
    const room = Math.sqrt(Math.max(0, r * r - d[0] * d[0] - drop * drop)) - Math.abs(d[2]);
    half = Math.min(half, Math.max(0, room));
  }
  return loco.duty > 0 ? (2 * half) / loco.duty : loco.stride;
}

export function leggedClip(name: string, skeleton: Skeleton, allLegs: LegChain[], given: GaitSpec): AnimationClip {
  // Legs that do not stand are not planted: they keep what the overlay gives them and ride with the body.
  const legs = allLegs.filter((leg) => leg.standing);
  const spec: GaitSpec = given.locomotion ? { ...given, locomotion: { ...given.locomotion, stride: reachableStride(skeleton, legs, given.locomotion) } } : given;
  const chains = liftableChains(skeleton);
  const ground = Math.min(...skeleton.joints.map((j) => j.position[1]));
  const body = bodyJoints(skeleton, legs, chains);
  const frames = Math.max(2, Math.round(spec.period * CLIP_FPS)) + 1;
  const poses: Pose[] = [];
  for (let f = 0; f < frames; f++) {
    const u = f / (frames - 1);
    const pose = restPose(skeleton);
    spec.overlay?.(u, pose.local);
    const forward = spec.locomotion ? spec.locomotion.stride * u : 0;
    pose.rootOffset = add(spec.body(u), [0, 0, forward]);
    const offsets = legs.map((leg): Vec3 => {
      const off = spec.locomotion ? footOffset(spec.locomotion, leg.key, u) : (spec.feet?.(u, leg) ?? [0, 0, 0]);
      return [off[0], Math.max(0, off[1]), off[2]];
    });
    const targets = legs.map((leg, i) => add(skeleton.joints[leg.end]!.position, offsets[i]!));
    // The body's own sway and bob never take it into the ground (a bird with no legs to stand on,
    // a head hanging to the floor): the root rises by what the lowest body joint would sink.
    const unlifted = worldPose(skeleton, pose).position;
    const sunk = ground - Math.min(...body.map((k) => unlifted[k]![1]));
    if (sunk > 0) pose.rootOffset = add(pose.rootOffset, [0, sunk, 0]);
    // Lower the body until every foot is within reach: with the hips δ higher, the foot is
    // reachable when (dy − δ)² ≤ R² − horizontal², i.e. δ ≤ dy + √(R² − horizontal²).
    const world = worldPose(skeleton, pose);
    let lift = 0;
    legs.forEach((leg, i) => {
      if (leg.b === 0) return;
      const d = sub(targets[i]!, world.position[leg.upper]!);
      const r = REACH * (leg.a + leg.b);
      const h2 = d[0] * d[0] + d[2] * d[2];
      const room = d[1] + Math.sqrt(Math.max(0, r * r - h2));
      lift = Math.min(lift, room);
    });
    // A one-bone leg cannot shorten: where its planted target is nearer its hip than the bone is
    // long the foot would sink, so the body rises until every such target is a bone's length away.
    legs.forEach((leg, i) => {
      if (leg.b !== 0 || offsets[i]![1] > 0) return;
      const d = sub(targets[i]!, add(world.position[leg.upper]!, [0, lift, 0]));
      const need = Math.sqrt(Math.max(0, leg.a * leg.a - d[0] * d[0] - d[2] * d[2])) + d[1];
      if (need > 0) lift += need;
    });
    if (lift !== 0) pose.rootOffset = add(pose.rootOffset, [0, lift, 0]);
    const posed = lift !== 0 ? worldPose(skeleton, pose) : world;
    legs.forEach((leg, i) => placeLeg(skeleton, pose, posed.rotation, posed.position, leg, targets[i]!, ground, offsets[i]![1] > 0));
    for (const chain of chains) liftChain(skeleton, pose, chain, ground);
    poses.push(pose);
  }
  return clipFromPoses(name, skeleton, poses, CLIP_FPS);
}

/** Joints that are neither in a planted leg (its upper joint and everything below) nor a liftable chain. */
function bodyJoints(skeleton: Skeleton, legs: LegChain[], chains: LiftableChain[]): number[] {
  const out = new Set<number>(chains.flatMap((c) => c.joints));
  const joints = skeleton.joints;
  // Parents come first: a joint is in a leg when its parent is, or it is a leg's top joint.
  const starts = new Set(legs.map((l) => l.top));
  const inLeg = joints.map(() => false);
  joints.forEach((j, k) => { inLeg[k] = starts.has(k) || (j.parent >= 0 && j.parent < k && inLeg[j.parent]!); });
  return joints.map((_, k) => k).filter((k) => !inLeg[k] && !out.has(k));
}

interface LiftableChain {
  base: number;
  joints: number[];
  /** The axis that raises the chain when turned about positively. */
  up: Vec3;
}

/** Tails (raised about +X: a tail points back) and each wing (about ±Z: a wing points out to its side). */
function liftableChains(skeleton: Skeleton): LiftableChain[] {
  const named = (pattern: RegExp): number[] => skeleton.joints.map((j, k) => (pattern.test(j.name) ? k : -1)).filter((k) => k >= 0);
  const chain = (joints: number[], up: Vec3): LiftableChain[] => {
    const base = joints.find((k) => !joints.includes(skeleton.joints[k]!.parent));
    return base === undefined ? [] : [{ base, joints, up }];
  };
  return [
    ...chain(named(/^tail_\d+$/), [1, 0, 0]),
    ...chain(named(/^(neck|head|head_end)$/), [-1, 0, 0]),
    ...chain(named(/^left_wing_(\d+|tip)$/), [0, 0, 1]),
    ...chain(named(/^right_wing_(\d+|tip)$/), [0, 0, -1]),
  ];
}

/**
 * A long tail that hangs near the floor would sweep through it when the body sinks or sways, a
 * wing on its downstroke would strike it: the chain is raised at its base, 5° at a time up to
 * 60°, until none of its joints is below the rest floor.
 */
function liftChain(skeleton: Skeleton, pose: Pose, chain: LiftableChain, ground: number): void {
  const original = pose.local[chain.base]!;
  for (let step = 0; step <= 12; step++) {
    pose.local[chain.base] = quatMultiply(quatFromAxisAngle(chain.up, (step * 5 * Math.PI) / 180), original);
    const world = worldPose(skeleton, pose);
    if (chain.joints.every((k) => world.position[k]![1] >= ground)) return;
  }
}

/** Sets the leg's local rotations so its end sits on `target`, the knee toward its pole, the end level (its rest world rotation). */
function placeLeg(skeleton: Skeleton, pose: Pose, worldRot: Quat[], worldPos: Vec3[], leg: LegChain, target: Vec3, ground: number, lifted: boolean): void {
  const j = skeleton.joints;
  const hip = worldPos[leg.upper]!;
  const parent = j[leg.upper]!.parent;
  const parentRot: Quat = parent >= 0 ? worldRot[parent]! : [...QUAT_IDENTITY] as Quat;
  // The pole turns with the body (a leaning spine leans the knees with it).
  if (leg.b === 0) {
    // One bone: it points at the target, the foot landing on the hip→target line. A target nearer
    // than the bone (a lifted swing foot) moves further to the side the leg leans to until it is a bone's length
    // away: the leg lifts its foot by swinging it sideways, as it cannot fold.
    const d = sub(target, hip);
    const out = Math.abs(d[0]) > 1e-9 * leg.a ? Math.sign(d[0]) : leg.side === 'left' ? 1 : -1;
    const reach = leg.a * leg.a - d[1] * d[1] - d[2] * d[2];
    if (lifted && Math.hypot(...d) < leg.a && reach > 0) d[0] = out * Math.sqrt(reach);
    const upperWorld = quatBetween(sub(j[leg.end]!.position, j[leg.upper]!.position), d);
    pose.local[leg.upper] = quatMultiply(quatInvert(parentRot), upperWorld);
    pose.local[leg.end] = quatInvert(upperWorld);
    for (const k of leg.below) pose.local[k] = [...QUAT_IDENTITY] as Quat;
    return;
  }
  const pole = quatRotate(parentRot, leg.pole);
  // A knee bent toward its pole may still dip through the floor when the foot reaches far forward
  // or back: the bending plane turns about the hip→foot line, 10° at a time either way, to the
  // nearest one that keeps the knee above it.
  const axis = sub(target, hip);
  const n = Math.hypot(...axis) || 1;
  let { knee, foot } = solveKnee(hip, target, leg.a, leg.b, pole);
  for (let step = 1; step <= 9 && knee[1] < ground; step++) {
    for (const sign of [1, -1]) {
      const turned = solveKnee(hip, target, leg.a, leg.b, quatRotate(quatFromAxisAngle([axis[0] / n, axis[1] / n, axis[2] / n], (sign * step * 10 * Math.PI) / 180), pole));
      if (turned.knee[1] >= ground) { ({ knee, foot } = turned); break; }
    }
  }
  const upperWorld = quatBetween(sub(j[leg.knee]!.position, j[leg.upper]!.position), sub(knee, hip));
  const lowerRest = quatRotate(upperWorld, sub(j[leg.end]!.position, j[leg.knee]!.position));
  const lowerWorld = quatMultiply(quatBetween(lowerRest, sub(foot, knee)), upperWorld);
  pose.local[leg.upper] = quatMultiply(quatInvert(parentRot), upperWorld);
  pose.local[leg.knee] = quatMultiply(quatInvert(upperWorld), lowerWorld);
  pose.local[leg.end] = quatInvert(lowerWorld);
  for (const k of leg.below) pose.local[k] = [...QUAT_IDENTITY] as Quat;
}
