/**
 * Benchmark of generateModel: wall time and peak resident memory per input size.
 *
 *   npx tsx packages/generate/scripts/bench.ts            # 256², 1024², 2048², default options
 *   npx tsx packages/generate/scripts/bench.ts 1024 5     # one size, 5 timed runs
 *
 * Each size runs in a fresh child process so its peak RSS (getrusage maxrss) is its own. The input
 * is the test character (PNG with alpha) drawn at 512² and resized to the size, so decoding and
 * texture work scale with the real pixel count. Times: one warm-up, then the median of the runs.
 */
import { spawnSync } from 'node:child_process';
import sharp from 'sharp';
import { generateModel } from '../src';
import { character, characterPaint, draw } from '../test/images';

async function runOne(size: number, runs: number): Promise<void> {
  const base = draw(character, 512, characterPaint);
  const png = await sharp(base.rgba, { raw: { width: 512, height: 512, channels: 4 } })
    .resize(size, size)
    .png()
    .toBuffer();
  const bytes = new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
  await generateModel(bytes); // warm-up: JIT, sharp's thread pool
  const times: number[] = [];
  let last: Awaited<ReturnType<typeof generateModel>> | undefined;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    last = await generateModel(bytes);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const r = last!.report;
  console.log(JSON.stringify({
    size,
    inputBytes: bytes.length,
    medianMs: Math.round(times[Math.floor(times.length / 2)]!),
    minMs: Math.round(times[0]!),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    vertices: r.vertices,
    triangles: r.triangles,
    modelBytes: last!.model.length,
    stagesMs: r.timingsMs,
  }));
}

async function main(): Promise<void> {
  const [sizeArg, runsArg] = process.argv.slice(2);
  if (sizeArg) return runOne(Number(sizeArg), Number(runsArg ?? 3));
  const rows: Array<Record<string, unknown>> = [];
  for (const size of [256, 1024, 2048]) {
    const child = spawnSync('npx', ['tsx', __filename, String(size), '3'], { encoding: 'utf8' });
    if (child.status !== 0) throw new Error(`bench ${size}: ${child.stderr}`);
    rows.push(JSON.parse(child.stdout.trim().split('\n').pop()!) as Record<string, unknown>);
  }
  console.log('| input | median time | min time | peak RSS | vertices | triangles | GLB size |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(`| ${r.size}² | ${r.medianMs} ms | ${r.minMs} ms | ${r.peakRssMb} MB | ${r.vertices} | ${r.triangles} | ${Math.round(Number(r.modelBytes) / 1024)} KB |`);
  }
  for (const r of rows) console.log(`${r.size}²: ${JSON.stringify(r.stagesMs)}`);
}

main().catch((err) => { console.error(err); process.exit(1); });
