/**
 * Benchmark of a rigging engine (`--engine fast|pro`, default fast: its preset): time and peak memory versus triangle count for
 * read → fit → skin → write GLB (the thumbnail is timed separately, except where heat's helper
 * threads solve bones, from ~8,000 welded vertices: rigMesh then draws it on the calling thread while
 * they solve, inside the skin stage, so from 19k triangles up read→write includes its share), on the procedural biped
 * tessellated finer and finer. Each size runs in its own child process so that maxRSS is that
 * size's peak. With --blender, Blender's bone heat (automatic weights, skeleton given) is timed
 * on the same meshes and skeletons for comparison.
 *
 *   npx tsx packages/rig/scripts/bench.ts [--sizes 1000,10000,50000,200000,1000000,1990000] [--engine fast|pro] [--blender] [--warm 3] [--base <copy of src>/rig-mesh.ts] [--heat-threads N]
 *
 * `--warm N`: warm runs after the cold one (default 3 below 1M triangles, 1 above), the best kept.
 * Below ~20k triangles three are not steady state: V8 is still optimising the rig's functions
 * (the 2.6k biped's CPU falls from ~1.4 s cold to ~0.25 s only after 8–10 runs), so `--warm 15`
 * gives the figure of a worker that has rigged a few meshes.
 *
 * CPU columns: this machine is shared, so wall times mostly measure the load. `CPU ms read→write`
 * is the rigging process's user + system time from the read to the end of the GLB write (the
 * thumbnail left out, as in the wall column; the least of the warm runs).
 *
 * Blender (`--blender`, `scripts/blender-bone-heat.py --repeat N`): one Blender process imports the
 * mesh, builds the skeleton's armature and runs Parent > With Automatic Weights once (its first
 * call: `Blender first`), then N more times on the same mesh (groups, modifier and parent cleared
 * before each; N = our warm runs, `--warm`), and reports the least wall and the least CPU of those
 * (`Blender warm`), its CPU being the process time of all its threads. Our warm figure is also the
 * least of N runs in one process, so `÷ Blender warm` is the like-for-like ratio; `÷ Blender first`
 * compares with a Blender started for one mesh (its import and armature not counted either way).
 * Every ratio is ours over Blender's (below 1 we are faster), wall over wall and CPU over CPU, from
 * unrounded seconds (Blender prints microseconds; the table rounds only for display).
 * `--base <file>`: before each size's row, the same size rigged by the `rig-mesh.ts` of a copy of
 * `src/` made before a change (`cp -r packages/rig/src packages/rig/.base-src`, git-ignored), in
 * its own child process and compared with the same Blender run, so before and after share a sitting.
 * `--heat-threads N`: this tree's rigs with `skin.heatThreads` N (default the engine's,
 * `defaultHeatThreads()`; 1 is the serial solve): the wall columns are what the threads change.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { readMesh, writeGlb, type Mesh, type Skeleton } from '@rigforge/mesh';
import { buildCreature } from '../testing/build-creature';
import { rigMesh as rigMeshNow } from '../src/rig-mesh';
import { RIG_ENGINE_NAMES, RIG_ENGINE_PRESETS, type RigEngineName } from '../src/rig-engine-presets';

const engineArg = process.argv.includes('--engine') ? process.argv[process.argv.indexOf('--engine') + 1] : 'fast';
const engine: RigEngineName = RIG_ENGINE_NAMES.find((n) => n === engineArg) ?? 'fast';
const preset = RIG_ENGINE_PRESETS[engine];

const OUT = join(__dirname, '../../../bench-output/rig');
const warmArg = process.argv.includes('--warm') ? Number(process.argv[process.argv.indexOf('--warm') + 1]) : undefined;
const heatThreadsArg = process.argv.includes('--heat-threads') ? Number(process.argv[process.argv.indexOf('--heat-threads') + 1]) : undefined;
const warmRuns = (target: number): number => (warmArg !== undefined && warmArg >= 1 ? Math.floor(warmArg) : target >= 1_000_000 ? 1 : 3);

interface Row {
  target: number;
  /** Which code rigged it: `now` (this tree) or `base` (`--base`). */
  code: string;
  triangles: number;
  glbBytes: number;
  read: number;
  fit: number;
  skin: number;
  write: number;
  thumbnail: number;
  pipeline: number;
  coldPipeline: number;
  /** CPU time of the whole rig call, thumbnail included (includes GC threads). */
  cpuMs: number;
  /** CPU time from the read to the end of the write (no thumbnail), the least of the warm runs. */
  cpuPipelineMs: number;
  /** `pipeline` and `cpuPipelineMs` unrounded, for the ratios. */
  pipelineExactMs: number;
  cpuPipelineExactMs: number;
  /** 1-minute load average when the row finished. */
  load: string;
  maxRssMb: number;
  joints: number;
  blender?: BlenderHeat;
}

