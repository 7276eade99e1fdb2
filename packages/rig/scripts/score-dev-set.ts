/**
 * Scores the rigging engines on an artist-rigged development set (the folder layout and scoring
 * definitions are in that set's README): per character, per body plan and overall, for each engine,
 *  - joints: rig `input.glb` end to end (`rigMesh`, the manifest's body plan), read the written
 *    GLB's bind-pose joints, CD-J2J against the artist's deforming joints / placed diagonal;
 *  - weights given the artist's skeleton: `computeSkinWeights` on the bind-space mesh with the
 *    artist's deforming joints, against the artist's weights (L1, precision, recall at 0.1);
 *  - unweighted vertices (in our rig, and with the artist's skeleton) and times.
 *
 *   npx tsx packages/rig/scripts/score-dev-set.ts <dev-set dir> [--engine fast,pro] [--only id,id]
 *       [--plan biped] [--artist kenney] [--by artist] [--json out.json] [--no-weights] [--no-joints] [--verbose]
 *       [--warm-up N]
 *
 * `--warm-up N` (default 0): before each engine's rows, rig the rig workers' warm-up meshes, untimed,
 * as a worker's engine thread does before it takes its first job (`rigWarmUpMeshes(N)`,
 * src/warm-up-inputs.ts, which apps/worker/src/engines/warm-up.ts reads with N = `WORKER_WARMUP_RUNS`:
 * the dressed humanoid once, then the sample humanoid N times; procedural, no dev-set data). The first
 * rigs of a process pay its warm-up (V8 compiling the engine's code through its tiers, the young heap
 * growing, the shipped exemplar views unpacked once; a first large mesh, heat's threads and large-mesh
 * paths: speed.md Rounds 64, 66): the set's first
 * characters' rig ms are otherwise mostly that (packages/rig/docs/speed.md, "Where the time goes",
 * round 33), which no job of a warmed-up worker pays. `--warm-up 0` times the cold process.
 * The scores are the same with or without it; only the times move.
 *
 * A script, not a test: the set is development data that never enters the repository.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMesh } from '@rigforge/mesh';
import { computeSkinWeights } from '../src/compute-skin-weights';
import { measureJointError } from '../testing/measure-joint-error';
import { invertTurn, multiplyTurns, turnOf, turnSkeleton } from '../testing/orientation-turns';
import { rollMatrix } from '../src/mirror-roll';
import { ORIENTATION_CANDIDATES } from '../src/orientation-features';
import { rigMesh } from '../src/rig-mesh';
import { RIG_ENGINE_NAMES, RIG_ENGINE_PRESETS, type RigEngineName } from '../src/rig-engine-presets';
import { compareSkinWeights } from '../src/skinning/skin-metrics';
import { rigWarmUpMeshes } from '../src/warm-up-inputs';
import { artistSkeleton, readArtistSkin, readGtJoints, readManifest, readWrittenRig, type DevCharacter } from './lib/dev-set';
import { arg } from './lib/cli-args';


interface Row {
  id: string;
  plan: string;
  artist: string;
  triangles: number;
  engine: RigEngineName;
  error?: string;
  joints?: { ours: number; artist: number; cdj2j: number; matchScore: number; warnings: string[]; unweighted: number; ms: number };
  weights?: {
    l1: number; precision: number; recall: number; unweighted: number;
    influences: number; artistInfluences: number; maxWeight: number; artistMaxWeight: number; ms: number;
  };
}

async function scoreJoints(dir: string, c: DevCharacter, engine: RigEngineName): Promise<NonNullable<Row['joints']>> {
  const bytes = new Uint8Array(readFileSync(join(dir, c.id, 'input.glb')));
  const preset = RIG_ENGINE_PRESETS[engine];
  const t0 = performance.now();
  const result = await rigMesh(bytes, { rigType: c.bodyPlan, fit: preset.fit, skin: preset.skin, thumbnailSize: 64 });
  const ms = performance.now() - t0;
  const rigged = await readWrittenRig(result.model);
  // The rig is in the frame the orientation step stood the model in; the artist's joints are in the file's.
  const o = result.report.orientation;
  const stood = ORIENTATION_CANDIDATES.find((q) => q.upAxis === o.upAxis && q.rotationY === o.rotationY);
  if (!stood) throw new Error(`${c.id}: rigged with a rotation_y that is not a quarter turn (${o.rotationY})`);
  // A mesh rolled first (its mirror plane off the axes) is rolled back after the quarter turn.
  const back = o.roll ? multiplyTurns(invertTurn(rollMatrix(o.roll.axis, o.roll.degrees)), invertTurn(turnOf(stood))) : invertTurn(turnOf(stood));
  const written = { ...rigged, skeleton: turnSkeleton(rigged.skeleton, back) };
  const truth = artistSkeleton(readGtJoints(dir, c.id), 'placedPosition');
  const placed = (await readMesh(bytes)).mesh;
  return {
    ours: written.skeleton.joints.length,
    artist: truth.joints.length,
    cdj2j: measureJointError(truth, written.skeleton, placed),
    matchScore: result.report.matchScore,
    warnings: result.report.warnings,
    unweighted: written.unweighted,
    ms,
  };
}

async function scoreWeights(dir: string, c: DevCharacter, engine: RigEngineName): Promise<NonNullable<Row['weights']>> {
  const artist = await readArtistSkin(dir, c.id);
  const t0 = performance.now();
  const ours = computeSkinWeights(artist.mesh, artist.skeleton, RIG_ENGINE_PRESETS[engine].skin);
  const ms = performance.now() - t0;
  const n = artist.mesh.positions.length / 3;
  const m = compareSkinWeights(ours, artist.weights, n, artist.skeleton.joints.length);
  return {
    l1: m.meanL1, precision: m.precision, recall: m.recall, unweighted: m.unweighted,
    influences: m.predictedInfluences, artistInfluences: m.referenceInfluences,
    maxWeight: m.predictedMaxWeight, artistMaxWeight: m.referenceMaxWeight, ms,
  };
}

const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
/** The middle value (the lower of the two middle ones for an even count). */
const median = (xs: number[]): number => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]! : NaN);
const most = (xs: number[]): number => (xs.length ? Math.max(...xs) : NaN);
const f = (x: number | undefined, d = 3): string => (x === undefined || Number.isNaN(x) ? '–' : x.toFixed(d));

