import { writeGlb, type Mesh } from '@rigforge/mesh';

/** A closed box made of 12 triangles, in metres. */
export function boxMesh(size: [number, number, number] = [0.5, 1.8, 0.3]): Mesh {
  const [sx, sy, sz] = size.map((s) => s / 2) as [number, number, number];
  const p: number[] = [];
  for (const x of [-sx, sx]) for (const y of [0, sy * 2]) for (const z of [-sz, sz]) p.push(x, y, z);
  // vertex index = xi*4 + yi*2 + zi
  const faces = [
    [0, 1, 3, 2], [4, 6, 7, 5], // -x, +x
    [0, 4, 5, 1], [2, 3, 7, 6], // -y, +y
    [0, 2, 6, 4], [1, 5, 7, 3], // -z, +z
  ];
  const indices: number[] = [];
  for (const [a, b, c, d] of faces) indices.push(a!, b!, c!, a!, c!, d!);
  return { positions: new Float32Array(p), indices: new Uint32Array(indices), groups: [], materials: [] };
}

export async function boxGlb(): Promise<Buffer> {
  return Buffer.from(await writeGlb(boxMesh()));
}

export async function boxGlbBase64(): Promise<string> {
  return (await boxGlb()).toString('base64');
}