/** Blender's bone heat on one mesh (`--blender`): seconds, unrounded. */
interface BlenderHeat {
  /** What went wrong, when it gave no times. */
  failed?: string;
  unweighted?: number;
  /** Its first call in a fresh Blender: wall and CPU seconds. */
  firstWall?: number;
  firstCpu?: number;
  /** The least of its warm calls in the same process, and how many there were. */
  warmWall?: number;
  warmCpu?: number;
  warmRuns?: number;
}

type RigMesh = typeof rigMeshNow;

/** rigMesh of this tree, or of the copy `--rig` names (a child of `--base`). */
async function loadRigMesh(path: string | undefined): Promise<RigMesh> {
  if (path === undefined) return rigMeshNow;
  const mod: unknown = await import(path);
  const fn = typeof mod === 'object' && mod !== null && 'rigMesh' in mod ? mod.rigMesh : undefined;
  if (typeof fn !== 'function') throw new Error(`--rig ${path} exports no rigMesh`);
  return fn as RigMesh;
}

/** The biped at the tessellation whose triangle count is closest to `target`. */
function creatureNear(target: number): Mesh {
  let detail = Math.sqrt(target / 6400);
  for (let k = 0; k < 4; k++) {
    const n = buildCreature('biped', detail).mesh.indices.length / 3;
    detail *= Math.sqrt(target / n);
  }
  return buildCreature('biped', detail).mesh;
}

async function one(target: number, blender: boolean, rigPath: string | undefined): Promise<Row> {
  const rigMesh = await loadRigMesh(rigPath);
  const skin = heatThreadsArg !== undefined && rigPath === undefined ? { ...preset.skin, heatThreads: heatThreadsArg } : preset.skin;
  const mesh = creatureNear(target);
  const glb = await writeGlb(mesh);
  // First job in a fresh process (JIT cold), then the same job again (a long-running worker):
  // the fastest of the warm runs (three by default), since other jobs share this machine's two cores. CPU time
  // (user + system of this process) is reported beside wall time for the same reason.
  const cold = await rigMesh(glb, { rigType: 'biped', thumbnailSize: 512, fit: preset.fit, skin });
  let result = cold;
  let cpuMs = Infinity;
  let cpuPipelineMs = Infinity;
  let bestWall = Infinity;
  for (let k = 0; k < warmRuns(target); k++) {
    const cpu0 = process.cpuUsage();
    let cpuWrite = Infinity;
    const onStage = (stage: string): void => {
      if (stage !== 'thumbnail') return;
      const c = process.cpuUsage(cpu0);
      cpuWrite = (c.user + c.system) / 1000;
    };
    const r = await rigMesh(glb, { rigType: 'biped', thumbnailSize: 512, fit: preset.fit, skin, onStage });
    const cpu = process.cpuUsage(cpu0);
    const t = r.report.timingsMs;
    const wall = t.read + t.fit + t.skin + t.write;
    // The least CPU of the warm runs, whichever had the least wall time: on a loaded machine the
    // two picks differ, and CPU is the figure that compares.
    cpuPipelineMs = Math.min(cpuPipelineMs, cpuWrite);
    if (wall < bestWall) {
      bestWall = wall;
      result = r;
      // The thumbnail's wall time cannot be taken off a CPU time (under load it exceeded it): the
      // rig call's CPU is reported whole.
      cpuMs = (cpu.user + cpu.system) / 1000;
    }
  }
  const t = result.report.timingsMs;
  const c = cold.report.timingsMs;
  const row: Row = {
    target,
    code: rigPath === undefined ? 'now' : 'base',
    triangles: result.report.triangles,
    glbBytes: glb.length,
    read: t.read,
    fit: t.fit,
    skin: t.skin,
    write: t.write,
    thumbnail: t.thumbnail,
    pipeline: Math.round((t.read + t.fit + t.skin + t.write) * 10) / 10,
    coldPipeline: Math.round(c.read + c.fit + c.skin + c.write),
    cpuMs: Math.round(cpuMs),
    cpuPipelineMs: Math.round(cpuPipelineMs),
    pipelineExactMs: t.read + t.fit + t.skin + t.write,
    cpuPipelineExactMs: cpuPipelineMs,
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    joints: result.report.joints,
    load: os.loadavg()[0]!.toFixed(1),
  };
  if (blender) {
    row.blender = boneHeat(target, (await readMesh(glb)).mesh, await skeletonOf(result.model), warmRuns(target));
  }
  return row;
}

