/**
 * Rig time of the pathological inputs of issues 9 and 24 (refused or simplified by
 * boundMeshWorkload in well under a second) next to a legitimate 2M-triangle mesh and a random
 * soup just under the work budget, the worst accepted cases:
 *
 *   node --import tsx packages/rig/scripts/bench-workload.ts [case...]
 *
 * Cases: soup199k, fan2m, face2m, soup85k (issue 24's soup, under the old visit limits),
 * soup85kUnder (85k triangles just under the grid-seconds limit), sphere2m (default: all).
 */
import { writeGlb, type Mesh } from '@rigforge/mesh';
import { glbDenseFan, objHugeFace, stlLocalSoup, stlRandomSoup } from '../../mesh/scripts/hostile-meshes';
import { rigMesh } from '../src';

/** A UV sphere of rings × segments × 2 triangles, 1.8 units tall. */
function sphere(rings: number, segments: number): Mesh {
  const positions = new Float32Array((rings + 1) * (segments + 1) * 3);
  let p = 0;
  for (let r = 0; r <= rings; r++) {
    const phi = (Math.PI * r) / rings;
    for (let s = 0; s <= segments; s++) {
      const theta = (2 * Math.PI * s) / segments;
      positions[p++] = 0.4 * Math.sin(phi) * Math.cos(theta);
      positions[p++] = 0.9 * Math.cos(phi) + 0.9;
      positions[p++] = 0.3 * Math.sin(phi) * Math.sin(theta);
    }
  }
  const indices = new Uint32Array(rings * segments * 6);
  let k = 0;
  for (let r = 0; r < rings; r++) {
    for (let s = 0; s < segments; s++) {
      const a = r * (segments + 1) + s, b = a + segments + 1;
      indices.set([a, b, a + 1, a + 1, b, b + 1], k);
      k += 6;
    }
  }
  return { positions, indices, groups: [], materials: [] };
}

const cases: Record<string, () => Promise<Uint8Array> | Uint8Array> = {
  soup199k: () => stlRandomSoup(199_000),
  fan2m: () => glbDenseFan(2_000_000, 256),
  face2m: () => objHugeFace(2_000_001),
  soup85k: () => stlLocalSoup(85_000, 1),
  soup85kUnder: () => stlLocalSoup(85_000, 0.25),
  sphere2m: () => writeGlb(sphere(1000, 1000)),
};

async function main(): Promise<void> {
  const names = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(cases);
  for (const name of names) {
    const bytes = await cases[name]!();
    const t = performance.now();
    const outcome = await rigMesh(bytes).then(
      (r) => `rigged ${r.report.triangles} triangles; ${JSON.stringify(r.report.timingsMs)}`,
      (e: unknown) => `refused: ${e instanceof Error ? e.message.slice(0, 160) : String(e)}`,
    );
    process.stdout.write(`${name} (${(bytes.length / 1e6).toFixed(1)} MB): ${((performance.now() - t) / 1000).toFixed(1)} s, ${outcome}\n`);
  }
}

void main();
