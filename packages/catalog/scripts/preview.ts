/**
 * Renders starter assets into a contact sheet for eyeballing:
 *   npx tsx packages/catalog/scripts/preview.ts [id-substring] [out.png]
 * Writes test-output/catalog/sheet-*.png under the repository root (git-ignored) plus the full build timing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { buildStarterCatalog } from '../src';

async function main(): Promise<void> {
  const needle = process.argv[2] ?? '';
  const outDir = join(__dirname, '../../../test-output/catalog');
  mkdirSync(outDir, { recursive: true });
  const t0 = performance.now();
  const cat = await buildStarterCatalog({ filter: (a) => a.id.includes(needle), thumbnailSize: 192 });
  console.log(`built ${cat.assets.length} assets in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const cols = 6;
  const perSheet = 24;
  for (let s = 0; s * perSheet < cat.assets.length; s++) {
    const chunk = cat.assets.slice(s * perSheet, (s + 1) * perSheet);
    const rows = Math.ceil(chunk.length / cols);
    const sheet = new PNG({ width: cols * 192, height: rows * 192 });
    chunk.forEach((a, i) => {
      const img = PNG.sync.read(Buffer.from(a.thumbnail));
      PNG.bitblt(img, sheet, 0, 0, 192, 192, (i % cols) * 192, Math.floor(i / cols) * 192);
    });
    const file = join(outDir, `sheet-${needle.replace(/\W/g, '_') || 'all'}-${s}.png`);
    writeFileSync(file, PNG.sync.write(sheet));
    console.log(file, chunk.map((a) => a.id.split('/')[1]).join(' '));
  }
}

void main();
