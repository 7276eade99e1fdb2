import { EngineError, readMesh } from '@rigforge/mesh';
import { GENERATE_MODEL_STAGES } from '@rigforge/vocabulary';
import { generateModel, GENERATE_MODEL_DEFAULTS, type GenerateModelResult } from '../src';
import { character, characterPaint, draw, encode, logo, logoPaint, star, type Drawn } from './images';
import { manifoldProblems, signedVolume, silhouetteIoU } from './mesh-checks';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { validateBytes } = require('gltf-validator') as {
  validateBytes: (b: Uint8Array, o?: object) => Promise<{ issues: { numErrors: number; messages: Array<{ code: string; message: string; severity: number }> } }>;
};

// Small thumbnails keep the suite fast; thumbnail rendering itself is @rigforge/mesh's to test.
const fast = { thumbnailSize: 64 };
const white = (): [number, number, number] => [255, 255, 255];
const gradient = (x: number, y: number): [number, number, number] => [
  Math.round(250 - 80 * y), Math.round(225 - 40 * x), Math.round(150 + 90 * x * y),
];
const plainGreen = (): [number, number, number] => [40, 170, 70];

interface Case {
  name: string;
  drawn: () => Drawn;
  format: 'png' | 'jpeg' | 'webp';
  segmentation: 'alpha' | 'background';
  holes: number;
}

const cases: Case[] = [
  { name: 'character with holes on transparency (PNG)', drawn: () => draw(character, [360, 400], characterPaint), format: 'png', segmentation: 'alpha', holes: 3 },
  { name: 'logo on plain white (PNG)', drawn: () => draw(logo, 320, logoPaint, white), format: 'png', segmentation: 'background', holes: 2 },
  { name: 'star on a gradient (PNG)', drawn: () => draw(star, 300, () => [30, 40, 120], gradient), format: 'png', segmentation: 'background', holes: 0 },
  { name: 'logo on white (JPEG)', drawn: () => draw(logo, 320, logoPaint, white), format: 'jpeg', segmentation: 'background', holes: 2 },
  { name: 'character on transparency (WebP)', drawn: () => draw(character, 300, characterPaint), format: 'webp', segmentation: 'alpha', holes: 3 },
  { name: 'star on plain green (WebP, lossy)', drawn: () => draw(star, 280, () => [240, 200, 30], plainGreen), format: 'webp', segmentation: 'background', holes: 0 },
];

