/**
 * The lean of a front-pictured animal by which way it faces in the picture (issue 29): a facing cue
 * read from the picture (`src/facing.ts`), and a lean for pictures whose subject shows its face and
 * one for those that show their back, chosen leaving one artist out.
 *
 *   npx tsx packages/generate/scripts/fit-facing-lean.ts ../shared/rig-dev-set --cues-only --labels <facing labels> --json cues.json
 *   npx tsx packages/generate/scripts/fit-facing-lean.ts ../shared/rig-dev-set --plans quadruped,avian --sides front,back [--only id,id] --labels <facing labels> --json part.json
 *   npx tsx packages/generate/scripts/fit-facing-lean.ts --merge cues.json,a.json,b.json [--plans quadruped,avian] [--cue strongLift] [--base 0.25]
 *
 * Each character is pictured from the front and from the back (the file turned 180° about its up
 * axis: the same animal facing away), as the benchmark pictures its front view (orthographic, 512 px,
 * stood 1 tall). The label (the subject faces the camera or not) is the file's facing: +Z unless the
 * labels file (the rig's orientation labels, `{ id: ["+y/180"] }`) turns it; files whose labels turn
 * their up axis are left out of the cue's evaluation. Unless `--cues-only`, the picture is generated
 * with the plan and the front view hint at lean 0 and the benchmark's CD (4000 samples) scored at each
 * lean β of the grid (z ↦ z + β·|z|, exactly the engine's lean).
 *
 * The fit: the cue's threshold (the midpoint of the two nearest cues of the two labels that splits
 * the training rows best) and the two leans (face, back; β minimising the geometric mean of CD at β
 * over CD at the base lean, `--base`, what ships) chosen leaving one artist out, the held-out rows
 * classified by the held-out threshold.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { type Mesh } from '@rigforge/mesh';
import { z } from 'zod';
import { decodeImage, generateModel, GENERATE_MODEL_DEFAULTS, segmentSubject } from '../src';
import { depthLean } from '../src/depth-prior';
import { facingCues, type FacingCues } from '../src/facing';
import { distanceTransform } from '../src/mask-ops';
import { bounds, centred, diagonal, extent, mostInformativeView, turnToView, arg, scaledLeaned, mean, benchmarkPicture, readManifest, readCharacterMesh } from './dev-set-views';
import { meanNearest, sampleSurface } from './shape-distance';

const LEANS = arg('--leans')?.split(',').map(Number) ?? [-0.75, -0.5, -0.25, 0, 0.25, 0.5, 0.75];
const CUE_NAMES = ['detail', 'upperDetail', 'upperOverLower', 'spots', 'topSpots', 'pairedSpots', 'upperPairedSpots', 'detailLift', 'strongLift', 'upperColour'] as const;

const rowSchema = z.object({
  id: z.string(), plan: z.string(), artist: z.string(), side: z.enum(['front', 'back']), bestFront: z.boolean(),
  facesCamera: z.boolean().nullable(), cues: z.record(z.string(), z.number()), leans: z.array(z.number()).optional(), cd: z.array(z.number()).optional(),
});
type Row = z.infer<typeof rowSchema>;

/** The file's facing from the orientation labels: true (+Z), false (−Z), null (its up axis is turned). */
function fileFacing(labels: Record<string, string[]>, id: string): boolean | null {
  const l = labels[id];
  if (!l || l.length === 0) return true;
  if (l.includes('+y/0')) return true;
  if (l.includes('+y/180')) return false;
  return null;
}

/** Cue threshold and direction splitting `rows` best (the face side is where the cue is larger or smaller). */
function threshold(rows: Array<{ c: number; face: boolean }>): { t: number; faceAbove: boolean; errors: number } {
  const cs = [...new Set(rows.map((r) => r.c))].sort((a, b) => a - b);
  let best = { t: 0, faceAbove: true, errors: Infinity };
  const cuts = [cs[0]! - 1, ...cs.slice(1).map((c, i) => (c + cs[i]!) / 2), cs[cs.length - 1]! + 1];
  for (const t of cuts) {
    for (const faceAbove of [true, false]) {
      const errors = rows.filter((r) => (r.c > t) === faceAbove ? !r.face : r.face).length;
      if (errors < best.errors) best = { t, faceAbove, errors };
    }
  }
  return best;
}

