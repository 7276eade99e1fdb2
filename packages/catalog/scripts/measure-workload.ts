/**
 * Measures real meshes against the engines' work budget (MESH_WORKLOAD_LIMITS): the examples, every
 * starter catalog asset, and any file or folder given (a folder's `*\/input.glb`, as the rig dev
 * set lays them out). A real model must sit far below the limit; the last line says how far the
 * largest is, so a change of the estimate can be checked against every model we know of:
 *
 *   node --import tsx packages/catalog/scripts/measure-workload.ts [file-or-folder...]
 *   node --import tsx packages/catalog/scripts/measure-workload.ts ../shared/rig-dev-set
 *
 * Names are printed only with --names (dev-set names stay out of logs that get committed).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildStarterGlb, STARTER_ASSETS } from '../src';
import { boundMeshWorkload, estimateMeshWorkload, MESH_WORKLOAD_LIMITS, readMesh } from '@rigforge/mesh';

const ROOT = path.resolve(__dirname, '../../..');

interface Row {
  group: string;
  name: string;
  triangles: number;
  cells: number;
  pixels: number;
  seconds: number;
  refusal?: string;
}

async function measure(group: string, name: string, bytes: Uint8Array): Promise<Row> {
  try {
    const { mesh } = await readMesh(bytes, { boundWorkload: true });
    const bounded = boundMeshWorkload(mesh).mesh;
    return { group, name, triangles: bounded.indices.length / 3, ...estimateMeshWorkload(bounded) };
  } catch (error) {
    return { group, name, triangles: 0, cells: 0, pixels: 0, seconds: 0, refusal: error instanceof Error ? error.message : String(error) };
  }
}

/** A folder's `*\/input.glb` (the dev set's layout), or the file itself. */
function inputsOf(target: string): string[] {
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target)
    .map((entry) => path.join(target, entry, 'input.glb'))
    .filter((file) => existsSync(file))
    .sort();
}

async function main(): Promise<void> {
  const names = process.argv.includes('--names');
  const targets = process.argv.slice(2).filter((a) => a !== '--names');
  const rows: Row[] = [];
  for (const file of ['examples/humanoid.glb', 'examples/quadruped.glb']) {
    rows.push(await measure('examples', path.basename(file), readFileSync(path.join(ROOT, file))));
  }
  for (const def of STARTER_ASSETS) rows.push(await measure('catalog', def.id, await buildStarterGlb(def)));
  for (const target of targets) {
    for (const [i, file] of inputsOf(target).entries()) rows.push(await measure(path.basename(target), names ? file : `#${i + 1}`, readFileSync(file)));
  }
  for (const r of rows) {
    const what = r.refusal ? `REFUSED: ${r.refusal.slice(0, 160)}` : `${r.triangles} triangles, ${(r.cells / 1e6).toFixed(1)} M cells, ${(r.pixels / 1e6).toFixed(1)} M pixels, ${r.seconds.toFixed(3)} s`;
    process.stdout.write(`${r.group} ${r.name}: ${what}\n`);
  }
  const refused = rows.filter((r) => r.refusal);
  const worst = rows.reduce((a, b) => (b.seconds > a.seconds ? b : a));
  process.stdout.write(
    `${rows.length} meshes, ${refused.length} refused; largest estimate ${worst.seconds.toFixed(3)} s (${worst.group}), ` +
      `${(MESH_WORKLOAD_LIMITS.maxGridSeconds / Math.max(worst.seconds, 1e-9)).toFixed(0)}x below the limit of ${MESH_WORKLOAD_LIMITS.maxGridSeconds} s\n`,
  );
  if (refused.length) process.exitCode = 1;
}

void main();
