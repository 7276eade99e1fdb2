import { writeFileSync } from 'node:fs';
import { writeGlb } from '@rigforge/mesh';
import { PNG } from 'pngjs';
import { buildCreature } from '../testing/build-creature';
import { rigMesh } from '../src/rig-mesh';

/** Pixels in the overlay's bone orange (a mesh is grey shaded, the background light grey). */
function boneOrange(png: PNG): number {
  let n = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    const r = png.data[i]!, g = png.data[i + 1]!, b = png.data[i + 2]!;
    if (r > 200 && g > 100 && g < 200 && b < 60) n++;
  }
  return n;
}

describe('rig thumbnail', () => {
  test('shows the fitted skeleton over the see-through model', async () => {
    const input = await writeGlb(buildCreature('biped').mesh);
    const rigged = await rigMesh(input, { rigType: 'biped', thumbnailSize: 128 });
    const plain = await rigMesh(input, { rigType: 'biped', thumbnailSize: 128, thumbnailSkeleton: false });
    const withRig = PNG.sync.read(Buffer.from(rigged.thumbnail));
    const without = PNG.sync.read(Buffer.from(plain.thumbnail));
    if (process.env.RIG_THUMBNAIL_OUT) writeFileSync(process.env.RIG_THUMBNAIL_OUT, rigged.thumbnail);
    // Bones are drawn by default; the plain render has none of their colour.
    expect(boneOrange(withRig)).toBeGreaterThan(100);
    expect(boneOrange(without)).toBe(0);
    // The model is see-through: over much of the model (the rest is under the bones) the rigged render is lighter (closer to
    // the light background) than the opaque one.
    let model = 0, lighter = 0;
    for (let i = 0; i < withRig.data.length; i += 4) {
      const a = without.data[i]! + without.data[i + 1]! + without.data[i + 2]!;
      if (a > 3 * 235) continue; // background
      model++;
      if (withRig.data[i]! + withRig.data[i + 1]! + withRig.data[i + 2]! > a + 30) lighter++;
    }
    expect(lighter).toBeGreaterThan(0.35 * model);
  });
});
