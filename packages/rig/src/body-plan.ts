/**
 * The body plans the rigger knows, and their guards. The lists are `@rigforge/vocabulary`'s (one
 * truth, shared with the wire contract); the engine only adds the checks it runs on its input.
 */
import { BODY_PLANS, PROCEDURAL_CLIPS, RETARGET_BODY_PLANS, type BodyPlan, type RetargetBodyPlan } from '@rigforge/vocabulary';

export { BODY_PLANS, PROCEDURAL_CLIPS, RETARGET_BODY_PLANS, type BodyPlan, type RetargetBodyPlan };

export function isBodyPlan(value: unknown): value is BodyPlan {
  return typeof value === 'string' && (BODY_PLANS as readonly string[]).includes(value);
}

export function isRetargetBodyPlan(value: unknown): value is RetargetBodyPlan {
  return typeof value === 'string' && (RETARGET_BODY_PLANS as readonly string[]).includes(value);
}
