/**
 * Ablation runner for the skin weights on the artist-rigged dev set: loads every character's
 * artist skin once, then scores `computeSkinWeights` for several option variants, per body plan
 * and overall (L1, precision, recall as the set's README defines them), plus where the L1 comes
 * from (by the artist's dominant joint, names folded to a part).
 *
 *   npx tsx packages/rig/scripts/skin-ablation.ts <dev-set dir> ['{"falloff":8}' ...] [--parts]
 *
 * Each extra argument is a JSON object of ComputeSkinWeightsOptions merged over the fast preset;
 * `{}` alone is the fast engine.
 */
import { computeSkinWeights, type ComputeSkinWeightsOptions } from '../src/compute-skin-weights';
import { RIG_ENGINE_PRESETS } from '../src/rig-engine-presets';
import { compareSkinWeights } from '../src/skinning/skin-metrics';
import { readArtistSkin, readManifest, type ArtistSkin } from './lib/dev-set';

const PART_RULES: [RegExp, string][] = [
  [/thumb|index|middle|ring|pinky|finger/i, 'finger'], [/hand|palm|wrist/i, 'hand'], [/head|face|jaw|eye|mouth/i, 'head'],
  [/neck/i, 'neck'], [/toe/i, 'toe'], [/foot|ankle/i, 'foot'], [/tail/i, 'tail'], [/shoulder|clavicle/i, 'shoulder'],
  [/lowerarm|forearm|elbow/i, 'forearm'], [/arm/i, 'upperarm'], [/lowerleg|shin|calf|knee/i, 'shin'], [/leg|thigh/i, 'thigh'],
  [/spine|chest|torso|body|hips|pelvis|root/i, 'trunk'],
];
const part = (name: string): string => PART_RULES.find(([re]) => re.test(name))?.[1] ?? 'other';