describe('generateModel', () => {
  describe.each(cases)('$name', ({ drawn, format, segmentation, holes }) => {
    let d: Drawn;
    let result: GenerateModelResult;
    beforeAll(async () => {
      d = drawn();
      result = await generateModel(await encode(d, format), fast);
    });

    it('finds the subject the expected way', () => {
      expect(result.report.segmentation).toBe(segmentation);
      expect(result.report.holes).toBe(holes);
      expect(result.report.warnings).toEqual([]);
    });

    it('is watertight, manifold and consistently oriented outward', () => {
      expect(manifoldProblems(result.mesh)).toEqual([]);
      expect(signedVolume(result.mesh)).toBeGreaterThan(0);
    });

    it('stands on y = 0, centred on x = z = 0, at the requested height, facing +Z', () => {
      const p = result.mesh.positions;
      const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
      for (let i = 0; i < p.length; i++) { lo[i % 3] = Math.min(lo[i % 3]!, p[i]!); hi[i % 3] = Math.max(hi[i % 3]!, p[i]!); }
      expect(lo[1]).toBeCloseTo(0, 5);
      expect(hi[1]).toBeCloseTo(GENERATE_MODEL_DEFAULTS.height, 5);
      expect(lo[0]! + hi[0]!).toBeCloseTo(0, 5);
      expect(lo[2]! + hi[2]!).toBeCloseTo(0, 5);
      expect(hi[2]!).toBeGreaterThan(0.02); // actually inflated
      // The front (+Z) sheet carries the image: normals of the vertex with the largest z point +Z.
      let top = 0;
      for (let v = 0; v < p.length / 3; v++) if (p[v * 3 + 2]! > p[top * 3 + 2]!) top = v;
      expect(result.mesh.normals![top * 3 + 2]!).toBeGreaterThan(0.9);
    });

    it('matches the subject from the front (silhouette IoU >= 0.95)', () => {
      const iou = silhouetteIoU(result.mesh, d.truth, d.width, d.height, result.report.subjectBox);
      expect(iou).toBeGreaterThanOrEqual(0.95);
    });

    it('writes a GLB the Khronos validator accepts, and a PNG thumbnail', async () => {
      expect(result.format).toBe('glb');
      const report = await validateBytes(result.model, { maxIssues: 20 });
      expect(report.issues.messages.filter((m) => m.severity === 0)).toEqual([]);
      expect(report.issues.numErrors).toBe(0);
      expect(Array.from(result.thumbnail.subarray(1, 4), (c) => String.fromCharCode(c)).join('')).toBe('PNG');
    });
  });

  it('scales to the requested height and thickness', async () => {
    const png = await encode(draw(star, 120, () => [200, 50, 50]), 'png');
    const stages: string[] = [];
    const thin = await generateModel(png, { ...fast, height: 2, thickness: 0.25, onStage: (s) => void stages.push(s) });
    expect(stages).toEqual([...GENERATE_MODEL_STAGES]); // each stage told once as it starts, in order
    const thick = await generateModel(png, { ...fast, height: 2, thickness: 1 });
    expect(thin.report.dimensions[1]).toBeCloseTo(2, 4);
    expect(thick.report.dimensions[2] / thin.report.dimensions[2]).toBeCloseTo(4, 1);
  });

  it('refuses a blank image with a clear invalid_input error', async () => {
    const blankPng = await encode(draw(() => false, 128, white, white), 'png');
    await expect(generateModel(blankPng)).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/no subject found/) });
    const transparent = await encode(draw(() => false, 128, white), 'png');
    await expect(generateModel(transparent)).rejects.toBeInstanceOf(EngineError);
  });

  it('refuses a subject that fills the whole image', async () => {
    const fullBleed = await encode(draw(() => true, 128, (x, y) => [Math.round(128 + 120 * Math.sin(x * 9)), Math.round(128 + 120 * Math.cos(y * 7)), 90], white), 'png');
    await expect(generateModel(fullBleed, fast)).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/fills the whole image/) });
    // A photo-like busy picture: no plain background anywhere on the border.
    const noisy = draw(() => false, 96, white, (x, y) => [Math.round((Math.sin(x * 91) * 0.5 + 0.5) * 255), Math.round((Math.cos(y * 77) * 0.5 + 0.5) * 255), Math.round(((x * 13 + y * 29) % 1) * 255)]);
    await expect(generateModel(await encode(noisy, 'png'))).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('refuses undecodable input and bad options', async () => {
    await expect(generateModel(new Uint8Array([1, 2, 3]))).rejects.toMatchObject({ code: 'unsupported_format' });
    const png = await encode(draw(star, 64, () => [0, 0, 0]), 'png');
    await expect(generateModel(png, { thickness: -1 })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(generateModel(png, { outputFormat: 'obj' as 'glb' })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(generateModel(png, { headTorso: { head: 1.1, torso: 0.9, headLean: 1.5 } })).rejects.toMatchObject({ code: 'invalid_input' });
  });
});

describe('generateModel with outputFormat fbx', () => {
  it('writes a binary FBX that reads back with the same geometry', async () => {
    const png = await encode(draw(logo, 120, logoPaint), 'png');
    const result = await generateModel(png, { ...fast, outputFormat: 'fbx' });
    expect(result.format).toBe('fbx');
    expect(new TextDecoder().decode(result.model.subarray(0, 18))).toBe('Kaydara FBX Binary');
    const back = await readMesh(result.model);
    expect(back.mesh.indices.length).toBe(result.mesh.indices.length);
  });
});
