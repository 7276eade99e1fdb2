/**
 * probeImage lives in @rigforge/mesh (the API's submission check, no image library); it is tested
 * here, beside the generate engine, because real PNG, JPEG and WebP files are encoded with sharp.
 */
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { probeImage, sniffImageFormat } from '@rigforge/mesh';
import { character, characterPaint, draw, encode, star } from './images';

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** A PNG whose header declares `width` × `height` but carries only a tiny (invalid) data stream. */
function pngDeclaring(width: number, height: number): Uint8Array {
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, width);
  v.setUint32(4, height);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const parts = [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr),
    chunk('IDAT', new Uint8Array(deflateSync(new Uint8Array(16)))), chunk('IEND', new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) { out.set(p, o); o += p.length; }
  return out;
}

describe('probeImage', () => {
  it('identifies PNG, JPEG and WebP from their content', async () => {
    const d = draw(character, [120, 90], characterPaint);
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const bytes = await encode(d, format);
      expect(sniffImageFormat(bytes)).toBe(format);
      await expect(probeImage(bytes)).resolves.toEqual({ format, width: 120, height: 90 });
    }
  });

  it('rejects garbage, other formats and empty input', async () => {
    for (const bytes of [new Uint8Array(0), new TextEncoder().encode('hello, not an image'), new TextEncoder().encode('GIF89a\x01\x00\x01\x00'),
      new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 1, 2, 3])]) {
      await expect(probeImage(bytes)).rejects.toMatchObject({ name: 'EngineError', code: 'unsupported_format', message: expect.stringMatching(/^image: /) });
    }
  });

  it('rejects a truncated PNG, JPEG and WebP', async () => {
    const d = draw(star, 160, () => [20, 90, 200], () => [250, 250, 250]);
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const bytes = await encode(d, format);
      await expect(probeImage(bytes)).resolves.toMatchObject({ format });
      for (const share of [0.6, 0.95]) {
        await expect(probeImage(bytes.subarray(0, Math.floor(bytes.length * share)))).rejects.toMatchObject({ code: 'unsupported_format' });
      }
      // Without verifyData only the header is read (what decodeImage asks for before sharp decodes).
      await expect(probeImage(bytes.subarray(0, Math.floor(bytes.length * 0.6)), { verifyData: false })).resolves.toMatchObject({ format });
    }
  });

  it('accepts every PNG layout sharp writes (grey, palette, 16-bit, interlaced), lossless WebP, and a JPEG with bytes after its end', async () => {
    const d = draw(character, [37, 23], characterPaint);
    const raw = sharp(d.rgba, { raw: { width: d.width, height: d.height, channels: 4 } });
    const grey = sharp(Buffer.alloc(37 * 23, 128), { raw: { width: 37, height: 23, channels: 1 } });
    const variants = [
      await grey.png().toBuffer(),
      await raw.clone().png({ palette: true, colours: 16 }).toBuffer(),
      await raw.clone().toColourspace('rgb16').png().toBuffer(),
      await raw.clone().png({ progressive: true }).toBuffer(),
      await raw.clone().greyscale().png({ progressive: true, palette: true, colours: 4 }).toBuffer(),
    ];
    for (const png of variants) await expect(probeImage(png)).resolves.toEqual({ format: 'png', width: 37, height: 23 });
    await expect(probeImage(await raw.clone().webp({ lossless: true }).toBuffer())).resolves.toEqual({ format: 'webp', width: 37, height: 23 });
    const jpeg = await encode(d, 'jpeg');
    await expect(probeImage(Buffer.concat([jpeg, Buffer.from('trailing camera bytes')]))).resolves.toMatchObject({ width: 37, height: 23 });
  });

  it('rejects a PNG whose data inflates to fewer rows than its header declares; more is let through, as decoders do', async () => {
    await expect(probeImage(pngDeclaring(64, 64))).rejects.toMatchObject({ code: 'unsupported_format', message: expect.stringMatching(/bytes of rows/) });
    // 1×1 RGBA needs 5 bytes of rows; its stream holds 16.
    await expect(probeImage(pngDeclaring(1, 1))).resolves.toEqual({ format: 'png', width: 1, height: 1 });
  });

  it('rejects giant declared dimensions without decoding them', async () => {
    const giant = pngDeclaring(100_000, 100_000);
    await expect(probeImage(giant)).rejects.toMatchObject({ code: 'unsupported_format', message: expect.stringMatching(/100000×100000/) });
    // (10^10 RGBA pixels would need 40 GB: the header check refuses it before any decoding.)
    await expect(probeImage(pngDeclaring(5000, 5000))).rejects.toMatchObject({ message: expect.stringMatching(/more than the limit/) });
    await expect(probeImage(pngDeclaring(64, 64), { maxPixels: 1000 })).rejects.toMatchObject({ code: 'unsupported_format' });
  });
});
