/**
 * Diagnostic: where recall is lost on the dev set (weights given the artist's skeleton). A vertex's
 * recall is the share of the artist's joints (> 0.1) that we also give > 0.1; each joint the artist
 * gives a vertex and we do not is charged 1 / |artist's set| of that vertex, and classified by
 * whether we give it nothing at all there ("zero") or a little (< 0.1), by its role on the tree
 * (root, leaf, chain middle: one child, branch: several), by whether its bone is short (its link
 * to its children under half the skeleton's median link), by its relation to our strongest joint at
 * the vertex, and by whether it lies on the mesh's largest connected piece. Means over characters
 * (each character's loss over its vertices with an artist set), overall and per artist.
 *
 *   npx tsx packages/rig/scripts/skin-recall-loss.ts <dev-set dir> ['{"option":1}'] [--only id,id]
 *
 * A script, not a test: the set is development data that never enters the repository.
 */
import { computeSkinWeights, type ComputeSkinWeightsOptions } from '../src/compute-skin-weights';
import { RIG_ENGINE_PRESETS } from '../src/rig-engine-presets';
import { compareSkinWeights, SKIN_INFLUENCE_THRESHOLD } from '../src/skinning/skin-metrics';
import { weldVertices } from '../src/weld-vertices';
import { readArtistSkin, readManifest } from './lib/dev-set';
import { arg } from './lib/cli-args';

/** Each welded vertex's connected piece, and which piece is the largest. */
function pieces(positions: Float32Array, indices: Uint32Array): { of: Int32Array; largest: number } {
  const welded = weldVertices(positions, indices, { tolerance: 1e-5 });
  const nw = welded.positions.length / 3;
  const parent = new Int32Array(nw).map((_, i) => i);
  const find = (x: number): number => { while (parent[x] !== x) { parent[x] = parent[parent[x]!]!; x = parent[x]!; } return x; };
  for (let t = 0; t < welded.indices.length; t += 3) {
    const a = find(welded.indices[t]!), b = find(welded.indices[t + 1]!), c = find(welded.indices[t + 2]!);
    parent[b] = a; parent[find(c)] = a;
  }
  const count = new Map<number, number>();
  for (let i = 0; i < nw; i++) count.set(find(i), (count.get(find(i)) ?? 0) + 1);
  const largest = [...count].sort((x, y) => y[1] - x[1])[0]![0];
  const of = new Int32Array(positions.length / 3);
  for (let i = 0; i < of.length; i++) of[i] = find(welded.remap[i]!);
  return { of, largest };
}

