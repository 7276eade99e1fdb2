/**
 * Renders a contact sheet of rigs to look at: every dev-set character rigged by `rigMesh` (the
 * manifest's body plan, the chosen engine), shown at rest and in a test pose (arms raised, elbows
 * and knees bent 90°, head turned, tail curled, legs lifted: scripts/lib/contact-sheet-poses.ts),
 * with the skeleton drawn over the mesh, one labelled pair of tiles per character. Blender does
 * the posing from our written GLB's own skin (its armature modifier is plain linear blend
 * skinning), so a torso that swings with a leg or a head that bends with a shoulder shows.
 *
 *   npx tsx packages/rig/scripts/render-contact-sheet.ts <dev-set dir> [--out sheet.png]
 *       [--only id,id] [--plan biped] [--engine fast|pro] [--artist] [--tile 320] [--columns 3]
 *       [--keep dir] [--no-mirror]
 *
 * --artist renders the artist's rigged.glb instead, posed through a role map of its joint names
 * (scripts/lib/artist-joint-roles.ts; joints without a role stay at rest). --keep keeps the
 * written GLBs, the job and the two layers in `dir`. --no-mirror rigs without the mirror-plane
 * step (rigMesh's `mirrorRoll: false`: no roll, no left-right axis kept), to compare.
 *
 * Prerequisites (Debian): `apt-get install blender python3-numpy` (Blender 3.4 renders headless
 * with Workbench on software GL). A script, not a test: it needs Blender and the dev set.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { rigMesh } from '../src/rig-mesh';
import { RIG_ENGINE_NAMES, RIG_ENGINE_PRESETS, type RigEngineName } from '../src/rig-engine-presets';
import { artistJointRole } from './lib/artist-joint-roles';
import { composeContactSheet } from './lib/compose-contact-sheet';
import { resolvePose, type JointPoseOp } from './lib/contact-sheet-poses';
import { readGtJoints, readManifest, readWrittenRig, type DevCharacter } from './lib/dev-set';
import { arg } from './lib/cli-args';

interface SheetItem {
  id: string;
  label: string;
  glb: string;
  ops: JointPoseOp[];
  /** Only these joints are drawn and framed (an artist's deforming joints, without IK and pole helpers). */
  drawJoints?: string[];
  error?: string;
}

