/**
 * Scores `generate_model` against real 3D characters, as `packages/rig/scripts/score-dev-set.ts`
 * scores the rigger: how close is the model made from one picture to the true shape?
 *
 *   npx tsx packages/generate/scripts/score-dev-set.ts ../shared/rig-dev-set [--only id,id] [--json out.json]
 *       [--sheet sheet.png] [--samples 20000] [--no-hints] [--no-feet] [--depth-cue] [--cache <dir>]
 *   npx tsx packages/generate/scripts/score-dev-set.ts --merge a.json,b.json   (the tables of runs split with --only)
 *
 * For each character of the set (`input.glb`, standing +Y up, facing +Z):
 *  1. the view that shows most of it: the largest silhouette area of the front, side and top views;
 *  2. that view rendered orthographically (a 0.5° lens) on a transparent background, 512 px, textured;
 *  3. the picture sent to the engine (`generateModel`) with the true height and, unless `--no-hints`,
 *     the character's body plan and the view (which pick the learned depth prior);
 *  4. generated and true meshes both centred on their bounding boxes and compared: symmetric Chamfer
 *     distance over `--samples` area-weighted surface samples each, divided by the true bounding-box
 *     diagonal (CD); silhouette IoU in the front, side and top views of the picture's frame; and the
 *     generated depth (extent along the view axis) over the true depth;
 *  5. the floor: the picture's silhouette extruded to a constant depth of 30% of its width, scored
 *     the same way. A generator worth the name beats it.
 * Per body plan and overall; `--sheet` writes true / generated side by side (front, side, 3/4 front,
 * 3/4 back) for every character, to look at; `--cache` writes each true and made mesh as
 * `model-cache.ts` reads them, so fits that transform the made model start from the benchmark's own.
 *
 * A script, not a test: the set is development data that never enters the repository.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { renderThumbnail, type Mesh } from '@rigforge/mesh';
import sharp from 'sharp';
import { z } from 'zod';
import { generateModel } from '../src';
import { mostInformativeView, turnToView, VIEWS, type Vec3, type View, arg, benchmarkPicture, unitHeight, PICTURE_PX, readManifest, readCharacterMesh } from './dev-set-views';
import { writeCachedModel } from './model-cache';
import { compare, type Scores } from './shape-distance';

/** Picture side, as the issue measures. */
const FLOOR_DEPTH_OF_WIDTH = 0.3;

/** The picture's alpha as a mask, cropped to the subject: rows top to bottom. */
function alphaMask(rgba: Buffer, px: number): { mask: Uint8Array; x0: number; x1: number; y0: number; y1: number } {
  const mask = new Uint8Array(px * px);
  let x0 = px, x1 = -1, y0 = px, y1 = -1;
  for (let y = 0; y < px; y++) {
    for (let x = 0; x < px; x++) {
      if (rgba[(y * px + x) * 4 + 3]! < 128) continue;
      mask[y * px + x] = 1;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return { mask, x0, x1, y0, y1 };
}

/**
 * The floor: the picture's silhouette as a prism of constant depth (30% of its width), a quad front
 * and back per covered pixel and a side wall along every boundary edge, scaled to the true height.
 */
function extrudeSilhouette(rgba: Buffer, px: number, trueHeight: number): { positions: Float32Array; indices: Uint32Array } {
  const { mask, x0, x1, y0, y1 } = alphaMask(rgba, px);
  const scale = trueHeight / Math.max(1, y1 - y0 + 1);
  const depth = FLOOR_DEPTH_OF_WIDTH * (x1 - x0 + 1) * scale;
  const pos: number[] = [];
  const idx: number[] = [];
  const quad = (a: Vec3, b: Vec3, c: Vec3, d: Vec3) => {
    const base = pos.length / 3;
    pos.push(...a, ...b, ...c, ...d);
    idx.push(base, base + 1, base + 2, base, base + 2, base + 3);
  };
  const at = (x: number, y: number): number => (x >= 0 && y >= 0 && x < px && y < px ? mask[y * px + x]! : 0);
  const X = (x: number) => x * scale, Y = (y: number) => -y * scale, f = depth / 2;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      if (!at(x, y)) continue;
      quad([X(x), Y(y), f], [X(x + 1), Y(y), f], [X(x + 1), Y(y + 1), f], [X(x), Y(y + 1), f]);
      quad([X(x), Y(y), -f], [X(x), Y(y + 1), -f], [X(x + 1), Y(y + 1), -f], [X(x + 1), Y(y), -f]);
      if (!at(x - 1, y)) quad([X(x), Y(y), -f], [X(x), Y(y), f], [X(x), Y(y + 1), f], [X(x), Y(y + 1), -f]);
      if (!at(x + 1, y)) quad([X(x + 1), Y(y), f], [X(x + 1), Y(y), -f], [X(x + 1), Y(y + 1), -f], [X(x + 1), Y(y + 1), f]);
      if (!at(x, y - 1)) quad([X(x), Y(y), f], [X(x), Y(y), -f], [X(x + 1), Y(y), -f], [X(x + 1), Y(y), f]);
      if (!at(x, y + 1)) quad([X(x), Y(y + 1), -f], [X(x), Y(y + 1), f], [X(x + 1), Y(y + 1), f], [X(x + 1), Y(y + 1), -f]);
    }
  }
  return { positions: new Float32Array(pos), indices: new Uint32Array(idx) };
}

