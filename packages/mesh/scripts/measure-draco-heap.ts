/**
 * How much WASM memory Google's Draco decoder takes per triangle, the basis of
 * DRACO_HEAP_BYTES_PER_TRIANGLE and DRACO_MAX_TRIANGLES_PER_BYTE (read-limits.ts): noisy grids of
 * positions, normals and UVs, Draco (edgebreaker) compressed by glTF-Transform, each decoded in a
 * fresh module without a cap; prints the stream's bytes per triangle and the heap's growth per triangle.
 * Usage: npx tsx packages/mesh/scripts/measure-draco-heap.ts [triangles...]
 */
import draco3d from 'draco3dgltf';
import { writeGlb, type Mesh } from '../src';
import { decodeDracoPrimitive } from '../src/read/decode-draco-primitive';
import { MAX_INFLATED_BYTES } from '../src/read/read-limits';
import { compressGlb, firstDracoPrimitive } from '../testing';

function noisyGrid(triangles: number): Mesh {
  const n = Math.ceil(Math.sqrt(triangles / 2));
  const positions: number[] = [];
  const uvs: number[] = [];
  const indices: number[] = [];
  let seed = 1;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= n; j++) {
      positions.push(i / n, Math.sin(i * 0.37) * Math.cos(j * 0.23) * 0.05 + random() * 1e-3, j / n);
      uvs.push(i / n, j / n);
    }
  }
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const a = i * (n + 1) + j;
      indices.push(a, a + n + 1, a + 1, a + 1, a + n + 1, a + n + 2);
    }
  }
  return { positions: new Float32Array(positions), uvs: new Float32Array(uvs), indices: new Uint32Array(indices), groups: [], materials: [] };
}

async function main(): Promise<void> {
  const sizes = process.argv.slice(2).map(Number);
  for (const triangles of sizes.length > 0 ? sizes : [180_000, 720_000, 2_000_000]) {
    const glb = await compressGlb(await writeGlb(noisyGrid(triangles)), 'draco-edgebreaker');
    const { stream, requests, vertexCount, indices } = firstDracoPrimitive(glb);
    const module = await draco3d.createDecoderModule({});
    const before = module.HEAPU8.length;
    const faces = indices.count / 3;
    decodeDracoPrimitive(module, stream, requests, vertexCount, indices, 'glb', MAX_INFLATED_BYTES * 4);
    const grown = module.HEAPU8.length - before;
    console.log(`${faces} triangles: stream ${(stream.length / faces).toFixed(2)} bytes/triangle; heap ${before >> 20} MB -> ${module.HEAPU8.length >> 20} MB, ${(grown / faces).toFixed(0)} bytes/triangle`);
  }
}

void main();
