/*
 * Rest orientations of a skeleton's joints, and the re-expression of clip tracks in them.
 *
 * A joint may carry its own world rest rotation (`Joint.rotation`, e.g. a naming preset's
 * convention: Mixamo's); restRotationsOf reads those. Without them the writers keep their defaults:
 * the GLB writer identity rests, the FBX writer the aimed orientations below.
 *
 * Aimed orientations for the joints of a position-only skeleton, so that each joint's local +Y
 * points at its child. Blender's FBX importer (default settings: primary bone axis Y, no
 * automatic orientation) draws every bone along its joint's local +Y, Maya and MotionBuilder draw
 * a joint toward its children whatever its axes, and Unity and Unreal animate the joint transforms
 * as written: an oriented joint is what all of them expect from a rig, while identity joints show
 * legs in Blender pointing up and away from the knees.
 *
 * The child a joint points at: among children at a distance, the one most in line with the
 * incoming bone (a chest points at the neck, not a shoulder; a hand at its middle finger); for a
 * root, the child with the largest subtree (the hips point up the spine, not down a leg). A leaf
 * keeps its parent's orientation: it continues the parent's bone. Roll (rotation about +Y) is
 * carried from the parent by the shortest arc (parallel transport), so chains do not twist and the
 * result depends only on the joint positions. A rule (a tool's convention) instead names, per
 * joint, the world direction its local +X leans toward (Mixamo's arms: back on the left, forward on
 * the right) or null for a joint that keeps the world axes (Mixamo's hips), and may name the child
 * to aim at.
 */
import { quatBetween, quatFromRotationColumns, quatInvert, quatMultiply, quatNormalize, quatRotate, type Quat, type Vec3 } from './quat';
import type { AnimationClip, AnimationTrack, Joint } from '../mesh-model';

/** A tool's bone-frame convention, per joint index (see jointRestOrientations). */
export interface JointFrameRule {
  /**
   * The world direction joint k's local +X leans toward (made perpendicular to its bone); null:
   * joint k's rest rotation is the identity (its axes are the world's).
   */
  roll(k: number): Vec3 | null;
  /**
   * The child joint k's +Y aims at, when the convention names one (Mixamo's hand: its middle
   * finger); undefined or not a child at a distance: the default choice.
   */
  aim?(k: number): number | undefined;
}

/**
 * Below this length of the roll direction once made perpendicular to the bone (the bone within
 * ~12° of it), the roll is too unstable to follow and the parent's is carried instead.
 */
const MIN_ROLL_LENGTH = 0.2;

/**
 * The joints' own rest rotations when any joint carries one (a joint without one: identity), else
 * null. The writers' one reading of `Joint.rotation`.
 */
export function restRotationsOf(joints: readonly Joint[]): Quat[] | null {
  if (!joints.some((j) => j.rotation)) return null;
  return joints.map((j) => (j.rotation ? quatNormalize(j.rotation) : [0, 0, 0, 1]));
}

/**
 * World rest rotation of every joint (parents before children); +Y of joint k points at its child.
 * Roll by parallel transport from the parent, or by `rule` when given.
 */
export function jointRestOrientations(joints: readonly Joint[], rule?: JointFrameRule): Quat[] {
  const children: number[][] = joints.map(() => []);
  joints.forEach((j, i) => {
    if (j.parent >= 0 && j.parent < i) children[j.parent]!.push(i);
  });
  const subtree = new Int32Array(joints.length).fill(1);
  for (let i = joints.length - 1; i >= 0; i--) {
    const p = joints[i]!.parent;
    if (p >= 0 && p < i) subtree[p]! += subtree[i]!;
  }
  const out: Quat[] = [];
  joints.forEach((j, k) => {
    const p = j.parent >= 0 && j.parent < k ? j.parent : -1;
    const parentRot: Quat = p >= 0 ? out[p]! : [0, 0, 0, 1];
    const lean = rule ? rule.roll(k) : undefined;
    if (lean === null) {
      out[k] = [0, 0, 0, 1];
      return;
    }
    const named = rule?.aim?.(k);
    const target = named !== undefined && children[k]!.includes(named) && length(sub(joints[named]!.position, j.position)) > 1e-9
      ? named
      : pointedChild(joints, k, p, children[k]!, subtree);
    if (target < 0) {
      out[k] = parentRot;
      return;
    }
    const dir = sub(joints[target]!.position, j.position);
    const transported = quatNormalize(quatMultiply(quatBetween(quatRotate(parentRot, [0, 1, 0]), dir), parentRot));
    out[k] = lean ? rolled(dir, lean) ?? transported : transported;
  });
  return out;
}

