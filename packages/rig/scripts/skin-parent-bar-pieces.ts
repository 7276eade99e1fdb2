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
 * Also whether the owner and the runner-up hold a separate piece of their own (≥ 0.7 of it: the
 * test of `leafBarNeedsRigidPart`); with `--more`, the piece's neighbourhood (brute force, slow):
 * the nearest other piece and the one nearest the owner's joint with their shares, the gaps to
 * other pieces over the piece's box diagonal, the other pieces' vertices inside its box and their
 * solved owner / runner-up weight, and how far the piece and the owner's other vertices reach along
 * the parent → owner bone (in bones past the joint).
 *
 *   npx tsx packages/rig/scripts/skin-parent-bar-pieces.ts <dev-set dir> [--lo 0.45] [--hi 0.75] [--more]
 *
 * A script, not a test: the set is development data that never enters the repository.
 */
import { computeSkinWeights } from '../src/compute-skin-weights';
import { connectedPieces, regionShare } from '../src/skinning/bind-rigid-pieces';
import { deformingParents } from '../src/skinning/deforming-joints';
import { pieceBox } from '../src/skinning/piece-box';
import { arg } from './lib/cli-args';
import { readArtistSkin, readManifest } from './lib/dev-set';
import { PIECE_RULES_OFF, weldedInputs, pieceShares as shares } from './lib/piece-shares';

