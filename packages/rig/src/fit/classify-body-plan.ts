/**
 * Which body plan a shape is, from the same analysis the fitters read (voxel solid, medial tree,
 * traced limbs) and a few measures of the solid itself (shape-features.ts): rules of what the
 * plans mean; the thresholds of the rules on the solid (plan-rules.json) are chosen on the
 * development set by scripts/fit-plan-rules.ts, which validates them leave one artist out.
 *
 * - **Legs** are limbs that reach the ground (body-plan-features.ts); when at least `groundFeet`
 *   pieces stand apart at the ground and more than the tree found legs, the pieces are the legs
 *   (an insect's legs meet so close that the tree merges them). The ground contacts that carry
 *   the body in left-right pairs (the stance, shape-features.ts) correct the tree: more of them
 *   than its legs are legs too short for it; two of them side by side with two pieces at the
 *   ground make its extra legs toes; a body touching down only on a thin midline keel has fins.
 * - Two legs: biped (unless they stand front and back, or are short legs side by side under a
 *   body longer than tall: a quadruped with legs missed), or avian when skin-deep lateral wings
 *   span a shape clearly wider than tall and than long (a T-posed human is about as tall as
 *   wide), or, on two carrying feet, lateral parts thin as sheets fill their front view. Four: quadruped (longer than wide; a four-legged
 *   stance much wider than long, a crab's, is `others`). Six: hexapod; eight or more: octopod.
 * - An **upright** body is a biped however its legs read: about as tall as its widest span, short
 *   front to back, standing on a base narrower than itself (a big-headed mini whose feet merge
 *   into one piece, or whose hanging arms read as legs).
 * - **Sheets**: a shape almost all skin-deep and not a thin tube is a winged flier (a butterfly's
 *   wings, spread flat or folded up, are sheets; no body of another plan is).
 * - No legs: serpentine when the body is a long thin tube, avian when wings spread wider than the
 *   body is long, aquatic when the body is elongated front to back or along its principal
 *   axis, `others` otherwise.
 *
 * Scores are soft: each plan's evidence multiplies smooth memberships, a floor keeps every plan
 * possible, and the eight are normalised to sum 1.
 */
import type { BodyPlan } from '../body-plan';
import { BODY_PLANS } from '../body-plan';
import { measureBodyPlanFeatures, type BodyPlanFeatures } from './body-plan-features';
import type { ShapeAnalysis } from './shape-analysis';
import { measureShapeFeatures, type ShapeFeatures } from './shape-features';
import { PLAN_RULES, type PlanRules } from './plan-rules';

// The leg reading keeps its home here for its callers (the orientation finder).
export { measureBodyPlanFeatures, type BodyPlanFeatures };

export interface BodyPlanScores {
  recommended: BodyPlan;
  scores: Record<BodyPlan, number>;
  features: BodyPlanFeatures;
  shape: ShapeFeatures;
}

/** Smooth step from 0 (x ≤ a) to 1 (x ≥ b). */
function ramp(x: number, a: number, b: number): number {
  if (x <= a) return 0;
  if (x >= b) return 1;
  const t = (x - a) / (b - a);
  return t * t * (3 - 2 * t);
}

/** 1 at k, falling off with the distance from k in legs. */
function near(n: number, k: number): number {
  return Math.exp(-((n - k) ** 2) / 1.2);
}

export function classifyBodyPlan(shape: ShapeAnalysis, rules: PlanRules = PLAN_RULES): BodyPlanScores {
  const f = measureBodyPlanFeatures(shape);
  const s = measureShapeFeatures(shape);
  return { ...classifyFeatures(f, s, rules), features: f, shape: s };
}