/** A render for the sheet: the camera's yaw about +Y from the front; transparent background. */
async function view(mesh: Mesh, yaw: number, size: number): Promise<Buffer> {
  return Buffer.from(renderThumbnail(mesh, { size, yawDegrees: yaw, pitchDegrees: 10, background: [255, 255, 255, 255], supersampling: 1 }));
}

interface Row {
  id: string;
  plan: string;
  artist: string;
  view: View;
  generated?: Scores;
  floor?: Scores;
  ms?: number;
  error?: string;
}

const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2) : NaN;
};
const f = (x: number, d = 3): string => (Number.isFinite(x) ? x.toFixed(d) : '–');

function summarise(rows: Row[]): string {
  const ok = rows.filter((r) => r.generated && r.floor);
  const g = ok.map((r) => r.generated!), fl = ok.map((r) => r.floor!);
  const better = ok.filter((r) => r.generated!.cd < r.floor!.cd).length;
  // Nothing dropped: the largest shortfall of a character's front IoU under its floor's.
  const drop = Math.max(0, ...ok.map((r) => r.floor!.iou.front - r.generated!.iou.front));
  return `| ${rows.length} | ${rows.length - ok.length} | ${f(mean(g.map((s) => s.cd)))} | ${f(mean(g.map((s) => s.iou.front)))} | ${f(mean(g.map((s) => s.iou.side)))} | ` +
    `${f(mean(g.map((s) => s.iou.top)))} | ${f(median(g.map((s) => s.depthRatio)), 2)} | ${f(mean(fl.map((s) => s.cd)))} | ${f(mean(fl.map((s) => s.iou.front)))} | ${better} of ${ok.length} | ` +
    `${f(mean(g.map((s) => s.cd)) / mean(fl.map((s) => s.cd)), 2)} | ${f(drop)} |`;
}

const HEADER = '| | characters | failed | CD | IoU front | IoU side | IoU top | median depth ratio | floor CD | floor IoU front | CD better than floor | CD / floor CD | worst front IoU below floor |';
const RULE = '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|';

/** The tables per body plan and per artist. */
function tables(rows: Row[]): string {
  const lines = [HEADER, RULE];
  for (const p of [...new Set(rows.map((r) => r.plan))]) lines.push(`| ${p} ${summarise(rows.filter((r) => r.plan === p))}`);
  lines.push(`| **all** ${summarise(rows)}`, '', HEADER.replace('| |', '| artist |'), RULE);
  for (const a of [...new Set(rows.map((r) => r.artist))]) lines.push(`| ${a} ${summarise(rows.filter((r) => r.artist === a))}`);
  return lines.join('\n');
}

const rowSchema = z.array(z.looseObject({ id: z.string(), plan: z.string(), artist: z.string(), view: z.enum(VIEWS), error: z.string().optional(),
  generated: z.object({ cd: z.number(), iou: z.object({ front: z.number(), side: z.number(), top: z.number() }), depthRatio: z.number() }).optional(),
  floor: z.object({ cd: z.number(), iou: z.object({ front: z.number(), side: z.number(), top: z.number() }), depthRatio: z.number() }).optional() }));

