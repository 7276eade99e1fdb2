/**
 * The parts of the front-pictured bipeds on their true meshes: how deep each part is against its
 * medial balls and where its middle lies front to back against the torso's. A diagnosis: nothing in
 * the engine reads it.
 *
 *   npx tsx packages/generate/scripts/part-anatomy.ts ../shared/rig-dev-set
 *
 * Per character (stood as the benchmark pictures it, rasterised GRID cells on the longer side), the
 * silhouette's medial balls are split as the engine splits them (`head-torso.ts`: the head's above
 * the neck, the torso's in a core piece, and of the limbs `body-parts.ts` finds, the legs standing on
 * the ground and the others, the arms); each covered cell belongs to the part whose sphere is the
 * highest there. Per part: the median of the true half-depth over c × the sphere height (above the
 * feet band, as `fit-head-torso.ts` reads the limbs), and the median of the true depth's middle less
 * the torso's (picture heights, + toward the viewer); for the head, that offset over the head's
 * largest true half-depth too (the lean `fit-head-lean.ts` scores).
 */
import { ballHeights, medialBalls, type MedialBalls } from '../src/ball-depth';
import { splitParts } from '../src/body-parts';
import { ballExponent, depthPrior } from '../src/depth-prior';
import { neckRow } from '../src/head-torso';
import { distanceTransform } from '../src/mask-ops';
import { mostInformativeView, rasterDepth, readCharacterMesh, readManifest, turnToView } from './dev-set-views';
import { runFitScript } from './fit-script';

const GRID = 192;
/** Cells lower than this share of the height are the feet: not read for a part's depth ratio. */
const FEET_BAND = 0.1;
const PARTS = ['head', 'torso', 'arm', 'leg'] as const;
type Part = (typeof PARTS)[number];

const median = (a: number[]): number => { const v = [...a].sort((x, y) => x - y); return v.length ? v[v.length >> 1]! : NaN; };

async function measure(dir: string): Promise<void> {
  const p = ballExponent('front');
  const c = depthPrior('biped', 'front').c;
  console.log('| character | artist | neck | ratio head / torso / arms / legs | middle − torso\'s: head / arms / legs | head lean |');
  console.log('|---|---|---|---|---|---:|');
  for (const m of readManifest(dir).filter((x) => x.bodyPlan === 'biped')) {
    const mesh = await readCharacterMesh(dir, m.id);
    if (mostInformativeView(mesh) !== 'front') continue;
    const turned = turnToView(mesh, 'front');
    const r = rasterDepth(turned.positions, turned.indices, GRID, 2);
    const { w, h } = r;
    const mask = Uint8Array.from(r.near, (z) => (Number.isFinite(z) ? 1 : 0));
    const distance = distanceTransform(mask, w, h);
    const balls = medialBalls(distance, w, h);
    const neck = neckRow(mask, w, h);
    const parts = splitParts(mask, distance, w, h, true);
    const members: Record<Part, number[]> = { head: [], torso: [], arm: [], leg: [] };
    for (let k = 0; k < balls.r.length; k++) {
      const kind = parts.kinds[parts.labels[Math.floor(balls.y[k]!) * w + Math.floor(balls.x[k]!)]!];
      members[neck !== undefined && balls.y[k]! < neck ? 'head' : kind === 'core' ? 'torso' : kind === 'leg' ? 'leg' : 'arm'].push(k);
    }
    const cells: number[] = [], centres: number[] = [];
    for (let q = 0; q < w * h; q++) if (mask[q]) { cells.push(q); centres.push((q % w) + 0.5, Math.floor(q / w) + 0.5); }
    const pick = (keep: number[]): MedialBalls => ({ x: Float64Array.from(keep, (k) => balls.x[k]!), y: Float64Array.from(keep, (k) => balls.y[k]!), r: Float64Array.from(keep, (k) => balls.r[k]!) });
    const spheres = Object.fromEntries(PARTS.map((part) => [part, ballHeights(centres, pick(members[part]), p)])) as Record<Part, Float64Array>;
    const heightCells = r.height * r.scale;
    const ratio: Record<Part, number[]> = { head: [], torso: [], arm: [], leg: [] }, middle: Record<Part, number[]> = { head: [], torso: [], arm: [], leg: [] };
    let headHalf = 0;
    cells.forEach((q, i) => {
      let part: Part = 'head';
      for (const k of PARTS) if (spheres[k][i]! > spheres[part][i]!) part = k;
      const sphere = spheres[part][i]!;
      if (!(sphere > 0)) return;
      const half = (r.far[q]! - r.near[q]!) / 2 / r.height;
      if (1 - (Math.floor(q / w) + 0.5 - 2) / heightCells >= FEET_BAND) ratio[part].push(half / ((c * sphere) / heightCells));
      middle[part].push((r.far[q]! + r.near[q]!) / 2 / r.height);
      if (part === 'head') headHalf = Math.max(headHalf, half);
    });
    const torso = median(middle.torso);
    const f = (v: number, d = 2) => (Number.isFinite(v) ? v.toFixed(d) : '–');
    console.log(`| ${m.id} | ${m.artist} | ${neck !== undefined ? 'yes' : 'none'} | ${PARTS.map((k) => f(median(ratio[k]))).join(' / ')} | ${(['head', 'arm', 'leg'] as const).map((k) => f(median(middle[k]) - torso, 3)).join(' / ')} | ${f((median(middle.head) - torso) / headHalf)} |`);
  }
}

runFitScript({ usage: 'usage: part-anatomy.ts <dev-set dir>', measure });
