/**
 * CPU per inline upload check of the bench's 12-triangle GLB (what every POST /v1/rigs of bench-api.ts
 * pays: the placement decision, the read with the work budget, `boundMeshWorkload`), in this process.
 * To compare two checkouts, copy this file into the other one and run both, alternating (issue 25):
 *
 *   for r in 1 2 3 4 5; do (cd ../before && npx tsx apps/api/scripts/upload-check-cpu.ts); npx tsx apps/api/scripts/upload-check-cpu.ts; done
 *
 * Env: N (checks timed after 5000 warm-up ones, default 20000). Prints µs of CPU (user + system) per check.
 */
import { boxGlb } from '../test/fixtures';
import { checkUpload } from '../src/upload-check/check-upload';
import type { UploadCheckPool } from '../src/upload-check/upload-check-pool';

async function main(): Promise<void> {
  const glb = await boxGlb();
  // The box is read inline: a call to the threads is a failure of this measurement.
  const pool: Pick<UploadCheckPool, 'check'> = { check: () => Promise.reject(new Error('the box went to the upload-check threads')) };
  const check = () => checkUpload(pool, 'mesh', glb);
  for (let i = 0; i < 5000; i++) await check();
  const n = Number(process.env.N ?? 20000);
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) if (!(await check()).ok) throw new Error('the box was refused');
  const used = process.cpuUsage(start);
  console.log(`${((used.user + used.system) / n).toFixed(1)} µs CPU per inline check (${glb.length}-byte GLB, ${n} checks)`);
}

void main();
