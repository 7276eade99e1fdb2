/**
 * The body plans the rigger knows; `others` derives a skeleton from the shape itself. The one list:
 * the rig engine fits these and the wire contract accepts these, both importing it from here.
 */
export const BODY_PLANS = ['biped', 'quadruped', 'hexapod', 'octopod', 'avian', 'serpentine', 'aquatic', 'others'] as const;
export type BodyPlan = (typeof BODY_PLANS)[number];

/** The body plans animation clips are retargeted onto (the retargeter has joint roles for these). */
export const RETARGET_BODY_PLANS = ['biped', 'quadruped'] as const satisfies readonly BodyPlan[];
export type RetargetBodyPlan = (typeof RETARGET_BODY_PLANS)[number];
