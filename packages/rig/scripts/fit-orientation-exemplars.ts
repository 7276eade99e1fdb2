/**
 * Writes the orientation exemplars (src/orientation-exemplars.json): for every character of the
 * development set that stands one way up (its labels, or the file as it is, name one up axis),
 * its three silhouette projections stood up (src/orientation-exemplars.ts), and its artist's index
 * among the set's artists (sorted by name; no names are stored) so a reader can leave an artist
 * out. Validated leave one artist out by scripts/orientation-exemplars-loao.ts.
 *
 *   npx tsx packages/rig/scripts/fit-orientation-exemplars.ts <dev-set dir> --labels file.json [--write] [--neighbours 10]
 *
 * A script, not a test: the set never enters the repository (only the coarse bits do).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMesh } from '@rigforge/mesh';
import { packProjection, silhouetteProjections, SILHOUETTE_VOXELS, type ExemplarData } from '../src/orientation-exemplars';
import { ORIENTATION_CANDIDATES } from '../src/orientation-features';
import { turnMesh, turnOf } from '../testing/orientation-turns';
import { readManifest } from './lib/dev-set';
import { readOrientationLabels } from './lib/orientation-labels';
import { arg } from './lib/cli-args';

async function main(): Promise<void> {
  const dir = process.argv[2];
  const labelsFile = arg('--labels');
  if (!dir || !labelsFile) throw new Error('usage: fit-orientation-exemplars.ts <dev-set dir> --labels file.json [--write] [--neighbours 10]');
  const labels = readOrientationLabels(labelsFile);
  const manifest = readManifest(dir);
  const artists = [...new Set(manifest.map((c) => c.artist))].sort();
  const data: ExemplarData = { voxels: SILHOUETTE_VOXELS, neighbours: Number(arg('--neighbours') ?? '10'), exemplars: [] };
  let skipped = 0;
  for (const c of manifest) {
    const right = labels.get(c.id) ?? [0];
    // An exemplar stands one way up: labels naming two up axes say nothing about which is up.
    if (new Set(right.map((r) => ORIENTATION_CANDIDATES[r]!.upAxis)).size > 1) { skipped++; continue; }
    const mesh = (await readMesh(new Uint8Array(readFileSync(join(dir, c.id, 'input.glb'))))).mesh;
    const stood = turnMesh(mesh, turnOf(ORIENTATION_CANDIDATES[right[0]!]!));
    data.exemplars.push({ group: artists.indexOf(c.artist), projections: silhouetteProjections(stood).map(packProjection) });
  }
  console.log(`${data.exemplars.length} exemplars of ${artists.length} artists (${skipped} characters standing more than one way up left out)`);
  if (process.argv.includes('--write')) {
    const out = join(__dirname, '../src/orientation-exemplars.json');
    writeFileSync(out, `${JSON.stringify(data)}\n`);
    console.log(`wrote ${out}`);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
