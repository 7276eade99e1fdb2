import { crc32, deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { decodePngTexels, rgbaTexels, undoTexelRow, type TexelView } from '../src/render/decode-png';

/** Pseudo-random bytes, so every filter type and Paeth's ties and wraps come up. */
function noise(n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n);
  let s = seed;
  for (let i = 0; i < n; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    // Runs of equal bytes as well as noise: ties in the predictors.
    out[i] = i % 7 < 3 ? 250 + (s >>> 29) : s >>> 24;
  }
  return out;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(data, crc32(Buffer.from(type, 'latin1'))) >>> 0, 0);
  return Buffer.concat([head, Buffer.from(data), tail]);
}

/**
 * A palette PNG (pngjs writes none), each line with filter `line % filters` (1: all None); its image
 * data `rawDelta` bytes longer (zeros) or shorter than the image's.
 */
function palettePng(width: number, height: number, entries: number, alphas?: number[], filters = 5, rawDelta = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 3;
  const plte = noise(entries * 3, 7);
  const pixels = noise(width * height, 11).map((v) => v % entries);
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = y % filters;
    // Filtered bytes are arbitrary (256 entries: any unfiltered index is in the palette).
    raw.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('PLTE', plte), ...(alphas ? [chunk('tRNS', Uint8Array.from(alphas))] : []),
    chunk('IDAT', deflateSync(rawDelta >= 0 ? Buffer.concat([raw, Buffer.alloc(rawDelta)]) : raw.subarray(0, raw.length + rawDelta))),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/**
 * Every texel's red, green and blue as the view reads them, in RGBA order with alpha left 0. The
 * lines are read as a thumbnail reaches them, out of order: every third top down (each undoing the
 * lines above it back to the last one done), then the rest bottom up.
 */
function viewRgb(view: TexelView): Uint8Array {
  const out = new Uint8Array(view.width * view.height * 4);
  const rows = Array.from({ length: view.height }, (_, y) => y);
  for (const y of [...rows.filter((r) => r % 3 === 2), ...rows.filter((r) => r % 3 !== 2).reverse()]) {
    undoTexelRow(view, y);
    for (let x = 0; x < view.width; x++) {
      const o = view.start + y * view.rowStride + x * view.pixelStride;
      const q = 4 * (y * view.width + x);
      // A palette image's texel is an index into its RGB entries.
      const [data, at] = view.palette ? [view.palette, 3 * view.data[o]!] : [view.data, o];
      out[q] = data[at]!;
      out[q + 1] = data[at + (view.palette ? 1 : view.green)]!;
      out[q + 2] = data[at + (view.palette ? 2 : view.blue)]!;
    }
  }
  return out;
}

/** An RGBA image with its alphas zeroed, to compare colours alone. */
function rgbOnly(rgba: Uint8Array): Uint8Array {
  const out = Uint8Array.from(rgba);
  for (let i = 3; i < out.length; i += 4) out[i] = 0;
  return out;
}

describe('decodePngTexels', () => {
  it.each([0, 2, 4, 6] as const)('reads pngjs\'s colours for colour type %i, every filter type, in place', (colorType) => {
    for (const filterType of [0, 1, 2, 3, 4, -1]) {
      const png = new PNG({ width: 37, height: 23, colorType, inputHasAlpha: true });
      png.data = Buffer.from(noise(37 * 23 * 4, 3 + filterType));
      const bytes = PNG.sync.write(png, { colorType, inputHasAlpha: true, filterType });
      const view = decodePngTexels(bytes);
      expect(view).toBeDefined();
      expect([view!.width, view!.height]).toEqual([37, 23]);
      expect(Buffer.from(viewRgb(view!)).equals(rgbOnly(PNG.sync.read(bytes).data))).toBe(true);
    }
  });

  it('reads a palette\'s colours, with and without alphas', () => {
    // Sixteen entries, lines unfiltered: every index in the palette, checked against its length.
    for (const bytes of [palettePng(29, 17, 256), palettePng(29, 17, 256, [0, 128, 255, 7]), palettePng(29, 17, 16, undefined, 1), palettePng(29, 17, 16, [9, 200], 1)]) {
      expect(Buffer.from(viewRgb(decodePngTexels(bytes)!)).equals(rgbOnly(PNG.sync.read(bytes).data))).toBe(true);
    }
  });

  it('leaves to pngjs what it does not handle', () => {
    // Sixteen entries: filtered bytes unfilter to indices past the palette.
    expect(decodePngTexels(palettePng(8, 8, 16))).toBeUndefined();
    const good = palettePng(8, 8, 256);
    expect(decodePngTexels(good)).toBeDefined();
    const badCrc = Buffer.from(good);
    badCrc[good.length - 20]! ^= 1; // inside the IDAT: its CRC no longer matches
    expect(decodePngTexels(badCrc)).toBeUndefined();
    expect(decodePngTexels(Buffer.concat([good, Buffer.from([0])]))).toBeUndefined(); // trailing bytes
    // Image data inflating to more or fewer bytes than the header's image (one output chunk of the
    // image's size: the longer stream overflows it).
    expect(decodePngTexels(palettePng(8, 8, 256, undefined, 1))).toBeDefined();
    expect(decodePngTexels(palettePng(8, 8, 256, undefined, 1, 1))).toBeUndefined();
    expect(decodePngTexels(palettePng(8, 8, 256, undefined, 1, 4096))).toBeUndefined();
    expect(decodePngTexels(palettePng(8, 8, 256, undefined, 1, -1))).toBeUndefined();
    const sixteen = new PNG({ width: 4, height: 4 });
    sixteen.data = Buffer.from(noise(64, 5));
    expect(decodePngTexels(PNG.sync.write(sixteen, { bitDepth: 16 }))).toBeUndefined();
    const interlaced = Buffer.from(PNG.sync.write(sixteen));
    interlaced[28] = 1; // the IHDR's interlace flag (its CRC now fails too)
    expect(decodePngTexels(interlaced)).toBeUndefined();
  });

  it('views an RGBA image as itself', () => {
    const data = noise(5 * 3 * 4, 9);
    expect(Buffer.from(viewRgb(rgbaTexels({ width: 5, height: 3, data }))).equals(rgbOnly(data))).toBe(true);
  });
});
