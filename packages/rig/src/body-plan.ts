/** The body plans the rigger knows; `others` derives a skeleton from the shape itself. */
export type BodyPlan =
  | 'biped'
  | 'quadruped'
  | 'hexapod'
  | 'octopod'
  | 'avian'
  | 'serpentine'
  | 'aquatic'
  | 'others';

export const BODY_PLANS: readonly BodyPlan[] = [
  'biped',
  'quadruped',
  'hexapod',
  'octopod',
  'avian',
  'serpentine',
  'aquatic',
  'others',
];

export function isBodyPlan(value: unknown): value is BodyPlan {
  return typeof value === 'string' && (BODY_PLANS as readonly string[]).includes(value);
}