async function main(): Promise<void> {
  const dir = process.argv[2]!;
  const variant = process.argv[3] && !process.argv[3].startsWith('--') ? process.argv[3] : '{}';
  const only = arg('--only')?.split(',');
  const opts: ComputeSkinWeightsOptions = { ...RIG_ENGINE_PRESETS.fast.skin, ...(JSON.parse(variant) as ComputeSkinWeightsOptions) };
  const chars = readManifest(dir).filter((c) => !only || only.includes(c.id));
  const total = new Map<string, number>();
  const perArtist = new Map<string, { n: number; lost: Map<string, number> }>();
  let recallSum = 0;
  const band = new Map<string, [number, number]>();
  for (const c of chars) {
    const skin = await readArtistSkin(dir, c.id);
    const ours = computeSkinWeights(skin.mesh, skin.skeleton, opts);
    const joints = skin.skeleton.joints;
    const n = skin.mesh.positions.length / 3;
    const m = compareSkinWeights(ours, skin.weights, n, joints.length);
    recallSum += m.recall;
    const children = joints.map((_, j) => joints.flatMap((x, k) => (x.parent === j ? [k] : [])));
    const link = (a: number, b: number): number => Math.hypot(...[0, 1, 2].map((k) => joints[a]!.position[k]! - joints[b]!.position[k]!) as [number, number, number]);
    const links = joints.flatMap((x, j) => (x.parent >= 0 ? [link(j, x.parent)] : [])).sort((a, b) => a - b);
    const median = links[Math.floor(links.length / 2)] ?? 0;
    const boneLength = joints.map((x, j) => {
      const ch = children[j]!;
      if (ch.length) return ch.reduce((s, k) => s + link(j, k), 0) / ch.length;
      return x.parent >= 0 ? link(j, x.parent) : 0;
    });
    const tails = joints.map((x, j) => {
      const ch = children[j]!;
      if (ch.length) return [0, 1, 2].map((k) => ch.reduce((acc, q) => acc + joints[q]!.position[k]!, 0) / ch.length);
      if (x.parent < 0) return [...x.position];
      return [0, 1, 2].map((k) => x.position[k]! + 0.5 * (x.position[k]! - joints[x.parent]!.position[k]!));
    });
    const ourMass = new Float64Array(joints.length);
    for (let i = 0; i < 4 * n; i++) ourMass[ours.joints[i]!] = ourMass[ours.joints[i]!]! + ours.weights[i]!;
    const { of: pieceOf, largest } = pieces(skin.mesh.positions, skin.mesh.indices);
    const lost = new Map<string, number>();
    const byJoint = new Map<string, number>();
    let recallN = 0;
    const rw = new Map<number, number>(), pw = new Map<number, number>();
    for (let v = 0; v < n; v++) {
      rw.clear(); pw.clear();
      let rs = 0, ps = 0;
      for (let s = 0; s < 4; s++) { rs += skin.weights.weights[4 * v + s]!; ps += ours.weights[4 * v + s]!; }
      for (let s = 0; s < 4; s++) {
        const jr = skin.weights.joints[4 * v + s]!, jp = ours.joints[4 * v + s]!;
        if (rs > 0) rw.set(jr, (rw.get(jr) ?? 0) + skin.weights.weights[4 * v + s]! / rs);
        if (ps > 0) pw.set(jp, (pw.get(jp) ?? 0) + ours.weights[4 * v + s]! / ps);
      }
      const set = [...rw].filter(([, w]) => w > SKIN_INFLUENCE_THRESHOLD).map(([j]) => j);
      if (!set.length) continue;
      recallN++;
      let best = -1, bw = -1;
      for (const [j, w] of pw) if (w > bw) { bw = w; best = j; }
      const parent = best >= 0 ? joints[best]!.parent : -1;
      if (parent >= 0 && (pw.get(parent) ?? 0) <= SKIN_INFLUENCE_THRESHOLD) {
        const h = joints[best]!.position, tl = tails[best]!;
        const ax = [0, 1, 2].map((k) => tl[k]! - h[k]!);
        const len2 = ax.reduce((acc, x) => acc + x * x, 0);
        if (len2 > 0) {
          const t = [0, 1, 2].reduce((acc, k) => acc + (skin.mesh.positions[3 * v + k]! - h[k]!) * ax[k]!, 0) / len2;
          const bucket = t < 0 ? 't < 0' : t < 0.1 ? '0 ≤ t < 0.1' : t < 0.2 ? '0.1 ≤ t < 0.2' : t < 0.3 ? '0.2 ≤ t < 0.3' : 't ≥ 0.3';
          const hit = (rw.get(parent) ?? 0) > SKIN_INFLUENCE_THRESHOLD ? 1 : 0;
          for (const key of [`all, ${bucket}`, `${c.artist}, ${bucket}`]) {
            const e = band.get(key) ?? [0, 0];
            e[0] += hit; e[1]++;
            band.set(key, e);
          }
        }
      }
      for (const j of set) {
        const w = pw.get(j) ?? 0;
        if (w > SKIN_INFLUENCE_THRESHOLD) continue;
        const J = joints[j]!, B = joints[best]!;
        const role = J.parent < 0 ? 'root' : children[j]!.length === 0 ? 'leaf' : children[j]!.length === 1 ? 'chain' : 'branch';
        const short = boneLength[j]! < 0.5 * median ? 'short' : 'long';
        let rel = 'other';
        if (best < 0) rel = 'none';
        else if (B.parent === j) rel = 'parent-of-ours';
        else if (J.parent === best) rel = 'child-of-ours';
        else if (J.parent === B.parent && J.parent >= 0) rel = 'sibling';
        else if (B.parent >= 0 && joints[B.parent]!.parent === j) rel = 'grandparent-of-ours';
        else if (J.parent >= 0 && joints[J.parent]!.parent === best) rel = 'grandchild-of-ours';
        const amount = w > 0 ? 'small' : ourMass[j]! > 0 ? 'zero' : 'zero, joint absent';
        const where = pieceOf[v] === largest ? 'body' : 'piece';
        const jk = `${J.name} (${role} ${short}, ${where}) ${amount === 'small' ? 'small' : 'zero'} ours ${B?.name}`;
        byJoint.set(jk, (byJoint.get(jk) ?? 0) + 1 / set.length);
        for (const key of [`${amount}`, `${amount} | ${role}`, `${amount} | ${role} ${short}`, `${amount} | ${rel}`, `${amount} | ${where}`, `${amount} | ${role} ${short} | ${rel} | ${where}`]) {
          lost.set(key, (lost.get(key) ?? 0) + 1 / set.length);
        }
      }
    }
    const pa = perArtist.get(c.artist) ?? { n: 0, lost: new Map<string, number>() };
    pa.n++;
    perArtist.set(c.artist, pa);
    for (const [k, x] of lost) {
      total.set(k, (total.get(k) ?? 0) + x / recallN / chars.length);
      pa.lost.set(k, (pa.lost.get(k) ?? 0) + x / recallN);
    }
    if (process.env.PER) {
      const top = [...lost].filter(([k]) => k.split('|').length === 4).sort((a, b) => b[1] - a[1]).slice(0, 4);
      console.log(`${c.id.padEnd(28)} ${c.artist.padEnd(18)} recall ${m.recall.toFixed(3)} | ${top.map(([k, x]) => `${k} ${(x / recallN).toFixed(3)}`).join(' ; ')}`);
      for (const [k, x] of [...byJoint].sort((a, b) => b[1] - a[1]).slice(0, 8)) if (x / recallN >= 0.003) console.log(`    ${(x / recallN).toFixed(3)} ${k}`);
    }
  }
  console.log(`\nmean recall ${(recallSum / chars.length).toFixed(4)}; lost, mean over ${chars.length} characters:`);
  for (const [k, x] of [...total].sort((a, b) => b[1] - a[1])) if (x >= 0.0005) console.log(`${x.toFixed(4)}  ${k}`);
  console.log('\nparent at most 0.1 where the artist gives it more, by position along our strongest joint\'s bone (vertices pooled):');
  for (const [k, [hit, all]] of [...band].sort((a, b) => a[0].localeCompare(b[0]))) console.log(`  ${k.padEnd(36)} rate ${(hit / all).toFixed(2)} of ${all} vertices`);
  console.log('\nper artist (mean over its characters), the 3 largest classes of four keys:');
  for (const [a, { n, lost }] of perArtist) {
    const sum = [...lost].filter(([k]) => !k.includes('|')).reduce((s, [, x]) => s + x, 0) / n;
    const top = [...lost].filter(([k]) => k.split('|').length === 4).sort((x, y) => y[1] - x[1]).slice(0, 3);
    console.log(`${a} (${n}): lost ${sum.toFixed(3)} | ${top.map(([k, x]) => `${k} ${(x / n).toFixed(3)}`).join(' ; ')}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
