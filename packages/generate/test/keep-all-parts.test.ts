// Nothing of the picture is lost: separate pieces and thin parts of the subject all become geometry.
import type { Mesh } from '@rigforge/mesh';
import { generateModel } from '../src';
import { antennaFigure, armsApart, characterPaint, draw, encode, type Drawn } from './images';
import { manifoldProblems, signedVolume, silhouetteIoU, weldedIndices } from './mesh-checks';

const fast = { thumbnailSize: 64 };
const white = (): [number, number, number] => [255, 255, 255];

/** Connected pieces of a mesh, by shared vertex index. */
function pieces(mesh: Mesh): number {
  const n = mesh.positions.length / 3;
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const find = (a: number): number => { while (parent[a] !== a) a = parent[a] = parent[parent[a]!]!; return a; };
  const indices = weldedIndices(mesh);
  for (let t = 0; t < indices.length; t += 3) {
    const a = find(indices[t]!);
    parent[find(indices[t + 1]!)] = a;
    parent[find(indices[t + 2]!)] = a;
  }
  const roots = new Set<number>();
  for (const v of indices) roots.add(find(v));
  return roots.size;
}

/** The truth mask's bounding box, in pixels. */
function truthBox(d: Drawn): { left: number; top: number; width: number; height: number } {
  let l = Infinity, r = -Infinity, t = Infinity, b = -Infinity;
  for (let y = 0; y < d.height; y++) {
    for (let x = 0; x < d.width; x++) {
      if (!d.truth[y * d.width + x]) continue;
      l = Math.min(l, x); r = Math.max(r, x + 1); t = Math.min(t, y); b = Math.max(b, y + 1);
    }
  }
  return { left: l, top: t, width: r - l, height: b - t };
}

describe('generateModel keeps every part of the subject', () => {
  it.each([
    ['on transparency', undefined],
    ['on plain white', white],
  ] as const)('a figure whose arms float beside its body (%s) gets the arms, as three closed pieces', async (_name, background) => {
    const drawn = draw(armsApart, 256, characterPaint, background);
    const result = await generateModel(await encode(drawn, 'png'), fast);
    expect(manifoldProblems(result.mesh)).toEqual([]);
    expect(signedVolume(result.mesh)).toBeGreaterThan(0);
    expect(pieces(result.mesh)).toBe(3);
    expect(result.report.warnings).toEqual([]);
    // The model is as wide as the whole figure, arms included, relative to its height.
    const box = truthBox(drawn);
    const [w, h] = result.report.dimensions;
    expect(w / h).toBeCloseTo(box.width / box.height, 1);
    expect(silhouetteIoU(result.mesh, drawn.truth, drawn.width, drawn.height, result.report.subjectBox)).toBeGreaterThanOrEqual(0.93);
  });

  it('a 2-pixel-wide antenna is modelled, with some depth, and the height includes it', async () => {
    const size = 256;
    const drawn = draw(antennaFigure(size, 2), size, characterPaint);
    const result = await generateModel(await encode(drawn, 'png'), { ...fast, height: 1 });
    expect(manifoldProblems(result.mesh)).toEqual([]);
    expect(pieces(result.mesh)).toBe(1);
    const box = truthBox(drawn);
    // The antenna sets the top of the box: the model is not stretched to the body alone.
    expect(box.top).toBeLessThan(0.12 * size);
    const [w, h] = result.report.dimensions;
    expect(h).toBeCloseTo(1, 3);
    expect(w / h).toBeCloseTo(box.width / box.height, 1);
    // Vertices in the antenna (above the body's top at y = 0.3 of the picture) stand off the outline plane.
    const bodyTop = (box.top + box.height - 0.3 * size) / box.height;
    let antennaVertices = 0, maxDepth = 0;
    const p = result.mesh.positions;
    for (let i = 0; i < p.length; i += 3) {
      if (p[i + 1]! <= bodyTop + 0.02) continue;
      antennaVertices++;
      maxDepth = Math.max(maxDepth, Math.abs(p[i + 2]!));
    }
    expect(antennaVertices).toBeGreaterThan(4);
    expect(maxDepth).toBeGreaterThan(0);
  });
});
