/**
 * Blender's own bone heat ("Parent > With Automatic Weights") scored on the artist-rigged
 * development set with exactly the metric our engine is scored with (the set's README, "Weights
 * given the artist's skeleton"; `compareSkinWeights`), next to our `fast` engine, so one run says
 * whether our weights are at least as close to the artist's as bone heat's.
 *
 * Per character:
 *  1. `readArtistSkin`: the bind-space mesh, the artist's weights and deforming skeleton (each
 *     joint re-parented to its nearest deforming ancestor), as `score-dev-set.ts` uses them.
 *  2. Weld by position (`weldVertices`, the tolerance `computeSkinWeights` welds with): the
 *     README's trap, bone heat on a split mesh leaves whole islands unweighted. Degenerate
 *     triangles and vertices no triangle uses are left out of the OBJ (Blender's importer drops
 *     loose vertices, which would shift every later index).
 *  3. Mesh and skeleton are scaled uniformly so the bind-space diagonal is 2 (a person-sized
 *     model, as a user's glTF import of these ×100-node files gives; many bind spaces have a
 *     diagonal of 0.02, where bone heat fails outright: 'failed to find solution'). `--diagonal`
 *     picks another size, `--raw-scale` keeps the bind-space units. Bone heat's solver is
 *     fragile in scale: at diagonal 2 and 2000 it fails on 2 of the 33 (every vertex unweighted),
 *     at 200 on none; elsewhere the scale moves a character's L1 by ≤ 0.01 (a few mechs ≤ 0.1).
 *  4. One Blender process (`blender-bone-heat.py --weights`): an armature with a bone per joint
 *     (head at the joint, tail at its children's mean; a leaf continues its parent's direction),
 *     ARMATURE_AUTO, weights per vertex by joint index. The imported vertex positions are checked
 *     against the OBJ's, one for one, so a reordering importer cannot go unnoticed.
 *  5. Back to the unwelded vertices through the weld's remap; the 4 largest influences kept (as
 *     a glTF export and our engine keep them) and normalised to sum 1; a vertex Blender leaves
 *     unweighted is all zeros. Scored against the artist's weights: L1, precision, recall (0.1).
 *  6. Ours: `computeSkinWeights` with `RIG_ENGINE_PRESETS.fast.skin` on the same mesh and skeleton.
 *
 *   npx tsx packages/rig/scripts/score-bone-heat.ts <dev-set dir> [--only id,id] [--diagonal 2 | --raw-scale]
 *       [--json out.json]
 *
 * Prerequisites: `blender` on the PATH (measured with 3.4; the `wm.obj_import` importer), the dev
 * set folder (never part of the repository). Blender runs one character at a time (33
 * characters: about 2 minutes on 2 shared cores).
 *
 * Measured (33 characters, diagonal 2 / 200; mean L1, precision, recall): bone heat 0.453 / 0.420,
 * 0.854 / 0.846, 0.799 / 0.845, leaving 10 of the 14 bipeds partly unweighted (separate pieces:
 * helmets, hair, armour, mech forearms); ours (fast) 0.525, 0.803, 0.847, nothing unweighted.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Skeleton } from '@rigforge/mesh';
import { z } from 'zod';
import { COMPUTE_SKIN_WEIGHTS_DEFAULTS, computeSkinWeights } from '../src/compute-skin-weights';
import { RIG_ENGINE_PRESETS } from '../src/rig-engine-presets';
import { compareSkinWeights, type SkinWeightsComparison } from '../src/skinning/skin-metrics';
import { weldVertices, type WeldedVertices } from '../src/weld-vertices';
import { readArtistSkin, readManifest, type ArtistSkin, type DevCharacter } from './lib/dev-set';
import { arg } from './lib/cli-args';

/** What `blender-bone-heat.py --weights` writes. */
const boneHeatOutputSchema = z.object({
  seconds: z.number(),
  unweighted: z.number(),
  positions: z.array(z.number()),
  weights: z.array(z.array(z.tuple([z.number().int(), z.number()]))),
});

