/**
 * Measures how far retargeted feet go below the floor against the clip's own feet, with and
 * without the retargeter's hips lift: a humanoid walk onto the synthetic biped (upright, and the
 * same skeleton stored lying down, +Z up), a four-legged walk onto the synthetic quadruped, and
 * optionally onto the characters of a development set (fitted from their input.glb).
 * Below = deepest the lowest foot goes under its rest floor, in % of the character's height. The
 * rows give the retargeter both skeletons' up, as rigMesh does, except the "ups estimated" ones,
 * where it estimates them from the legs.
 *
 *   npx tsx packages/rig/scripts/measure-foot-contact.ts [<dev-set dir>]
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { quatFromAxisAngle, quatRotate, readMesh, type AnimationClip, type Skeleton, type Vec3 } from '@rigforge/mesh';
import { fitSkeleton } from '../src/fit-skeleton';
import { buildCreature, buildHumanoidWalk, buildQuadrupedWalk, measureFootContact } from '../testing';
import type { RetargetBodyPlan } from '../src/body-plan';
import { retargetClip } from '../src/retarget-clip';

const LYING: Vec3 = [1, 0, 0];
const lyingDown = (s: Skeleton): Skeleton => ({
  joints: s.joints.map((j) => ({ ...j, position: quatRotate(quatFromAxisAngle(LYING, Math.PI / 2), j.position) })),
});

/** `known`: pass both skeletons' up, as rigMesh does (clips are read +Y up, models rigged upright). */
function row(label: string, clip: AnimationClip, target: Skeleton, plan: RetargetBodyPlan, up: Vec3 = [0, 1, 0], known = false): void {
  const source = measureFootContact(clip, plan);
  const pct = (x: number): string => `${(100 * x).toFixed(2)}%`.padStart(7);
  const options = { bodyPlan: plan, ...(known ? { up: { source: [0, 1, 0] as Vec3, target: up } } : {}) };
  const unlifted = measureFootContact(retargetClip(clip, target, { ...options, keepFeetAboveFloor: false }).clip, plan, up);
  const result = retargetClip(clip, target, options);
  const lifted = measureFootContact(result.clip, plan, up);
  console.log(`${label.padEnd(40)} source ${pct(source.below)}  target unlifted ${pct(unlifted.below)}  target ${pct(lifted.below)}  lifted frames ${result.floor?.liftedFrames ?? 0}/${lifted.frames}`);
}

async function main(): Promise<void> {
  const walk = buildHumanoidWalk();
  const dogWalk = buildQuadrupedWalk();
  const biped = fitSkeleton(buildCreature('biped').mesh, 'biped').skeleton;
  const quadruped = fitSkeleton(buildCreature('quadruped').mesh, 'quadruped').skeleton;
  row('walk → synthetic biped (ups estimated)', walk, biped, 'biped');
  row('walk → synthetic biped', walk, biped, 'biped', [0, 1, 0], true);
  row('walk → synthetic biped lying down (+Z up)', walk, lyingDown(biped), 'biped', [0, 0, 1], true);
  row('dog walk → synthetic quadruped (ups estimated)', dogWalk, quadruped, 'quadruped');
  row('dog walk → synthetic quadruped', dogWalk, quadruped, 'quadruped', [0, 1, 0], true);
  row('dog walk → synthetic quadruped (+Z up)', dogWalk, lyingDown(quadruped), 'quadruped', [0, 0, 1], true);
  const dir = process.argv[2];
  if (!dir) return;
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Array<{ id: string; bodyPlan: string }>;
  for (const c of manifest) {
    if (c.bodyPlan !== 'biped' && c.bodyPlan !== 'quadruped') continue;
    const file = join(dir, c.id, 'input.glb');
    if (!existsSync(file)) continue;
    const { mesh } = await readMesh(readFileSync(file));
    const target = fitSkeleton(mesh, c.bodyPlan).skeleton;
    row(`${c.bodyPlan === 'biped' ? 'walk' : 'dog walk'} → ${c.id}`, c.bodyPlan === 'biped' ? walk : dogWalk, target, c.bodyPlan, [0, 1, 0], true);
  }
}

void main();
