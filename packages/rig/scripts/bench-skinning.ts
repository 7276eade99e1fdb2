/**
 * Time and peak memory of computeSkinWeights against triangle count, on a procedural humanoid
 * tessellated finer and finer (19 joints; `--joints` adds finger chains to reach ~55).
 *   npx tsx packages/rig/scripts/bench-skinning.ts [--sizes 1000,10000,50000] [--runs 3] [--options '{"method":"heat"}']
 * `--options` is a JSON object of ComputeSkinWeightsOptions (default none: the fast engine).
 * Each size runs in a fresh child process so peak RSS belongs to that size alone.
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { computeSkinWeights, type ComputeSkinWeightsOptions } from '../src/compute-skin-weights';
import { humanoid, withFingers } from '../test/skinning-fixtures';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string): string => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : fallback;
};

function detailFor(triangles: number): number {
  // humanoid(d) has ≈ base·d² triangles.
  const base = humanoid(1).mesh.indices.length / 3;
  return Math.sqrt(triangles / base);
}

if (arg('--child', '') !== '') {
  const target = Number(arg('--child', '0'));
  const runs = Number(arg('--runs', '3'));
  const fingers = args.includes('--fingers');
  // A developer's own JSON on the command line; the engine validates every option it reads.
  const skinOptions = JSON.parse(arg('--options', '{}')) as ComputeSkinWeightsOptions;
  let body = humanoid(detailFor(target));
  if (fingers) body = withFingers(body);
  const times: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    computeSkinWeights(body.mesh, body.skeleton, skinOptions);
    const c1 = process.cpuUsage(c0);
    times.push(performance.now() - t0);
    cpu.push((c1.user + c1.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const out = {
    triangles: body.mesh.indices.length / 3,
    vertices: body.mesh.positions.length / 3,
    joints: body.skeleton.joints.length,
    medianMs: times[Math.floor(times.length / 2)]!,
    // CPU time of this thread's process: less distorted than wall time when the cores are shared.
    medianCpuMs: cpu[Math.floor(cpu.length / 2)]!,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
  process.stdout.write(JSON.stringify(out) + '\n');
} else {
  const sizes = arg('--sizes', '1000,10000,50000,200000,1000000').split(',').map(Number);
  const runs = arg('--runs', '3');
  const extra = [...(args.includes('--fingers') ? ['--fingers'] : []), '--options', arg('--options', '{}')];
  console.log(`load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);
  console.log('| triangles | vertices | joints | median wall ms | median CPU ms | peak RSS MB |');
  console.log('|---:|---:|---:|---:|---:|---:|');
  for (const size of sizes) {
    const r = size >= 500000 ? '1' : runs;
    const line = execFileSync(process.execPath, [...process.execArgv, __filename, '--child', String(size), '--runs', r, ...extra], {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    });
    const o = JSON.parse(line.trim().split('\n').pop()!) as Record<string, number>;
    console.log(`| ${o.triangles} | ${o.vertices} | ${o.joints} | ${o.medianMs!.toFixed(0)} | ${o.medianCpuMs!.toFixed(0)} | ${o.peakRssMb!.toFixed(0)} |`);
  }
}
