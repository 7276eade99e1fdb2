/**
 * Diagnostic: the separate pieces of each dev-set character's welded mesh, with how the artist
 * and we weight each (the strongest joint and its share of the piece's weight), so a rule about
 * rigid pieces can be judged against the artists' practice before it is written.
 *
 *   ONLY=id,id npx tsx packages/rig/scripts/skin-pieces.ts <dev-set dir> ['{"rigidPieces":false}']
 */
import { computeSkinWeights, type ComputeSkinWeightsOptions } from '../src/compute-skin-weights';
import { RIG_ENGINE_PRESETS } from '../src/rig-engine-presets';
import { weldVertices } from '../src/weld-vertices';
import { readArtistSkin, readManifest } from './lib/dev-set';

async function main(): Promise<void> {
  const dir = process.argv[2]!;
  const opts: ComputeSkinWeightsOptions = { ...RIG_ENGINE_PRESETS.fast.skin, ...(JSON.parse(process.argv[3] ?? '{}') as ComputeSkinWeightsOptions) };
  const only = process.env.ONLY?.split(',');
  for (const c of readManifest(dir).filter((x) => !only || only.includes(x.id))) {
    const skin = await readArtistSkin(dir, c.id);
    const ours = computeSkinWeights(skin.mesh, skin.skeleton, opts);
    const welded = weldVertices(skin.mesh.positions, skin.mesh.indices, { tolerance: 1e-5 });
    const nw = welded.positions.length / 3;
    const root = new Int32Array(nw).map((_, i) => i);
    const find = (i: number): number => { while (root[i] !== i) { root[i] = root[root[i]!]!; i = root[i]!; } return i; };
    for (let t = 0; t < welded.indices.length; t += 3) {
      const a = find(welded.indices[t]!), b = find(welded.indices[t + 1]!), d = find(welded.indices[t + 2]!);
      root[b] = a; root[find(d)] = a;
    }
    const n = skin.mesh.positions.length / 3;
    const pieces = new Map<number, number[]>();
    for (let v = 0; v < n; v++) { const r = find(welded.remap[v]!); (pieces.get(r) ?? pieces.set(r, []).get(r)!).push(v); }
    const names = skin.skeleton.joints.map((j) => j.name);
    const top = (w: { joints: Uint16Array; weights: Float32Array }, vs: number[]): [string, number, number] => {
      const m = new Map<number, number>(); let tot = 0;
      for (const v of vs) for (let s = 0; s < 4; s++) { const x = w.weights[4 * v + s]!; if (x > 0) { m.set(w.joints[4 * v + s]!, (m.get(w.joints[4 * v + s]!) ?? 0) + x); tot += x; } }
      const sorted = [...m].sort((a, b) => b[1] - a[1]);
      if (sorted.length === 0) return ['none', 0, 0];
      // minimum over vertices of the top joint's weight: 1 = rigid.
      let minTop = 1;
      for (const v of vs) { let x = 0; for (let s = 0; s < 4; s++) if (w.joints[4 * v + s] === sorted[0]![0]) x += w.weights[4 * v + s]!; minTop = Math.min(minTop, x); }
      return [names[sorted[0]![0]] ?? '?', sorted[0]![1] / tot, minTop];
    };
    const list = [...pieces.values()].sort((a, b) => b.length - a.length);
    let rigidVerts = 0;
    for (const vs of list) { const a = top(skin.weights, vs); if (a[2] > 0.99) rigidVerts += vs.length; }
    console.log(`${c.id} (${c.artist}) ${list.length} pieces, ${(100 * rigidVerts / n).toFixed(0)}% of vertices in pieces the artist gives one joint`);
    for (const vs of list.slice(0, Number(process.env.TOP ?? 12))) {
      const a = top(skin.weights, vs), o = top(ours, vs);
      let l1 = 0;
      for (const v of vs) { const d = new Map<number, number>(); for (let s = 0; s < 4; s++) { d.set(skin.weights.joints[4 * v + s]!, (d.get(skin.weights.joints[4 * v + s]!) ?? 0) + skin.weights.weights[4 * v + s]!); d.set(ours.joints[4 * v + s]!, (d.get(ours.joints[4 * v + s]!) ?? 0) - ours.weights[4 * v + s]!); } for (const x of d.values()) l1 += Math.abs(x); }
      console.log(`  ${String(vs.length).padStart(6)} v  artist ${a[0]} ${a[1].toFixed(2)} min ${a[2].toFixed(2)} | ours ${o[0]} ${o[1].toFixed(2)} min ${o[2].toFixed(2)} | L1 share ${(l1 / n).toFixed(3)}`);
    }
  }
}

main().catch((error: unknown) => { console.error(error); process.exit(1); });
