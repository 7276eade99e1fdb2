/** Stands a mesh up (its up axis onto +Y) before fitting, so Z-up exports rig like Y-up ones. */
import type { Mesh } from '@rigforge/mesh';
import { axisTurn, multiplyTurns, turnMesh, type Turn } from './turn-mesh';
import type { UpAxis } from './up-axis';

export { isUpAxis, UP_AXES, type UpAxis } from './up-axis';

/**
 * The quarter-turn that carries `up` onto +Y, as (x, y, z) → (x', y', z'). Z-up turns about X so
 * the left-right axis stays X (a Blender/Max export facing -Y then faces +Z, as the rigger wants);
 * X-up turns about Z so the facing stays Z; -Y turns half about Z, keeping the facing too.
 */
const TURNS: Record<UpAxis, (x: number, y: number, z: number) => [number, number, number]> = {
  '+y': (x, y, z) => [x, y, z],
  '+z': (x, y, z) => [x, z, -y],
  '-z': (x, y, z) => [x, -z, y],
  '+x': (x, y, z) => [-y, x, z],
  '-x': (x, y, z) => [y, -x, z],
  '-y': (x, y, z) => [-x, -y, z],
};

/** Maps a direction or point of the file's frame to the stood-up frame. */
export function upAxisTurn(up: UpAxis): (x: number, y: number, z: number) => [number, number, number] {
  return TURNS[up];
}

/** The quarter turn that carries `up` onto +Y as a matrix (turn-mesh.ts; its columns are TURNS' images of the file axes). */
export function upTurn(up: UpAxis): Turn {
  const images = [TURNS[up](1, 0, 0), TURNS[up](0, 1, 0), TURNS[up](0, 0, 1)];
  return [0, 1, 2].map((row) => [0, 1, 2].map((col) => images[col]![row]! + 0));
}

/**
 * The turn that stands a mesh filed with `up` up and then turns it `rotationY` degrees about +Y
 * (rotateMeshUp, then rotateMeshY), as one matrix: one pass over the mesh instead of two. Both
 * are signed permutations for quarter turns, so their product is too and the pass is exact.
 */
export function standTurn(up: UpAxis, rotationY: number): Turn {
  const stand = upTurn(up);
  return rotationY && Number.isFinite(rotationY) ? multiplyTurns(axisTurn('y', rotationY), stand) : stand;
}

/**
 * Returns a copy of the mesh stood up: the file's `up` axis becomes +Y (a proper rotation, so
 * winding and handedness are kept). Positions and normals turn (turn-mesh.ts); everything else is
 * shared.
 */
export function rotateMeshUp(mesh: Mesh, up: UpAxis): Mesh {
  return turnMesh(mesh, upTurn(up));
}