async function main(): Promise<void> {
  const dir = process.argv[2]!;
  const variants = process.argv.slice(3).filter((a) => !a.startsWith('--'));
  const showParts = process.argv.includes('--parts');
  const only = process.env.ONLY?.split(',');
  const chars = readManifest(dir).filter((c) => !only || only.includes(c.id));
  const skins: { id: string; plan: string; skin: ArtistSkin }[] = [];
  for (const c of chars) skins.push({ id: c.id, plan: c.bodyPlan, skin: await readArtistSkin(dir, c.id) });
  for (const v of variants.length ? variants : ['{}']) {
    const opts: ComputeSkinWeightsOptions = { ...RIG_ENGINE_PRESETS.fast.skin, ...(JSON.parse(v) as ComputeSkinWeightsOptions) };
    const rows: { id: string; plan: string; l1: number; p: number; r: number; u: number; inf: number; mx: number; ms: number }[] = [];
    const partL1 = new Map<string, number>();
    let wrongFrac = 0, wrongL1 = 0, rightL1 = 0;
    for (const { id, plan, skin } of skins) {
      const t0 = performance.now();
      const ours = computeSkinWeights(skin.mesh, skin.skeleton, opts);
      const ms = performance.now() - t0;
      const n = skin.mesh.positions.length / 3;
      const jc = skin.skeleton.joints.length;
      const m = compareSkinWeights(ours, skin.weights, n, jc);
      rows.push({ id, plan, l1: m.meanL1, p: m.precision, r: m.recall, u: m.unweighted, inf: m.predictedInfluences, mx: m.predictedMaxWeight, ms });
      {
        let wf = 0, wl = 0, rl = 0;
        for (let i = 0; i < n; i++) {
          const dense = new Map<number, number>();
          let br = -1, bwr = -1, bp = -1, bwp = -1, sr = 0, sp = 0;
          for (let s = 0; s < 4; s++) { sr += skin.weights.weights[4 * i + s]!; sp += ours.weights[4 * i + s]!; }
          for (let s = 0; s < 4; s++) {
            const jr = skin.weights.joints[4 * i + s]!, wr = skin.weights.weights[4 * i + s]! / (sr || 1);
            const jp = ours.joints[4 * i + s]!, wp = ours.weights[4 * i + s]! / (sp || 1);
            dense.set(jr, (dense.get(jr) ?? 0) + wr);
            dense.set(jp, (dense.get(jp) ?? 0) - wp);
            if (wr > bwr) { bwr = wr; br = jr; }
            if (wp > bwp) { bwp = wp; bp = jp; }
          }
          let l = 0;
          for (const d of dense.values()) l += Math.abs(d);
          // The set has a few vertices with NaN weights (a joint without data); they carry no L1.
          if (!Number.isFinite(l)) continue;
          if (br !== bp) {
            wf++;
            wl += l;
          } else rl += l;
        }
        wrongFrac += wf / n / skins.length;
        wrongL1 += wl / n / skins.length;
        rightL1 += rl / n / skins.length;
      }
      if (showParts) {
        for (let i = 0; i < n; i++) {
          let best = 0, bw = -1, sumR = 0, sumP = 0;
          for (let s = 0; s < 4; s++) { sumR += skin.weights.weights[4 * i + s]!; sumP += ours.weights[4 * i + s]!; }
          const dense = new Map<number, number>();
          for (let s = 0; s < 4; s++) {
            const wr = skin.weights.weights[4 * i + s]! / (sumR || 1), jr = skin.weights.joints[4 * i + s]!;
            if (wr > bw) { bw = wr; best = jr; }
            dense.set(jr, (dense.get(jr) ?? 0) + wr);
            const jp = ours.joints[4 * i + s]!;
            dense.set(jp, (dense.get(jp) ?? 0) - ours.weights[4 * i + s]! / (sumP || 1));
          }
          let l1 = 0;
          for (const d of dense.values()) l1 += Math.abs(d);
          const key = part(skin.skeleton.joints[best]!.name);
          partL1.set(key, (partL1.get(key) ?? 0) + l1 / n / skins.length);
        }
      }
      if (process.env.DIAG) {
        const pairs = new Map<string, number>();
        let nan = 0;
        for (let i = 0; i < n; i++) {
          let br = 0, bwr = -1, bp = 0, bwp = -1;
          for (let s = 0; s < 4; s++) {
            const wr = skin.weights.weights[4 * i + s]!, wp = ours.weights[4 * i + s]!;
            if (Number.isNaN(wp)) nan++;
            if (wr > bwr) { bwr = wr; br = skin.weights.joints[4 * i + s]!; }
            if (wp > bwp) { bwp = wp; bp = ours.joints[4 * i + s]!; }
          }
          if (br !== bp) {
            const key = `${skin.skeleton.joints[br]!.name}->${skin.skeleton.joints[bp]!.name}`;
            pairs.set(key, (pairs.get(key) ?? 0) + 1 / n);
          }
        }
        console.log(`  ${id} nan ${nan} wrong-dominant: ` + [...pairs].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, x]) => `${k} ${(100 * x).toFixed(1)}%`).join(', '));
      }
      if (process.env.PER) console.log(`  ${id.padEnd(28)} ${plan.padEnd(10)} L1 ${m.meanL1.toFixed(3)} P ${m.precision.toFixed(3)} R ${m.recall.toFixed(3)} inf ${m.predictedInfluences.toFixed(2)}/${m.referenceInfluences.toFixed(2)} max ${m.predictedMaxWeight.toFixed(2)}/${m.referenceMaxWeight.toFixed(2)} ${ms.toFixed(0)} ms`);
    }
    const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
    const line = (rs: typeof rows): string =>
      `L1 ${mean(rs.map((r) => r.l1)).toFixed(3)} P ${mean(rs.map((r) => r.p)).toFixed(3)} R ${mean(rs.map((r) => r.r)).toFixed(3)} ` +
      `unw ${rs.reduce((a, r) => a + r.u, 0)} inf ${mean(rs.map((r) => r.inf)).toFixed(2)} max ${mean(rs.map((r) => r.mx)).toFixed(2)} ms ${mean(rs.map((r) => r.ms)).toFixed(0)}`;
    console.log(`${v}\n  all        ${line(rows)} | wrong dominant ${(100 * wrongFrac).toFixed(1)}% carrying L1 ${wrongL1.toFixed(3)}, the rest ${rightL1.toFixed(3)}`);
    for (const p of [...new Set(rows.map((r) => r.plan))]) console.log(`  ${p.padEnd(10)} ${line(rows.filter((r) => r.plan === p))}`);
    if (showParts) console.log('  L1 by part: ' + [...partL1].sort((a, b) => b[1] - a[1]).map(([k, x]) => `${k} ${x.toFixed(3)}`).join(', '));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