/** The plan of measured features under the rules' thresholds (what scripts/fit-plan-rules.ts sweeps). */
export function classifyFeatures(f: BodyPlanFeatures, s: ShapeFeatures, rules: PlanRules = PLAN_RULES): { recommended: BodyPlan; scores: Record<BodyPlan, number> } {
  const feetAreLegs = s.feet >= rules.groundFeet && s.feet > f.legs;
  // Legs too short for the tree (stubs under a round body) still carry it in pairs at the ground.
  const stubby = !feetAreLegs && s.stance > f.legs;
  // Two feet side by side carry the body and the ground shows two pieces: more legs from the tree
  // are the toes of those feet (a bird's, spread fore and aft).
  const toes = !feetAreLegs && f.legs > 2 && s.stance === 2 && s.feet === 2;
  // Legs the tree found where the body touches down only on a keel are fins hanging under a fish.
  const fins = !feetAreLegs && s.keel;
  const legs = feetAreLegs ? s.feet : stubby ? s.stance : toes ? 2 : fins ? 0 : f.legs;
  const legged = legs >= 2 ? 1 : legs === 1 ? 0.3 : 0;
  // Wings: long lateral limbs spanning a shape clearly wider than tall, with a body of some length,
  // and skin-deep as wings and arms are (a stubby mascot's fat arms, a fish's head and tail, are not).
  // A flat star (wider than tall many times over) spreads arms, not wings from a body.
  const winged = ramp(f.wings, 0, 2) * ramp(f.width / Math.max(f.height, 1e-6), 1.05, 1.35) * ramp(f.length / f.width, 0.2, 0.35)
    * ramp(f.height / f.width, 0.12, 0.25) * ramp(f.width / f.length, 0.9, 1.15) * ramp(s.lateralThin, rules.wingThin, rules.wingThin + 0.1);
  // Wings as sheets: nearly all the solid skin-deep, and wider than a tube; or, standing on two
  // feet that carry it, lateral parts thinner still that fill the front view (a bird with its wings
  // raised; an arm is a line, and a fish's fins hang from a body no feet carry).
  const sheet = Math.max(
    ramp(s.thinShare, rules.sheetThinShare, rules.sheetThinShare + 0.05) * ramp(f.width / Math.max(f.length, 1e-6), rules.sheetWidth, rules.sheetWidth + 0.15),
    legs === 2 && s.stance === 2 ? ramp(s.lateralThin, rules.wingThin + 0.1, rules.wingThin + 0.15) * ramp(s.lateralFill, rules.wingFill, rules.wingFill + 0.05) : 0,
  );
  const flier = Math.max(winged, sheet);
  // Upright: as tall as its widest span, short front to back, on a base narrower than itself.
  const upright = ramp(s.heightOverSpan, rules.uprightHeight, rules.uprightHeight + 0.1)
    * (1 - ramp(f.length / Math.max(f.height, 1e-6), rules.uprightLength, rules.uprightLength + 0.2))
    * (1 - ramp(s.footprint, rules.uprightFootprint, rules.uprightFootprint + 0.15)) * (1 - flier);
  // Short legs side by side under a body longer than tall: a quadruped whose fore and hind feet
  // meet (a biped standing on short legs is as tall as long).
  const lowBody = stubby && legs === 2 ? ramp(f.length / Math.max(f.height, 1e-6), rules.longBody, rules.longBody + 0.2) : 0;
  const stagger = ramp(f.staggered, 0.3, 0.6);
  const wideStance = ramp(f.width / Math.max(f.length, 1e-6), 1.2, 1.6);
  // A snake: a tube many times longer than thick, with nothing wider than a fraction of its length.
  const serpent = ramp(f.slenderness, 10, 14) * ramp(f.length / Math.max(f.width, f.height, 1e-6), 2.5, 4);
  // Long front to back, or along its own principal axis (a fish the finder turned a quarter wrong).
  const elongated = Math.max(ramp(f.length / Math.max(f.width, f.height, 1e-6), 0.9, 1.2), ramp(s.bodyLength, 1.3, 1.6));
  const raw: Record<BodyPlan, number> = {
    biped: Math.max(legged * near(legs, 2) * (1 - flier) * (1 - 0.8 * stagger) * (1 - lowBody), upright),
    quadruped: legged * Math.max(near(legs, 4), legs < 4 ? Math.max(stagger, lowBody) * ramp(legs, 1.5, 2.5) : 0) * (1 - wideStance) * (1 - upright),
    hexapod: legged * near(legs, 6),
    octopod: legged * (legs >= 8 ? 1 : near(legs, 8)),
    avian: Math.max(winged * (legs <= 2 ? 1 : 0.3), sheet),
    serpentine: (1 - legged) * serpent * (1 - sheet),
    aquatic: (1 - legged) * (1 - flier) * (1 - serpent) * elongated * (1 - upright),
    others: 0.1 + (legged * near(legs, 4) * wideStance + (1 - legged) * (1 - flier) * (1 - serpent) * (1 - elongated)) * (1 - upright),
  };
  const FLOOR = 0.01;
  let total = 0;
  for (const p of BODY_PLANS) total += raw[p] + FLOOR;
  const scores = Object.fromEntries(BODY_PLANS.map((p) => [p, Math.round(((raw[p] + FLOOR) / total) * 1000) / 1000])) as Record<BodyPlan, number>;
  let recommended: BodyPlan = 'others';
  for (const p of BODY_PLANS) if (raw[p] > raw[recommended]) recommended = p;
  return { recommended, scores };
}
