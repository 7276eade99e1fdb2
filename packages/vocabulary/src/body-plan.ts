/**
 * The body plans the rigger knows; `others` derives a skeleton from the shape itself. The one list:
 * the rig engine fits these and the wire contract accepts these, both importing it from here.
 */
export const BODY_PLANS = ['biped', 'quadruped', 'hexapod', 'octopod', 'avian', 'serpentine', 'aquatic', 'others'] as const;
export type BodyPlan = (typeof BODY_PLANS)[number];

/**
 * Legs a body of each plan stands on, in left/right pairs (0: it does not stand on legs). A side
 * picture shows each pair as one column; the generator rebuilds the pair from it.
 */
export const BODY_PLAN_LEGS: Record<BodyPlan, number> = {
  biped: 2, quadruped: 4, hexapod: 6, octopod: 8, avian: 2, serpentine: 0, aquatic: 0, others: 0,
};

/** The body plans animation clips are retargeted onto (the retargeter has joint roles for these). */
export const RETARGET_BODY_PLANS = ['biped', 'quadruped'] as const satisfies readonly BodyPlan[];
export type RetargetBodyPlan = (typeof RETARGET_BODY_PLANS)[number];
