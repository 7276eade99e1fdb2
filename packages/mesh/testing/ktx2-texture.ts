// A tiny valid KTX2 (Basis Universal UASTC) image and GLBs that use it through KHR_texture_basisu, built byte by byte: no encoder is a dependency.

/** The KTX2 file identifier: «KTX 20»\r\n\x1A\n. */
const KTX2_IDENTIFIER = [0xab, 0x4b, 0x54, 0x58, 0x20, 0x32, 0x30, 0xbb, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * A 4 × 4 KTX2 image holding one UASTC block (one mip level, no supercompression), laid out as
 * the KTX 2.0 specification orders it: header, index, level index, data format descriptor,
 * key/value data, then the level's 16 bytes aligned to 16. `seed` varies the block's bytes so
 * tests can tell two images apart.
 */
export function ktx2Texture(seed = 1): Uint8Array {
  const kvd = keyValue('KTXwriter', 'rigforge test fixture');
  const dfdOffset = 80 + 24;
  const dfdLength = 44;
  const kvdOffset = dfdOffset + dfdLength;
  const levelOffset = Math.ceil((kvdOffset + kvd.length) / 16) * 16;
  const out = new Uint8Array(levelOffset + 16);
  const dv = new DataView(out.buffer);
  out.set(KTX2_IDENTIFIER, 0);
  // vkFormat UNDEFINED (Basis Universal), typeSize 1, 4 × 4 pixels, depth 0, layers 0, 1 face, 1 level, no supercompression.
  [0, 1, 4, 4, 0, 0, 1, 1, 0].forEach((v, i) => dv.setUint32(12 + i * 4, v, true));
  dv.setUint32(48, dfdOffset, true);
  dv.setUint32(52, dfdLength, true);
  dv.setUint32(56, kvdOffset, true);
  dv.setUint32(60, kvd.length, true);
  // sgd offset and length (uint64) stay 0. Level 0: offset, length, uncompressed length.
  dv.setBigUint64(80, BigInt(levelOffset), true);
  dv.setBigUint64(88, 16n, true);
  dv.setBigUint64(96, 16n, true);
  // Data format descriptor: total size, then one basic block (24 bytes + one 16-byte sample).
  dv.setUint32(dfdOffset, dfdLength, true);
  dv.setUint32(dfdOffset + 4, 0, true); // vendor Khronos, descriptor type basic
  dv.setUint16(dfdOffset + 8, 2, true); // version 1.3
  dv.setUint16(dfdOffset + 10, 40, true); // block size
  out.set([166, 1, 2, 0], dfdOffset + 12); // colour model UASTC, BT.709 primaries, sRGB transfer, straight alpha
  out.set([3, 3, 0, 0], dfdOffset + 16); // 4 × 4 texel blocks
  out.set([16, 0, 0, 0, 0, 0, 0, 0], dfdOffset + 20); // 16 bytes per block
  dv.setUint16(dfdOffset + 28, 0, true); // bit offset
  out[dfdOffset + 30] = 127; // bit length − 1
  out[dfdOffset + 31] = 0; // channel UASTC RGB
  dv.setUint32(dfdOffset + 36, 0, true);
  dv.setUint32(dfdOffset + 40, 0xffffffff, true);
  out.set(kvd, kvdOffset);
  for (let i = 0; i < 16; i++) out[levelOffset + i] = (seed * 37 + i * 11) & 0xff;
  return out;
}

/** One key/value entry: its byte length, key\0value\0, padded to 4 bytes. */
function keyValue(key: string, value: string): Uint8Array {
  const body = Buffer.from(`${key}\0${value}\0`, 'utf8');
  const out = new Uint8Array(Math.ceil((4 + body.length) / 4) * 4);
  new DataView(out.buffer).setUint32(0, body.length, true);
  out.set(body, 4);
  return out;
}

/**
 * `glb` (one with a base colour texture on its first textured material, e.g. writeGlb's) with that
 * texture's image replaced by `ktx2` under KHR_texture_basisu. With `fallback`, the original image
 * stays as the texture's core `source` (and the extension is used, not required), as encoders
 * write "KTX2 with PNG fallback"; without, the texture only has the KTX2 source and the extension
 * is required.
 */
export function withKtx2Texture(glb: Uint8Array, ktx2: Uint8Array, fallback: boolean): Uint8Array {
  const b = Buffer.from(glb.buffer, glb.byteOffset, glb.byteLength);
  const jsonLength = b.readUInt32LE(12);
  type Json = Record<string, unknown>;
  const json = JSON.parse(b.subarray(20, 20 + jsonLength).toString('utf8')) as Json & {
    textures: Array<Json & { source?: number; extensions?: Json }>;
    images: Json[];
    bufferViews: Json[];
    buffers: Array<{ byteLength: number }>;
  };
  const binStart = 20 + jsonLength;
  const bin = b.subarray(binStart + 8, binStart + 8 + b.readUInt32LE(binStart));
  const offset = Math.ceil(bin.length / 4) * 4;
  const newBin = Buffer.concat([bin, Buffer.alloc(offset - bin.length), Buffer.from(ktx2), Buffer.alloc((4 - (ktx2.length % 4)) % 4)]);
  json.bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: ktx2.length });
  json.images.push({ bufferView: json.bufferViews.length - 1, mimeType: 'image/ktx2' });
  const texture = json.textures[0]!;
  texture.extensions = { ...(texture.extensions ?? {}), KHR_texture_basisu: { source: json.images.length - 1 } };
  if (!fallback) {
    delete texture.source;
    json.extensionsRequired = [...((json.extensionsRequired as string[] | undefined) ?? []), 'KHR_texture_basisu'];
  }
  json.extensionsUsed = [...((json.extensionsUsed as string[] | undefined) ?? []), 'KHR_texture_basisu'];
  json.buffers[0]!.byteLength = newBin.length;
  const text = Buffer.from(JSON.stringify(json));
  const paddedJson = Buffer.concat([text, Buffer.alloc((4 - (text.length % 4)) % 4, 0x20)]);
  const head = Buffer.alloc(20);
  head.writeUInt32LE(0x46546c67, 0);
  head.writeUInt32LE(2, 4);
  head.writeUInt32LE(20 + paddedJson.length + 8 + newBin.length, 8);
  head.writeUInt32LE(paddedJson.length, 12);
  head.writeUInt32LE(0x4e4f534a, 16);
  const binHead = Buffer.alloc(8);
  binHead.writeUInt32LE(newBin.length, 0);
  binHead.writeUInt32LE(0x004e4942, 4);
  return new Uint8Array(Buffer.concat([head, paddedJson, binHead, newBin]));
}
