/**
 * Same-run timing of generateModel against another version of the engine (the machine is shared
 * and loaded, so only ratios measured in one process, interleaved, mean anything).
 *
 *   mkdir -p packages/generate/.ref && git archive <ref> packages/generate/src | tar -x -C packages/generate/.ref
 *   npx tsx packages/generate/scripts/bench-against.ts packages/generate/.ref/packages/generate/src [size] [runs]
 *   rm -r packages/generate/.ref
 *
 * Input: the test character (PNG with alpha) at `size`² (default 512). After one warm-up of each,
 * the two engines run alternately `runs` times (default 7); prints both medians and the ratio.
 */
import { resolve } from 'node:path';
import sharp from 'sharp';
import { generateModel } from '../src';
import { character, characterPaint, draw } from '../test/images';

type Generate = (image: Uint8Array) => Promise<unknown>;

async function main(): Promise<void> {
  const [refDir, sizeArg, runsArg] = process.argv.slice(2);
  if (!refDir) throw new Error('usage: bench-against.ts <other engine src dir> [size] [runs]');
  const size = Number(sizeArg ?? 512), runs = Number(runsArg ?? 7);
  const loaded: unknown = await import(resolve(refDir, 'index.ts'));
  const other = typeof loaded === 'object' && loaded !== null && 'generateModel' in loaded ? loaded.generateModel : undefined;
  if (typeof other !== 'function') throw new Error(`${refDir}/index.ts exports no generateModel`);
  const base = draw(character, 512, characterPaint);
  const png = await sharp(base.rgba, { raw: { width: 512, height: 512, channels: 4 } }).resize(size, size).png().toBuffer();
  const bytes = new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
  const engines: Array<[string, Generate]> = [['this', (b) => generateModel(b)], ['other', (b) => (other as Generate)(b)]];
  const times: Record<string, number[]> = { this: [], other: [] };
  for (const [, run] of engines) await run(bytes);
  for (let i = 0; i < runs; i++) {
    for (const [name, run] of i % 2 ? [...engines].reverse() : engines) {
      const t = performance.now();
      await run(bytes);
      times[name]!.push(performance.now() - t);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const m = { this: median(times.this!), other: median(times.other!) };
  console.log(`${size}², ${runs} runs each: this ${Math.round(m.this)} ms, other ${Math.round(m.other)} ms, ratio this/other ${(m.this / m.other).toFixed(2)}`);
}

main().catch((err: unknown) => { console.error(err); process.exit(1); });
