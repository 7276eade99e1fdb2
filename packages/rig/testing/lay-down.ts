import type { Mesh } from '@rigforge/mesh';
import { upAxisTurn } from '../src/rotate-mesh-up';
import type { UpAxis } from '../src/up-axis';

/**
 * The inverse of standing up: lays an upright (+Y up) mesh down so that the file's `up` axis is
 * the character's up, as a Z-up (or other) export stores it. For tests and scripts of `up_axis`.
 */
export function layDownMesh(mesh: Mesh, up: UpAxis): Mesh {
  const turn = upAxisTurn(up);
  const ex = turn(1, 0, 0), ey = turn(0, 1, 0), ez = turn(0, 0, 1);
  const p = mesh.positions;
  const out = new Float32Array(p.length);
  for (let i = 0; i < p.length; i += 3) {
    const x = p[i]!, y = p[i + 1]!, z = p[i + 2]!;
    out[i] = ex[0] * x + ex[1] * y + ex[2] * z;
    out[i + 1] = ey[0] * x + ey[1] * y + ey[2] * z;
    out[i + 2] = ez[0] * x + ez[1] * y + ez[2] * z;
  }
  return { ...mesh, positions: out, normals: undefined };
}
