/**
 * Bird clips. flap: standing, feet planted, the wings beating down and up with each segment
 * lagging the one before (the tip trails). glide: wings spread with a slight dihedral, the body
 * banking slowly side to side, legs tucked back and up.
 */
import { quatMultiply, type AnimationClip, type Quat } from '@rigforge/mesh';
import { rot, setLocal, TAU, X, Y, Z, type ClipContext } from './clip-context';
import { leggedClip } from './legged-gait';

function wings(ctx: ClipContext, local: Quat[], angle: (segment: number) => number): void {
  for (const side of ['left', 'right'] as const) {
    const sign = side === 'left' ? 1 : -1;
    for (let s = 1; s <= 3; s++) setLocal(local, ctx.at(`${side}_wing_${s}`), rot(Z, sign * angle(s)));
  }
}

/** The wing chain's length, for the beat's timing. */
function wingLength(ctx: ClipContext): number {
  const a = ctx.at('left_wing_1'), b = ctx.at('left_wing_tip');
  if (a < 0 || b < 0) return ctx.size / 2;
  const p = ctx.skeleton.joints[a]!.position, q = ctx.skeleton.joints[b]!.position;
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

export function avianClip(ctx: ClipContext, name: 'flap' | 'glide'): AnimationClip {
  const l = ctx.legLength;
  if (name === 'flap') {
    // The downstroke stops short of the ground: the wing may drop at most to 80% of the
    // shoulder's height over it (less the inner segments' lagging bends, 20°).
    const shoulder = ctx.at('left_wing_1');
    const height = shoulder >= 0 ? ctx.skeleton.joints[shoulder]!.position[1] - Math.min(...ctx.skeleton.joints.map((j) => j.position[1])) : 0;
    const reach = (Math.asin(Math.min(1, (0.8 * height) / wingLength(ctx))) * 180) / Math.PI;
    const down = Math.max(0, Math.min(35, reach - 20));
    const up = 60;
    return leggedClip('flap', ctx.skeleton, ctx.legs, {
      period: 2.2 * Math.sqrt(wingLength(ctx) / 9.81),
      body: (u) => [0, -0.03 * l * (1 - Math.cos(TAU * u)) / 2, 0],
      overlay: (u, local) => {
        wings(ctx, local, (s) => (s === 1 ? up - (up + down) * (1 - Math.sin(TAU * u)) / 2 : [0, 0, 12, 8][s]! * Math.sin(TAU * (u - 0.08 * s))));
        setLocal(local, ctx.at('spine'), rot(X, 3 * Math.sin(TAU * u)));
        for (let k = 1; k <= 4; k++) setLocal(local, ctx.at(`tail_${k}`), rot(X, -4 * Math.sin(TAU * u)));
      },
    });
  }
  return leggedClip('glide', ctx.skeleton, [], {
    period: 4,
    body: () => [0, 0, 0],
    overlay: (u, local) => {
      const bank = 8 * Math.sin(TAU * u);
      const hips = ctx.at('hips');
      setLocal(local, hips, rot(Z, bank));
      wings(ctx, local, (s) => (s === 1 ? 8 + 3 * Math.sin(TAU * (u - 0.1)) : 2 * Math.sin(TAU * (u - 0.1 * s))));
      for (const side of ['left', 'right'] as const) {
        setLocal(local, ctx.at(`${side}_upper_leg`), rot(X, 70));
        setLocal(local, ctx.at(`${side}_lower_leg`), rot(X, -40));
      }
      setLocal(local, ctx.at('head'), quatMultiply(rot(Y, -bank / 2), rot(X, 0)));
      for (let k = 1; k <= 4; k++) setLocal(local, ctx.at(`tail_${k}`), rot(Y, -2 * Math.sin(TAU * u)));
    },
  });
}
