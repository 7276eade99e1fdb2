/**
 * Quadruped clips: idle, walk (lateral sequence: each hind foot followed by the fore foot of its
 * side, a quarter cycle apart), trot (diagonal pairs together), gallop (transverse: the hind pair
 * then the fore pair, each pair slightly split, with the back flexing in time).
 */
import type { AnimationClip, Quat } from '@rigforge/mesh';
import { rot, setLocal, TAU, X, Y, type ClipContext } from './clip-context';
import { leggedClip, type GaitSpec } from './legged-gait';

function tail(ctx: ClipContext, local: Quat[], u: number, amplitude: number): void {
  for (let k = 1; k <= 8; k++) setLocal(local, ctx.at(`tail_${k}`), rot(Y, amplitude * Math.sin(TAU * (u - 0.12 * k))));
}

function back(ctx: ClipContext, local: Quat[], pitch: number, yaw: number): void {
  setLocal(local, ctx.at('spine_1'), rot(Y, yaw));
  setLocal(local, ctx.at('spine_2'), rot(X, pitch));
  setLocal(local, ctx.at('chest'), rot(Y, -yaw));
}

export function quadrupedClip(ctx: ClipContext, name: 'idle' | 'walk' | 'trot' | 'gallop'): AnimationClip {
  const l = ctx.legLength;
  const specs: Record<typeof name, () => GaitSpec> = {
    idle: () => ({
      period: 3,
      body: (u) => [0, -0.015 * l * (1 - Math.cos(TAU * u)) / 2, 0],
      overlay: (u, local) => {
        back(ctx, local, 1 * Math.sin(TAU * u), 0);
        setLocal(local, ctx.at('neck'), rot(X, 3 * Math.sin(TAU * u)));
        setLocal(local, ctx.at('head'), rot(Y, 6 * Math.sin(TAU * u)));
        tail(ctx, local, u, 6);
      },
    }),
    walk: () => ({
      period: ctx.period(3.6),
      locomotion: { phase: { back_left: 0, front_left: 0.25, back_right: 0.5, front_right: 0.75 }, duty: 0.65, stride: 1.0 * l, lift: 0.14 * l },
      body: (u) => [0, -0.02 * l * (1 - Math.cos(2 * TAU * u)) / 2, 0],
      overlay: (u, local) => {
        back(ctx, local, 0, 3 * Math.sin(TAU * u));
        setLocal(local, ctx.at('head'), rot(X, 3 * Math.sin(2 * TAU * u)));
        tail(ctx, local, u, 8);
      },
    }),
    trot: () => ({
      period: ctx.period(2.8),
      locomotion: { phase: { back_left: 0, front_right: 0, back_right: 0.5, front_left: 0.5 }, duty: 0.45, stride: 1.5 * l, lift: 0.18 * l },
      body: (u) => [0, -0.03 * l * (1 - Math.cos(2 * TAU * u)) / 2, 0],
      overlay: (u, local) => {
        back(ctx, local, 0, 2 * Math.sin(TAU * u));
        tail(ctx, local, u, 10);
      },
    }),
    gallop: () => ({
      period: ctx.period(2.4),
      locomotion: { phase: { back_left: 0, back_right: 0.1, front_right: 0.45, front_left: 0.55 }, duty: 0.3, stride: 2.4 * l, lift: 0.25 * l },
      body: (u) => [0, -0.05 * l * (1 - Math.cos(TAU * u)) / 2, 0],
      overlay: (u, local) => {
        back(ctx, local, 8 * Math.sin(TAU * u), 0);
        setLocal(local, ctx.at('neck'), rot(X, -6 * Math.sin(TAU * u)));
        tail(ctx, local, u, 5);
      },
    }),
  };
  return leggedClip(name, ctx.skeleton, ctx.legs, specs[name]());
}
