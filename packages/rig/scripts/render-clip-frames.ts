/**
 * Renders frames of every plan's ready clips to look at: each plan's procedural creature
 * (testing/build-creature.ts) rigged by rigMesh (fast engine) with all its clips
 * (PROCEDURAL_CLIPS), then Blender (render-clip-frames.py) draws a few frames of each clip side
 * by side from the left over the rest floor, one PNG per clip, into a directory outside the repo.
 *
 *   npx tsx packages/rig/scripts/render-clip-frames.ts [--out /tmp/rig-clip-frames] [--plan biped] [--frames 6]
 *
 * Needs blender and numpy for its glTF importer (Debian: python3-numpy; or a numpy on PYTHONPATH).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeGlb } from '@rigforge/mesh';
import { BODY_PLANS, PROCEDURAL_CLIPS, isBodyPlan } from '../src/body-plan';
import { rigMesh } from '../src/rig-mesh';
import { buildCreature } from '../testing';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

async function main(): Promise<void> {
  const out = arg('out', '/tmp/rig-clip-frames');
  const only = arg('plan', '');
  if (only && !isBodyPlan(only)) throw new Error(`--plan: one of ${BODY_PLANS.join(', ')}`);
  mkdirSync(out, { recursive: true });
  const items = [];
  for (const plan of only ? [only as (typeof BODY_PLANS)[number]] : BODY_PLANS) {
    const input = await writeGlb(buildCreature(plan).mesh);
    const clips = [...PROCEDURAL_CLIPS[plan]];
    const rigged = await rigMesh(input, { rigType: plan, upAxis: '+y', rotationY: 0, proceduralClips: clips });
    const glb = join(out, `${plan}.glb`);
    writeFileSync(glb, rigged.model);
    items.push({ label: plan, glb, clips });
  }
  const jobFile = join(out, 'job.json');
  writeFileSync(jobFile, JSON.stringify({ items, out, frames: Number(arg('frames', '6')), width: 1600, height: 500 }));
  const run = spawnSync('blender', ['-b', '--factory-startup', '-noaudio', '--python', join(__dirname, 'render-clip-frames.py'), '--', jobFile], { encoding: 'utf8', timeout: 900_000 });
  const written = run.stdout.split('\n').filter((l) => l.startsWith('CLIP_FRAMES ') || l.startsWith('CLIP_MISSING '));
  if (run.status !== 0 || written.length === 0) {
    throw new Error(`blender failed (status ${run.status}):\n${run.stdout.split('\n').filter((l) => /Error|Traceback/.test(l)).join('\n')}\n${run.stderr.slice(-2000)}`);
  }
  for (const l of written) console.log(l);
}

void main();
