/**
 * Times writeFbx on a rigged, subdivided sphere of about N triangles and writes it to
 * test-output/ so check-fbx.sh or `assimp info` can open it.
 *
 * usage: npx tsx packages/mesh/scripts/check-fbx-speed.ts [triangles=200000]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFbx, type Mesh, type Skeleton } from '../src';

const target = Number(process.argv[2] ?? 200_000);
const rings = Math.max(4, Math.round(Math.sqrt(target / 2)));
const segments = rings;
const positions: number[] = [];
const uvs: number[] = [];
for (let a = 0; a <= rings; a++) {
  for (let b = 0; b <= segments; b++) {
    const th = (a / rings) * Math.PI, ph = (b / segments) * 2 * Math.PI;
    positions.push(0.4 * Math.sin(th) * Math.cos(ph), 0.9 + 0.9 * Math.cos(th), 0.4 * Math.sin(th) * Math.sin(ph));
    uvs.push(b / segments, a / rings);
  }
}
const indices: number[] = [];
for (let a = 0; a < rings; a++) {
  for (let b = 0; b < segments; b++) {
    const k = a * (segments + 1) + b;
    indices.push(k, k + segments + 1, k + 1, k + 1, k + segments + 1, k + segments + 2);
  }
}
const mesh: Mesh = {
  positions: new Float32Array(positions),
  uvs: new Float32Array(uvs),
  indices: new Uint32Array(indices),
  groups: [],
  materials: [{ name: 'Skin', baseColor: [0.7, 0.5, 0.4, 1], metallic: 0, roughness: 0.8 }],
};
const skeleton: Skeleton = { joints: [] };
for (let i = 0; i < 8; i++) skeleton.joints.push({ name: `spine${i}`, parent: i - 1, position: [0, 0.1 + 0.2 * i, 0] });
const vertexCount = positions.length / 3;
const joints = new Uint16Array(vertexCount * 4);
const weights = new Float32Array(vertexCount * 4);
for (let v = 0; v < vertexCount; v++) {
  // Linear blend between the two joints bracketing the vertex's height.
  const t = Math.min(6.999, Math.max(0, (positions[3 * v + 1]! - 0.1) / 0.2));
  const j = Math.floor(t);
  joints[4 * v] = j;
  joints[4 * v + 1] = j + 1;
  weights[4 * v] = 1 - (t - j);
  weights[4 * v + 1] = t - j;
}
const rig = { skeleton, skin: { joints, weights } };

console.log(`triangles ${indices.length / 3}, vertices ${vertexCount}`);
let bytes = writeFbx(mesh, { rig });
for (const compress of [true, false]) {
  const times: number[] = [];
  for (let k = 0; k < 5; k++) {
    const t0 = performance.now();
    bytes = writeFbx(mesh, { rig, compress });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(`compress=${compress}: median ${times[2]!.toFixed(0)} ms, min ${times[0]!.toFixed(0)} ms, ${(bytes.length / 1e6).toFixed(2)} MB`);
}
const out = join(__dirname, '../../../test-output');
mkdirSync(out, { recursive: true });
const file = join(out, `sphere-${indices.length / 3}.fbx`);
writeFileSync(file, writeFbx(mesh, { rig }));
console.log(`wrote ${file}`);
