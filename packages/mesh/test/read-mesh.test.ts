import { EngineError, readMesh, writeGlb } from '../src';
import { encodeAsciiFbx, encodeBinaryFbx, fbxScene } from './fixtures/fbx';
import { sceneGlb, toAsciiStl, toBinaryStl, toObj } from './fixtures/formats';
import { cubeMesh } from './fixtures/meshes';
import { mulberry32 } from '../scripts/hostile-meshes';

function mutate(src: Uint8Array, random: () => number): Uint8Array {
  const kind = Math.floor(random() * 5);
  const at = Math.floor(random() * src.length);
  if (kind === 0) return src.slice(0, at); // truncate
  const out = src.slice();
  if (kind === 1) {
    // flip a few random bytes
    const flips = 1 + Math.floor(random() * 8);
    for (let i = 0; i < flips; i++) out[Math.floor(random() * out.length)] = Math.floor(random() * 256);
    return out;
  }
  if (kind === 2) {
    // overwrite a 4-byte word with an extreme value (counts, lengths, offsets)
    const values = [0, 1, 0x7fffffff, 0xffffffff, 0x80000000, 65535, 3];
    new DataView(out.buffer).setUint32(Math.min(at, out.length - 4) & ~0, values[Math.floor(random() * values.length)]!, true);
    return out;
  }
  if (kind === 3) {
    // insert random bytes
    const junk = Uint8Array.from({ length: 1 + Math.floor(random() * 16) }, () => Math.floor(random() * 256));
    return new Uint8Array(Buffer.concat([out.subarray(0, at), junk, out.subarray(at)]));
  }
  // replace a digit in text formats (or any byte) with a character that breaks numbers
  out[at] = '-.eN9,/{}'.charCodeAt(Math.floor(random() * 9));
  return out;
}

describe('readMesh', () => {
  test('unknown content and oversized input are unsupported_format', async () => {
    await expect(readMesh(new Uint8Array([1, 2, 3]))).rejects.toMatchObject({ code: 'unsupported_format', message: expect.stringMatching(/unknown file format/) });
    await expect(readMesh(new Uint8Array(100), { maxBytes: 50 })).rejects.toMatchObject({ code: 'unsupported_format', message: expect.stringMatching(/more than the limit/) });
  });

  test('the format comes from content, whatever the bytes are called', async () => {
    const cube = cubeMesh();
    const cases: Array<[Uint8Array, string]> = [
      [await writeGlb(cube), 'glb'],
      [new Uint8Array(Buffer.from(toObj(cube))), 'obj'],
      [toBinaryStl(cube), 'stl'],
      [encodeBinaryFbx(fbxScene([{ id: 1, parent: 0, name: 'c', mesh: cube }])), 'fbx'],
    ];
    for (const [bytes, format] of cases) expect((await readMesh(bytes)).format).toBe(format);
  });

  describe('fuzz: mutated and truncated files give a mesh or an EngineError, nothing else', () => {
    const cube = cubeMesh();
    const sources: Array<[string, () => Promise<Uint8Array>]> = [
      ['glb', () => writeGlb(cube)],
      ['glb scene', () => sceneGlb()],
      ['obj', async () => new Uint8Array(Buffer.from(toObj(cube, { quads: true })))],
      ['binary stl', async () => toBinaryStl(cube, 'solid x')],
      ['ascii stl', async () => new Uint8Array(Buffer.from(toAsciiStl(cube)))],
      ['fbx 7.4', async () => encodeBinaryFbx(fbxScene([{ id: 1, parent: 0, name: 'c', scaling: [100, 100, 100], mesh: cube }]), 7400, true)],
      ['fbx 7.5', async () => encodeBinaryFbx(fbxScene([{ id: 1, parent: 0, name: 'c', mesh: cube }]), 7500, false)],
      ['ascii fbx', async () => new Uint8Array(Buffer.from(encodeAsciiFbx(fbxScene([{ id: 1, parent: 0, name: 'c', mesh: cube }]))))],
    ];
    test.each(sources)('%s', async (name, make) => {
      const src = await make();
      const random = mulberry32(name.length * 7919 + src.length);
      let ok = 0;
      let refused = 0;
      for (let i = 0; i < 200; i++) {
        const bytes = mutate(src, random);
        try {
          const { mesh } = await readMesh(bytes, { maxTriangles: 10_000 });
          expect(mesh.indices.length % 3).toBe(0);
          expect(mesh.indices.length).toBeGreaterThan(0);
          ok++;
        } catch (e) {
          if (!(e instanceof EngineError)) throw new Error(`${name} variant ${i}: ${String(e)}`);
          expect(e.code).toBe('unsupported_format');
          refused++;
        }
      }
      expect(ok + refused).toBe(200);
    });
  });
});
