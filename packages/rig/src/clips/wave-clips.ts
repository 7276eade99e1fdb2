/**
 * Clips of bodies without walking legs, made of waves of turns about the vertical (yaw only, so
 * no joint dips toward the ground). slither: a lateral wave travelling from the head down the
 * spine, one and a half wavelengths along the body, the snake creeping forward. swim: a tail beat
 * growing toward the tail fin, the head counter-turning, pectoral fins stroking (no deeper than
 * the floor allows). idle (others):
 * every branch sways a little, each in its own phase, and the body breathes up and down.
 */
import { type AnimationClip } from '@rigforge/mesh';
import { clipFromPoses, restPose, worldPose, type Pose } from './clip-pose';
import { rot, setLocal, TAU, Y, Z, type ClipContext } from './clip-context';
import { CLIP_FPS } from './legged-gait';

function sample(ctx: ClipContext, name: string, period: number, frame: (u: number, pose: Pose) => void): AnimationClip {
  const frames = Math.max(2, Math.round(period * CLIP_FPS)) + 1;
  const poses = Array.from({ length: frames }, (_, f) => {
    const pose = restPose(ctx.skeleton);
    frame(f / (frames - 1), pose);
    return pose;
  });
  return clipFromPoses(name, ctx.skeleton, poses, CLIP_FPS);
}

/** Joints named `prefix1..n` (`spine_01`, `tail_3`), in order, as far as they go. */
function numbered(ctx: ClipContext, names: (k: number) => string): number[] {
  const out: number[] = [];
  for (let k = 1; k < 64; k++) {
    const j = ctx.at(names(k));
    if (j < 0) break;
    out.push(j);
  }
  return out;
}

export function slither(ctx: ClipContext): AnimationClip {
  const spine = numbered(ctx, (k) => `spine_${String(k).padStart(2, '0')}`);
  const n = Math.max(1, spine.length);
  // About 60° of bend per wavelength spread over its joints; the body creeps a third of its length per cycle.
  const bend = 60 / (n / 1.5);
  return sample(ctx, 'slither', 2, (u, pose) => {
    setLocal(pose.local, ctx.at('head'), rot(Y, bend * 0.6 * Math.sin(TAU * u)));
    spine.forEach((j, i) => setLocal(pose.local, j, rot(Y, bend * Math.sin(TAU * (u - (1.5 * (i + 1)) / n)))));
    pose.rootOffset = [0, 0, (ctx.size / 3) * u];
  });
}

/**
 * The largest stroke, up to `max` degrees about Z each way, that keeps every joint at or above
 * the rest floor: a fin fitted low on the body would otherwise dip through it. Turns about the
 * vertical elsewhere in the swim leave heights alone, so the rest pose is the one to test.
 */
function finStroke(ctx: ClipContext, fins: number[], sign: number, max: number): number {
  const ground = Math.min(...ctx.skeleton.joints.map((j) => j.position[1]));
  for (let amp = max; amp > 0; amp -= 1) {
    const clear = [1, -1].every((dir) => {
      const pose = restPose(ctx.skeleton);
      fins.forEach((j) => setLocal(pose.local, j, rot(Z, dir * sign * amp)));
      return worldPose(ctx.skeleton, pose).position.every((p) => p[1] >= ground - 1e-9 * ctx.size);
    });
    if (clear) return amp;
  }
  return 0;
}

export function swim(ctx: ClipContext): AnimationClip {
  const tail = [ctx.at('spine_3'), ...numbered(ctx, (k) => `tail_${k}`)].filter((j) => j >= 0);
  const period = 2.5 * Math.sqrt(ctx.size / 9.81);
  const fins = (['left', 'right'] as const).map((side) => {
    const joints = numbered(ctx, (k) => `pectoral_${side}_${k}`);
    const sign = side === 'left' ? 1 : -1;
    return { joints, sign, amp: finStroke(ctx, joints, sign, 15) };
  });
  return sample(ctx, 'swim', period, (u, pose) => {
    tail.forEach((j, i) => setLocal(pose.local, j, rot(Y, (6 + 5 * i) * Math.sin(TAU * (u - 0.12 * i)))));
    setLocal(pose.local, ctx.at('spine_1'), rot(Y, -4 * Math.sin(TAU * u)));
    for (const fin of fins) fin.joints.forEach((j) => setLocal(pose.local, j, rot(Z, fin.sign * fin.amp * Math.sin(TAU * (u + 0.25)))));
  });
}

export function swayIdle(ctx: ClipContext): AnimationClip {
  const joints = ctx.skeleton.joints;
  return sample(ctx, 'idle', 3, (u, pose) => {
    joints.forEach((j, k) => {
      if (j.parent < 0) return;
      // Phase from the joint's place, so neighbouring branches sway a little apart.
      const phase = (j.position[0] + j.position[2]) / ctx.size;
      pose.local[k] = rot(Y, 3 * Math.sin(TAU * (u + phase)));
    });
    pose.rootOffset = [0, 0.01 * ctx.size * (1 - Math.cos(TAU * u)) / 2, 0];
  });
}
