/** Turns a mesh about +Y before fitting, so a model facing any way is rigged facing +Z. */
import type { Mesh } from '@rigforge/mesh';
import { axisTurn, turnMesh } from './turn-mesh';

/**
 * Returns a copy of the mesh rotated about +Y by `degrees` (right-handed: +90 turns +X into -Z
 * and -X into +Z, so a model facing -X is brought to face +Z by 90, one facing +X by -90 and one
 * facing -Z by 180). Positions and normals rotate (turn-mesh.ts: quarter turns exact); everything
 * else is shared.
 */
export function rotateMeshY(mesh: Mesh, degrees: number): Mesh {
  if (!degrees || !Number.isFinite(degrees)) return { ...mesh };
  return turnMesh(mesh, axisTurn('y', degrees));
}