/** The bind-space diagonal the mesh and skeleton are scaled to before Blender sees them (`--diagonal`). */
const BLENDER_DIAGONAL = 2;
const INFLUENCES = 4;

interface Score {
  l1: number; precision: number; recall: number;
  /** Unwelded vertices whose weights sum to 0. */
  unweighted: number;
  seconds: number;
}

interface Row {
  id: string;
  plan: string;
  vertices: number;
  welded: number;
  heat?: Score & {
    /** The bone-heat operator alone, and the whole Blender process (start, import, heat, write). */
    processSeconds: number;
    /** Welded vertices with more than 4 influences (their smallest are dropped). */
    over4: number;
    warnings: string[];
    /** Where the unweighted vertices are: the artist's strongest joint there, with counts. */
    unweightedAt: string;
  };
  heatError?: string;
  ours?: Score;
}

function score(m: SkinWeightsComparison, seconds: number): Score {
  return { l1: m.meanL1, precision: m.precision, recall: m.recall, unweighted: m.unweighted, seconds };
}

/** Bone heat's weights on the unwelded vertices of `artist.mesh`, or why there are none. */
function boneHeat(artist: ArtistSkin, welded: WeldedVertices, targetDiagonal: number | null, work: string): NonNullable<Row['heat']> {
  const { mesh, skeleton } = artist;
  const n = mesh.positions.length / 3;
  const wp = welded.positions;
  let lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < wp.length; i += 3) {
    lo = lo.map((x, a) => Math.min(x, wp[i + a]!));
    hi = hi.map((x, a) => Math.max(x, wp[i + a]!));
  }
  const diagonal = Math.hypot(hi[0]! - lo[0]!, hi[1]! - lo[1]!, hi[2]! - lo[2]!);
  const s = targetDiagonal === null || !(diagonal > 0) ? 1 : targetDiagonal / diagonal;

  // Only the welded vertices some non-degenerate triangle uses go to Blender, in welded order.
  const objIndex = new Int32Array(wp.length / 3).fill(-1);
  const faces: string[] = [];
  const verts: string[] = [];
  const written: number[] = [];
  const ix = welded.indices;
  for (let t = 0; t + 2 < ix.length; t += 3) {
    const a = ix[t]!, b = ix[t + 1]!, c = ix[t + 2]!;
    if (a === b || b === c || a === c) continue;
    for (const v of [a, b, c]) {
      if (objIndex[v]! >= 0) continue;
      objIndex[v] = -2; // used; numbered below, in welded order
    }
    faces.push(`${a} ${b} ${c}`);
  }
  for (let v = 0; v < objIndex.length; v++) {
    if (objIndex[v] !== -2) continue;
    objIndex[v] = written.length / 3;
    const p = [wp[3 * v]! * s, wp[3 * v + 1]! * s, wp[3 * v + 2]! * s];
    written.push(...p);
    verts.push(`v ${p[0]} ${p[1]} ${p[2]}`);
  }
  const obj = join(work, 'mesh.obj');
  writeFileSync(obj, ['o mesh', ...verts, ...faces.map((f) => {
    const [a, b, c] = f.split(' ').map((x) => objIndex[Number(x)]! + 1);
    return `f ${a} ${b} ${c}`;
  })].join('\n') + '\n');
  const skel: Skeleton = { joints: skeleton.joints.map((j) => ({ ...j, position: [j.position[0] * s, j.position[1] * s, j.position[2] * s] })) };
  const skelPath = join(work, 'skeleton.json');
  writeFileSync(skelPath, JSON.stringify(skel));
  const out = join(work, 'weights.json');

  const t0 = performance.now();
  const run = spawnSync('blender', ['-b', '--factory-startup', '-noaudio', '--python', join(__dirname, 'blender-bone-heat.py'), '--', obj, skelPath, '--weights', out], {
    encoding: 'utf8', timeout: 1_800_000, maxBuffer: 256 * 1024 * 1024,
  });
  const processSeconds = (performance.now() - t0) / 1000;
  if (run.error) throw run.error;
  if (run.status !== 0) throw new Error(`blender exited ${run.status}: ${(run.stderr || run.stdout).trim().split('\n').slice(-3).join(' / ')}`);
  const warnings = [...new Set(`${run.stdout}\n${run.stderr}`.split('\n').filter((l) => /bone heat|failed to find/i.test(l)).map((l) => l.trim()))];
  const heat = boneHeatOutputSchema.parse(JSON.parse(readFileSync(out, 'utf8')));

  // The importer must have kept our vertices one for one (Blender stores float32).
  if (heat.positions.length !== written.length || heat.weights.length !== written.length / 3) {
    throw new Error(`Blender has ${heat.weights.length} vertices, the OBJ ${written.length / 3}`);
  }
  const tol = 1e-6 * written.reduce((acc, x) => Math.max(acc, Math.abs(x)), 0);
  for (let i = 0; i < written.length; i++) {
    if (!(Math.abs(heat.positions[i]! - written[i]!) <= tol)) {
      throw new Error(`Blender's vertex ${Math.floor(i / 3)} is not the OBJ's (importer reordered?)`);
    }
  }

  let over4 = 0;
  const joints = new Uint16Array(INFLUENCES * n);
  const weights = new Float32Array(INFLUENCES * n);
  const perWelded = heat.weights.map((list) => {
    if (list.length > INFLUENCES) over4++;
    const top = [...list].sort((x, y) => y[1] - x[1]).slice(0, INFLUENCES);
    const sum = top.reduce((acc, [, w]) => acc + w, 0);
    return sum > 0 ? top.map(([j, w]): [number, number] => [j, w / sum]) : [];
  });
  for (let v = 0; v < n; v++) {
    const k = objIndex[welded.remap[v]!]!;
    const list = k >= 0 ? perWelded[k]! : [];
    list.forEach(([j, w], slot) => {
      joints[INFLUENCES * v + slot] = j;
      weights[INFLUENCES * v + slot] = w;
    });
  }
  const m = compareSkinWeights({ joints, weights }, artist.weights, n, skeleton.joints.length);
  const at = new Map<string, number>();
  for (let v = 0; v < n; v++) {
    if (weights[INFLUENCES * v]! > 0) continue;
    let best = 0;
    for (let slot = 1; slot < INFLUENCES; slot++) if (artist.weights.weights[INFLUENCES * v + slot]! > artist.weights.weights[INFLUENCES * v + best]!) best = slot;
    const name = skeleton.joints[artist.weights.joints[INFLUENCES * v + best]!]?.name ?? '?';
    at.set(name, (at.get(name) ?? 0) + 1);
  }
  const unweightedAt = [...at].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([name, k]) => `${name} ${k}`).join(', ');
  return { ...score(m, heat.seconds), processSeconds, over4, warnings, unweightedAt };
}

