/**
 * Writes the sample files under `examples/` that the README and the CLI's tests use, so a fresh
 * clone has something to rig and to generate from without fetching anything:
 *
 * - `humanoid.glb`, `quadruped.glb`: the rig package's procedural test creatures (the same bodies
 *   the rig engine is measured on), at a low tessellation so each file stays small;
 * - `dressed-humanoid.glb`: the five-fingered humanoid in clothing, hair and accessories (45 loose
 *   pieces, three textured materials) at a detail over 8,000 welded vertices: the rig workers' large
 *   warm-up mesh (packages/rig/src/warm-up-inputs.ts), as small as that allows;
 * - `hero.png`: a flat-shaded figure on a transparent background, a clean input for generate;
 * - `rig-humanoid.json`: a complete `POST /v1/rigs` body with the humanoid inline, for
 *   `curl --data-binary @examples/rig-humanoid.json` (a body file has no shell argument limit).
 *
 * Deterministic (no randomness, no clock): running it again rewrites the same bytes.
 * Regenerate with `pnpm examples` from the repository root.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeGlb } from '@rigforge/mesh';
import { buildCreature, buildDressedBiped } from '@rigforge/rig/testing';
import sharp from 'sharp';

const OUT = path.resolve(__dirname, '../../examples');
/** Low enough to keep each GLB well under 100 kB, high enough to rig like the measured creatures. */
const DETAIL = 0.5;
/**
 * The dressed humanoid's detail: 9,648 welded vertices (19,116 triangles), over heat's thread threshold
 * (HEAT_THREADS_MIN_VERTICES, 8,000) by a fifth, so the warm-up's large rig takes the large-mesh paths;
 * no more, since every engine thread rigs it before its first job (~0.9 s CPU; speed.md, Round 66).
 */
const DRESSED_DETAIL = 1.1;

async function writeCreatures(): Promise<void> {
  for (const [bodyPlan, file] of [['biped', 'humanoid.glb'], ['quadruped', 'quadruped.glb']] as const) {
    const creature = buildCreature(bodyPlan, DETAIL);
    const glb = await writeGlb(creature.mesh, { generator: 'rigforge examples' });
    await writeFile(path.join(OUT, file), glb);
    if (bodyPlan === 'biped') {
      const body = { model_base64: Buffer.from(glb).toString('base64'), rig_type: 'biped', output_format: 'glb' };
      await writeFile(path.join(OUT, 'rig-humanoid.json'), `${JSON.stringify(body)}\n`);
    }
    process.stdout.write(`examples/${file}: ${creature.name}, ${glb.byteLength} bytes\n`);
  }
  const dressed = buildDressedBiped(DRESSED_DETAIL);
  // Textured like an artist's file (the reader and writer carry images through): one small cloth
  // weave for every material, a few hundred bytes.
  const baseColorTexture = { mimeType: 'image/png' as const, bytes: new Uint8Array(await weave(16)) };
  const mesh = { ...dressed.mesh, materials: dressed.mesh.materials.map((m) => ({ ...m, baseColorTexture })) };
  const glb = await writeGlb(mesh, { generator: 'rigforge examples' });
  await writeFile(path.join(OUT, 'dressed-humanoid.glb'), glb);
  process.stdout.write(`examples/dressed-humanoid.glb: ${dressed.name}, ${glb.byteLength} bytes\n`);
}

/** A `size`² grey weave (PNG): alternate light and dark threads. */
function weave(size: number): Promise<Buffer> {
  const grey = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) grey[y * size + x] = (x + y) % 4 < 2 ? 220 : 160;
  return sharp(grey, { raw: { width: size, height: size, channels: 1 } }).png({ compressionLevel: 9 }).toBuffer();
}

/** A round-headed figure (head, body, arms) in RGBA, covered 4×4 per pixel for smooth edges. */
function drawHero(size: number): Uint8Array {
  const rgba = new Uint8Array(size * size * 4);
  const inside = (x: number, y: number): [number, number, number] | null => {
    const head = (x - 0.5) ** 2 + (y - 0.22) ** 2 < 0.11 ** 2;
    if (head) return [240, 200, 160];
    const body = ((x - 0.5) / 0.17) ** 2 + ((y - 0.55) / 0.26) ** 2 < 1;
    if (body) return [200, 60, 50];
    const arms = Math.abs(y - 0.45) < 0.05 && Math.abs(x - 0.5) < 0.34;
    if (arms) return [60, 90, 200];
    const legs = y > 0.7 && y < 0.93 && Math.abs(Math.abs(x - 0.5) - 0.08) < 0.045;
    return legs ? [50, 50, 60] : null;
  };
  const n = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let cover = 0;
      let colour: [number, number, number] = [0, 0, 0];
      for (let j = 0; j < n; j++) {
        for (let i = 0; i < n; i++) {
          const c = inside((px + (i + 0.5) / n) / size, (py + (j + 0.5) / n) / size);
          if (c) {
            cover++;
            colour = c;
          }
        }
      }
      const o = (py * size + px) * 4;
      rgba.set([colour[0], colour[1], colour[2], Math.round((cover / (n * n)) * 255)], o);
    }
  }
  return rgba;
}

async function writeHero(): Promise<void> {
  const size = 256;
  const png = await sharp(drawHero(size), { raw: { width: size, height: size, channels: 4 } }).png({ compressionLevel: 9 }).toBuffer();
  await writeFile(path.join(OUT, 'hero.png'), png);
  process.stdout.write(`examples/hero.png: ${size}×${size}, ${png.byteLength} bytes\n`);
}

async function main(): Promise<void> {
  await writeCreatures();
  await writeHero();
}

main().catch((error: unknown) => {
  process.stderr.write(`make-examples: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
