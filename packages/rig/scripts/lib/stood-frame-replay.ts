/**
 * The replay of score-orientation.ts's dump in the stood model's frame, shared by the up-rule replays
 * that read it (orientation-fins-below-loao.ts, orientation-fish-loao.ts): each character's turned
 * files (the as-held one left out), each shipped answer mapped to the stood model's frame (its label),
 * the turns its labels count right, and the axis helpers the rules applied after the answer use.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { ORIENTATION_CANDIDATES, type OrientationCandidate } from '../../src/orientation-features';
import { UP_AXES, type UpAxis } from '../../src/rotate-mesh-up';
import { invertTurn, multiplyTurns, turnOf, type Turn } from '../../testing/orientation-turns';

const storedSchema = z.looseObject({ stored: z.string() });
const turnedRowSchema = z.object({
  id: z.string(),
  stored: z.string(),
  gated: z.object({ upAxisReason: z.string() }),
  shipped: z.object({ upAxis: z.enum(UP_AXES), rotationY: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(-90)]) }),
});
/** One turned file's line of the dump: the turn it was stored in, the gates' up-axis reason, the shipped answer. */
export type TurnedRow = z.infer<typeof turnedRowSchema>;

/** The dump's turned files per character id, in dump order (the as-held files are left out). */
export function readTurnedRows(dumpFile: string): Map<string, TurnedRow[]> {
  const rows = new Map<string, TurnedRow[]>();
  for (const line of readFileSync(dumpFile, 'utf8').trim().split('\n')) {
    const raw: unknown = JSON.parse(line);
    // The as-held lines carry no gates: checked only for the field that skips them.
    if (storedSchema.parse(raw).stored === 'as held') continue;
    const r = turnedRowSchema.parse(raw);
    rows.set(r.id, [...(rows.get(r.id) ?? []), r]);
  }
  return rows;
}

/** The candidate a dump's `stored` names (`+y/90`). */
export function storedCandidate(stored: string): OrientationCandidate {
  const [u, r] = stored.split('/');
  return ORIENTATION_CANDIDATES.find((c) => c.upAxis === u && c.rotationY === Number(r))!;
}

/** The stood model's frame → the answer's stood frame (rows: the answer's axes in stood coordinates). */
export function answerInStoodFrame(r: TurnedRow): Turn {
  return multiplyTurns(turnOf(r.shipped), invertTurn(turnOf(storedCandidate(r.stored))));
}

/** The turns of the stood model that its labels (candidate indices; none: as held) count right; the first is the identity. */
export function rightTurns(labels: Map<string, number[]>, id: string): Turn[] {
  const stands = (labels.get(id) ?? [0]).map((i) => turnOf(ORIENTATION_CANDIDATES[i]!));
  return stands.map((st) => multiplyTurns(st, invertTurn(stands[0]!)));
}

/** A half turn about the facing (z): up and left-right reversed, the roll the up rules apply. */
export const ROLL: Turn = [[-1, 0, 0], [0, -1, 0], [0, 0, 1]];

/** The up axis a turn's row (one ±1 entry) points along. */
export function dirOf(row: readonly number[]): UpAxis {
  const k = row.findIndex((v) => v !== 0);
  return UP_AXES.find((a) => a === `${row[k]! > 0 ? '+' : '-'}${'xyz'[k]}`)!;
}

export const opposite = (up: UpAxis): UpAxis => UP_AXES.find((a) => a[1] === up[1] && a !== up)!;

/** A cue per up axis as a cache holds it: JSON writes NaN (no cue that way) as null, read back as NaN. */
export const cueArraySchema = z.array(z.number().nullable()).transform((v) => v.map((x) => x ?? NaN));

/**
 * The characters' measures: read from `cache` (parsed by `schema`) when it exists, else measured
 * and, with a `cache` named, written there for the next run.
 */
export async function measuredOrCached<T>(cache: string | undefined, schema: z.ZodType<T[], unknown>, measure: () => Promise<T[]>): Promise<T[]> {
  if (cache && existsSync(cache)) return schema.parse(JSON.parse(readFileSync(cache, 'utf8')));
  const set = await measure();
  if (cache) writeFileSync(cache, JSON.stringify(set));
  return set;
}
