/**
 * The thresholds of the body-plan rules that read the solid itself (feet at the ground, an upright
 * body, wings as sheets; classify-body-plan.ts says what each means). Chosen by
 * `scripts/fit-plan-rules.ts` on the artist-rigged development set and the procedural creatures
 * (grid search, ties to the middle of the best interval, validated leave one artist out) and
 * shipped as `plan-rules.json`: thresholds only, no character's data. Parsed with its schema.
 */
import { z } from 'zod';
import rulesJson from './plan-rules.json';

export const planRulesSchema = z.object({
  /** Pieces at the ground that count as legs when the medial tree found fewer. */
  groundFeet: z.number().int().min(2),
  /** Upright: height over widest span from this (full 0.1 above). */
  uprightHeight: z.number(),
  /** Upright: length front to back over height up to this (none 0.2 above). */
  uprightLength: z.number(),
  /** Upright: the bottom fifth's span over the widest span up to this (none 0.15 above). */
  uprightFootprint: z.number(),
  /** Sheet: share of the solid skin-deep from this (full 0.05 above). */
  sheetThinShare: z.number(),
  /** Sheet: width over length from this (full 0.15 above), so a thin tube is no sheet. */
  sheetWidth: z.number(),
});

export type PlanRules = z.infer<typeof planRulesSchema>;

export const PLAN_RULES: PlanRules = planRulesSchema.parse(rulesJson);
