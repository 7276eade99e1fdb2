/**
 * The body plans the rigger knows; `others` derives a skeleton from the shape itself. The one list:
 * the wire contract imports it through the dependency-free subpath `@rigforge/rig/body-plan`.
 */
export const BODY_PLANS = ['biped', 'quadruped', 'hexapod', 'octopod', 'avian', 'serpentine', 'aquatic', 'others'] as const;
export type BodyPlan = (typeof BODY_PLANS)[number];

export function isBodyPlan(value: unknown): value is BodyPlan {
  return typeof value === 'string' && (BODY_PLANS as readonly string[]).includes(value);
}

/** The body plans animation clips are retargeted onto (the retargeter has joint roles for these). */
export const RETARGET_BODY_PLANS = ['biped', 'quadruped'] as const satisfies readonly BodyPlan[];
export type RetargetBodyPlan = (typeof RETARGET_BODY_PLANS)[number];

export function isRetargetBodyPlan(value: unknown): value is RetargetBodyPlan {
  return typeof value === 'string' && (RETARGET_BODY_PLANS as readonly string[]).includes(value);
}
