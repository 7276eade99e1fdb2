import { EngineError, quatAngle, quatInvert, quatMultiply, readAnimationClip, sampleTrack, writeGlb, type Quat } from '../src';
import { buildHumanoidClip, buildHumanoidClipGlb } from '../testing';
import { cubeMesh } from './fixtures/meshes';
import { validateGlb } from './fixtures/validate';

async function expectUnsupported(p: Promise<unknown>, message?: RegExp): Promise<void> {
  const e = await p.then(() => null, (x: unknown) => x);
  expect(e).toBeInstanceOf(EngineError);
  expect((e as EngineError).code).toBe('unsupported_format');
  if (message) expect((e as EngineError).message).toMatch(message);
}

/** A glTF JSON document with one embedded buffer holding `floats`. */
function gltfJson(json: Record<string, unknown>, floats: number[]): Uint8Array {
  const bin = Buffer.from(new Float32Array(floats).buffer);
  const doc = { asset: { version: '2.0' }, buffers: [{ byteLength: bin.length, uri: `data:application/octet-stream;base64,${bin.toString('base64')}` }], ...json };
  return new Uint8Array(Buffer.from(JSON.stringify(doc)));
}

describe('writeGlb animations + readAnimationClip round trip', () => {
  test('a Mixamo-named humanoid clip validates with 0 errors and reads back joint for joint', async () => {
    const bytes = await buildHumanoidClipGlb({ elbowBendDegrees: 90 });
    const report = await validateGlb(bytes);
    expect(report.issues.messages.filter((m) => m.severity === 0)).toEqual([]);
    expect(report.issues.numErrors).toBe(0);

    const { clip: original } = buildHumanoidClip();
    const clips = await readAnimationClip(bytes);
    expect(clips).toHaveLength(1);
    const clip = clips[0]!;
    expect(clip.name).toBe('elbow_bend');
    expect(clip.duration).toBeCloseTo(1, 6);
    expect(clip.skeleton.map((j) => j.name)).toEqual(original.skeleton.map((j) => j.name));
    expect(clip.skeleton.map((j) => j.parent)).toEqual(original.skeleton.map((j) => j.parent));
    clip.skeleton.forEach((j, i) => {
      const o = original.skeleton[i]!.rest.translation;
      j.rest.translation.forEach((v, c) => expect(v).toBeCloseTo(o[c]!, 5));
    });
    expect(clip.tracks).toHaveLength(2);
    for (const t of original.tracks) {
      const back = clip.tracks.find((x) => x.path === t.path && x.joint === t.joint)!;
      expect(back).toBeDefined();
      expect(back.interpolation).toBe('LINEAR');
      expect(Array.from(back.times)).toEqual(Array.from(t.times));
      Array.from(back.values).forEach((v, i) => expect(v).toBeCloseTo(t.values[i]!, 5));
    }
  });

  test('the skeleton is closed under ancestors: an armature parent with a rotation is kept', async () => {
    const q = Math.SQRT1_2;
    const bytes = gltfJson(
      {
        nodes: [
          { name: 'Armature', rotation: [-q, 0, 0, q], scale: [0.01, 0.01, 0.01], children: [1] },
          { name: 'mixamorig:Hips', translation: [0, 0, 100], children: [2] },
          { name: 'mixamorig:Spine', translation: [0, 0, 10] },
          { name: 'Camera' },
        ],
        scenes: [{ nodes: [0, 3] }],
        accessors: [
          { bufferView: 0, componentType: 5126, count: 2, type: 'SCALAR', min: [0], max: [1] },
          { bufferView: 1, componentType: 5126, count: 2, type: 'VEC4' },
        ],
        bufferViews: [{ buffer: 0, byteOffset: 0, byteLength: 8 }, { buffer: 0, byteOffset: 8, byteLength: 32 }],
        animations: [{ channels: [{ sampler: 0, target: { node: 2, path: 'rotation' } }], samplers: [{ input: 0, output: 1 }] }],
      },
      [0, 1, 0, 0, 0, 1, 0, 0, 0.3826834, 0.9238795],
    );
    const [clip] = await readAnimationClip(bytes);
    expect(clip!.skeleton.map((j) => [j.name, j.parent])).toEqual([['Armature', -1], ['mixamorig:Hips', 0], ['mixamorig:Spine', 1]]);
    expect(clip!.skeleton[0]!.rest.scale).toEqual([0.01, 0.01, 0.01]);
    expect(clip!.tracks[0]).toMatchObject({ joint: 2, path: 'rotation' });
    expect(clip!.name).toBe('animation_0');
  });

  test('CUBICSPLINE is resampled to LINEAR through the keys; a matrix node is decomposed', async () => {
    // Translation x: keys 0 → 1 over 1 s with zero tangents: an ease-in-out, 0.5 at t = 0.5.
    const bytes = gltfJson(
      {
        nodes: [{ name: 'root', matrix: [0, 0, -2, 0, 0, 2, 0, 0, 2, 0, 0, 0, 1, 2, 3, 1] }],
        accessors: [
          { bufferView: 0, componentType: 5126, count: 2, type: 'SCALAR', min: [0], max: [1] },
          { bufferView: 1, componentType: 5126, count: 6, type: 'VEC3' },
        ],
        bufferViews: [{ buffer: 0, byteOffset: 0, byteLength: 8 }, { buffer: 0, byteOffset: 8, byteLength: 72 }],
        animations: [{ name: 'ease', channels: [{ sampler: 0, target: { node: 0, path: 'translation' } }], samplers: [{ input: 0, output: 1, interpolation: 'CUBICSPLINE' }] }],
      },
      [0, 1, /* key 0 */ 0, 0, 0, 0, 0, 0, 0, 0, 0, /* key 1 */ 0, 0, 0, 1, 0, 0, 0, 0, 0],
    );
    const [clip] = await readAnimationClip(bytes, { cubicSamples: 4 });
    const track = clip!.tracks[0]!;
    expect(track.interpolation).toBe('LINEAR');
    expect(track.times.length).toBe(5);
    expect(sampleTrack(track, 0.5)[0]).toBeCloseTo(0.5, 5);
    expect(sampleTrack(track, 0.25)[0]).toBeCloseTo(0.15625, 5); // 3u² − 2u³
    const rest = clip!.skeleton[0]!.rest;
    expect(rest.translation).toEqual([1, 2, 3]);
    rest.scale.forEach((s) => expect(s).toBeCloseTo(2, 6));
    // Columns (0,0,-1), (0,1,0), (1,0,0): +90° about Y.
    const expected: Quat = [0, Math.SQRT1_2, 0, Math.SQRT1_2];
    expect(quatAngle(quatMultiply(quatInvert(expected), rest.rotation))).toBeLessThan(1e-6);
  });
});

