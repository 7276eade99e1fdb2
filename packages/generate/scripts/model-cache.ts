/**
 * The benchmark's pictures and the engine's models, cached per character, so a fit that transforms
 * the made model (a lean, a shift of the feet) can be iterated without regenerating it.
 *
 * Each entry is one character at its most informative view as `score-dev-set.ts` pictures it
 * (stood 1 tall, orthographic, 512 px, the plan and view hints): the true mesh turned to that view and
 * the model the engine made from the picture, with the options given (defaults: the engine's own).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderThumbnail } from '@rigforge/mesh';
import { z } from 'zod';
import { generateModel, type GenerateModelOptions } from '../src';
import { charactersInBestView, VIEWS } from './dev-set-views';

export interface PlainMesh { positions: Float32Array; indices: Uint32Array }
export interface CachedModel { id: string; plan: string; artist: string; view: (typeof VIEWS)[number]; truth: PlainMesh; made: PlainMesh }

const entrySchema = z.object({
  id: z.string(), plan: z.string(), artist: z.string(), view: z.enum(VIEWS),
  truth: z.object({ positions: z.array(z.number()), indices: z.array(z.number()) }),
  made: z.object({ positions: z.array(z.number()), indices: z.array(z.number()) }),
});

const plain = (m: { positions: number[]; indices: number[] }): PlainMesh => ({ positions: Float32Array.from(m.positions), indices: Uint32Array.from(m.indices) });
const json = (m: PlainMesh) => ({ positions: Array.from(m.positions, (v) => Math.round(v * 1e5) / 1e5), indices: Array.from(m.indices) });

/** The cache file of character `id` under `cacheDir` (`tag` names the options the model was made with). */
const cacheFile = (cacheDir: string, id: string, tag?: string): string => join(cacheDir, `${id}${tag ? `.${tag}` : ''}.json`);

/** Writes one cached model (the benchmark writes the models it scores, `score-dev-set.ts --cache`). */
export function writeCachedModel(cacheDir: string, entry: CachedModel, tag?: string): void {
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(cacheFile(cacheDir, entry.id, tag), JSON.stringify({ ...entry, truth: json(entry.truth), made: json(entry.made) }));
}

/**
 * Cached models of the set at `set` (characters whose plan is in `plans`, or all), generating and
 * writing the ones missing from `cacheDir` (one JSON per character; `tag` names the options).
 */
export async function cachedModels(set: string, cacheDir: string, options: { plans?: string[]; only?: string[]; tag?: string; generate?: GenerateModelOptions; log?: boolean } = {}): Promise<CachedModel[]> {
  mkdirSync(cacheDir, { recursive: true });
  const out: CachedModel[] = [];
  for await (const c of charactersInBestView(set)) {
    if (options.plans && !options.plans.includes(c.bodyPlan)) continue;
    if (options.only && !options.only.includes(c.id)) continue;
    const file = cacheFile(cacheDir, c.id, options.tag);
    if (existsSync(file)) {
      const e = entrySchema.parse(JSON.parse(readFileSync(file, 'utf8')));
      out.push({ ...e, truth: plain(e.truth), made: plain(e.made) });
      continue;
    }
    const picture = renderThumbnail(c.mesh, { size: 512, yawDegrees: 0, pitchDegrees: 0, fovDegrees: 0.5, background: [0, 0, 0, 0] });
    const made = (await generateModel(picture, { height: 1, bodyPlan: c.bodyPlan, view: c.view, ...options.generate })).mesh;
    const entry: CachedModel = { id: c.id, plan: c.bodyPlan, artist: c.artist, view: c.view, truth: { positions: c.mesh.positions, indices: c.mesh.indices }, made: { positions: made.positions, indices: made.indices } };
    writeCachedModel(cacheDir, entry, options.tag);
    if (options.log) console.log(`cached ${c.id} (${c.bodyPlan}, ${c.view})`);
    out.push(entry);
  }
  return out;
}
