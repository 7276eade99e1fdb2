/**
 * Prints the quality table: for every body plan's procedural creature, the fitted skeleton's
 * joint count, CD-J2J against the ground truth, containment, symmetry and the deformation check.
 * Run: npx tsx packages/rig/scripts/quality.ts
 */
import { BODY_PLANS } from '../src/body-plan';
import { fitSkeleton } from '../src/fit-skeleton';
import { computeSkinWeights } from '../src/compute-skin-weights';
import { buildCreature } from '../src/harness/build-creature';
import { checkDeformation } from '../src/harness/check-deformation';
import { measureJointError } from '../src/harness/measure-joint-error';

const verbose = process.argv.includes('--verbose');
const rows: string[] = [];
for (const plan of BODY_PLANS) {
  const creature = buildCreature(plan);
  const t0 = performance.now();
  const { skeleton, report } = fitSkeleton(creature.mesh, plan);
  const ms = performance.now() - t0;
  const err = measureJointError(creature.truth, skeleton, creature.mesh);
  const t1 = performance.now();
  const skin = computeSkinWeights(creature.mesh, skeleton);
  const skinMs = performance.now() - t1;
  const deform = checkDeformation(creature, skeleton, skin);
  const outside = skeleton.joints.filter((j) => !creature.contains(j.position)).map((j) => j.name);
  rows.push(`${plan.padEnd(11)} ${String(creature.mesh.indices.length / 3).padStart(6)} ${String(skeleton.joints.length).padStart(3)}/${String(creature.truth.joints.length).padEnd(3)} ${err.toFixed(4)}  ${report.matchScore.toFixed(2)}  ${outside.length ? 'OUT:' + outside.join(',') : 'inside'}  ${deform.ok ? 'ok ' : 'BAD'} (${deform.joint} follow ${deform.followRatio.toFixed(2)}, torso ${deform.fixedMax.toFixed(4)})  fit ${ms.toFixed(0)}ms skin ${skinMs.toFixed(0)}ms  ${report.warnings.join('; ')}`);
  if (verbose) {
    for (const j of skeleton.joints) console.log(plan, j.name, j.position.map((v) => v.toFixed(3)).join(' '));
  }
}
console.log('plan        tris   joints  CD-J2J  match  containment  deformation  timing  warnings');
for (const r of rows) console.log(r);