describe('readAnimationClip refuses', () => {
  test('a GLB without animation', async () => {
    await expectUnsupported(writeGlb(cubeMesh()).then((b) => readAnimationClip(b)), /no animation/);
  });

  test('a truncated FBX file (FBX clips are read by read-fbx-animation, tested there)', async () => {
    const fbx = new Uint8Array(Buffer.concat([Buffer.from('Kaydara FBX Binary  \0\x1a\0'), Buffer.alloc(40)]));
    await expectUnsupported(readAnimationClip(fbx), /^fbx: /);
  });

  test('non-mesh bytes and files over the size limit', async () => {
    await expectUnsupported(readAnimationClip(new Uint8Array(Buffer.from('hello'))), /unknown file format/);
    await expectUnsupported(readAnimationClip(await buildHumanoidClipGlb(), { maxBytes: 100 }), /limit/);
  });

  test.each([
    ['key times that go backwards', { times: [1, 0] }, /backwards/],
    ['an output count that does not match', { count: 1 }, /1 elements for 2 keys/],
    ['an accessor past its buffer', { viewLength: 16 }, /past its buffer/],
    ['a missing node', { node: 9 }, /missing node/],
    ['integer output that is not normalized', { componentType: 5123 }, /not normalized/],
  ])('malformed animation: %s', async (_label, bad: { times?: number[]; count?: number; viewLength?: number; node?: number; componentType?: number }, message) => {
    const bytes = gltfJson(
      {
        nodes: [{ name: 'hips' }],
        accessors: [
          { bufferView: 0, componentType: 5126, count: 2, type: 'SCALAR', min: [0], max: [1] },
          { bufferView: 1, componentType: bad.componentType ?? 5126, count: bad.count ?? 2, type: 'VEC3' },
        ],
        bufferViews: [{ buffer: 0, byteOffset: 0, byteLength: 8 }, { buffer: 0, byteOffset: 8, byteLength: bad.viewLength ?? 24 }],
        animations: [{ channels: [{ sampler: 0, target: { node: bad.node ?? 0, path: 'translation' } }], samplers: [{ input: 0, output: 1 }] }],
      },
      [...(bad.times ?? [0, 1]), 0, 0, 0, 1, 1, 1, 0, 0, 0],
    );
    await expectUnsupported(readAnimationClip(bytes), message);
  });

  test('fuzz: corrupted clips give a clip or an unsupported_format EngineError, never a raw exception', async () => {
    const good = await buildHumanoidClipGlb();
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
    for (let n = 0; n < 300; n++) {
      const bytes = good.slice(0, n % 10 === 0 ? Math.floor(rand() * good.length) : good.length);
      for (let k = 0; k < 1 + Math.floor(rand() * 8); k++) bytes[Math.floor(rand() * bytes.length)] = Math.floor(rand() * 256);
      const result = await readAnimationClip(bytes).then(() => null, (e: unknown) => e);
      if (result !== null) {
        expect(result).toBeInstanceOf(EngineError);
        expect((result as EngineError).code).toBe('unsupported_format');
      }
    }
  });
});