async function skeletonOf(glb: Uint8Array): Promise<Skeleton> {
  // The joints as written: glTF nodes with translations relative to their parents.
  const json = JSON.parse(Buffer.from(glb.subarray(20, 20 + new DataView(glb.buffer, glb.byteOffset).getUint32(12, true))).toString('utf8')) as {
    nodes: { name?: string; translation?: number[]; children?: number[] }[];
    skins: { joints: number[] }[];
  };
  const jointNodes = json.skins[0]!.joints;
  const parentOf = new Map<number, number>();
  json.nodes.forEach((n, i) => (n.children ?? []).forEach((c) => parentOf.set(c, i)));
  const world = new Map<number, [number, number, number]>();
  const pos = (i: number): [number, number, number] => {
    const cached = world.get(i);
    if (cached) return cached;
    const t = json.nodes[i]!.translation ?? [0, 0, 0];
    const p = parentOf.get(i);
    const base = p !== undefined && jointNodes.includes(p) ? pos(p) : [0, 0, 0];
    const w: [number, number, number] = [base[0]! + t[0]!, base[1]! + t[1]!, base[2]! + t[2]!];
    world.set(i, w);
    return w;
  };
  return {
    joints: jointNodes.map((n) => ({
      name: json.nodes[n]!.name ?? `j${n}`,
      parent: parentOf.has(n) ? jointNodes.indexOf(parentOf.get(n)!) : -1,
      position: pos(n),
    })),
  };
}

