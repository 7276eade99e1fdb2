/**
 * Reads the orientation labels of the development set: the characters that do not stand +Y up
 * facing +Z as filed, with the orientations that stand them up (a file kept beside the set, never
 * in the repository). Shared by the orientation fitting and scoring scripts.
 */
import { readFileSync } from 'node:fs';
import { ORIENTATION_CANDIDATES } from '../../src/orientation-features';

/** Labels file: `{ "<id>": ["+z/180", ...] }` → candidate indices. */
export function readOrientationLabels(file: string): Map<string, number[]> {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const out = new Map<string, number[]>();
  for (const [id, list] of Object.entries(raw)) {
    if (!Array.isArray(list)) throw new Error(`labels: ${id} is not a list`);
    out.set(id, list.map((l) => {
      const i = ORIENTATION_CANDIDATES.findIndex((c) => `${c.upAxis}/${c.rotationY}` === l);
      if (i < 0) throw new Error(`labels: ${id}: unknown orientation ${String(l)}`);
      return i;
    }));
  }
  return out;
}

/**
 * Sets `right` (the orientations that stand it up) on each sample the labels name; the others keep
 * none, which rightOf reads as the file standing as filed (+Y up, facing +Z).
 */
export function applyOrientationLabels(samples: ReadonlyArray<{ id: string; right?: number[] }>, labels: ReadonlyMap<string, number[]>): void {
  for (const s of samples) {
    const right = labels.get(s.id);
    if (right) s.right = right;
  }
}

