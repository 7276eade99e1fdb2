/**
 * A clip's own skeleton posed at rest and at every key time of the clip (forward kinematics of the
 * sampled local transforms), for the measures that judge clips by their frames alone.
 */
import { sampleTrack, type AnimationClip, type Quat, type Vec3 } from '@rigforge/mesh';
import { forwardKinematics } from '../src/retarget/pose-math';

type WorldPose = ReturnType<typeof forwardKinematics>;

export interface ClipFrames {
  rest: WorldPose;
  /** One world pose per key time of any track, in time order. */
  frames: WorldPose[];
}

export function clipFrames(clip: AnimationClip): ClipFrames {
  const local = clip.skeleton.map((j) => ({ translation: [...j.rest.translation] as Vec3, rotation: [...j.rest.rotation] as Quat, scale: [...j.rest.scale] as Vec3 }));
  const rest = forwardKinematics(clip.skeleton, local);
  const times = [...new Set(clip.tracks.flatMap((t) => Array.from(t.times)))].sort((a, b) => a - b);
  const frames = times.map((t) => {
    for (const track of clip.tracks) {
      const v = sampleTrack(track, t);
      const l = local[track.joint]!;
      if (track.path === 'rotation') l.rotation = [v[0]!, v[1]!, v[2]!, v[3]!];
      else if (track.path === 'translation') l.translation = [v[0]!, v[1]!, v[2]!];
      else l.scale = [v[0]!, v[1]!, v[2]!];
    }
    return forwardKinematics(clip.skeleton, local);
  });
  return { rest, frames };
}
