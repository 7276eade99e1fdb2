/**
 * Applies a skeleton naming preset to a fitted, skinned (and possibly animated) biped, after
 * fitting and retargeting and before writing: every joint renamed by the preset's table, the
 * preset's added joints inserted (no skin weight, no track), and the joints reordered so parents
 * still come first, with skin and track joint indices following. Joints the table does not name
 * keep their names. Positions are unchanged, so the bind pose and the skinning are the same.
 * A preset with a bone-frame convention (Mixamo's) also gives every joint its rest rotation in
 * that convention (`Joint.rotation`); tracks stay local to identity rests, as everywhere else in
 * the engine, and the writers re-express them in the joints' frames.
 */
import { jointRestOrientations, type AnimationClip, type AnimationJoint, type Joint, type Skeleton, type SkinWeights } from '@rigforge/mesh';
import type { SkeletonPreset } from '@rigforge/vocabulary';
import type { ExtraJointPlacement } from './preset-table';
import { SKELETON_PRESET_TABLES } from './skeleton-preset-tables';

export interface PresetRig {
  skeleton: Skeleton;
  skin: SkinWeights;
  animations: AnimationClip[];
}

export interface AppliedSkeletonPreset extends PresetRig {
  /** Our joint name → its index in the renamed skeleton (the joint roles, e.g. for a VRM humanoid). */
  jointOfRole: Map<string, number>;
}

interface Node {
  name: string;
  parent: string | null;
  position: [number, number, number];
  /** Index in the input skeleton; -1 for an added joint. */
  from: number;
}

/** The mesh's lowest and highest points: the floor a preset's root stands on, the top of the head. */
export interface PresetBounds {
  floorY: number;
  topY: number;
}

export function applySkeletonPreset(preset: SkeletonPreset, rig: PresetRig, bounds: PresetBounds): AppliedSkeletonPreset {
  const table = SKELETON_PRESET_TABLES[preset];
  const joints = rig.skeleton.joints;
  const nodes: Node[] = joints.map((j, i) => ({
    name: table.names[j.name] ?? j.name,
    parent: null,
    position: [...j.position],
    from: i,
  }));
  nodes.forEach((n, i) => {
    const p = joints[i]!.parent;
    n.parent = p >= 0 && p < i ? nodes[p]!.name : null;
  });
  const byName = new Map<string, Node>();
  for (const n of nodes) {
    // Two joints with one name would bind a track or a VRM bone to the wrong joint.
    if (byName.has(n.name)) throw new Error(`skeleton preset ${preset}: two joints named "${n.name}"`);
    byName.set(n.name, n);
  }

  for (const extra of table.extraJoints ?? []) {
    const position = place(extra.placement, byName, bounds);
    // Added only where the joints it hangs from and stands by were fitted (fingers may not be).
    if (!position || (extra.parent !== null && !byName.has(extra.parent)) || byName.has(extra.name)) continue;
    const node: Node = { name: extra.name, parent: extra.parent, position, from: -1 };
    nodes.push(node);
    byName.set(node.name, node);
    for (const adopted of extra.adopts ?? []) {
      const child = byName.get(adopted);
      if (child) child.parent = extra.name;
    }
  }

  const ordered = parentsFirst(nodes);
  const indexOf = new Map(ordered.map((n, i) => [n.name, i]));
  const newIndexOfOld = new Int32Array(joints.length);
  ordered.forEach((n, i) => {
    if (n.from >= 0) newIndexOfOld[n.from] = i;
  });
  const skeleton: Skeleton = {
    joints: ordered.map((n): Joint => ({ name: n.name, parent: n.parent === null ? -1 : indexOf.get(n.parent)!, position: n.position })),
  };
  const frames = table.boneFrames;
  if (frames) {
    const rest = jointRestOrientations(skeleton.joints, {
      roll: (k) => {
        const lean = frames.roll(skeleton.joints[k]!.name);
        return lean ? [lean[0], lean[1], lean[2]] : null;
      },
      aim: (k) => {
        const child = frames.aim?.[skeleton.joints[k]!.name];
        return child === undefined ? undefined : indexOf.get(child);
      },
    });
    skeleton.joints.forEach((j, k) => {
      j.rotation = rest[k];
    });
  }
  const skinJoints = new Uint16Array(rig.skin.joints.length);
  for (let k = 0; k < skinJoints.length; k++) skinJoints[k] = newIndexOfOld[rig.skin.joints[k]!] ?? 0;
  const restSkeleton = animationSkeleton(skeleton);
  const animations = rig.animations.map((clip) => ({
    ...clip,
    skeleton: restSkeleton,
    tracks: clip.tracks
      .filter((t) => t.joint >= 0 && t.joint < joints.length)
      .map((t) => {
        const joint = newIndexOfOld[t.joint]!;
        return { ...t, joint, values: t.path === 'translation' ? reparented(t.values, joints, t.joint, skeleton, joint) : t.values };
      }),
  }));
  const jointOfRole = new Map<string, number>();
  joints.forEach((j, i) => jointOfRole.set(j.name, newIndexOfOld[i]!));
  return { skeleton, skin: { joints: skinJoints, weights: rig.skin.weights }, animations, jointOfRole };
}