function report(rows: Row[], cueName: string, base: number | undefined): void {
  const labelled = rows.filter((r) => r.facesCamera !== null);
  const artists = [...new Set(labelled.map((r) => r.artist))];
  console.log(`facing cue, ${labelled.length} labelled pictures; held out by artist (threshold from the others):\n`);
  console.log(`| cue | ${artists.map((a) => `${a} (${labelled.filter((r) => r.artist === a).length})`).join(' | ')} | all wrong held out | all wrong in sample |`);
  console.log(`|---|${artists.map(() => '---:').join('|')}|---:|---:|`);
  for (const name of CUE_NAMES) {
    const pts = (rs: Row[]) => rs.map((r) => ({ c: r.cues[name]!, face: r.facesCamera! }));
    let totalWrong = 0;
    const per = artists.map((a) => {
      const th = threshold(pts(labelled.filter((r) => r.artist !== a)));
      const test = pts(labelled.filter((r) => r.artist === a));
      const wrong = test.filter((r) => (r.c > th.t) === th.faceAbove ? !r.face : r.face).length;
      totalWrong += wrong;
      return `${wrong}`;
    });
    console.log(`| ${name} | ${per.join(' | ')} | ${totalWrong} of ${labelled.length} | ${threshold(pts(labelled)).errors} |`);
  }
  const scored = rows.filter((r) => r.cd && r.leans);
  // Rows whose file's facing is unknown (its up axis turned) count as facing the camera.
  const truth = (r: Row) => r.facesCamera ?? true;
  if (scored.length === 0) return;
  const leans = scored[0]!.leans!;
  const baseOf = (r: Row) => {
    const g = leans.indexOf(base ?? depthLean('front', r.plan));
    if (g < 0) throw new Error(`the grid must hold the base lean of ${r.plan}`);
    return g;
  };
  console.log(`\nlean by facing (cue ${cueName}); CD at β over CD at the base lean (${base ?? 'what ships for the plan from the front'}; geometric mean), ${scored.length} rows\n`);
  const logr = (r: Row, g: number) => Math.log(r.cd![g]! / r.cd![baseOf(r)]!);
  const bestLean = (train: Row[]) => {
    // No rows of a class: the lean that ships (the base of the class's first row would differ by plan, so 0 means "none learned").
    if (train.length === 0) return -1;
    const totals = leans.map((_, g) => mean(train.map((r) => logr(r, g))));
    return totals.reduce((b, t, g) => (t < totals[b]! ? g : b), 0);
  };
  // Class by the cue with a threshold chosen on the labelled cue rows of the other artists.
  const cueRows = (rs: Row[]) => rs.filter((r) => r.facesCamera !== null).map((r) => ({ c: r.cues[cueName]!, face: r.facesCamera! }));
  const classify = (train: Row[]) => { const th = threshold(cueRows(train)); return (r: Row) => (r.cues[cueName]! > th.t) === th.faceAbove; };
  // `oracle`: the file's true facing instead of the cue (what a perfect cue would reach).
  const fit = (train: Row[], oracle = false) => {
    const faces = oracle ? truth : classify(train);
    const trainScored = train.filter((r) => r.cd);
    return { faces, face: bestLean(trainScored.filter(faces)), back: bestLean(trainScored.filter((r) => !faces(r))) };
  };
  const scoredArtists = [...new Set(scored.map((r) => r.artist))];
  const groups: Array<[string, (r: Row) => boolean]> = [
    ...scoredArtists.map((a): [string, (r: Row) => boolean] => [a, (r) => r.artist === a]),
    ...[...new Set(scored.map((r) => r.plan))].map((p): [string, (r: Row) => boolean] => [p, (r) => r.plan === p]),
    ['all', () => true],
  ];
  console.log(`| β face | β back | ${groups.map(([g, f]) => `${g} (${scored.filter(f).length})`).join(' | ')} |`);
  console.log(`|---|---|${groups.map(() => '---:').join('|')}|`);
  const ratio = (f: (r: Row) => boolean, g: (r: Row) => number) => Math.exp(mean(scored.filter(f).map((r) => logr(r, g(r))))).toFixed(3);
  for (let a = 0; a < leans.length; a++) {
    for (let b = 0; b < leans.length; b++) {
      console.log(`| ${leans[a]} | ${leans[b]} | ${groups.map(([, f]) => ratio(f, (r) => (truth(r) ? a : b))).join(' | ')} |`);
    }
  }
  const allRows = rows;
  const folds = new Map(scoredArtists.map((a) => [a, fit(allRows.filter((r) => r.artist !== a))]));
  const held = (r: Row) => { const m = folds.get(r.artist)!; const g = m.faces(r) ? m.face : m.back; return g < 0 ? baseOf(r) : g; };
  console.log(`| left out (cue) | | ${groups.map(([, f]) => ratio(f, held)).join(' | ')} |`);
  const oracleFolds = new Map(scoredArtists.map((a) => [a, fit(allRows.filter((r) => r.artist !== a), true)]));
  const heldOracle = (r: Row) => { const m = oracleFolds.get(r.artist)!; const g = truth(r) ? m.face : m.back; return g < 0 ? baseOf(r) : g; };
  console.log(`| left out (true facing) | | ${groups.map(([, f]) => ratio(f, heldOracle)).join(' | ')} |`);
  // One lean for every picture (no facing), left out: the plan-view constant's way.
  const oneFolds = new Map(scoredArtists.map((a) => [a, bestLean(scored.filter((r) => r.artist !== a))]));
  const heldOne = (r: Row) => { const g = oneFolds.get(r.artist)!; return g < 0 ? baseOf(r) : g; };
  console.log(`| left out (one lean) | | ${groups.map(([, f]) => ratio(f, heldOne)).join(' | ')} |`);
  console.log(`\ntrue facing, chosen without each artist: ${scoredArtists.map((a) => `${a} face ${leans[oracleFolds.get(a)!.face] ?? 'shipped'}, back ${leans[oracleFolds.get(a)!.back] ?? 'shipped'}`).join('; ')}`);
  const onAll = fit(allRows);
  console.log(`\nchosen without each artist: ${scoredArtists.map((a) => `${a} face ${leans[folds.get(a)!.face] ?? 'shipped'}, back ${leans[folds.get(a)!.back] ?? 'shipped'}`).join('; ')}; on all: face ${leans[onAll.face] ?? 'shipped'}, back ${leans[onAll.back] ?? 'shipped'}`);
  for (const r of scored) {
    const m = folds.get(r.artist)!;
    console.log(`${r.id} ${r.side} (${r.artist}, faces camera ${r.facesCamera}, cue says ${m.faces(r)}): at the base ${r.cd![baseOf(r)]!.toFixed(4)}, held out ${r.cd![held(r)]!.toFixed(4)} (β ${leans[held(r)]}), best ${Math.min(...r.cd!).toFixed(4)} (β ${leans[r.cd!.indexOf(Math.min(...r.cd!))]})${r.bestFront ? ' [benchmark front]' : ''}`);
  }
}