/** Blender bone heat on the same mesh and skeleton: its first call, then the least of `repeat` more. */
function boneHeat(target: number, mesh: Mesh, skeleton: Skeleton, repeat: number): BlenderHeat {
  mkdirSync(OUT, { recursive: true });
  const obj = join(OUT, `bench-${target}.obj`);
  const lines: string[] = [];
  const p = mesh.positions;
  for (let i = 0; i < p.length; i += 3) lines.push(`v ${p[i]} ${p[i + 1]} ${p[i + 2]}`);
  const ix = mesh.indices;
  for (let i = 0; i < ix.length; i += 3) lines.push(`f ${ix[i]! + 1} ${ix[i + 1]! + 1} ${ix[i + 2]! + 1}`);
  writeFileSync(obj, lines.join('\n'));
  const skel = join(OUT, `bench-${target}.json`);
  writeFileSync(skel, JSON.stringify(skeleton));
  try {
    const out = execFileSync('blender', ['-b', '--factory-startup', '-noaudio', '--python', join(__dirname, 'blender-bone-heat.py'), '--', obj, skel, '--repeat', String(repeat)], {
      encoding: 'utf8',
      timeout: 600_000,
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const num = (re: RegExp): number | undefined => {
      const m = re.exec(out);
      return m ? Number(m[1]) : undefined;
    };
    const firstWall = num(/BONE_HEAT_SECONDS (\S+)/);
    if (firstWall === undefined) return { failed: 'no result' };
    return {
      firstWall,
      unweighted: num(/UNWEIGHTED (\d+)/),
      firstCpu: num(/BONE_HEAT_CPU_SECONDS (\S+)/),
      warmWall: num(/BONE_HEAT_WARM_SECONDS (\S+)/),
      warmRuns: num(/BONE_HEAT_WARM_SECONDS \S+ RUNS (\d+)/),
      warmCpu: num(/BONE_HEAT_WARM_CPU_SECONDS (\S+)/),
    };
  } catch (e) {
    return { failed: String((e as Error).message).split('\n')[0]!.slice(0, 60) };
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const blender = args.includes('--blender');
  const oneIdx = args.indexOf('--one');
  const rigIdx = args.indexOf('--rig');
  if (oneIdx >= 0) {
    const row = await one(Number(args[oneIdx + 1]), blender, rigIdx >= 0 ? resolve(args[rigIdx + 1]!) : undefined);
    process.stdout.write(`ROW ${JSON.stringify(row)}\n`);
    return;
  }
  const sizesIdx = args.indexOf('--sizes');
  const sizes = sizesIdx >= 0 ? args[sizesIdx + 1]!.split(',').map(Number) : [1000, 10_000, 50_000, 200_000, 1_000_000, 1_990_000];
  const baseIdx = args.indexOf('--base');
  const base = baseIdx >= 0 ? args[baseIdx + 1] : undefined;
  console.log('| code | triangles | GLB MB | read ms | fit ms | skin ms | write ms | read→write ms (warm) | CPU ms read→write | CPU ms (incl. thumbnail) | read→write ms (cold process) | thumbnail ms | peak RSS MB | load | Blender bone heat first call ms, wall / CPU | Blender least warm ms, wall / CPU (runs) | ÷ Blender first, wall / CPU | ÷ Blender warm, wall / CPU |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const child = (size: number, withBlender: boolean, rigPath: string | undefined): Row => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', __filename, '--one', String(size), '--engine', engine, ...(withBlender ? ['--blender'] : []), ...(warmArg !== undefined ? ['--warm', String(warmArg)] : []), ...(heatThreadsArg !== undefined ? ['--heat-threads', String(heatThreadsArg)] : []), ...(rigPath !== undefined ? ['--rig', resolve(rigPath)] : [])], {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
      timeout: 1_200_000,
    });
    return JSON.parse(/ROW (.*)/.exec(out)![1]!) as Row;
  };
  for (const size of sizes) {
    try {
      // Blender runs once per size, with this tree's row; the base row is compared with the same run.
      const before = base !== undefined ? child(size, false, base) : undefined;
      const now = child(size, blender, undefined);
      for (const r of before ? [before, now] : [now]) {
        const b = now.blender;
        // Ours over Blender's, both timed in this run, from unrounded numbers: below 1 we are faster.
        const ratio = (oursMs: number, blenderS: number | undefined): string => (blenderS !== undefined && blenderS > 0 ? (oursMs / (1000 * blenderS)).toFixed(2) : '—');
        const ms = (s: number | undefined): string => (s === undefined ? '—' : (1000 * s).toFixed(1));
        const first = b === undefined ? '—' : b.failed !== undefined ? `failed: ${b.failed}` : `${ms(b.firstWall)} / ${ms(b.firstCpu)} (${b.unweighted ?? '?'} unweighted)`;
        const warm = b === undefined || b.failed !== undefined ? '—' : `${ms(b.warmWall)} / ${ms(b.warmCpu)} (${b.warmRuns ?? 0})`;
        const vsFirst = `${ratio(r.pipelineExactMs, b?.firstWall)} / ${ratio(r.cpuPipelineExactMs, b?.firstCpu)}`;
        const vsWarm = `**${ratio(r.pipelineExactMs, b?.warmWall)}** / **${ratio(r.cpuPipelineExactMs, b?.warmCpu)}**`;
        console.log(`| ${r.code} | ${r.triangles} | ${(r.glbBytes / 1e6).toFixed(1)} | ${r.read} | ${r.fit} | ${r.skin} | ${r.write} | **${r.pipeline}** | ${r.cpuPipelineMs} | ${r.cpuMs} | ${r.coldPipeline} | ${r.thumbnail} | ${r.maxRssMb} | ${r.load} | ${first} | ${warm} | ${vsFirst} | ${vsWarm} |`);
      }
    } catch (e) {
      console.log(`| | ~${size} | failed: ${String((e as Error).message).split('\n')[0]} |`);
    }
  }
}

void main();
