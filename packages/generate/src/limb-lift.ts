/**
 * A legged body pictured from above: its limbs' middle plane below the trunk's.
 *
 * From above the depth axis is the vertical, and a walking animal's legs reach from its body down
 * to the ground: they sit below the trunk the picture shows, not about its middle plane. The split
 * is the one fish and flyers use for their lateral plates (`fins-wings.ts` `plateMiddle`: medial
 * balls reaching the silhouette's middle line are the trunk, the rest its limbs), and the offset is
 * the same field: `lift` × the trunk's largest half-depth, ramped in over a trunk radius from where
 * a limb leaves the trunk (negative: towards the ground). The lift is learned per view for the
 * legged plans (`limb-lift.json`, `scripts/fit-plate-lift.ts --limbs`, one value for every legged
 * plan, chosen leaving one artist out: the set holds one octopod and one hexapod).
 */
import data from './limb-lift.json';

interface LimbLiftTable { plans: string[]; lifts: Map<string, number> }

function checkedTable(raw: unknown): LimbLiftTable {
  const plans: unknown = typeof raw === 'object' && raw !== null ? Reflect.get(raw, 'plans') : undefined;
  const lifts: unknown = typeof raw === 'object' && raw !== null ? Reflect.get(raw, 'lifts') : undefined;
  if (!Array.isArray(plans) || !plans.every((p): p is string => typeof p === 'string')) throw new Error('limb-lift.json: bad "plans"');
  if (typeof lifts !== 'object' || lifts === null) throw new Error('limb-lift.json: bad "lifts"');
  const table = new Map<string, number>();
  for (const [view, lift] of Object.entries(lifts)) {
    if (view !== 'front' && view !== 'top') throw new Error(`limb-lift.json: a lift for ${view} (front or top only)`);
    if (typeof lift !== 'number' || !(lift >= -2 && lift <= 2)) throw new Error(`limb-lift.json: bad lift ${view}`);
    table.set(view, lift);
  }
  return { plans, lifts: table };
}

const TABLE = checkedTable(data);

/** The learned lift of a legged plan's limbs pictured from `view` (front or top); undefined where none was learned. */
export function learnedLimbLift(bodyPlan?: string, view?: string): number | undefined {
  if (!bodyPlan || !view || !TABLE.plans.includes(bodyPlan)) return undefined;
  return TABLE.lifts.get(view);
}
