/**
 * Chooses the rigid-piece rule's constants (skinning/bind-rigid-pieces) leaving one artist out:
 * the weights are solved once per character without the rule, then the rule is applied for each
 * (ownerShare, outsideShare) pair on the welded weights (the rule runs after the solve, so this is
 * the pipeline's result up to the pruning of influences under 1%). For each artist, the pair with
 * the best mean L1 over the other artists' characters, among those that make no other artist with
 * 3+ characters worse by more than 0.02 L1, is scored on that artist's characters.
 *
 *   npx tsx packages/rig/scripts/rigid-pieces-loao.ts <dev-set dir> [--owner 0.5,0.7,0.9] [--outside 0.1,0.3,1] [--no-confine]
 *
 * With the leaves confined to their pieces (skinning/confine-leaves-to-pieces) unless --no-confine.
 */
import { computeSkinWeights } from '../src/compute-skin-weights';
import { RIG_ENGINE_PRESETS } from '../src/rig-engine-presets';
import { bindRigidPieces, connectedPieces } from '../src/skinning/bind-rigid-pieces';
import { confineLeavesToPieces, keepLeafPiecesOnChain } from '../src/skinning/confine-leaves-to-pieces';
import { compareSkinWeights } from '../src/skinning/skin-metrics';
import { weldVertices } from '../src/weld-vertices';
import { readArtistSkin, readManifest } from './lib/dev-set';

interface Score { l1: number; p: number; r: number }

function list(flag: string, fallback: number[]): number[] {
  const i = process.argv.indexOf(flag);
  return i > 0 ? process.argv[i + 1]!.split(',').map(Number) : fallback;
}

async function main(): Promise<void> {
  const dir = process.argv[2]!;
  const confine = !process.argv.includes('--no-confine');
  const owners = list('--owner', [0.5, 0.6, 0.7, 0.8, 0.9]);
  const outsides = list('--outside', [0.05, 0.1, 0.2, 0.3, 0.5, 1]);
  const variants: { owner: number; outside: number }[] = [{ owner: 2, outside: 0 }];
  for (const owner of owners) for (const outside of outsides) variants.push({ owner, outside });
  const only = process.env.ONLY?.split(',');
  const chars = readManifest(dir).filter((c) => !only || only.includes(c.id));
  const scores: Score[][] = variants.map(() => []);
  for (const [ci, c] of chars.entries()) {
    const skin = await readArtistSkin(dir, c.id);
    const n = skin.mesh.positions.length / 3;
    const base = computeSkinWeights(skin.mesh, skin.skeleton, { ...RIG_ENGINE_PRESETS.fast.skin, rigidPieces: false, confineLeaves: false, leafPiecesOnChain: false });
    const welded = weldVertices(skin.mesh.positions, skin.mesh.indices, { tolerance: 1e-5 });
    const nw = welded.positions.length / 3;
    const pieces = connectedPieces(welded.indices, nw);
    const first = new Int32Array(nw).fill(-1);
    for (let v = 0; v < n; v++) if (first[welded.remap[v]!] === -1) first[welded.remap[v]!] = v;
    const parents = skin.skeleton.joints.map((j) => j.parent);
    variants.forEach((variant, k) => {
      const joints = new Int32Array(4 * nw).fill(-1), weights = new Float32Array(4 * nw);
      for (let w = 0; w < nw; w++) {
        for (let s = 0; s < 4; s++) {
          const x = base.weights[4 * first[w]! + s]!;
          if (x > 0) { joints[4 * w + s] = base.joints[4 * first[w]! + s]!; weights[4 * w + s] = x; }
        }
      }
      if (variant.owner <= 1) {
        if (confine) confineLeavesToPieces(welded.positions, pieces, skin.skeleton, parents, joints, weights, 4);
        if (confine) keepLeafPiecesOnChain(welded.positions, pieces, skin.skeleton, parents, joints, weights, 4);
        bindRigidPieces(welded.positions, pieces, skin.skeleton, parents, joints, weights, 4, { ownerShare: variant.owner, outsideShare: variant.outside });
      }
      const out = { joints: new Uint16Array(4 * n), weights: new Float32Array(4 * n) };
      for (let v = 0; v < n; v++) {
        for (let s = 0; s < 4; s++) {
          const j = joints[4 * welded.remap[v]! + s]!;
          out.joints[4 * v + s] = j >= 0 ? j : 0;
          out.weights[4 * v + s] = j >= 0 ? weights[4 * welded.remap[v]! + s]! : 0;
        }
      }
      const m = compareSkinWeights(out, skin.weights, n, skin.skeleton.joints.length);
      scores[k]![ci] = { l1: m.meanL1, p: m.precision, r: m.recall };
    });
    if (process.env.PER) console.log(`${c.id.padEnd(28)} ${variants.map((_, k) => scores[k]![ci]!.l1.toFixed(3)).join(" ")}`);
  }
  const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const fmt = (s: Score[]): string => `${mean(s.map((x) => x.l1)).toFixed(3)}/${mean(s.map((x) => x.p)).toFixed(3)}/${mean(s.map((x) => x.r)).toFixed(3)}`;
  const name = (k: number): string => (variants[k]!.owner > 1 ? 'off' : `owner ${variants[k]!.owner} outside ${variants[k]!.outside}`);
  const artists = [...new Set(chars.map((c) => c.artist))];
  const byArtist = (k: number, a: string): Score[] => chars.flatMap((c, i) => (c.artist === a ? [scores[k]![i]!] : []));
  variants.forEach((_, k) => console.log(`${name(k).padEnd(26)} all ${fmt(scores[k]!)}  ${artists.filter((a) => byArtist(0, a).length >= 3).map((a) => `${a} ${mean(byArtist(k, a).map((x) => x.l1)).toFixed(3)}`).join('  ')}`));
  const heldOut: Score[] = [];
  for (const a of artists) {
    const rest = chars.flatMap((c, i) => (c.artist !== a ? [i] : []));
    // The issue's acceptance rule, applied to the other artists only: a variant that makes any
    // other artist with 3+ characters worse than the rule off by more than 0.02 L1 is not taken.
    const others = artists.filter((x) => x !== a && byArtist(0, x).length >= 3);
    const allowed = (k: number): boolean => others.every((x) => mean(byArtist(k, x).map((s) => s.l1)) <= mean(byArtist(0, x).map((s) => s.l1)) + 0.02);
    let best = 0;
    variants.forEach((_, k) => { if (allowed(k) && mean(rest.map((i) => scores[k]![i]!.l1)) < mean(rest.map((i) => scores[best]![i]!.l1))) best = k; });
    heldOut.push(...byArtist(best, a));
    console.log(`left out ${a.padEnd(20)} chose ${name(best).padEnd(26)} its score ${fmt(byArtist(best, a))} (off: ${fmt(byArtist(0, a))})`);
  }
  console.log(`held out: ${fmt(heldOut)} over ${heldOut.length} characters (off: ${fmt(scores[0]!)})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
