import { PNG } from 'pngjs';
import { renderSilhouette, renderThumbnail, RENDER_THUMBNAIL_DEFAULTS, type Mesh, type Skeleton } from '../src';

/** An axis-aligned box with 12 triangles, outward winding, one material. */
function box(min: [number, number, number], max: [number, number, number], color: [number, number, number, number] = [0.8, 0.8, 0.8, 1]): Mesh {
  const [x0, y0, z0] = min;
  const [x1, y1, z1] = max;
  const positions = new Float32Array([
    x0, y0, z0, x1, y0, z0, x1, y1, z0, x0, y1, z0,
    x0, y0, z1, x1, y0, z1, x1, y1, z1, x0, y1, z1,
  ]);
  const indices = new Uint32Array([
    0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4,
    3, 6, 2, 3, 7, 6, 0, 4, 7, 0, 7, 3, 1, 2, 6, 1, 6, 5,
  ]);
  return {
    positions,
    indices,
    groups: [{ materialIndex: 0, start: 0, count: indices.length }],
    materials: [{ name: 'm', baseColor: color, metallic: 0, roughness: 1 }],
  };
}

function decode(bytes: Uint8Array): PNG {
  return PNG.sync.read(Buffer.from(bytes));
}

/** Pixels that differ from the (opaque) default background. */
function modelPixels(png: PNG): { count: number; cx: number; cy: number; minX: number; maxX: number; minY: number; maxY: number; r: number; g: number; b: number } {
  const [br, bg, bb] = RENDER_THUMBNAIL_DEFAULTS.background;
  let count = 0, sx = 0, sy = 0, r = 0, g = 0, b = 0;
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const o = 4 * (y * png.width + x);
      const d = Math.abs(png.data[o]! - br) + Math.abs(png.data[o + 1]! - bg) + Math.abs(png.data[o + 2]! - bb);
      if (d < 6) continue;
      count++;
      sx += x; sy += y;
      r += png.data[o]!; g += png.data[o + 1]!; b += png.data[o + 2]!;
      minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
    }
  }
  return { count, cx: sx / count, cy: sy / count, minX, maxX, minY, maxY, r: r / count, g: g / count, b: b / count };
}