function positiveInt(name: string, fallback: number): number {
  const raw = arg(name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} wants a positive integer, got ${raw}`);
  return n;
}

async function ourRig(dir: string, work: string, c: DevCharacter, engine: RigEngineName, mirror: boolean): Promise<SheetItem> {
  const preset = RIG_ENGINE_PRESETS[engine];
  const t0 = performance.now();
  const result = await rigMesh(new Uint8Array(readFileSync(join(dir, c.id, 'input.glb'))), {
    rigType: c.bodyPlan, fit: preset.fit, skin: preset.skin, thumbnailSize: 64, ...(mirror ? {} : { mirrorRoll: false }),
  });
  const ms = performance.now() - t0;
  const glb = join(work, `${c.id}.glb`);
  writeFileSync(glb, result.model);
  const { skeleton, unweighted } = await readWrittenRig(result.model);
  const { matchScore, warnings } = result.report;
  console.log(`${c.id} (${c.bodyPlan}): ${skeleton.joints.length} joints, match ${matchScore.toFixed(2)}, ` +
    `${unweighted} unweighted, ${ms.toFixed(0)} ms${warnings.length ? `; warnings: ${warnings.join('; ')}` : ''}`);
  return {
    id: c.id,
    label: `${c.id} · ${c.bodyPlan} · ${engine} · ${skeleton.joints.length} joints · match ${matchScore.toFixed(2)}` +
      (warnings.length ? ` · ${warnings.length} warning${warnings.length > 1 ? 's' : ''}` : ''),
    glb,
    ops: resolvePose(c.bodyPlan, skeleton.joints.map((j) => j.name)),
  };
}

function artistRig(dir: string, c: DevCharacter): SheetItem {
  const joints = readGtJoints(dir, c.id);
  const ops = resolvePose(c.bodyPlan, joints.map((j) => j.name), artistJointRole);
  return {
    id: c.id,
    label: `${c.id} · ${c.bodyPlan} · artist · ${joints.filter((j) => j.deforming).length} joints · ${ops.length} posed by role`,
    glb: join(dir, c.id, 'rigged.glb'),
    ops,
    drawJoints: joints.filter((j) => j.deforming).map((j) => j.name),
  };
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir || dir.startsWith('--')) {
    console.error('usage: render-contact-sheet.ts <dev-set dir> [--out sheet.png] [--only id,id] [--plan biped] ' +
      '[--engine fast|pro] [--artist] [--tile 320] [--columns 3] [--keep dir] [--no-mirror]');
    process.exit(2);
  }
  const engineArg = arg('--engine') ?? 'fast';
  const engine = RIG_ENGINE_NAMES.find((e) => e === engineArg);
  if (!engine) throw new Error(`--engine must be one of ${RIG_ENGINE_NAMES.join(', ')}, got ${engineArg}`);
  const artist = process.argv.includes('--artist');
  const out = arg('--out') ?? 'contact-sheet.png';
  const tilePx = positiveInt('--tile', 320);
  const columns = positiveInt('--columns', 3);
  const labelPx = Math.max(18, Math.round(tilePx / 10));
  const only = arg('--only')?.split(',');
  const plan = arg('--plan');
  const keep = arg('--keep');
  const chars = readManifest(dir).filter((c) => (!only || only.includes(c.id)) && (!plan || c.bodyPlan === plan));
  if (chars.length === 0) throw new Error('no character selected');
  const work = keep ?? mkdtempSync(join(tmpdir(), 'contact-sheet-'));
  mkdirSync(work, { recursive: true });
  try {
    const items: SheetItem[] = [];
    for (const c of chars) {
      try {
        items.push(artist ? artistRig(dir, c) : await ourRig(dir, work, c, engine, !process.argv.includes('--no-mirror')));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        console.log(`${c.id} (${c.bodyPlan}): FAILED ${message}`);
        items.push({ id: c.id, label: `${c.id} · ${c.bodyPlan} · ${engine}`, glb: '', ops: [], error: message });
      }
    }
    const job = {
      tilePx, labelPx, columns, items,
      meshLayer: join(work, 'mesh-layer.png'),
      skeletonLayer: join(work, 'skeleton-layer.png'),
    };
    const jobPath = join(work, 'job.json');
    writeFileSync(jobPath, JSON.stringify(job));
    console.log(`rendering ${items.length} characters in Blender…`);
    const blender = spawnSync('blender', ['-b', '--factory-startup', '-noaudio', '--python',
      join(__dirname, 'render-contact-sheet.py'), '--', jobPath], { encoding: 'utf8', maxBuffer: 1 << 28 });
    const lines = `${blender.stdout ?? ''}`.split('\n');
    for (const line of lines) if (line.startsWith('SHEET_FAIL')) console.log(line);
    if (blender.status !== 0 || !lines.some((l) => l.startsWith('SHEET_SIZE'))) {
      throw new Error(`blender failed (status ${blender.status}): ${blender.error?.message ?? ''}\n` +
        `${lines.filter((l) => /Error|Traceback/.test(l)).join('\n')}\n${(blender.stderr ?? '').slice(-2000)}`);
    }
    const sheet = composeContactSheet(
      PNG.sync.read(readFileSync(job.meshLayer)), PNG.sync.read(readFileSync(job.skeletonLayer)), { tilePx, labelPx },
    );
    writeFileSync(out, PNG.sync.write(sheet));
    console.log(`wrote ${out} (${sheet.width}x${sheet.height}): left tile rest, right tile posed; ` +
      'bones: orange = left, cyan = right, yellow = middle, red balls = joints');
  } finally {
    if (!keep) rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