/** The summaries' time columns (wall ms per character): rig end to end, then skinning alone. */
const TIME_COLUMNS = 'rig ms | median rig ms | max rig ms | skin ms | median skin ms';
const TIME_ALIGN = '---:|'.repeat(5);

function summarise(rows: Row[]): string {
  const j = rows.filter((r) => r.joints).map((r) => r.joints!);
  const w = rows.filter((r) => r.weights).map((r) => r.weights!);
  const failed = rows.filter((r) => r.error).length;
  return `| ${rows.length} | ${failed} | ${f(mean(j.map((x) => x.cdj2j)), 4)} | ${f(most(j.map((x) => x.cdj2j)), 4)} | ` +
    `${j.filter((x) => x.cdj2j > 0.06).length} | ${f(mean(w.map((x) => x.l1)))} | ${f(mean(w.map((x) => x.precision)))} | ` +
    `${f(mean(w.map((x) => x.recall)))} | ${w.reduce((a, x) => a + x.unweighted, 0) + j.reduce((a, x) => a + x.unweighted, 0)} | ` +
    `${f(mean(j.map((x) => x.ms)), 0)} | ${f(median(j.map((x) => x.ms)), 0)} | ${f(most(j.map((x) => x.ms)), 0)} | ` +
    `${f(mean(w.map((x) => x.ms)), 0)} | ${f(median(w.map((x) => x.ms)), 0)} |`;
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir || dir.startsWith('--')) {
    console.error('usage: score-dev-set.ts <dev-set dir> [--engine fast,pro] [--only id,id] [--plan biped] [--artist name] [--by artist] [--json out.json] [--no-weights] [--no-joints] [--warm-up N]');
    process.exit(2);
  }
  const engines = (arg('--engine')?.split(',') ?? RIG_ENGINE_NAMES).filter((e): e is RigEngineName => (RIG_ENGINE_NAMES as string[]).includes(e));
  const only = arg('--only')?.split(',');
  const plan = arg('--plan');
  const artist = arg('--artist');
  const doJoints = !process.argv.includes('--no-joints');
  const doWeights = !process.argv.includes('--no-weights');
  const verbose = process.argv.includes('--verbose');
  const warmUps = Math.max(0, Number(arg('--warm-up') ?? 0));
  const chars = readManifest(dir).filter((c) => (!only || only.includes(c.id)) && (!plan || c.bodyPlan === plan) && (!artist || c.artist === artist));
  const rows: Row[] = [];
  for (const engine of engines) {
    if (warmUps > 0) {
      const preset = RIG_ENGINE_PRESETS[engine];
      // The worker's warm-up jobs: everything `auto`, as a request without options asks.
      for (const file of rigWarmUpMeshes(warmUps)) await rigMesh(new Uint8Array(readFileSync(file)), { fit: preset.fit, skin: preset.skin, thumbnailSize: 64 });
    }
    console.log(`\n### Engine \`${engine}\`\n`);
    console.log('| character | plan | tris | joints ours/artist | CD-J2J | match | L1 | precision | recall | joints >0.1 ours/artist | max weight ours/artist | unweighted (rig, skel) | rig ms | skin ms |');
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const c of chars) {
      const row: Row = { id: c.id, plan: c.bodyPlan, artist: c.artist, triangles: c.triangles, engine };
      try {
        if (doJoints) row.joints = await scoreJoints(dir, c, engine);
        if (doWeights) row.weights = await scoreWeights(dir, c, engine);
      } catch (error) {
        row.error = error instanceof Error ? error.message : String(error);
      }
      rows.push(row);
      const j = row.joints, w = row.weights;
      console.log(
        `| ${c.id} | ${c.bodyPlan} | ${c.triangles} | ${j ? `${j.ours}/${j.artist}` : '–'} | ${f(j?.cdj2j, 4)} | ${f(j?.matchScore, 2)} | ` +
        `${f(w?.l1)} | ${f(w?.precision)} | ${f(w?.recall)} | ${w ? `${f(w.influences, 2)}/${f(w.artistInfluences, 2)}` : '–'} | ` +
        `${w ? `${f(w.maxWeight, 2)}/${f(w.artistMaxWeight, 2)}` : '–'} | ${j?.unweighted ?? '–'}, ${w?.unweighted ?? '–'} | ${f(j?.ms, 0)} | ${f(w?.ms, 0)} |` +
        (row.error ? ` **FAILED: ${row.error}**` : '') + (verbose && j?.warnings.length ? ` ${j.warnings.join('; ')}` : ''),
      );
    }
    const mine = rows.filter((r) => r.engine === engine);
    console.log(`\n| \`${engine}\` | characters | failed | mean CD-J2J | max CD-J2J | > 0.06 | mean L1 | precision | recall | unweighted | ${TIME_COLUMNS} |`);
    console.log(`|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|${TIME_ALIGN}`);
    for (const p of [...new Set(mine.map((r) => r.plan))]) console.log(`| ${p} ${summarise(mine.filter((r) => r.plan === p))}`);
    console.log(`| **all** ${summarise(mine)}`);
    // Per artist: a rule that helps the set but hurts one artist's conventions is not a method.
    // `--by artist` ranks them worst first (by CD-J2J, then L1); otherwise in manifest order.
    const artists = [...new Set(mine.map((r) => r.artist))];
    if (arg('--by') === 'artist') {
      const key = (a: string): number => {
        const rs = mine.filter((r) => r.artist === a);
        return mean(rs.filter((r) => r.joints).map((r) => r.joints!.cdj2j)) || mean(rs.filter((r) => r.weights).map((r) => r.weights!.l1)) || 0;
      };
      artists.sort((a, b) => key(b) - key(a));
    }
    console.log(`\n| \`${engine}\` by artist | characters | failed | mean CD-J2J | max CD-J2J | > 0.06 | mean L1 | precision | recall | unweighted | ${TIME_COLUMNS} |`);
    console.log(`|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|${TIME_ALIGN}`);
    for (const a of artists) console.log(`| ${a} ${summarise(mine.filter((r) => r.artist === a))}`);
  }
  const out = arg('--json');
  if (out) writeFileSync(out, JSON.stringify(rows, null, 1));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
