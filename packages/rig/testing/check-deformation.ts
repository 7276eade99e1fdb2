/**
 * The deformation check: bend one limb joint by 90° with linear blend skinning and see that the
 * limb beyond it follows while the torso stays put. Vertices close to the bent joint are left
 * out of both sets — they are the blend region, where any smooth skinning moves them partly.
 */
import { withDefaults, type Skeleton, type SkinWeights } from '@rigforge/mesh';
import { meshDiagonal } from './measure-joint-error';
import type { Creature } from './build-creature';

export interface DeformationCheck {
  /** Joint of the predicted skeleton that was bent (same name as the true one, else the nearest). */
  joint: string;
  /** Mean displacement of the limb's vertices relative to a rigid 90° turn (1 = follows fully). */
  followRatio: number;
  /** Largest displacement of a torso vertex, as a fraction of the bounding-box diagonal. */
  fixedMax: number;
  ok: boolean;
}

export interface CheckDeformationOptions {
  /** Vertices within this share of the diagonal from the joint are the blend region. Default 0.06. */
  blendRadius?: number;
  /** Pass thresholds. Defaults 0.8 and 0.01. */
  minFollow?: number;
  maxFixed?: number;
}

export const CHECK_DEFORMATION_DEFAULTS: Required<CheckDeformationOptions> = { blendRadius: 0.06, minFollow: 0.8, maxFixed: 0.01 };

export function checkDeformation(creature: Creature, skeleton: Skeleton, skin: SkinWeights, options: CheckDeformationOptions = {}): DeformationCheck {
  const o = withDefaults(CHECK_DEFORMATION_DEFAULTS, options);
  const truth = creature.truth.joints.find((j) => j.name === creature.bend.joint);
  if (!truth) throw new Error(`harness: no true joint ${creature.bend.joint}`);
  // The template's joint of the same name when the plan has one, else the nearest joint.
  let ji = skeleton.joints.findIndex((j) => j.name === creature.bend.joint);
  let best = ji >= 0 ? -1 : Infinity;
  if (ji < 0) ji = 0;
  skeleton.joints.forEach((j, i) => {
    const d = Math.hypot(j.position[0] - truth.position[0], j.position[1] - truth.position[1], j.position[2] - truth.position[2]);
    if (d < best) { best = d; ji = i; }
  });
  const inSubtree = new Uint8Array(skeleton.joints.length);
  inSubtree[ji] = 1;
  skeleton.joints.forEach((j, i) => { if (j.parent >= 0 && inSubtree[j.parent]) inSubtree[i] = 1; });
  const pivot = skeleton.joints[ji]!.position;
  const R = rotationMatrix(creature.bend.axis, Math.PI / 2);
  const turn = (v: number[]): number[] => {
    const d = [v[0]! - pivot[0], v[1]! - pivot[1], v[2]! - pivot[2]];
    return [0, 1, 2].map((r) => R[r * 3]! * d[0]! + R[r * 3 + 1]! * d[1]! + R[r * 3 + 2]! * d[2]! + pivot[r]!);
  };
  const diag = meshDiagonal(creature.mesh);
  const p = creature.mesh.positions;
  let follow = 0, rigid = 0, fixedMax = 0;
  const tp = truth.position;
  for (let v = 0; v < p.length / 3; v++) {
    const part = creature.vertexParts[v]!;
    const moving = creature.bend.moving.includes(part);
    const fixed = creature.bend.fixed.includes(part);
    if (!moving && !fixed) continue;
    const pos = [p[v * 3]!, p[v * 3 + 1]!, p[v * 3 + 2]!];
    if (Math.hypot(pos[0]! - tp[0], pos[1]! - tp[1], pos[2]! - tp[2]) < o.blendRadius * diag) continue;
    let w = 0;
    for (let k = 0; k < 4; k++) if (inSubtree[skin.joints[v * 4 + k]!] && skin.weights[v * 4 + k]! > 0) w += skin.weights[v * 4 + k]!;
    const t = turn(pos);
    const full = Math.hypot(t[0]! - pos[0]!, t[1]! - pos[1]!, t[2]! - pos[2]!);
    // LBS with one rotated subtree: v' = v + w·(R(v−p)+p − v).
    const moved = w * full;
    if (moving) { follow += moved; rigid += full; }
    if (fixed) fixedMax = Math.max(fixedMax, moved / diag);
  }
  const followRatio = rigid > 0 ? follow / rigid : 0;
  return { joint: skeleton.joints[ji]!.name, followRatio, fixedMax, ok: followRatio >= o.minFollow && fixedMax <= o.maxFixed };
}

function rotationMatrix(axis: readonly number[], angle: number): number[] {
  const l = Math.hypot(axis[0]!, axis[1]!, axis[2]!) || 1;
  const [x, y, z] = [axis[0]! / l, axis[1]! / l, axis[2]! / l];
  const c = Math.cos(angle), s = Math.sin(angle), t = 1 - c;
  return [t * x * x + c, t * x * y - s * z, t * x * z + s * y, t * x * y + s * z, t * y * y + c, t * y * z - s * x, t * x * z - s * y, t * y * z + s * x, t * z * z + c];
}
