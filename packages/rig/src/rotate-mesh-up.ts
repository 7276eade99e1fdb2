/** Stands a mesh up (its up axis onto +Y) before fitting, so Z-up exports rig like Y-up ones. */
import type { Mesh } from '@rigforge/mesh';
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

/**
 * Returns a copy of the mesh stood up: the file's `up` axis becomes +Y (a proper rotation, so
 * winding and handedness are kept). Positions and normals turn; everything else is shared.
 */
export function rotateMeshUp(mesh: Mesh, up: UpAxis): Mesh {
  if (up === '+y') return { ...mesh };
  const turn = TURNS[up];
  const rotate = (src: Float32Array): Float32Array => {
    const out = new Float32Array(src.length);
    for (let i = 0; i + 2 < src.length; i += 3) {
      const [x, y, z] = turn(src[i]!, src[i + 1]!, src[i + 2]!);
      out[i] = x + 0; // + 0 turns -0 into 0
      out[i + 1] = y + 0;
      out[i + 2] = z + 0;
    }
    return out;
  };
  return { ...mesh, positions: rotate(mesh.positions), normals: mesh.normals ? rotate(mesh.normals) : undefined };
}
