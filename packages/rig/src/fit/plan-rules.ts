/**
 * The thresholds of the body-plan rules that read the solid itself (feet at the ground, an upright
 * body, wings as sheets; classify-body-plan.ts says what each means). Chosen by
 * `scripts/fit-plan-rules.ts` on the artist-rigged development set and the procedural creatures
 * (grid search, ties to the middle of the best interval, validated leave one artist out) and
 * shipped as `plan-rules.json`: thresholds only, no character's data. The file is part of the
 * build, not input: the compiler checks it against PlanRules (as orientation-model.json is).
 */
import rulesJson from './plan-rules.json';

export interface PlanRules {
  /** Pieces at the ground that count as legs when the medial tree found fewer. */
  groundFeet: number;
  /** Upright: height over widest span from this (full 0.1 above). */
  uprightHeight: number;
  /** Upright: length front to back over height up to this (none 0.2 above). */
  uprightLength: number;
  /** Upright: the bottom fifth's span over the widest span up to this (none 0.15 above). */
  uprightFootprint: number;
  /** Sheet: share of the solid skin-deep from this (full 0.05 above). */
  sheetThinShare: number;
  /** Sheet: width over length from this (full 0.15 above), so a thin tube is no sheet. */
  sheetWidth: number;
  /** Wings: the lateral parts' skin-deep share from this (full 0.1 above); as sheets on two legs, from 0.1 above. */
  wingThin: number;
  /** Wings as sheets on two legs: the lateral parts' front-view fill from this (full 0.05 above). */
  wingFill: number;
  /** Short legs side by side make a quadruped on a body longer than tall by this (full 0.2 above). */
  longBody: number;
}

export const PLAN_RULES: PlanRules = rulesJson;
