/**
 * Biped clips: idle, walk, run, jump. Arms come down from the fitted pose to hang about 70° below
 * horizontal and swing against the legs; the spine leans into a run.
 */
import { quatMultiply, type AnimationClip, type Quat } from '@rigforge/mesh';
import { rot, setLocal, TAU, X, Y, Z, type ClipContext } from './clip-context';
import { leggedClip, type GaitSpec } from './legged-gait';

/** Arms down from the rest pose, then `swing` degrees forward (positive) about the shoulder. */
function arms(ctx: ClipContext, local: Quat[], swing: { left: number; right: number }, elbow: number): void {
  for (const side of ['left', 'right'] as const) {
    const upper = ctx.at(`${side}_upper_arm`);
    const lower = ctx.at(`${side}_lower_arm`);
    if (upper < 0 || lower < 0) continue;
    const d = ctx.skeleton.joints[lower]!.position.map((v, c) => v - ctx.skeleton.joints[upper]!.position[c]!);
    const below = (Math.atan2(-d[1]!, Math.abs(d[0]!)) * 180) / Math.PI;
    const down = Math.max(0, 70 - below) * (side === 'left' ? -1 : 1);
    setLocal(local, upper, quatMultiply(rot(X, -swing[side]), rot(Z, down)));
    setLocal(local, lower, rot(X, -elbow));
  }
}

function spine(ctx: ClipContext, local: Quat[], pitch: number, yaw: number): void {
  setLocal(local, ctx.at('spine'), quatMultiply(rot(X, pitch * 0.6), rot(Y, yaw)));
  setLocal(local, ctx.at('chest'), rot(X, pitch * 0.4));
  setLocal(local, ctx.at('neck'), rot(X, -pitch * 0.5));
}

export function bipedClip(ctx: ClipContext, name: 'idle' | 'walk' | 'run' | 'jump'): AnimationClip {
  const l = ctx.legLength;
  const specs: Record<typeof name, () => GaitSpec> = {
    idle: () => ({
      period: 3,
      body: (u) => [0, -0.01 * l * (1 - Math.cos(TAU * u)) / 2, 0],
      overlay: (u, local) => {
        spine(ctx, local, 1.5 * Math.sin(TAU * u), 0);
        arms(ctx, local, { left: 2 * Math.sin(TAU * u), right: 2 * Math.sin(TAU * u) }, 12);
        setLocal(local, ctx.at('head'), rot(Y, 4 * Math.sin(TAU * u)));
      },
    }),
    walk: () => ({
      period: ctx.period(3.4),
      locomotion: { phase: { left: 0, right: 0.5 }, duty: 0.6, stride: 1.1 * l, lift: 0.12 * l },
      body: (u) => [0.01 * l * Math.sin(TAU * u), -0.02 * l * (1 - Math.cos(2 * TAU * u)) / 2, 0],
      overlay: (u, local) => {
        spine(ctx, local, 3, 4 * Math.cos(TAU * u));
        const a = 20 * Math.cos(TAU * u);
        arms(ctx, local, { left: -a, right: a }, 15);
      },
    }),
    run: () => ({
      period: ctx.period(2.6),
      locomotion: { phase: { left: 0, right: 0.5 }, duty: 0.38, stride: 1.9 * l, lift: 0.28 * l },
      body: (u) => [0, -0.04 * l * (1 - Math.cos(2 * TAU * u)) / 2, 0],
      overlay: (u, local) => {
        spine(ctx, local, 12, 6 * Math.cos(TAU * u));
        const a = 40 * Math.cos(TAU * u);
        arms(ctx, local, { left: -a, right: a }, 80);
      },
    }),
    jump: () => {
      // Crouch (0–0.3), push off (0.3–0.4), flight (0.4–0.7: the body rises and falls, the feet
      // tucked under it), land into a crouch and stand (0.7–1). Feet are planted outside the flight.
      const rise = 0.45 * l;
      const flight = (u: number): number => (u > 0.4 && u < 0.7 ? Math.sin((Math.PI * (u - 0.4)) / 0.3) : 0);
      const crouch = (u: number): number =>
        u < 0.3 ? Math.sin((Math.PI / 2) * (u / 0.3)) : u < 0.4 ? Math.cos((Math.PI / 2) * ((u - 0.3) / 0.1)) : u < 0.7 ? 0 : Math.sin(Math.PI * ((u - 0.7) / 0.3));
      return {
        period: ctx.period(4),
        body: (u) => [0, rise * flight(u) - 0.22 * l * crouch(u), 0],
        feet: (u) => [0, (rise - 0.2 * l) * flight(u), 0],
        overlay: (u, local) => {
          spine(ctx, local, 20 * crouch(u), 0);
          const up = 150 * flight(u) - 30 * crouch(u);
          arms(ctx, local, { left: up, right: up }, 20);
        },
      };
    },
  };
  return leggedClip(name, ctx.skeleton, ctx.legs, specs[name]());
}