/** The frame with +Y along `bone` and +X toward `lean` (perpendicular part); null if they are near parallel. */
function rolled(bone: Readonly<Vec3>, lean: Readonly<Vec3>): Quat | null {
  const y = scale(bone, 1 / length(bone));
  const d = dot(lean, y);
  const xRaw = sub(lean, scale(y, d));
  const lx = length(xRaw);
  if (!(lx > MIN_ROLL_LENGTH * length(lean))) return null;
  const x = scale(xRaw, 1 / lx);
  // Right-handed: Z = X × Y.
  const z: Vec3 = [x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0]];
  return quatFromRotationColumns(x, y, z);
}

function pointedChild(joints: readonly Joint[], k: number, parent: number, kids: number[], subtree: Int32Array): number {
  const here = joints[k]!.position;
  const apart = kids.filter((c) => length(sub(joints[c]!.position, here)) > 1e-9);
  if (apart.length <= 1) return apart[0] ?? -1;
  const incoming = parent >= 0 ? sub(here, joints[parent]!.position) : null;
  let best = apart[0]!;
  let bestScore = -Infinity;
  for (const c of apart) {
    const d = sub(joints[c]!.position, here);
    const score = incoming && length(incoming) > 1e-9 ? dot(incoming, d) / (length(incoming) * length(d)) : subtree[c]!;
    if (score > bestScore) {
      bestScore = score;
      best = c;
    }
  }
  return best;
}

function scale(a: Readonly<Vec3>, s: number): Vec3 {
  return [a[0] * s, a[1] * s, a[2] * s];
}
function sub(a: Readonly<Vec3>, b: Readonly<Vec3>): Vec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}
function dot(a: Readonly<Vec3>, b: Readonly<Vec3>): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
function length(a: Readonly<Vec3>): number {
  return Math.hypot(a[0], a[1], a[2]);
}

/**
 * Re-expresses a clip whose joints have identity rest rotations on joints with world rest rotations
 * `rest` (parents before children): the world rotation W_k of a joint becomes W_k · R_k, so its
 * local rotation L_k becomes R_p⁻¹ · L_k · R_k and a local translation t_k becomes R_p⁻¹ · t_k.
 * Both are fixed multiplications, which commute with slerp and lerp, so converting the keys
 * converts the motion between them too. Scale tracks are kept: exact for uniform scale, the only
 * kind our engines write. Tracks on joints outside `rest` are left for the writer to skip.
 */
export function orientClipTracks(clip: AnimationClip, parents: readonly number[], rest: readonly Quat[]): AnimationClip {
  const tracks = clip.tracks.map((t): AnimationTrack => {
    if (!(t.joint >= 0 && t.joint < rest.length) || t.path === 'scale') return t;
    const p = parents[t.joint]!;
    const parentInv: Quat = p >= 0 && p < rest.length ? quatInvert(rest[p]!) : [0, 0, 0, 1];
    const own = rest[t.joint]!;
    const values = new Float32Array(t.values.length);
    const size = t.path === 'rotation' ? 4 : 3;
    for (let k = 0; k + size <= t.values.length; k += size) {
      const v = t.values;
      if (t.path === 'rotation') values.set(quatMultiply(quatMultiply(parentInv, [v[k]!, v[k + 1]!, v[k + 2]!, v[k + 3]!]), own), k);
      else values.set(quatRotate(parentInv, [v[k]!, v[k + 1]!, v[k + 2]!]), k);
    }
    return { ...t, values };
  });
  return { ...clip, tracks };
}
