/**
 * Prints the quality table (markdown): for every body plan's procedural creature (plus the
 * humanoid in an A-pose and a big-headed one), the fitted skeleton's joint count against the truth's, CD-J2J, the
 * match score, containment of every joint, and the 90° deformation check with our skin weights.
 *   npx tsx packages/rig/scripts/quality.ts [--verbose]
 */
import type { BodyPlan } from '../src/body-plan';
import { BODY_PLANS } from '../src/body-plan';
import { computeSkinWeights } from '../src/compute-skin-weights';
import { fitSkeleton } from '../src/fit-skeleton';
import { buildAPoseBiped, buildChibiBiped, buildCreature, type Creature } from '../testing/build-creature';
import { checkDeformation } from '../testing/check-deformation';
import { measureJointError } from '../testing/measure-joint-error';

const verbose = process.argv.includes('--verbose');
const cases: [BodyPlan, Creature][] = BODY_PLANS.map((p) => [p, buildCreature(p)]);
cases.splice(1, 0, ['biped', buildAPoseBiped()], ['biped', buildChibiBiped()]);
console.log('| plan | creature | triangles | joints (fit/true) | CD-J2J | match | joints inside | deformation (bent joint: limb follow, torso max move) | fit ms | skin ms |');
console.log('|---|---|---:|---:|---:|---:|---|---|---:|---:|');
for (const [plan, creature] of cases) {
  const t0 = performance.now();
  const { skeleton, report } = fitSkeleton(creature.mesh, plan);
  const fitMs = performance.now() - t0;
  const t1 = performance.now();
  const skin = computeSkinWeights(creature.mesh, skeleton);
  const skinMs = performance.now() - t1;
  const d = checkDeformation(creature, skeleton, skin);
  const err = measureJointError(creature.truth, skeleton, creature.mesh);
  const outside = skeleton.joints.filter((j) => !creature.contains(j.position)).map((j) => j.name);
  console.log(
    `| ${plan} | ${creature.name} | ${creature.mesh.indices.length / 3} | ${skeleton.joints.length}/${creature.truth.joints.length} | ${err.toFixed(4)} | ${report.matchScore.toFixed(2)} | ${outside.length ? 'no: ' + outside.join(', ') : 'all'} | ${d.ok ? 'ok' : 'FAIL'} (${d.joint}: ${d.followRatio.toFixed(2)}, ${d.fixedMax.toFixed(4)}) | ${fitMs.toFixed(0)} | ${skinMs.toFixed(0)} |` +
      (report.warnings.length ? ` ${report.warnings.join('; ')}` : ''),
  );
  if (verbose) for (const j of skeleton.joints) console.log(`  ${j.name} ${j.position.map((v) => v.toFixed(3)).join(' ')}`);
}
