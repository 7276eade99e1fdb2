/**
 * Ready-made clips for a fitted skeleton, per body plan (the table PROCEDURAL_CLIPS of
 * `@rigforge/vocabulary`): each gait is made for this skeleton, from its own leg lengths, rather
 * than retargeted from someone else's. Clips face +Z with +Y up (the rigged model's frame), start
 * at 0 s, sample 30 frames a second and cover one cycle (the jump: one jump), so they loop; walking
 * clips carry the root's forward travel. See clips/legged-gait.ts for how feet stay planted.
 */
import { EngineError, type AnimationClip, type Skeleton } from '@rigforge/mesh';
import { PROCEDURAL_CLIPS, type BodyPlan } from './body-plan';
import { avianClip } from './clips/avian-clips';
import { bipedClip } from './clips/biped-clips';
import { clipContext, type ClipContext } from './clips/clip-context';
import { hexapodWalk, octopodWalk } from './clips/arthropod-clips';
import { quadrupedClip } from './clips/quadruped-clips';
import { slither, swayIdle, swim } from './clips/wave-clips';

/** Whether `name` is one of the clips made for `plan`. */
export function isProceduralClip(plan: BodyPlan, name: string): boolean {
  return (PROCEDURAL_CLIPS[plan] as readonly string[]).includes(name);
}

/**
 * Refuses names that are not clips of `plan` (EngineError invalid_input naming the plan's clips);
 * returns the names, each once, in the order given.
 */
export function checkProceduralClips(plan: BodyPlan, names: readonly string[]): string[] {
  const wrong = names.filter((n) => !isProceduralClip(plan, n));
  if (wrong.length > 0) {
    throw new EngineError('invalid_input', `rig: ${wrong.map((n) => `"${n}"`).join(', ')} ${wrong.length > 1 ? 'are not clips' : 'is not a clip'} for rig type ${plan}; its clips are ${PROCEDURAL_CLIPS[plan].join(', ')}`);
  }
  return [...new Set(names)];
}

function make(ctx: ClipContext, plan: BodyPlan, name: string): AnimationClip {
  switch (plan) {
    case 'biped': return bipedClip(ctx, name as 'idle' | 'walk' | 'run' | 'jump');
    case 'quadruped': return quadrupedClip(ctx, name as 'idle' | 'walk' | 'trot' | 'gallop');
    case 'hexapod': return hexapodWalk(ctx);
    case 'octopod': return octopodWalk(ctx);
    case 'avian': return avianClip(ctx, name as 'flap' | 'glide');
    case 'serpentine': return slither(ctx);
    case 'aquatic': return swim(ctx);
    case 'others': return swayIdle(ctx);
  }
}

/** The clips `names` (checked with checkProceduralClips) made for `skeleton` of body plan `plan`. */
export function makeProceduralClips(skeleton: Skeleton, plan: BodyPlan, names: readonly string[]): AnimationClip[] {
  const wanted = checkProceduralClips(plan, names);
  const ctx = clipContext(skeleton, plan);
  return wanted.map((n) => make(ctx, plan, n));
}
