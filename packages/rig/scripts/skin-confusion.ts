/**
 * Diagnostic: where our dominant joint differs from the artist's on the dev set, classify the pair
 * by skeleton relation (ours is the artist's parent, child, sibling, other), by our joint's kind
 * (leaf, branch with several children, a joint the artist never weights) and by the vertex's
 * position along the artist joint's bone; summed over characters as shares of all vertices.
 *
 *   npx tsx packages/rig/scripts/skin-confusion.ts <dev-set dir> ['{"falloff":8}']
 */
import { computeSkinWeights, type ComputeSkinWeightsOptions } from '../src/compute-skin-weights';
import { RIG_ENGINE_PRESETS } from '../src/rig-engine-presets';
import { readArtistSkin, readManifest } from './lib/dev-set';

async function main(): Promise<void> {
  const dir = process.argv[2]!;
  const v = process.argv[3] ?? '{}';
  const only = process.env.ONLY?.split(',');
  const opts: ComputeSkinWeightsOptions = { ...RIG_ENGINE_PRESETS.fast.skin, ...(JSON.parse(v) as ComputeSkinWeightsOptions) };
  const chars = readManifest(dir).filter((c) => !only || only.includes(c.id));
  const total = new Map<string, number>();
  for (const c of chars) {
    const skin = await readArtistSkin(dir, c.id);
    const ours = computeSkinWeights(skin.mesh, skin.skeleton, opts);
    const joints = skin.skeleton.joints;
    const n = skin.mesh.positions.length / 3;
    const children = joints.map((_, j) => joints.filter((x) => x.parent === j).length);
    const artistMass = new Float64Array(joints.length);
    for (let i = 0; i < 4 * n; i++) {
      const j = skin.weights.joints[i]!;
      artistMass[j] = artistMass[j]! + skin.weights.weights[i]!;
    }
    const byPlan = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      let br = 0, bwr = -1, bp = 0, bwp = -1;
      for (let s = 0; s < 4; s++) {
        const wr = skin.weights.weights[4 * i + s]!, wp = ours.weights[4 * i + s]!;
        if (wr > bwr) { bwr = wr; br = skin.weights.joints[4 * i + s]!; }
        if (wp > bwp) { bwp = wp; bp = ours.joints[4 * i + s]!; }
      }
      if (br === bp) continue;
      const A = joints[br]!, B = joints[bp]!;
      let rel = 'other';
      if (B.parent === br) rel = 'ours=child';
      else if (A.parent === bp) rel = 'ours=parent';
      else if (A.parent === B.parent && A.parent >= 0) rel = 'sibling';
      else if (B.parent >= 0 && joints[B.parent]!.parent === br) rel = 'ours=grandchild';
      else if (A.parent >= 0 && joints[A.parent]!.parent === bp) rel = 'ours=grandparent';
      const kindA = children[br] === 0 ? 'leaf' : children[br]! > 1 ? 'branch' : 'chain';
      const kindB = artistMass[bp]! < 1e-6 ? 'unweighted' : children[bp] === 0 ? 'leaf' : children[bp]! > 1 ? 'branch' : 'chain';
      for (const key of [`rel ${rel}`, `artist ${kindA} / ours ${kindB}`, `${rel} artist ${kindA} ours ${kindB}`]) {
        byPlan.set(key, (byPlan.get(key) ?? 0) + 1 / n);
      }
    }
    for (const [k, x] of byPlan) total.set(k, (total.get(k) ?? 0) + x / chars.length);
    if (process.env.PER) console.log(c.id, [...byPlan].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, x]) => `${k} ${(100 * x).toFixed(1)}%`).join(' | '));
  }
  for (const [k, x] of [...total].sort((a, b) => b[1] - a[1])) console.log(`${(100 * x).toFixed(2).padStart(6)}%  ${k}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