async function main(): Promise<void> {
  const merge = arg('--merge');
  if (merge) {
    console.log(tables(merge.split(',').flatMap((file) => rowSchema.parse(JSON.parse(readFileSync(file, 'utf8'))))));
    return;
  }
  const dir = process.argv[2];
  if (!dir || dir.startsWith('--')) {
    console.error('usage: score-dev-set.ts <dev-set dir> [--only id,id] [--json out.json] [--sheet sheet.png] [--samples 20000] [--no-hints] [--depth-cue]');
    process.exit(2);
  }
  const only = arg('--only')?.split(',');
  const samples = Number(arg('--samples') ?? 20000);
  const sheetPath = arg('--sheet');
  const noHints = process.argv.includes('--no-hints');
  // The engine without the learned feet (`feet-forward.ts`), to score a tree before and after them in one run.
  const noFeet = process.argv.includes('--no-feet');
  // The engine's optional depth cue for fish and flyers (`depthCue`, off by default; see packages/generate/docs/shape.md).
  const depthCue = process.argv.includes('--depth-cue');
  const cacheDir = arg('--cache');
  const chars = readManifest(dir).filter((c) => !only || only.includes(c.id));
  const rows: Row[] = [];
  const tiles: Buffer[][] = [];
  const TILE = 160;
  console.log('| character | plan | view | CD | IoU front / side / top | depth ratio | floor CD | floor IoU front | ms |');
  console.log('|---|---|---|---:|---|---:|---:|---:|---:|');
  for (const c of chars) {
    const row: Row = { id: c.id, plan: c.bodyPlan, artist: c.artist, view: 'front' };
    try {
      const mesh = await readCharacterMesh(dir, c.id);
      row.view = mostInformativeView(mesh);
      // Scaled to stand 1 tall: files come in any unit (an FBX export at 100× is 10⁵ tall), the
      // engine takes a height in metres, and every score is relative (CD / diagonal, IoU, ratios).
      const turned = turnToView(mesh, row.view);
      const truth = unitHeight(turned);
      const trueHeight = 1;
      const picture = benchmarkPicture(truth);
      const t0 = performance.now();
      // The hints a caller can give: the body plan and the view the picture was taken from.
      const made = await generateModel(picture, { height: trueHeight, ...(noHints ? {} : { bodyPlan: c.bodyPlan, view: row.view }), ...(noFeet ? { feet: false } : {}), ...(depthCue ? { depthCue: true } : {}) });
      row.ms = performance.now() - t0;
      row.generated = compare(truth, made.mesh, samples);
      if (cacheDir) writeCachedModel(cacheDir, { id: c.id, plan: c.bodyPlan, artist: c.artist, view: row.view, truth: { positions: truth.positions, indices: truth.indices }, made: { positions: made.mesh.positions, indices: made.mesh.indices } });
      const rgba = await sharp(Buffer.from(picture)).ensureAlpha().raw().toBuffer();
      row.floor = compare(truth, extrudeSilhouette(rgba, PICTURE_PX, trueHeight), samples);
      if (sheetPath) {
        const yaws = [0, 90, 35, 215];
        tiles.push([...(await Promise.all(yaws.map((y) => view(truth, y, TILE)))), ...(await Promise.all(yaws.map((y) => view(made.mesh, y, TILE))))]);
      }
    } catch (error) {
      row.error = error instanceof Error ? error.message : String(error);
    }
    rows.push(row);
    const g = row.generated, fl = row.floor;
    console.log(
      `| ${c.id} | ${c.bodyPlan} | ${row.view} | ${f(g?.cd ?? NaN)} | ${g ? `${f(g.iou.front)} / ${f(g.iou.side)} / ${f(g.iou.top)}` : '–'} | ` +
        `${f(g?.depthRatio ?? NaN, 2)} | ${f(fl?.cd ?? NaN)} | ${f(fl?.iou.front ?? NaN)} | ${f(row.ms ?? NaN, 0)} |${row.error ? ` **FAILED: ${row.error}**` : ''}`,
    );
  }
  console.log(`\n${tables(rows)}`);
  const out = arg('--json');
  if (out) writeFileSync(out, JSON.stringify(rows, null, 1));
  if (sheetPath && tiles.length) {
    // One row per character: true front, side, 3/4 front, 3/4 back, then the generated four.
    const composite = tiles.flatMap((row, r) => row.map((input, i) => ({ input, left: i * TILE + (i >= 4 ? 16 : 0), top: r * TILE })));
    await sharp({ create: { width: 8 * TILE + 16, height: tiles.length * TILE, channels: 4, background: '#ffffff' } })
      .composite(composite)
      .png()
      .toFile(sheetPath);
    console.log(`\nsheet: ${sheetPath} (each row: true front, side, 3/4 front, 3/4 back | generated, the same four)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
