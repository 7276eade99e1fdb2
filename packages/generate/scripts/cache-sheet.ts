/**
 * The benchmark's side-by-side sheet (`score-dev-set.ts --sheet`) from its cached models
 * (`--cache`), untextured, with no model made again: to look at where a made model differs from the
 * truth, per character, after a run.
 *
 *   npx tsx packages/generate/scripts/cache-sheet.ts ../shared/rig-dev-set --cache <dir> --only id,id --sheet sheet.png
 *
 * Each row: the true mesh from the picture's camera, its side (yaw 90°), 3/4 front and 3/4 back, then
 * the made model the same four ways; both in the picture's frame (the view axis is the depth).
 */
import { renderThumbnail, type Mesh } from '@rigforge/mesh';
import sharp from 'sharp';
import { arg, setAndCache } from './dev-set-views';
import { cachedModels, type PlainMesh } from './model-cache';

const TILE = 200;
const YAWS = [0, 90, 35, 215];

const asMesh = (m: PlainMesh): Mesh => ({ positions: m.positions, indices: m.indices, groups: [], materials: [] });
const tile = (m: Mesh, yaw: number): Buffer => Buffer.from(renderThumbnail(m, { size: TILE, yawDegrees: yaw, pitchDegrees: 10, background: [255, 255, 255, 255], supersampling: 1 }));

async function main(): Promise<void> {
  const { set, cache } = setAndCache('cache-sheet.ts <dev-set dir> --cache <dir> --only id,id --sheet sheet.png');
  const only = arg('--only')?.split(','), out = arg('--sheet');
  if (!only || !out) { console.error('cache-sheet.ts: --only and --sheet are required'); process.exit(2); }
  const rows = (await cachedModels(set, cache, { only })).map((m) => [...YAWS.map((y) => tile(asMesh(m.truth), y)), ...YAWS.map((y) => tile(asMesh(m.made), y))]);
  const composite = rows.flatMap((row, r) => row.map((input, i) => ({ input, left: i * TILE + (i >= 4 ? 16 : 0), top: r * TILE })));
  await sharp({ create: { width: 8 * TILE + 16, height: Math.max(1, rows.length) * TILE, channels: 4, background: '#ffffff' } }).composite(composite).png().toFile(out);
  console.log(`sheet: ${out} (${rows.length} rows: true front, side, 3/4 front, 3/4 back | made, the same four)`);
}

void main();
