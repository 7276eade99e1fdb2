/**
 * Read/write timings for large meshes: a grid of `n` triangles written as GLB, binary STL, OBJ,
 * binary FBX, Draco and meshopt GLB (glTF-Transform with the official encoders) and a zipped
 * .gltf + .bin, then read back with readMesh (with the process's peak RSS after each); last, a zip
 * bomb's refusal. Usage: npx tsx packages/mesh/scripts/bench-read.ts [triangles]
 */
import { readMesh, writeGlb, type Mesh } from '../src';
import { encodeBinaryFbx, fbxScene } from '../test/fixtures/fbx';
import { toBinaryStl, toObj } from '../test/fixtures/formats';
import { compressGlb, zipAsGltf, zipFiles } from '../testing';

function grid(triangles: number): Mesh {
  const side = Math.ceil(Math.sqrt(triangles / 2));
  const positions = new Float32Array((side + 1) * (side + 1) * 3);
  const normals = new Float32Array(positions.length);
  const uvs = new Float32Array((side + 1) * (side + 1) * 2);
  for (let y = 0, v = 0; y <= side; y++) {
    for (let x = 0; x <= side; x++, v++) {
      positions.set([x / side, Math.sin(x * 0.1) * 0.05, y / side], v * 3);
      normals.set([0, 1, 0], v * 3);
      uvs.set([x / side, y / side], v * 2);
    }
  }
  const indices = new Uint32Array(side * side * 6);
  let k = 0;
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const a = y * (side + 1) + x, b = a + 1, c = a + side + 1, d = c + 1;
      indices.set([a, c, b, b, c, d], k);
      k += 6;
    }
  }
  return { positions, normals, uvs, indices: indices.subarray(0, Math.floor(triangles) * 3), groups: [], materials: [] };
}

async function time<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const r = await fn();
  return [r, performance.now() - t];
}

(async () => {
  const n = Number(process.argv[2] ?? 1_000_000);
  const mesh = grid(n);
  const [glb, tw] = await time(() => writeGlb(mesh));
  console.log(`writeGlb ${n} triangles: ${tw.toFixed(0)} ms, ${(glb.length / 1e6).toFixed(1)} MB`);
  const files: Array<[string, Uint8Array]> = [
    ['glb', glb],
    ['stl (binary)', toBinaryStl(mesh)],
    ['obj', new Uint8Array(Buffer.from(toObj(mesh)))],
    ['fbx (binary 7.4, zlib)', encodeBinaryFbx(fbxScene([{ id: 1, parent: 0, name: 'grid', mesh: { ...mesh, uvs: mesh.uvs! } }]))],
    ['glb (Draco edgebreaker)', await compressGlb(glb, 'draco-edgebreaker')],
    ['glb (meshopt)', await compressGlb(glb, 'meshopt')],
    ['zip (.gltf + .bin)', await zipAsGltf(glb)],
  ];
  for (const [name, bytes] of files) {
    await readMesh(bytes); // warm-up
    const [r, ms] = await time(() => readMesh(bytes));
    console.log(`readMesh ${name}: ${ms.toFixed(0)} ms for ${r.mesh.indices.length / 3} triangles (${(bytes.length / 1e6).toFixed(1)} MB), peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
  }
  const zeros = new Uint8Array(64 * 1024 * 1024);
  const bomb = zipFiles(Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`pad${i}.bin`, zeros])));
  const [refusal, ms] = await time(() => readMesh(bomb).then(() => 'read', (e: Error) => e.message));
  console.log(`readMesh zip bomb (${(bomb.length / 1e6).toFixed(1)} MB declaring 512 MB): ${ms.toFixed(1)} ms: ${refusal}`);
})();