/**
 * A translation track of a joint hung under another parent (Unreal's pelvis under `root`): the
 * values are local to the parent, and the joints between the old and the new parent are at rest
 * with identity rotations, so the local offset shrinks by the new parent's rest position less
 * the old one's.
 */
function reparented(values: Float32Array, oldJoints: readonly Joint[], oldIndex: number, skeleton: Skeleton, newIndex: number): Float32Array {
  const oldParent = oldJoints[oldJoints[oldIndex]!.parent];
  const newParent = skeleton.joints[skeleton.joints[newIndex]!.parent];
  const from = oldParent?.position ?? [0, 0, 0];
  const to = newParent?.position ?? [0, 0, 0];
  const d = [to[0] - from[0], to[1] - from[1], to[2] - from[2]];
  if (d.every((c) => c === 0)) return values;
  const out = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i]! - d[i % 3]!;
  return out;
}

function place(placement: ExtraJointPlacement, byName: ReadonlyMap<string, Node>, bounds: PresetBounds): [number, number, number] | null {
  if ('at' in placement) {
    const at = byName.get(placement.at);
    return at ? [...at.position] : null;
  }
  if ('floorBelow' in placement) {
    const above = byName.get(placement.floorBelow);
    return above ? [above.position[0], Math.min(bounds.floorY, above.position[1]), above.position[2]] : null;
  }
  if ('topAbove' in placement) {
    const below = byName.get(placement.topAbove);
    return below ? [below.position[0], Math.max(bounds.topY, below.position[1]), below.position[2]] : null;
  }
  const [from, to, t] = 'past' in placement
    ? [placement.past[0], placement.past[1], 1 + placement.fraction]
    : [placement.between[0], placement.between[1], placement.fraction];
  const a = byName.get(from);
  const b = byName.get(to);
  if (!a || !b) return null;
  const [pa, pb] = [a.position, b.position];
  const y = pa[1] + t * (pb[1] - pa[1]);
  // Only `past` can leave the segment; a toe's end continued downward stops on the floor.
  return [pa[0] + t * (pb[0] - pa[0]), 'past' in placement ? Math.max(bounds.floorY, y) : y, pa[2] + t * (pb[2] - pa[2])];
}

/** Breadth first from the roots, children in the order they were listed: parents before children. */
function parentsFirst(nodes: readonly Node[]): Node[] {
  const children = new Map<string | null, Node[]>();
  for (const n of nodes) {
    const list = children.get(n.parent) ?? [];
    list.push(n);
    children.set(n.parent, list);
  }
  const out: Node[] = [];
  const queue = [...(children.get(null) ?? [])];
  while (queue.length) {
    const n = queue.shift()!;
    out.push(n);
    queue.push(...(children.get(n.name) ?? []));
  }
  return out;
}

/**
 * The rest pose clips carry: translation-only joints, the frames the tracks are local to (the
 * writers re-express them in the joints' own rest rotations, if any).
 */
function animationSkeleton(skeleton: Skeleton): AnimationJoint[] {
  return skeleton.joints.map((j) => {
    const parent = skeleton.joints[j.parent];
    const p = j.position;
    return {
      name: j.name,
      parent: j.parent,
      rest: {
        translation: parent ? [p[0] - parent.position[0], p[1] - parent.position[1], p[2] - parent.position[2]] : [...p],
        rotation: [0, 0, 0, 1],
        scale: [1, 1, 1],
      },
    };
  });
}
