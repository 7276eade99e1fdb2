/**
 * Mutation fuzzing of every reader (GLB, glTF, OBJ, binary and ASCII STL, binary and ASCII FBX,
 * animation clips) and of the work budget, from valid seeds and the hostile files of
 * hostile-meshes.ts. Each mutant goes through readMesh (then boundMeshWorkload) and
 * readAnimationClip; anything but a result or an `EngineError` is a defect. Bounded: a fixed
 * number of mutants per seed, deterministic from the seed. Prints counts per seed and the
 * slowest read; exits 1 on any defect. A short run is part of the suite (test/fuzz-readers.test.ts).
 *
 *   node --import tsx packages/mesh/scripts/fuzz-readers.ts [mutantsPerSeed=300] [seed=1]
 */
import { boundMeshWorkload, isEngineError, readAnimationClip, readMesh, writeFbx, writeGlb, type Mesh } from '../src';
import { buildHumanoidClip } from '../testing';
import { encodeAsciiFbx, fbxScene } from '../test/fixtures/fbx';
import { toAsciiStl, toBinaryStl, toObj } from '../test/fixtures/formats';
import { cubeMesh } from '../test/fixtures/meshes';
import { fbxZlibBomb, glbDenseFan, mulberry32, objHugeFace, objManyGroups, stlRandomSoup } from './hostile-meshes';

export interface FuzzCounts {
  seed: string;
  mutants: number;
  read: number;
  refused: number;
  clips: number;
  defects: string[];
  slowestMs: number;
}

