/**
 * Small uploads are read inline and everything that could be heavy still goes to the bounded
 * upload-check threads (issue 25): the placement rule on real and hostile files, and the same
 * outcome inline as in a thread.
 */
import { fbxZlibBomb, glbDenseFan, objRandomTriangles } from '../../../packages/mesh/scripts/hostile-meshes';
import { checkUpload, INLINE_CHECK_MAX_BYTES, uploadCheckPlace } from '../src/upload-check/check-upload';
import { UploadCheckPool } from '../src/upload-check/upload-check-pool';
import { boxGlb } from './fixtures';

type Json = Record<string, unknown>;

/** The JSON and binary chunks of a GLB. */
function unpack(glb: Uint8Array): { json: Json; bin: Buffer } {
  const buf = Buffer.from(glb);
  const jsonLength = buf.readUInt32LE(12);
  const json = JSON.parse(buf.subarray(20, 20 + jsonLength).toString('utf8')) as Json;
  const binStart = 20 + jsonLength;
  return { json, bin: buf.subarray(binStart + 8, binStart + 8 + buf.readUInt32LE(binStart)) };
}

function pack(json: Json, bin: Buffer): Buffer {
  const pad = (b: Buffer, fill: number) => Buffer.concat([b, Buffer.alloc((4 - (b.length % 4)) % 4, fill)]);
  const jsonBytes = pad(Buffer.from(JSON.stringify(json)), 0x20);
  const binBytes = pad(bin, 0);
  const chunk = (type: number, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32LE(body.length, 0);
    head.writeUInt32LE(type, 4);
    return Buffer.concat([head, body]);
  };
  const header = Buffer.alloc(12);
  header.writeUInt32LE(0x46546c67, 0);
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + 8 + jsonBytes.length + 8 + binBytes.length, 8);
  return Buffer.concat([header, chunk(0x4e4f534a, jsonBytes), chunk(0x004e4942, binBytes)]);
}

/** The box drawn through `levels` levels of nodes that each list the next level twice: 2^levels instances. */
function sharedNodeBox(box: Buffer, levels: number): Buffer {
  const { json, bin } = unpack(box);
  const nodes: Json[] = [{ mesh: 0 }];
  for (let i = 1; i <= levels; i++) nodes.push({ children: [i - 1, i - 1] });
  return pack({ ...json, nodes, scenes: [{ nodes: [levels] }], scene: 0 }, bin);
}

let pool: UploadCheckPool;
let box: Buffer;
beforeAll(async () => {
  pool = new UploadCheckPool({ threads: 1, heapMb: 256, timeoutMs: 30_000 });
  await pool.ready();
  box = await boxGlb();
});
afterAll(() => pool.close());

test('a small plain GLB is read inline, with the outcome the thread gives', async () => {
  expect(uploadCheckPlace('mesh', box)).toBe('inline');
  expect(await checkUpload(pool, 'mesh', box)).toEqual(await pool.check('mesh', box));
});

test('a small GLB the reader refuses is refused inline with the thread\'s message', async () => {
  // Only lines: nothing to rig.
  const { json, bin } = unpack(box);
  const meshes = (json.meshes as Json[]).map((m) => ({ ...m, primitives: (m.primitives as Json[]).map((p) => ({ ...p, mode: 1 })) }));
  const lines = pack({ ...json, meshes }, bin);
  expect(uploadCheckPlace('mesh', lines)).toBe('inline');
  const inline = await checkUpload(pool, 'mesh', lines);
  expect(inline).toEqual(await pool.check('mesh', lines));
  expect(inline).toMatchObject({ ok: false, message: expect.any(String) });
});

test.each([
  ['a GLB over the inline size', () => {
    const fan = glbDenseFan(100_000, 256);
    expect(fan.byteLength).toBeGreaterThan(INLINE_CHECK_MAX_BYTES);
    return fan;
  }],
  ['a tiny GLB whose shared nodes instance its mesh 2^16 times', () => sharedNodeBox(box, 16)],
  ['a GLB listing one node twice in its scene', () => {
    const { json, bin } = unpack(box);
    return pack({ ...json, scenes: [{ nodes: [0, 0] }] }, bin);
  }],
  ['a GLB with an extension (compressed geometry)', () => {
    const { json, bin } = unpack(box);
    return pack({ ...json, extensionsUsed: ['KHR_draco_mesh_compression'] }, bin);
  }],
  ['a GLB with an image', () => {
    const { json, bin } = unpack(box);
    return pack({ ...json, images: [{ uri: 'data:image/png;base64,AAAA' }] }, bin);
  }],
  ['a GLB declaring more elements than it holds', () => {
    const { json, bin } = unpack(box);
    const accessors = (json.accessors as Json[]).map((a) => ({ ...a, count: 1_000_000 }));
    return pack({ ...json, accessors }, bin);
  }],
  ['a small FBX zip bomb', () => fbxZlibBomb(2, 1024 * 1024)],
  ['a small OBJ', () => objRandomTriangles(10, 10)],
  ['bytes that are no container at all', () => Buffer.from('glTF not really a container')],
  ['a GLB whose magic is not glTF (its version field still says 2)', () => {
    const bytes = Buffer.from(box);
    bytes.write('glTX', 0, 'latin1');
    return bytes;
  }],
  ['a GLB whose glTF version is not 2.x', () => {
    const { json, bin } = unpack(box);
    return pack({ ...json, asset: { version: '1.0' } }, bin);
  }],
])('%s goes to the threads', (_name, build) => {
  const bytes = build();
  expect(uploadCheckPlace('mesh', bytes)).toBe('pool');
});

test('the shared-node GLB is checked in a thread: the pool is called, not the inline reader', async () => {
  const hostile = sharedNodeBox(box, 16);
  const calls: string[] = [];
  const check = pool.check.bind(pool);
  pool.check = (kind, bytes) => {
    calls.push(kind);
    return check(kind, bytes);
  };
  try {
    await checkUpload(pool, 'mesh', hostile);
    await checkUpload(pool, 'mesh', box);
  } finally {
    pool.check = check;
  }
  expect(calls).toEqual(['mesh']);
});

test('animation clips and the pre-rig check always go to the threads', () => {
  expect(uploadCheckPlace('animation', box)).toBe('pool');
  expect(uploadCheckPlace('rig-check', box)).toBe('pool');
});
