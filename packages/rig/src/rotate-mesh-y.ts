/** Turns a mesh about +Y before fitting, so a model facing any way is rigged facing +Z. */
import type { Mesh } from '@rigforge/mesh';

/**
 * Returns a copy of the mesh rotated about +Y by `degrees` (right-handed: +90 turns +X into -Z
 * and -X into +Z, so a model facing -X is brought to face +Z by 90, one facing +X by -90 and one
 * facing -Z by 180). Positions and normals rotate; everything else is shared.
 */
export function rotateMeshY(mesh: Mesh, degrees: number): Mesh {
  if (!degrees || !Number.isFinite(degrees)) return { ...mesh };
  const a = (degrees * Math.PI) / 180;
  // Exact values for quarter turns keep axis-aligned models exactly axis-aligned.
  const quarter = Math.abs(degrees % 90) < 1e-9;
  const c = quarter ? Math.round(Math.cos(a)) : Math.cos(a);
  const s = quarter ? Math.round(Math.sin(a)) : Math.sin(a);
  const rotate = (src: Float32Array): Float32Array => {
    const out = new Float32Array(src.length);
    for (let i = 0; i < src.length; i += 3) {
      const x = src[i]!, y = src[i + 1]!, z = src[i + 2]!;
      out[i] = c * x + s * z + 0; // + 0 turns -0 into 0
      out[i + 1] = y;
      out[i + 2] = -s * x + c * z + 0;
    }
    return out;
  };
  return { ...mesh, positions: rotate(mesh.positions), normals: mesh.normals ? rotate(mesh.normals) : undefined };
}