async function main(): Promise<void> {
  const dir = process.argv[2]!;
  const lo = Number(arg('--lo') ?? 0.45), hi = Number(arg('--hi') ?? 0.75);
  const more = process.argv.includes('--more');
  const opts = PIECE_RULES_OFF;
  const f = (x: number): string => x.toFixed(2);
  for (const c of readManifest(dir)) {
    const skin = await readArtistSkin(dir, c.id);
    const ours = computeSkinWeights(skin.mesh, skin.skeleton, opts);
    const { welded, nw, inputOf } = weldedInputs(skin.mesh);
    const parents = deformingParents(skin.skeleton, []);
    const children = skin.skeleton.joints.map((_, j) => parents.flatMap((p, k) => (p === j ? [k] : [])));
    const names = skin.skeleton.joints.map((j) => j.name);
    const pos = (j: number): readonly number[] => skin.skeleton.joints[j]!.position;
    const allPieces = connectedPieces(welded.indices, nw);
    // The joints that hold a separate piece of their own (≥ 0.7 of it in the solve: bindRigidPieces' ownerShare).
    const rigidOf = new Set(allPieces.flatMap((q) => { const t = shares(ours, q.flatMap((w) => inputOf[w]!))[0]; return t && t[1] >= 0.7 ? [t[0]] : []; }));
    for (const piece of allPieces) {
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
      console.log(`${c.id.padEnd(26)} ${c.artist.padEnd(18)} ${String(piece.length).padStart(5)} v | ours ${names[best]} ${f(share)}${children[best]!.length === 0 ? ' (leaf)' : ''}, ${names[second]} ${f(secondShare)} | past the joint ${f(past / piece.length)} | joint in box (${inBox}) | rigid piece of its own: owner ${rigidOf.has(best) ? 'yes' : 'no'}, runner-up ${rigidOf.has(second) ? 'yes' : 'no'} | artist ${artist}`);
      if (more) {
        // The nearest other piece (closest vertex pair) and the other piece nearest the owner's joint.
        const pieceOf = new Int32Array(nw).fill(-1);
        allPieces.forEach((q, k) => { for (const v of q) pieceOf[v] = k; });
        const self = pieceOf[piece[0]!]!;
        let nd = Infinity, nk = -1, jd = Infinity, jk = -1;
        const P = welded.positions;
        for (let w = 0; w < nw; w++) {
          const k = pieceOf[w]!;
          if (k < 0 || k === self) continue;
          const dj = (P[3 * w]! - b[0]!) ** 2 + (P[3 * w + 1]! - b[1]!) ** 2 + (P[3 * w + 2]! - b[2]!) ** 2;
          if (dj < jd) { jd = dj; jk = k; }
          for (const v of piece) {
            const d = (P[3 * w]! - P[3 * v]!) ** 2 + (P[3 * w + 1]! - P[3 * v + 1]!) ** 2 + (P[3 * w + 2]! - P[3 * v + 2]!) ** 2;
            if (d < nd) { nd = d; nk = k; }
          }
        }
        const bone = Math.hypot(b[0]! - a[0]!, b[1]! - a[1]!, b[2]! - a[2]!);
        const desc = (k: number, d: number): string => {
          if (k < 0) return 'none';
          const qi = allPieces[k]!.flatMap((w) => inputOf[w]!);
          const sh = shares(ours, qi).slice(0, 2).map(([j, w]) => `${names[j]} ${f(w)}`).join(', ');
          const ar = shares(skin.weights, qi).slice(0, 2).map(([j, w]) => `${names[j]} ${f(w)}`).join(', ');
          return `${allPieces[k]!.length} v at ${f(Math.sqrt(d) / bone)} bone: ours ${sh}; artist ${ar}`;
        };
        // Per vertex of the piece: the distance to the nearest other piece's vertex, over the piece's box diagonal.
        const diag = Math.hypot(box.hi[0]! - box.lo[0]!, box.hi[1]! - box.lo[1]!, box.hi[2]! - box.lo[2]!);
        const near = piece.map((v) => {
          let m = Infinity;
          for (let w = 0; w < nw; w++) {
            const k = pieceOf[w]!;
            if (k < 0 || k === self) continue;
            const d = (P[3 * w]! - P[3 * v]!) ** 2 + (P[3 * w + 1]! - P[3 * v + 1]!) ** 2 + (P[3 * w + 2]! - P[3 * v + 2]!) ** 2;
            if (d < m) m = d;
          }
          return Math.sqrt(m) / diag;
        }).sort((x, y) => x - y);
        let inside = 0;
        const reaching = new Map<number, number>();
        for (let w = 0; w < nw; w++) {
          const k = pieceOf[w]!;
          if (k < 0 || k === self) continue;
          if ([0, 1, 2].every((i) => P[3 * w + i]! >= box.lo[i]! && P[3 * w + i]! <= box.hi[i]!)) { inside++; reaching.set(k, (reaching.get(k) ?? 0) + 1); }
        }
        const reach = [...reaching].map(([k, n]) => {
          const top = shares(ours, allPieces[k]!.flatMap((w) => inputOf[w]!))[0]!;
          return `${n}/${allPieces[k]!.length} v of a piece ${names[top[0]]} ${f(top[1])}${top[0] === second ? ' (runner-up)' : ''}`;
        });
        // The reaching vertices' mean solved weight of the owner and of the runner-up; whether the piece
        // reaches farthest along parent → owner among all vertices whose strongest solved joint is the owner.
        let wo = 0, wr = 0, nr = 0;
        const wOf = (iv: number, j: number): number => { let x = 0; for (let t = 0; t < 4; t++) if (ours.joints[4 * iv + t] === j) x += ours.weights[4 * iv + t]!; return x; };
        for (let w = 0; w < nw; w++) {
          const k = pieceOf[w]!;
          if (k < 0 || k === self || ![0, 1, 2].every((i) => P[3 * w + i]! >= box.lo[i]! && P[3 * w + i]! <= box.hi[i]!)) continue;
          const iv = inputOf[w]![0]!;
          wo += wOf(iv, best); wr += wOf(iv, second); nr++;
        }
        const along = (w: number): number => (P[3 * w]! - b[0]!) * (b[0]! - a[0]!) + (P[3 * w + 1]! - b[1]!) * (b[1]! - a[1]!) + (P[3 * w + 2]! - b[2]!) * (b[2]! - a[2]!);
        let pieceMax = -Infinity, otherMax = -Infinity;
        let pieceMin = Infinity;
        for (const v of piece) { pieceMax = Math.max(pieceMax, along(v)); pieceMin = Math.min(pieceMin, along(v)); }
        for (let w = 0; w < nw; w++) {
          if (pieceOf[w] === self) continue;
          const iv = inputOf[w]![0];
          if (iv === undefined) continue;
          let top = -1, tw = 0;
          for (let t = 0; t < 4; t++) if (ours.weights[4 * iv + t]! > tw) { tw = ours.weights[4 * iv + t]!; top = ours.joints[4 * iv + t]!; }
          if (top === best) otherMax = Math.max(otherMax, along(w));
        }
        const extra = `\n    reaching vertices: ${nr}, mean owner ${f(nr ? wo / nr : 0)} runner-up ${f(nr ? wr / nr : 0)} | piece from ${f(pieceMin / bone / bone)} | tip: piece ${f(pieceMax / bone / bone)} others of the owner ${f(otherMax / bone / bone)} bones past the joint`;
        const nests = reaching.size > 0 && [...reaching.keys()].every((k) => shares(ours, allPieces[k]!.flatMap((w) => inputOf[w]!))[0]![0] === second);
        const q = (t: number): string => f(near[Math.min(near.length - 1, Math.floor(t * near.length))]!);
        console.log(`    nearest piece ${desc(nk, nd)}\n    nearest the joint ${desc(jk, jd)}\n    gap/diag q10 ${q(0.1)} q25 ${q(0.25)} q50 ${q(0.5)} q75 ${q(0.75)} | <0.05 ${f(near.filter((x) => x < 0.05).length / near.length)} <0.1 ${f(near.filter((x) => x < 0.1).length / near.length)} | others' vertices in box ${inside} (${f(inside / piece.length)} per own)\n    reaching into the box: ${reach.join('; ') || 'none'}${nests ? " (all the runner-up's)" : ''}${extra}`);
      }
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