const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const f = (x: number | undefined, d = 3): string => (x === undefined || Number.isNaN(x) ? '–' : x.toFixed(d));

function summarise(label: string, rows: Row[]): string {
  const h = rows.filter((r) => r.heat).map((r) => r.heat!);
  const o = rows.filter((r) => r.ours).map((r) => r.ours!);
  const failed = rows.filter((r) => r.heatError).length;
  const warned = h.filter((x) => x.warnings.length > 0).length;
  return `| ${label} | ${rows.length} | ${failed}, ${warned} | ${f(mean(h.map((x) => x.l1)))} / ${f(mean(o.map((x) => x.l1)))} | ` +
    `${f(mean(h.map((x) => x.precision)))} / ${f(mean(o.map((x) => x.precision)))} | ` +
    `${f(mean(h.map((x) => x.recall)))} / ${f(mean(o.map((x) => x.recall)))} | ` +
    `${h.reduce((a, x) => a + x.unweighted, 0)} / ${o.reduce((a, x) => a + x.unweighted, 0)} | ` +
    `${h.filter((x) => x.unweighted > 0).length} / ${o.filter((x) => x.unweighted > 0).length} | ` +
    `${f(mean(h.map((x) => x.seconds)), 2)} / ${f(mean(o.map((x) => x.seconds)), 2)} |`;
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir || dir.startsWith('--')) {
    console.error('usage: score-bone-heat.ts <dev-set dir> [--only id,id] [--diagonal 2 | --raw-scale] [--json out.json]');
    process.exit(2);
  }
  const only = arg('--only')?.split(',');
  const targetDiagonal = process.argv.includes('--raw-scale') ? null : Number(arg('--diagonal') ?? BLENDER_DIAGONAL);
  const chars: DevCharacter[] = readManifest(dir).filter((c) => !only || only.includes(c.id));
  const work = mkdtempSync(join(tmpdir(), 'bone-heat-'));
  const rows: Row[] = [];
  console.log(`Bone heat (Blender, welded, ${targetDiagonal === null ? 'bind-space units' : `scaled to diagonal ${targetDiagonal}`}) vs ours (fast), artist skeleton given.\n`);
  console.log('| character | plan | vertices (welded) | L1 heat / ours | precision heat / ours | recall heat / ours | unweighted heat / ours | >4 influences (heat, welded) | heat s (operator, process) | ours s |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  try {
    for (const c of chars) {
      const artist = await readArtistSkin(dir, c.id);
      const n = artist.mesh.positions.length / 3;
      const row: Row = { id: c.id, plan: c.bodyPlan, vertices: n, welded: 0 };
      // The tolerance computeSkinWeights welds with (the fast preset does not change it).
      const welded = weldVertices(artist.mesh.positions, artist.mesh.indices, { tolerance: COMPUTE_SKIN_WEIGHTS_DEFAULTS.weldTolerance });
      row.welded = welded.positions.length / 3;
      try {
        row.heat = boneHeat(artist, welded, targetDiagonal, work);
      } catch (error) {
        row.heatError = error instanceof Error ? error.message : String(error);
      }
      const t0 = performance.now();
      const ours = computeSkinWeights(artist.mesh, artist.skeleton, RIG_ENGINE_PRESETS.fast.skin);
      const seconds = (performance.now() - t0) / 1000;
      row.ours = score(compareSkinWeights(ours, artist.weights, n, artist.skeleton.joints.length), seconds);
      rows.push(row);
      const h = row.heat, o = row.ours;
      console.log(
        `| ${c.id} | ${c.bodyPlan} | ${n} (${row.welded}) | ${f(h?.l1)} / ${f(o.l1)} | ${f(h?.precision)} / ${f(o.precision)} | ` +
        `${f(h?.recall)} / ${f(o.recall)} | ${h?.unweighted ?? '–'} / ${o.unweighted} | ${h?.over4 ?? '–'} | ` +
        `${f(h?.seconds, 2)}, ${f(h?.processSeconds, 2)} | ${f(o.seconds, 2)} |` +
        (row.heatError ? ` **Blender FAILED: ${row.heatError}**` : '') + (h?.warnings.length ? ` ${h.warnings.join('; ')}` : '') + (h?.unweightedAt ? ` unweighted at (artist's joint): ${h.unweightedAt}` : ''),
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.log('\nMeans over characters (bone heat / ours); unweighted = vertices summed, then characters with any.\n');
  console.log('| | characters | Blender failed, warned | L1 | precision | recall | unweighted vertices | characters with unweighted | seconds |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const p of [...new Set(rows.map((r) => r.plan))]) console.log(summarise(p, rows.filter((r) => r.plan === p)));
  console.log(summarise('**all**', rows));
  const json = arg('--json');
  if (json) writeFileSync(json, JSON.stringify(rows, null, 1));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