async function main(): Promise<void> {
  const merge = arg('--merge');
  const cueName = arg('--cue') ?? 'upperPairedSpots';
  const base = arg('--base') === undefined ? undefined : Number(arg('--base'));
  if (merge) {
    // A picture in both a scored part and the cue file counts once, with its scores; `--plans` keeps those plans' pictures.
    const plans = arg('--plans')?.split(',');
    const all = merge.split(',').flatMap((file) => z.array(rowSchema).parse(JSON.parse(readFileSync(file, 'utf8')))).filter((r) => !plans || plans.includes(r.plan));
    const key = (r: Row) => `${r.id}/${r.side}`;
    const scoredKeys = new Set(all.filter((r) => r.cd).map(key));
    report(all.filter((r) => r.cd || !scoredKeys.has(key(r))), cueName, base);
    return;
  }
  const dir = process.argv[2];
  if (!dir || dir.startsWith('--')) {
    console.error('usage: fit-facing-lean.ts <dev-set dir> [--cues-only] [--plans a,b] [--sides front,back] [--only id,id] [--labels labels.json] [--json part.json] | --merge a.json,b.json');
    process.exit(2);
  }
  const only = arg('--only')?.split(',');
  const plans = arg('--plans')?.split(',');
  const sides = (arg('--sides') ?? 'front,back').split(',').map((s) => z.enum(['front', 'back']).parse(s));
  const cuesOnly = process.argv.includes('--cues-only');
  const samples = Number(arg('--samples') ?? 4000);
  const labelsPath = arg('--labels');
  const labels = labelsPath ? z.record(z.string(), z.array(z.string())).parse(JSON.parse(readFileSync(labelsPath, 'utf8'))) : {};
  const out = arg('--json');
  const rows: Row[] = [];
  for (const c of readManifest(dir).filter((x) => (!only || only.includes(x.id)) && (!plans || plans.includes(x.bodyPlan)))) {
    const mesh = await readCharacterMesh(dir, c.id);
    const bestFront = mostInformativeView(mesh) === 'front';
    for (const side of sides) {
      const turned = turnToView(mesh, 'front');
      // From the back: the file turned 180° about its up axis (x, z negated), pictured as a front view.
      const positions = side === 'front' ? turned.positions : turned.positions.map((v, i) => (i % 3 === 1 ? v : -v));
      const unit = 1 / Math.max(extent(bounds(positions), 1), 1e-12);
      const normals = side === 'front' || !turned.normals ? turned.normals : turned.normals.map((v, i) => (i % 3 === 1 ? v : -v));
      const truth: Mesh = { ...turned, positions: positions.map((v) => v * unit), normals };
      const picture = benchmarkPicture(truth);
      const decoded = await decodeImage(picture, { maxSide: GENERATE_MODEL_DEFAULTS.resolution, maxPixels: GENERATE_MODEL_DEFAULTS.maxPixels });
      const subject = segmentSubject(decoded, { hasAlpha: decoded.hasAlpha });
      const cues: FacingCues = facingCues(decoded.data, subject.mask, distanceTransform(subject.mask, subject.width, subject.height), subject.width, subject.height);
      const facing = fileFacing(labels, c.id);
      const row: Row = { id: c.id, plan: c.bodyPlan, artist: c.artist, side, bestFront: bestFront && side === 'front', facesCamera: facing === null ? null : side === 'front' ? facing : !facing, cues: Object.fromEntries(CUE_NAMES.map((n) => [n, cues[n]]))};
      if (!cuesOnly) {
        try {
          const made = (await generateModel(picture, { height: 1, bodyPlan: c.bodyPlan, view: 'front', lean: 0 })).mesh;
          const tp = centred(truth.positions);
          const ts = sampleSurface(tp, truth.indices, samples), unitDiagonal = diagonal(bounds(tp));
          row.leans = LEANS;
          row.cd = LEANS.map((beta) => {
            const ms = sampleSurface(centred(scaledLeaned(made.positions, 1, beta)), made.indices, samples);
            return (meanNearest(ts, ms) + meanNearest(ms, ts)) / 2 / unitDiagonal;
          });
        } catch (error) {
          console.log(`${c.id} ${side}: failed (${error instanceof Error ? error.message : String(error)})`);
        }
      }
      rows.push(row);
      console.log(`${c.id} ${side} faces camera ${row.facesCamera}: ${CUE_NAMES.map((n) => `${n} ${cues[n].toFixed(4)}`).join(', ')}${row.cd ? `; CD ${row.cd.map((x) => x.toFixed(4)).join(' ')}` : ''}`);
      if (out) writeFileSync(out, JSON.stringify(rows));
    }
  }
  report(rows, cueName, base);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
