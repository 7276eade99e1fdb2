/**
 * Diagnostic: the separate pieces the rigid-piece rule's parent bar decides (`bindRigidPieces`'
 * `parentOwnerShare`): pieces whose strongest joint holds `--lo`..`--hi` of them with that joint's
 * parent as the runner-up, and whose owner's region holds them. For each: the owner's and the
 * runner-up's share in the solve, whether the owner is a leaf, the share of the piece past the
 * owner's joint (the plane across the parent bone through it), where the owner's joint lies in the
 * piece's box (per axis, 0..1 inside), and the artist's two strongest joints with their shares; so
 * a rule that would tell the pieces the artists bind from those they blend can be judged first.
 * The shares are read from the weights with the piece rules after the solve switched off (rigid
 * pieces, loose pieces, end chains, side leaves; the paired-leaf rules kept), pruned to four
 * influences: close to, not exactly, what `bindRigidPieces` reads.
 *
 *   npx tsx packages/rig/scripts/skin-parent-bar-pieces.ts <dev-set dir> [--lo 0.45] [--hi 0.75]
 *
 * A script, not a test: the set is development data that never enters the repository.
 */
import type { SkinWeights } from '@rigforge/mesh';
import { computeSkinWeights, type ComputeSkinWeightsOptions } from '../src/compute-skin-weights';
import { RIG_ENGINE_PRESETS } from '../src/rig-engine-presets';
import { connectedPieces, regionShare } from '../src/skinning/bind-rigid-pieces';
import { deformingParents } from '../src/skinning/deforming-joints';
import { pieceBox } from '../src/skinning/piece-box';
import { weldVertices } from '../src/weld-vertices';
import { arg } from './lib/cli-args';
import { readArtistSkin, readManifest } from './lib/dev-set';

/** Each joint's summed weight over the input vertices of a welded piece, strongest first, as shares. */
function shares(skin: SkinWeights, vertices: readonly number[]): Array<[number, number]> {
  const sum = new Map<number, number>();
  let total = 0;
  for (const v of vertices) {
    for (let s = 0; s < 4; s++) {
      const w = skin.weights[4 * v + s]!;
      if (!(w > 0)) continue;
      const j = skin.joints[4 * v + s]!;
      sum.set(j, (sum.get(j) ?? 0) + w);
      total += w;
    }
  }
  return [...sum].map(([j, w]): [number, number] => [j, w / total]).sort((a, b) => b[1] - a[1]);
}

async function main(): Promise<void> {
  const dir = process.argv[2]!;
  const lo = Number(arg('--lo') ?? 0.45), hi = Number(arg('--hi') ?? 0.75);
  const opts: ComputeSkinWeightsOptions = {
    ...RIG_ENGINE_PRESETS.fast.skin, rigidPieces: false, attachLoosePieces: false, chainPieces: false, sideLeavesAhead: false,
  };
  const f = (x: number): string => x.toFixed(2);
  for (const c of readManifest(dir)) {
    const skin = await readArtistSkin(dir, c.id);
    const ours = computeSkinWeights(skin.mesh, skin.skeleton, opts);
    const welded = weldVertices(skin.mesh.positions, skin.mesh.indices, { tolerance: 1e-5 });
    const nw = welded.positions.length / 3;
    const inputOf: number[][] = Array.from({ length: nw }, () => []);
    welded.remap.forEach((r, i) => inputOf[r]!.push(i));
    const parents = deformingParents(skin.skeleton, []);
    const children = skin.skeleton.joints.map((_, j) => parents.flatMap((p, k) => (p === j ? [k] : [])));
    const names = skin.skeleton.joints.map((j) => j.name);
    const pos = (j: number): readonly number[] => skin.skeleton.joints[j]!.position;
    for (const piece of connectedPieces(welded.indices, nw)) {
      const input = piece.flatMap((w) => inputOf[w]!);
      const s = shares(ours, input);
      if (s.length < 2) continue;
      const [[best, share], [second, secondShare]] = [s[0]!, s[1]!];
      if (parents[best] !== second || share < lo || share >= hi) continue;
      if (regionShare(welded.positions, piece, best, skin.skeleton, parents, children) < 0.9) continue;
      const a = pos(second), b = pos(best);
      let past = 0;
      for (const v of piece) {
        const d = [0, 1, 2].map((i) => welded.positions[3 * v + i]! - b[i]!);
        if (d[0]! * (b[0]! - a[0]!) + d[1]! * (b[1]! - a[1]!) + d[2]! * (b[2]! - a[2]!) >= 0) past++;
      }
      const box = pieceBox(welded.positions, piece);
      const inBox = [0, 1, 2].map((i) => f((b[i]! - box.lo[i]!) / Math.max(1e-12, box.hi[i]! - box.lo[i]!))).join(',');
      const artist = shares(skin.weights, input).slice(0, 2).map(([j, w]) => `${names[j]} ${f(w)}`).join(', ');
      console.log(`${c.id.padEnd(26)} ${c.artist.padEnd(18)} ${String(piece.length).padStart(5)} v | ours ${names[best]} ${f(share)}${children[best]!.length === 0 ? ' (leaf)' : ''}, ${names[second]} ${f(secondShare)} | past the joint ${f(past / piece.length)} | joint in box (${inBox}) | artist ${artist}`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
