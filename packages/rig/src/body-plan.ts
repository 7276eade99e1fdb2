/**
 * The body plans the rigger knows; `others` derives a skeleton from the shape itself. The one list:
 * the wire contract imports it through the dependency-free subpath `@rigforge/rig/body-plan`.
 */
export const BODY_PLANS = ['biped', 'quadruped', 'hexapod', 'octopod', 'avian', 'serpentine', 'aquatic', 'others'] as const;
export type BodyPlan = (typeof BODY_PLANS)[number];

export function isBodyPlan(value: unknown): value is BodyPlan {
  return typeof value === 'string' && (BODY_PLANS as readonly string[]).includes(value);
}
