/**
 * Diagnostic: how much of each character is built of separate rigid pieces, in the solve and in
 * the artist's weights: the number of pieces of the welded mesh, the largest piece's share of the
 * vertices, and the share of the vertices in pieces held ≥ `--whole` (0.9) by one joint, in our
 * solve before the piece rules and in the artist's weights.
 *
 *   npx tsx packages/rig/scripts/skin-piece-build.ts <dev-set dir> [--whole 0.9]
 *
 * A script, not a test: the set is development data that never enters the repository.
 */
import type { SkinWeights } from '@rigforge/mesh';
import { computeSkinWeights } from '../src/compute-skin-weights';
import { connectedPieces } from '../src/skinning/bind-rigid-pieces';
import { arg } from './lib/cli-args';
import { readArtistSkin, readManifest } from './lib/dev-set';
import { PIECE_RULES_OFF, weldedInputs, pieceShares } from './lib/piece-shares';

/** The strongest joint's share of a piece's summed weight (input vertices). */
function topShare(skin: SkinWeights, vertices: readonly number[]): number {
  return pieceShares(skin, vertices)[0]?.[1] ?? 0;
}

async function main(): Promise<void> {
  const dir = process.argv[2]!;
  const whole = Number(arg('--whole') ?? 0.9);
  const opts = PIECE_RULES_OFF;
  const f = (x: number): string => x.toFixed(2);
  console.log('character | artist | pieces | largest | ours whole | artist whole');
  for (const c of readManifest(dir)) {
    const skin = await readArtistSkin(dir, c.id);
    const ours = computeSkinWeights(skin.mesh, skin.skeleton, opts);
    const { welded, nw, inputOf } = weldedInputs(skin.mesh);
    const pieces = connectedPieces(welded.indices, nw);
    let largest = 0, oursWhole = 0, artistWhole = 0;
    for (const piece of pieces) {
      largest = Math.max(largest, piece.length);
      const input = piece.flatMap((w) => inputOf[w]!);
      if (topShare(ours, input) >= whole) oursWhole += piece.length;
      if (topShare(skin.weights, input) >= whole) artistWhole += piece.length;
    }
    console.log(`${c.id.padEnd(28)} ${c.artist.padEnd(18)} ${String(pieces.length).padStart(5)} ${f(largest / nw)} ${f(oursWhole / nw)} ${f(artistWhole / nw)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
