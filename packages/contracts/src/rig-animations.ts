/**
 * Ready clips (POST /v1/rigs `animations`). The clip table is the rig engine's, `PROCEDURAL_CLIPS`
 * of `@rigforge/vocabulary` (one truth): the request accepts any name of it, the API then refuses
 * a name that is not for the rig_type asked for. GET /v1/rigs/animations lists it
 * (rig-animations-operation.ts registers the operation).
 */
import { z } from 'zod';
import { emptyQuerySchema } from './common';
import { BODY_PLANS, PROCEDURAL_CLIPS, PROCEDURAL_CLIP_DESCRIPTIONS, PROCEDURAL_CLIP_NAMES, type BodyPlan } from '@rigforge/vocabulary';

export { PROCEDURAL_CLIPS as RIG_ANIMATIONS };
export const RIG_ANIMATION_NAMES = PROCEDURAL_CLIP_NAMES;

/** The `animations` field: clip names, each once. */
export const rigAnimationsSchema = z
  .array(z.enum(PROCEDURAL_CLIP_NAMES as [string, ...string[]]))
  .min(1)
  .max(PROCEDURAL_CLIP_NAMES.length)
  .refine((names) => new Set(names).size === names.length, { message: 'each clip at most once' });

/** The names of `names` that are not clips of `plan`. */
export function animationsNotFor(plan: BodyPlan, names: readonly string[]): string[] {
  return names.filter((n) => !(PROCEDURAL_CLIPS[plan] as readonly string[]).includes(n));
}

export const rigAnimationsListSchema = z
  .object({
    object: z.literal('rig_animations'),
    plans: z.array(
      z.object({
        rig_type: z.enum(BODY_PLANS),
        clips: z.array(z.object({ name: z.string(), description: z.string() })),
      }),
    ),
  })
  .meta({ id: 'RigAnimations' });
export type RigAnimationsList = z.infer<typeof rigAnimationsListSchema>;

/** GET /v1/rigs/animations takes no parameters. */
export const listRigAnimationsQuerySchema = emptyQuerySchema;

/** The listing, from the table. */
export function rigAnimationsList(): RigAnimationsList {
  return {
    object: 'rig_animations',
    plans: BODY_PLANS.map((plan) => ({
      rig_type: plan,
      clips: PROCEDURAL_CLIPS[plan].map((name) => ({ name, description: PROCEDURAL_CLIP_DESCRIPTIONS[plan][name] ?? name })),
    })),
  };
}
