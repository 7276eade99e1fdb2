/**
 * The ball profile's exponent `outline-exponent.ts` reads from a silhouette, per character: at the
 * benchmark's picture (what the engine reads) and on the true mesh's raster in each of the three
 * views (160 cells), so a fish's flank can be set against its cross-section (the nose-on view): does a
 * fish drawn with a boxy flank have a boxy body? With the picture's `flankSymmetry` (the engine reads a flank under fish-flank.json's `below`).
 *
 *   npx tsx packages/generate/scripts/outline-exponents.ts <dev set> <id,id,...>
 */
import { decodeImage } from '../src/decode-image';
import { segmentSubject } from '../src/segment-subject';
import { distanceTransform } from '../src/mask-ops';
import { flankSymmetry } from '../src/fish-flank';
import { outlineExponent, trunkHeights } from '../src/outline-exponent';
import { benchmarkPicture, mostInformativeView, readCharacterMesh, turnToView, unitHeight, VIEWS, rasterDepth, centred } from './dev-set-views';

/** Prints one line per character. */
async function main(): Promise<void> {
  const dir = process.argv[2]!;
  for (const id of process.argv[3]!.split(',')) {
    const mesh = await readCharacterMesh(dir, id);
    const view = mostInformativeView(mesh);
    const truth = unitHeight(turnToView(mesh, view));
    const d = await decodeImage(benchmarkPicture(truth), { maxSide: 512, maxPixels: 1 << 24 });
    const s = segmentSubject(d, { hasAlpha: d.hasAlpha });
    const dist = distanceTransform(s.mask, s.width, s.height);
    const p = outlineExponent(s.mask, dist, s.width, s.height, NaN);
    const hs = trunkHeights(s.mask, dist, s.width, s.height);
    const out: string[] = [];
    for (const v of VIEWS) {
      const t = unitHeight(turnToView(mesh, v));
      const r = rasterDepth(centred(t.positions), t.indices, 160, 2);
      const m = Uint8Array.from(r.near, (z) => (Number.isFinite(z) ? 1 : 0));
      out.push(`${v} ${outlineExponent(m, distanceTransform(m, r.w, r.h), r.w, r.h, NaN).toFixed(2)}`);
    }
    console.log(id, view, 'flank symmetry', flankSymmetry(s.mask, s.width, s.height).toFixed(3), 'p', p.toFixed(2), 'stations', hs.length, '| per view (raster 160):', out.join(', '));
  }
}
void main();
