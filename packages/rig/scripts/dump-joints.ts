/**
 * Prints, for dev-set characters, our joints against the artist's deforming joints (each with the
 * distance to the nearest joint of the other side, / diagonal), to see why a fit scores as it does.
 *
 *   npx tsx packages/rig/scripts/dump-joints.ts <dev-set dir> id[,id...] [--engine fast]
 *
 * A script, not a test: the set is development data that never enters the repository.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMesh } from '@rigforge/mesh';
import { meshDiagonal, measureJointError } from '../testing/measure-joint-error';
import { rigMesh } from '../src/rig-mesh';
import { RIG_ENGINE_PRESETS, type RigEngineName } from '../src/rig-engine-presets';
import { invertTurn, multiplyTurns, turnOf, turnSkeleton } from '../testing/orientation-turns';
import { rollMatrix } from '../src/mirror-roll';
import { ORIENTATION_CANDIDATES } from '../src/orientation-features';
import { artistSkeleton, readGtJoints, readManifest, readWrittenRig } from './lib/dev-set';

async function main(): Promise<void> {
  const dir = process.argv[2];
  const ids = process.argv[3]?.split(',');
  if (!dir || !ids) throw new Error('usage: dump-joints.ts <dev-set dir> id[,id...]');
  const ei = process.argv.indexOf('--engine');
  const engine = (ei >= 0 ? process.argv[ei + 1] : 'fast') as RigEngineName;
  const manifest = readManifest(dir);
  for (const id of ids) {
    const c = manifest.find((m) => m.id === id);
    if (!c) throw new Error(`no character ${id}`);
    const bytes = new Uint8Array(readFileSync(join(dir, id, 'input.glb')));
    const preset = RIG_ENGINE_PRESETS[engine];
    const result = await rigMesh(bytes, { rigType: c.bodyPlan, fit: preset.fit, skin: preset.skin, thumbnailSize: 64 });
    // The rig is in the frame the orientation stood the model in (as score-dev-set.ts): turned
    // back (and rolled back) to the file's, where the artist's joints are.
    const o = result.report.orientation;
    const stood = ORIENTATION_CANDIDATES.find((q) => q.upAxis === o.upAxis && q.rotationY === o.rotationY);
    if (!stood) throw new Error(`${id}: rigged with a rotation_y that is not a quarter turn (${o.rotationY})`);
    const back = o.roll ? multiplyTurns(invertTurn(rollMatrix(o.roll.axis, o.roll.degrees)), invertTurn(turnOf(stood))) : invertTurn(turnOf(stood));
    const ours = turnSkeleton((await readWrittenRig(result.model)).skeleton, back);
    const truth = artistSkeleton(readGtJoints(dir, id), 'placedPosition');
    const mesh = (await readMesh(bytes)).mesh;
    const diag = meshDiagonal(mesh);
    const p = mesh.positions;
    const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < p.length; i += 3) for (let k = 0; k < 3; k++) { min[k] = Math.min(min[k]!, p[i + k]!); max[k] = Math.max(max[k]!, p[i + k]!); }
    const rel = (q: readonly number[]): string => q.map((x, k) => ((x - min[k]!) / (max[k]! - min[k]! || 1)).toFixed(2)).join(',');
    const near = (q: readonly number[], set: typeof ours): [number, string] => {
      let best = Infinity, name = '';
      for (const j of set.joints) { const d = Math.hypot(q[0]! - j.position[0], q[1]! - j.position[1], q[2]! - j.position[2]); if (d < best) { best = d; name = j.name; } }
      return [best / diag, name];
    };
    console.log(`\n## ${id} (${c.bodyPlan}, ${c.artist}) CD-J2J ${measureJointError(truth, ours, mesh).toFixed(4)} size ${max.map((x, k) => (x - min[k]!).toFixed(3)).join(',')}`);
    console.log(`orientation ${o.upAxis}/${o.rotationY}${o.roll ? ` roll ${o.roll.axis} ${o.roll.degrees.toFixed(1)}` : ''}; warnings: ${result.report.warnings.join(' | ')}`);
    for (const [label, a, b] of [['ours', ours, truth], ['artist', truth, ours]] as const) {
      let s = 0;
      for (const j of a.joints) s += near(j.position, b)[0];
      console.log(`-- ${label} (${a.joints.length}, mean nearest ${(s / a.joints.length).toFixed(4)})`);
      for (const j of a.joints) {
        const [d, n] = near(j.position, b);
        const par = j.parent >= 0 ? a.joints[j.parent]!.name : '-';
        console.log(`${j.name.padEnd(28)} <${par.padEnd(22)} rel ${rel(j.position)}  ${d.toFixed(3)} ${n}`);
      }
    }
  }
}

void main();
