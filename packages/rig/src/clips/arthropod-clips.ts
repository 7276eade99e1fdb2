/**
 * Walks of six- and eight-legged skeletons. Hexapod: the alternating tripod (front and rear legs
 * of one side with the middle leg of the other swing together, half a cycle from the other
 * tripod). Octopod: the wave gait, each side's legs lifted back to front a quarter cycle apart,
 * the two sides half a cycle apart, so six of eight feet stand at any time.
 */
import type { AnimationClip } from '@rigforge/mesh';
import { rot, setLocal, TAU, Y, type ClipContext } from './clip-context';
import { leggedClip } from './legged-gait';

export function hexapodWalk(ctx: ClipContext): AnimationClip {
  const l = ctx.legLength;
  const phase = { front_left: 0, rear_left: 0, middle_right: 0, front_right: 0.5, rear_right: 0.5, middle_left: 0.5 };
  return leggedClip('walk', ctx.skeleton, ctx.legs, {
    period: ctx.period(3),
    locomotion: { phase, duty: 0.55, stride: 0.7 * l, lift: 0.15 * l },
    body: (u) => [0, -0.01 * l * (1 - Math.cos(2 * TAU * u)) / 2, 0],
    overlay: (u, local) => {
      setLocal(local, ctx.at('head'), rot(Y, 4 * Math.sin(TAU * u)));
      setLocal(local, ctx.at('abdomen_1'), rot(Y, 3 * Math.sin(TAU * u)));
    },
  });
}

export function octopodWalk(ctx: ClipContext): AnimationClip {
  const l = ctx.legLength;
  const phase: Record<string, number> = {};
  for (let i = 1; i <= 4; i++) {
    phase[`${i}_left`] = (i - 1) * 0.25;
    phase[`${i}_right`] = ((i - 1) * 0.25 + 0.5) % 1;
  }
  return leggedClip('walk', ctx.skeleton, ctx.legs, {
    period: ctx.period(3.4),
    locomotion: { phase, duty: 0.75, stride: 0.5 * l, lift: 0.15 * l },
    body: () => [0, 0, 0],
    overlay: (u, local) => setLocal(local, ctx.at('abdomen_1'), rot(Y, 3 * Math.sin(TAU * u))),
  });
}
