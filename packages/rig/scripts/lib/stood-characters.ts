/**
 * The development set's characters stood up as labelled, one at a time, for the probes that read each
 * character from its right stand (leg-roundness-probe.ts, standing-ground-probe.ts): `--labels`
 * (without it each stands as held) and `--only id,...` read through `arg`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMesh, type Mesh } from '@rigforge/mesh';
import { ORIENTATION_CANDIDATES } from '../../src/orientation-features';
import { turnMesh, turnOf } from '../../testing/orientation-turns';
import { readManifest, type DevCharacter } from './dev-set';
import { readOrientationLabels } from './orientation-labels';

export interface StoodCharacter { character: DevCharacter; stood: Mesh }

/** Each character of the set at `dir` (manifest order, `--only` kept), its input mesh turned by its first label. */
export async function* stoodCharacters(dir: string, arg: (name: string) => string | undefined): AsyncGenerator<StoodCharacter> {
  const labels = arg('--labels') ? readOrientationLabels(arg('--labels')!) : new Map<string, number[]>();
  const only = arg('--only')?.split(',');
  for (const c of readManifest(dir)) {
    if (only && !only.includes(c.id)) continue;
    const input = (await readMesh(new Uint8Array(readFileSync(join(dir, c.id, 'input.glb'))))).mesh;
    yield { character: c, stood: turnMesh(input, turnOf(ORIENTATION_CANDIDATES[(labels.get(c.id) ?? [0])[0]!]!)) };
  }
}
