/**
 * Quarter-turn orientations as matrices, for scripts and tests of the orientation step: turn an
 * upright mesh into any of the 24 ways a file may store it, and bring a rig's joints back from the
 * frame the rigger stood the model in to the file's frame.
 */
import type { Mesh, Skeleton } from '@rigforge/mesh';
import { candidateFrame, type OrientationCandidate } from '../src/orientation-features';

/** Row-major 3 × 3: upright = R · file. */
export type Turn = number[][];

/** The rotation that stands a file stored in `c` up (what rotateMeshUp then rotateMeshY apply). */
export function turnOf(c: OrientationCandidate): Turn {
  const { axis, sign } = candidateFrame(c);
  const r = [[0, 0, 0], [0, 0, 0], [0, 0, 0]];
  for (let k = 0; k < 3; k++) r[k]![axis[k]!] = sign[k]!;
  return r;
}

export function multiplyTurns(a: Turn, b: Turn): Turn {
  return [0, 1, 2].map((i) => [0, 1, 2].map((j) => a[i]![0]! * b[0]![j]! + a[i]![1]! * b[1]![j]! + a[i]![2]! * b[2]![j]!));
}

export function invertTurn(a: Turn): Turn {
  return [0, 1, 2].map((i) => [0, 1, 2].map((j) => a[j]![i]!));
}

export function sameTurn(a: Turn, b: Turn): boolean {
  return a.every((row, i) => row.every((v, j) => v === b[i]![j]));
}

export function applyTurn(r: Turn, p: readonly number[]): [number, number, number] {
  return [0, 1, 2].map((i) => r[i]![0]! * p[0]! + r[i]![1]! * p[1]! + r[i]![2]! * p[2]! + 0) as [number, number, number];
}

/** The mesh turned by `r` (positions and normals). */
export function turnMesh(mesh: Mesh, r: Turn): Mesh {
  const turn = (src: Float32Array): Float32Array => {
    const out = new Float32Array(src.length);
    for (let i = 0; i + 2 < src.length; i += 3) out.set(applyTurn(r, [src[i]!, src[i + 1]!, src[i + 2]!]), i);
    return out;
  };
  return { ...mesh, positions: turn(mesh.positions), normals: mesh.normals ? turn(mesh.normals) : undefined };
}

/** The skeleton's joints turned by `r`. */
export function turnSkeleton(skeleton: Skeleton, r: Turn): Skeleton {
  return { ...skeleton, joints: skeleton.joints.map((j) => ({ ...j, position: applyTurn(r, j.position) })) };
}