describe('renderThumbnail', () => {
  test('a render is not touched by the one before it (the kept buffers are reset)', () => {
    // Same size, so the second and third renders reuse the first one's buffers: a tall red box
    // drawn between them, with a skeleton over it, must leave no trace in the third.
    const small = box([-0.2, 0, -0.2], [0.2, 0.4, 0.2]);
    const skeleton: Skeleton = { joints: [{ name: 'root', parent: -1, position: [0, 0.2, 0] }, { name: 'top', parent: 0, position: [0, 1.7, 0] }] };
    const first = Buffer.from(renderThumbnail(small, { size: 256 }));
    const other = Buffer.from(renderThumbnail(box([-0.6, -1, -0.1], [0.6, 2, 0.1], [0.9, 0.1, 0.1, 1]), { size: 256, skeleton }));
    expect(other.equals(first)).toBe(false);
    expect(Buffer.from(renderThumbnail(small, { size: 256 })).equals(first)).toBe(true);
  });

  test('renders a 512x512 PNG with the model filling and centred in the frame', () => {
    const png = decode(renderThumbnail(box([-0.3, 0, -0.2], [0.3, 1.8, 0.2])));
    expect(png.width).toBe(512);
    expect(png.height).toBe(512);
    const m = modelPixels(png);
    expect(m.count / (512 * 512)).toBeGreaterThan(0.12);
    // The taller side spans ~88% of the frame and the box is centred.
    expect((m.maxY - m.minY + 1) / 512).toBeGreaterThan(0.84);
    expect((m.maxY - m.minY + 1) / 512).toBeLessThan(0.92);
    expect(Math.abs((m.minX + m.maxX) / 2 - 256)).toBeLessThan(6);
    expect(Math.abs((m.minY + m.maxY) / 2 - 256)).toBeLessThan(6);
  });

  test('a red material renders reddish and shading varies across faces', () => {
    const png = decode(renderThumbnail(box([-1, -1, -1], [1, 1, 1], [0.8, 0.05, 0.05, 1]), { size: 128 }));
    const m = modelPixels(png);
    expect(m.r).toBeGreaterThan(m.g * 2);
    expect(m.r).toBeGreaterThan(m.b * 2);
    const seen = new Set<number>();
    for (let i = 0; i < png.data.length; i += 4) if (png.data[i + 1]! < 100) seen.add(png.data[i]! >> 3);
    expect(seen.size).toBeGreaterThanOrEqual(3); // three visible faces, three brightnesses
  });

  test('samples a PNG base colour texture by UV', () => {
    const tex = new PNG({ width: 2, height: 1 });
    tex.data.set([0, 0, 255, 255, 0, 0, 255, 255]);
    const mesh = box([-1, -1, -1], [1, 1, 1]);
    mesh.uvs = new Float32Array(16).fill(0.25);
    mesh.materials[0]!.baseColorTexture = { mimeType: 'image/png', bytes: new Uint8Array(PNG.sync.write(tex)) };
    const m = modelPixels(decode(renderThumbnail(mesh, { size: 64 })));
    expect(m.b).toBeGreaterThan(m.r * 2);
  });

  test('uses vertex colours, a transparent background, and draws a skeleton overlay', () => {
    const mesh = box([-1, -1, -1], [1, 1, 1]);
    mesh.colors = new Float32Array(32);
    for (let v = 0; v < 8; v++) mesh.colors.set([0.05, 0.9, 0.05, 1], 4 * v);
    const png = decode(renderThumbnail(mesh, { size: 64, background: [0, 0, 0, 0] }));
    let opaque = 0, green = 0;
    for (let i = 0; i < png.data.length; i += 4) {
      if (png.data[i + 3] === 255) opaque++;
      if (png.data[i + 1]! > 2 * png.data[i]!) green++;
    }
    expect(png.data[3]).toBe(0); // corner stays transparent
    expect(opaque).toBeGreaterThan(400);
    expect(green).toBeGreaterThan(400);

    const skeleton: Skeleton = {
      joints: [
        { name: 'root', parent: -1, position: [0, -0.5, 0] },
        { name: 'top', parent: 0, position: [0, 0.8, 0] },
      ],
    };
    const plain = decode(renderThumbnail(box([-1, -1, -1], [1, 1, 1]), { size: 128 }));
    const rigged = decode(renderThumbnail(box([-1, -1, -1], [1, 1, 1]), { size: 128, skeleton }));
    let orange = 0;
    for (let i = 0; i < rigged.data.length; i += 4) {
      if (rigged.data[i]! > 200 && rigged.data[i + 2]! < 80 && plain.data[i + 2]! > 80) orange++;
    }
    expect(orange).toBeGreaterThan(20);
  });

  test('pixels where nothing is drawn are the background, opaque or not', () => {
    // resolve() writes such pixels from one precomputed value: it must be the composite of the background alone.
    for (const background of [[240, 240, 240, 255], [10, 20, 30, 128], [200, 100, 50, 0]] as [number, number, number, number][]) {
      const png = decode(renderThumbnail(box([-0.3, 0, -0.2], [0.3, 1.8, 0.2]), { size: 48, background }));
      const expected = background[3] === 0 ? [0, 0, 0, 0] : background;
      for (const o of [0, 4 * 47, 4 * 48 * 47]) {
        for (let ch = 0; ch < 4; ch++) expect(Math.abs(png.data[o + ch]! - expected[ch]!)).toBeLessThanOrEqual(1);
      }
    }
  });

  test('degenerate input gives a blank image, never a throw', () => {
    const blank = (mesh: Mesh): boolean => {
      const png = decode(renderThumbnail(mesh, { size: 32 }));
      return modelPixels(png).count === 0 && png.width === 32;
    };
    expect(blank({ positions: new Float32Array(0), indices: new Uint32Array(0), groups: [], materials: [] })).toBe(true);
    // Zero-size bounding box: every vertex at one point.
    expect(blank({ positions: new Float32Array(9).fill(2), indices: new Uint32Array([0, 1, 2]), groups: [], materials: [] })).toBe(true);
    // NaN coordinates and indices past the vertex array are skipped.
    const nan = box([-1, -1, -1], [1, 1, 1]);
    nan.positions[0] = NaN;
    nan.indices = new Uint32Array([...nan.indices, 99, 100, 101]);
    const png = decode(renderThumbnail(nan, { size: 64 }));
    expect(modelPixels(png).count).toBeGreaterThan(100);
  });

  test('rejects invalid options with an EngineError', () => {
    expect(() => renderThumbnail(box([0, 0, 0], [1, 1, 1]), { size: 0 })).toThrow(expect.objectContaining({ code: 'invalid_input' }));
  });
});

describe('renderSilhouette', () => {
  test('an axis-aligned box covers the whole mask', () => {
    const mask = renderSilhouette(box([-0.3, 0, -0.2], [0.3, 1.8, 0.2]), { width: 40, height: 120, view: 'front' });
    expect(mask.length).toBe(40 * 120);
    expect(mask.every((v) => v === 1)).toBe(true);
  });

  test('frames the x/y bounding box with row 0 at the top and columns along +X', () => {
    // A right triangle with its right angle at (minX, maxY): the top-left half of the mask.
    const mesh: Mesh = {
      positions: new Float32Array([0, 2, 0, 1, 2, 0, 0, 0, 0]),
      indices: new Uint32Array([0, 1, 2]),
      groups: [],
      materials: [],
    };
    const w = 10, h = 20;
    const mask = renderSilhouette(mesh, { width: w, height: h, view: 'front' });
    expect(mask[0]).toBe(1); // top-left
    expect(mask[w - 1]).toBe(1); // the hypotenuse starts at the top-right corner
    expect(mask[(h - 1) * w]).toBe(0); // and ends at the bottom-left one: its centre is outside
    expect(mask[(h - 1) * w + w - 1]).toBe(0);
    const covered = mask.reduce((a, b) => a + b, 0);
    expect(covered / (w * h)).toBeCloseTo(0.5, 1);
  });

  test('an empty mesh gives an empty mask', () => {
    const mask = renderSilhouette({ positions: new Float32Array(0), indices: new Uint32Array(0), groups: [], materials: [] }, { width: 4, height: 4, view: 'front' });
    expect(Array.from(mask)).toEqual(new Array(16).fill(0));
  });
});
