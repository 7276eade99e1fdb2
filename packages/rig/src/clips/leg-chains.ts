/**
 * The legs of a fitted skeleton, by the joint names fitSkeleton writes for each plan: the joint
 * whose rotation swings the leg (upper leg, or an arthropod's femur), the knee (lower leg, tibia)
 * and the end that stands on the ground (foot, tarsus); the end's descendants (toes) ride along
 * rigidly. Each leg has a key the gaits give their phases by (`left`, `front_right`,
 * `middle_left`, `2_right`…).
 */
import type { Skeleton, Vec3 } from '@rigforge/mesh';
import type { BodyPlan } from '../body-plan';
import { length, sub } from './clip-pose';

export interface LegChain {
  key: string;
  side: 'left' | 'right';
  /** The leg's first joint (the one the plan names): the leg is it and everything below it. */
  top: number;
  upper: number;
  knee: number;
  end: number;
  /** The end's descendants (toes): they follow the end's world rotation, kept at rest. */
  below: number[];
  /**
   * Bone lengths hip→knee and knee→end. b = 0 marks a one-bone leg (the fitter put the knee on
   * the foot, or the hip on the knee): `upper` is the joint that turns the one bone, `knee` and
   * `end` are both the joint at its far end.
   */
  a: number;
  b: number;
  /**
   * The leg stands: its end or a joint below it is below its hip at rest. A leg held up or out (a raised paw, a
   * limb the fitter laid along the body) cannot take weight and is not planted.
   */
  standing: boolean;
  /** The side the knee bends to (world, perpendicular to hip→end at rest). */
  pole: Vec3;
}

/** A bone shorter than this share of its leg counts as none (joints fitted on one spot). */
const DEGENERATE = 0.05;
/** A standing leg's lowest foot joint is at least this share of the leg's length below its hip at rest. */
const STANDING_DROP = 0.1;

const PATTERNS: Partial<Record<BodyPlan, RegExp>> = {
  biped: /^(left|right)_upper_leg$/,
  avian: /^(left|right)_upper_leg$/,
  quadruped: /^((?:front|back)_(?:left|right))_upper_leg$/,
  hexapod: /^leg_((?:front|middle|rear)_(?:left|right))_femur$/,
  octopod: /^leg_([1-4]_(?:left|right))_femur$/,
};

/**
 * The legs of `skeleton` for `plan` (none for plans without legs). A leg whose chain is cut short
 * (the fitter found no knee or foot) is left out: its joints keep their rest rotations.
 */
export function findLegChains(skeleton: Skeleton, plan: BodyPlan, fallbackPole: (key: string) => Vec3): LegChain[] {
  const pattern = PATTERNS[plan];
  if (!pattern) return [];
  const joints = skeleton.joints;
  const children: number[][] = joints.map(() => []);
  joints.forEach((j, k) => { if (j.parent >= 0) children[j.parent]!.push(k); });
  const legs: LegChain[] = [];
  joints.forEach((j, upper) => {
    const match = pattern.exec(j.name);
    if (!match) return;
    const knee = children[upper]![0];
    const end = knee === undefined ? undefined : children[knee]![0];
    if (knee === undefined || end === undefined) return;
    const below: number[] = [];
    const stack = [...children[end]!];
    while (stack.length) { const c = stack.pop()!; below.push(c); stack.push(...children[c]!); }
    const hip = j.position, kneeAt = joints[knee]!.position, endAt = joints[end]!.position;
    const key = match[1]!;
    const side = key.includes('left') ? 'left' : 'right';
    // The foot's lowest joint (a foot fitted too high may still have its toes on the ground).
    const stands = (feet: number[], total: number): boolean => hip[1] - Math.min(...feet.map((k) => joints[k]!.position[1])) > STANDING_DROP * total;
    const total = length(sub(kneeAt, hip)) + length(sub(endAt, kneeAt));
    if (total <= 0) return;
    // A near-zero bone cannot bend a two-bone chain: the leg is one bone from the last joint at the
    // hip to the first joint at the foot, turned to point at the target (placed by legged-gait.ts).
    const short = DEGENERATE * total;
    if (length(sub(kneeAt, hip)) < short || length(sub(endAt, kneeAt)) < short) {
      const driver = length(sub(kneeAt, hip)) < short ? knee : upper;
      const far = driver === knee ? end : knee;
      const rest = [...(far === knee ? [end] : []), ...below];
      legs.push({ key, side, top: upper, upper: driver, knee: far, end: far, below: rest, a: total, b: 0, pole: fallbackPole(key), standing: stands([far, ...rest], total) });
      return;
    }
    const a = length(sub(kneeAt, hip));
    const b = length(sub(endAt, kneeAt));
    const line = sub(endAt, hip);
    const l2 = line[0] ** 2 + line[1] ** 2 + line[2] ** 2 || 1;
    const t = (sub(kneeAt, hip)[0] * line[0] + sub(kneeAt, hip)[1] * line[1] + sub(kneeAt, hip)[2] * line[2]) / l2;
    const off = sub(kneeAt, [hip[0] + line[0] * t, hip[1] + line[1] * t, hip[2] + line[2] * t]);
    // A straight rest leg (a T-posed biped) says nothing about its knee: the plan's own direction.
    // A knee that bends downward would dig into the ground: only the pole's level part is kept
    // (an insect's knee bends up, a mammal's forward or back).
    const level: Vec3 = off[1] < 0 ? [off[0], 0, off[2]] : off;
    const pole = length(level) > 0.05 * (a + b) ? level : fallbackPole(key);
    legs.push({ key, side, top: upper, upper, knee, end, below, a, b, pole, standing: stands([end, ...below], total) });
  });
  return legs;
}
