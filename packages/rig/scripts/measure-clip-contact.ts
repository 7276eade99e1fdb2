/**
 * Foot skate and ground penetration of the ready clips (makeProceduralClips) on real skeletons:
 * every character of a development set fitted from its input.glb with its manifest's body plan,
 * every clip of that plan measured by testing/measure-clip-contact.ts. Prints per plan and clip:
 * characters, the worst and median skate (% of leg length) and below-ground (% of the skeleton's
 * extent), and how many characters exceed the unit test's limits (2% skate, 0.5% below).
 *
 *   npx tsx packages/rig/scripts/measure-clip-contact.ts <dev-set dir>
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMesh } from '@rigforge/mesh';
import { isBodyPlan, PROCEDURAL_CLIPS } from '../src/body-plan';
import { fitSkeleton } from '../src/fit-skeleton';
import { makeProceduralClips } from '../src/procedural-clips';
import { measureClipContact } from '../testing';

const median = (v: number[]): number => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0;
const pct = (x: number): string => `${(100 * x).toFixed(2)}%`.padStart(8);

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: measure-clip-contact.ts <dev-set dir>');
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Array<{ id: string; bodyPlan: string }>;
  const rows = new Map<string, { skate: number[]; below: number[] }>();
  for (const c of manifest) {
    if (!isBodyPlan(c.bodyPlan)) continue;
    const { mesh } = await readMesh(readFileSync(join(dir, c.id, 'input.glb')));
    const skeleton = fitSkeleton(mesh, c.bodyPlan).skeleton;
    for (const clip of makeProceduralClips(skeleton, c.bodyPlan, PROCEDURAL_CLIPS[c.bodyPlan])) {
      const m = measureClipContact(clip);
      const row = rows.get(`${c.bodyPlan}/${clip.name}`) ?? { skate: [], below: [] };
      row.skate.push(m.plantedSamples > 0 ? m.skate : 0);
      row.below.push(m.penetration);
      rows.set(`${c.bodyPlan}/${clip.name}`, row);
    }
  }
  console.log(`${'clip'.padEnd(20)} chars  skate max  median  below max  median  over limits`);
  for (const [clip, r] of rows) {
    const over = r.skate.filter((s, i) => s >= 0.02 || r.below[i]! >= 0.005).length;
    console.log(`${clip.padEnd(20)} ${String(r.skate.length).padStart(5)} ${pct(Math.max(...r.skate))} ${pct(median(r.skate))} ${pct(Math.max(...r.below))} ${pct(median(r.below))}  ${over}`);
  }
}

void main();
