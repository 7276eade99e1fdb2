/*
 * Rest orientations for the joints of a position-only skeleton, so that each joint's local +Y
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
 * result depends only on the joint positions.
 */
import { quatBetween, quatMultiply, quatNormalize, quatRotate, type Quat, type Vec3 } from '../animation/quat';
import type { Joint } from '../mesh-model';

/** World rest rotation of every joint (parents before children); +Y of joint k points at its child. */
export function jointRestOrientations(joints: readonly Joint[]): Quat[] {
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
    const target = pointedChild(joints, k, p, children[k]!, subtree);
    if (target < 0) {
      out[k] = parentRot;
      return;
    }
    const dir = sub(joints[target]!.position, j.position);
    out[k] = quatNormalize(quatMultiply(quatBetween(quatRotate(parentRot, [0, 1, 0]), dir), parentRot));
  });
  return out;
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

function sub(a: Readonly<Vec3>, b: Readonly<Vec3>): Vec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}
function dot(a: Readonly<Vec3>, b: Readonly<Vec3>): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
function length(a: Readonly<Vec3>): number {
  return Math.hypot(a[0], a[1], a[2]);
}