/** The seed files: one valid file per reader, then small hostile ones. */
export async function fuzzSeeds(): Promise<Array<[string, Uint8Array]>> {
  const cube = cubeMesh();
  const glb = await writeGlb(cube);
  const text = (s: string) => new Uint8Array(Buffer.from(s));
  const gltfJson = {
    asset: { version: '2.0' },
    buffers: [{ byteLength: 36, uri: `data:application/octet-stream;base64,${Buffer.from(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]).buffer).toString('base64')}` }],
    bufferViews: [{ buffer: 0, byteLength: 36 }],
    accessors: [{ bufferView: 0, componentType: 5126, count: 3, type: 'VEC3' }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
    nodes: [{ mesh: 0 }],
  };
  const { clip, skeleton } = buildHumanoidClip();
  const joints = skeleton.joints.length;
  const animatedGlb = await writeGlb(cube, {
    rig: { skeleton, skin: { joints: new Uint16Array(24 * 4), weights: new Float32Array(24 * 4).map((_, i) => (i % 4 === 0 ? 1 : 0)) } },
    animations: [clip],
  }).catch(() => null);
  const seeds: Array<[string, Uint8Array | null]> = [
    ['glb', glb],
    ['gltf', text(JSON.stringify(gltfJson))],
    ['obj', text(toObj(cube))],
    ['stl-binary', toBinaryStl(cube)],
    ['stl-ascii', text(toAsciiStl(cube))],
    ['fbx-binary', writeFbx(cube)],
    ['fbx-ascii', text(encodeAsciiFbx(fbxScene([{ id: 100, parent: 0, name: 'Cube', mesh: cube }])))],
    ['clip-glb', animatedGlb],
    ['clip-fbx', joints > 0 ? (() => { try { return writeFbx(cube, { rig: { skeleton, skin: { joints: new Uint16Array(24 * 4), weights: new Float32Array(24 * 4).map((_, i) => (i % 4 === 0 ? 1 : 0)) } }, animations: [clip] }); } catch { return null; } })() : null],
    ['hostile-fbx-bomb', fbxZlibBomb(3, 1024 * 1024)],
    ['hostile-obj-groups', objManyGroups(200, 60)],
    ['hostile-glb-fan', glbDenseFan(2000, 16)],
    ['hostile-obj-face', objHugeFace(2000)],
    ['hostile-stl-soup', stlRandomSoup(200)],
    // Past the work budget (refused after ~26k triangles), so mutants exercise its refusal while reading.
    ['hostile-glb-fan-over-budget', glbDenseFan(40_000, 256)],
  ];
  return seeds.filter((s): s is [string, Uint8Array] => s[1] !== null);
}

/** One random change: flips, truncation, a repeated or deleted slice, an extreme 32-bit value, a digit run. */
export function mutate(bytes: Uint8Array, random: () => number): Uint8Array {
  const at = (n: number) => Math.floor(random() * n);
  const out = Buffer.from(bytes);
  switch (at(6)) {
    case 0: {
      for (let k = 1 + at(8); k > 0; k--) out[at(out.length)] = at(256);
      return out;
    }
    case 1:
      return out.subarray(0, at(out.length));
    case 2: {
      const a = at(out.length), b = Math.min(out.length, a + 1 + at(512));
      return Buffer.concat([out.subarray(0, b), out.subarray(a, b), out.subarray(b)]);
    }
    case 3: {
      const a = at(out.length), b = Math.min(out.length, a + 1 + at(512));
      return Buffer.concat([out.subarray(0, a), out.subarray(b)]);
    }
    case 4: {
      if (out.length < 4) return out;
      const extremes = [0, 1, 0x7fffffff, 0x80000000, 0xffffffff, 0xffff, 1 << 20, 3_000_000];
      out.writeUInt32LE(extremes[at(extremes.length)]!, at(out.length - 3));
      return out;
    }
    default: {
      const digits = ['99999999999', '-1', '1e308', 'NaN', '0', '2000001', '-2147483649'];
      const a = at(out.length);
      return Buffer.concat([out.subarray(0, a), Buffer.from(digits[at(digits.length)]!), out.subarray(a)]);
    }
  }
}

async function attempt(read: () => Promise<unknown>, counts: FuzzCounts, what: string): Promise<boolean> {
  const t = performance.now();
  try {
    await read();
    return true;
  } catch (error) {
    if (!isEngineError(error)) counts.defects.push(`${counts.seed} ${what}: ${error instanceof Error ? error.stack ?? error.message : String(error)}`.slice(0, 600));
    return false;
  } finally {
    counts.slowestMs = Math.max(counts.slowestMs, performance.now() - t);
  }
}

/**
 * The work budget applied while reading (`boundWorkload`) refuses only what boundMeshWorkload
 * refuses after reading, and otherwise reads the same mesh.
 */
async function compareEarlyBudget(input: Uint8Array, counts: FuzzCounts): Promise<void> {
  const settle = (read: Promise<Mesh>): Promise<{ mesh?: Mesh; code: string; message: string }> =>
    read.then(
      (mesh) => ({ mesh, code: 'ok', message: '' }),
      (error: unknown) => ({ code: isEngineError(error) ? error.code : 'defect', message: String(error) }),
    );
  const early = await settle(readMesh(input, { boundWorkload: true }).then((r) => boundMeshWorkload(r.mesh).mesh));
  const late = await settle(readMesh(input).then((r) => boundMeshWorkload(r.mesh).mesh));
  const same = early.mesh && late.mesh ? bytesEqual(early.mesh.indices, late.mesh.indices) && bytesEqual(early.mesh.positions, late.mesh.positions) : true;
  if (early.code !== late.code || !same) {
    counts.defects.push(`${counts.seed} boundWorkload: ${early.code} while reading, ${late.code} after (${(early.message || late.message || 'different meshes').slice(0, 300)})`);
  }
}

function bytesEqual(a: ArrayBufferView, b: ArrayBufferView): boolean {
  return Buffer.compare(Buffer.from(a.buffer, a.byteOffset, a.byteLength), Buffer.from(b.buffer, b.byteOffset, b.byteLength)) === 0;
}

/** Runs `mutants` mutants of each seed through every reader. */
export async function fuzzReaders(mutants: number, seed = 1): Promise<FuzzCounts[]> {
  const random = mulberry32(seed);
  const results: FuzzCounts[] = [];
  for (const [name, bytes] of await fuzzSeeds()) {
    const counts: FuzzCounts = { seed: name, mutants, read: 0, refused: 0, clips: 0, defects: [], slowestMs: 0 };
    for (let i = 0; i < mutants; i++) {
      let input = mutate(bytes, random);
      if (random() < 0.3) input = mutate(input, random);
      const ok = await attempt(async () => boundMeshWorkload((await readMesh(input)).mesh), counts, 'mesh');
      if (ok) counts.read++;
      else counts.refused++;
      await compareEarlyBudget(input, counts);
      if (await attempt(() => readAnimationClip(input), counts, 'clip')) counts.clips++;
    }
    results.push(counts);
  }
  return results;
}

async function main(): Promise<void> {
  const mutants = Number(process.argv[2] ?? 300);
  const seed = Number(process.argv[3] ?? 1);
  const t = performance.now();
  const results = await fuzzReaders(mutants, seed);
  let defects = 0;
  for (const r of results) {
    process.stdout.write(`${r.seed.padEnd(20)} mutants ${r.mutants}  read ${r.read}  refused ${r.refused}  clips ${r.clips}  defects ${r.defects.length}  slowest ${r.slowestMs.toFixed(0)} ms\n`);
    for (const d of r.defects.slice(0, 3)) process.stdout.write(`  ${d}\n`);
    defects += r.defects.length;
  }
  process.stdout.write(`${results.length} seeds, ${results.length * mutants} mutants, ${defects} defects, ${((performance.now() - t) / 1000).toFixed(1)} s\n`);
  process.exitCode = defects > 0 ? 1 : 0;
}

if (require.main === module) void main();
