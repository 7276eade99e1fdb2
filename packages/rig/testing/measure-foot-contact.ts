/**
 * Feet against the floor, measured on clips themselves (independent of how retargetClip lifts
 * the hips): forward kinematics of every frame, the lowest foot or toe joint along up against its
 * rest height (the floor), as a fraction of the character's height (the rest skeleton's extent
 * along up). Used by the foot-contact test and packages/rig/scripts/measure-foot-contact.ts.
 */
import type { AnimationClip, Vec3 } from '@rigforge/mesh';
import { bipedJointRole } from '../src/retarget/biped-joint-role';
import { dot } from '../src/retarget/pose-math';
import { quadrupedJointRole } from '../src/retarget/quadruped-joint-role';
import { clipFrames } from './clip-frames';

const FOOT = /(^|_)(foot|toes|toe)$/;

export interface FootContact {
  /** Deepest the lowest foot goes below the rest floor, over the clip's frames, as a fraction of height. */
  below: number;
  /** Frames sampled (every key time of the clip). */
  frames: number;
  /** The character's rest height along up, in clip units. */
  height: number;
}

/** Measures `clip` (its own skeleton and rest pose) with the foot joints named for `bodyPlan`. */
export function measureFootContact(clip: AnimationClip, bodyPlan: 'biped' | 'quadruped', up: Vec3 = [0, 1, 0]): FootContact {
  const role = bodyPlan === 'quadruped' ? quadrupedJointRole : bipedJointRole;
  const feet = clip.skeleton.map((j, k) => (FOOT.test(role(j.name) ?? '') ? k : -1)).filter((k) => k >= 0);
  if (feet.length === 0) throw new Error(`measureFootContact: the clip "${clip.name}" has no ${bodyPlan} foot joint`);
  const { rest, frames } = clipFrames(clip);
  const heights = rest.map((w) => dot(w.position, up));
  const floor = Math.min(...feet.map((k) => heights[k]!));
  const height = Math.max(...heights) - Math.min(...heights);
  let below = 0;
  for (const world of frames) below = Math.max(below, floor - Math.min(...feet.map((k) => dot(world[k]!.position, up))));
  return { below: height > 0 ? below / height : 0, frames: frames.length, height };
}
