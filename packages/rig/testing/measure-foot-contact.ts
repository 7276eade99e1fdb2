/**
 * Feet against the floor, measured on clips themselves (independent of how retargetClip lifts
 * the hips): forward kinematics of every frame, the lowest foot or toe joint along up against its
 * rest height (the floor), as a fraction of the character's height (the rest skeleton's extent
 * along up). Used by the foot-contact test and packages/rig/scripts/measure-foot-contact.ts.
 */
import { sampleTrack, type AnimationClip, type Quat, type Vec3 } from '@rigforge/mesh';
import { bipedJointRole } from '../src/retarget/biped-joint-role';
import { forwardKinematics, dot } from '../src/retarget/pose-math';
import { quadrupedJointRole } from '../src/retarget/quadruped-joint-role';

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
  const local = clip.skeleton.map((j) => ({ translation: [...j.rest.translation] as Vec3, rotation: [...j.rest.rotation] as Quat, scale: [...j.rest.scale] as Vec3 }));
  const rest = forwardKinematics(clip.skeleton, local);
  const heights = rest.map((w) => dot(w.position, up));
  const floor = Math.min(...feet.map((k) => heights[k]!));
  const height = Math.max(...heights) - Math.min(...heights);
  const times = [...new Set(clip.tracks.flatMap((t) => Array.from(t.times)))].sort((a, b) => a - b);
  let below = 0;
  for (const t of times) {
    for (const track of clip.tracks) {
      const v = sampleTrack(track, t);
      const l = local[track.joint]!;
      if (track.path === 'rotation') l.rotation = [v[0]!, v[1]!, v[2]!, v[3]!];
      else if (track.path === 'translation') l.translation = [v[0]!, v[1]!, v[2]!];
      else l.scale = [v[0]!, v[1]!, v[2]!];
    }
    const world = forwardKinematics(clip.skeleton, local);
    below = Math.max(below, floor - Math.min(...feet.map((k) => dot(world[k]!.position, up))));
  }
  return { below: height > 0 ? below / height : 0, frames: times.length, height };
}
