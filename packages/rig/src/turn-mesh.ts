/**
 * One rotation loop for every turn the rigger applies to a mesh before fitting: the mirror roll
 * (mirror-roll.ts), standing the up axis onto +Y (rotate-mesh-up.ts) and the turn about +Y
 * (rotate-mesh-y.ts), each a row-major 3 × 3 matrix (turned = R · filed). Quarter turns are exact:
 * their matrices hold only 0 and ±1 (cos and sin rounded), and a row sums only its nonzero
 * entries, so a coordinate is copied, negated or, off the quarter turns, rotated by the same
 * products and sums in any of the three forms; every coordinate gets `+ 0`, which turns −0 into 0.
 */
import type { Mesh } from '@rigforge/mesh';

/** Row-major 3 × 3 rotation: turned = R · filed. */
export type Turn = number[][];

export const IDENTITY_TURN: Turn = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];

/**
 * Right-handed `degrees` about a file axis (about y, +90 turns +x into −z). A multiple of 90° gets
 * exact 0 and ±1 entries, so axis-aligned models stay exactly axis-aligned.
 */
export function axisTurn(axis: 'x' | 'y' | 'z', degrees: number): Turn {
  const k = 'xyz'.indexOf(axis);
  const i = (k + 1) % 3, j = (k + 2) % 3;
  const a = (degrees * Math.PI) / 180;
  const quarter = Math.abs(degrees % 90) < 1e-9;
  const c = quarter ? Math.round(Math.cos(a)) : Math.cos(a);
  const s = quarter ? Math.round(Math.sin(a)) : Math.sin(a);
  const r = [[0, 0, 0], [0, 0, 0], [0, 0, 0]];
  r[k]![k] = 1;
  r[i]![i] = c; r[i]![j] = -s;
  r[j]![i] = s; r[j]![j] = c;
  return r;
}

/** a · b (apply b, then a). */
export function multiplyTurns(a: Turn, b: Turn): Turn {
  return [0, 1, 2].map((i) => [0, 1, 2].map((j) => a[i]![0]! * b[0]![j]! + a[i]![1]! * b[1]![j]! + a[i]![2]! * b[2]![j]!));
}

function isIdentity(r: Turn): boolean {
  return r.every((row, i) => row.every((v, j) => v === (i === j ? 1 : 0)));
}

/**
 * The mesh turned by `r`: positions and normals, everything else shared; the identity returns the
 * same arrays. Each row sums its nonzero entries' products in column order, then adds 0.
 */
export function turnMesh(mesh: Mesh, r: Turn): Mesh {
  if (isIdentity(r)) return { ...mesh };
  // Per row, its nonzero entries' columns and factors.
  const rows = r.map((row) => {
    const cs = [0, 1, 2].filter((c) => row[c] !== 0);
    return { n: cs.length, a: cs[0] ?? 0, b: cs[1] ?? 0, c: cs[2] ?? 0, fa: row[cs[0] ?? 0]!, fb: row[cs[1] ?? 0]!, fc: row[cs[2] ?? 0]! };
  });
  const rotate = (src: Float32Array): Float32Array => {
    const out = new Float32Array(src.length);
    for (let row = 0; row < 3; row++) {
      const { n, a, b, c, fa, fb, fc } = rows[row]!;
      if (n === 1) for (let v = 0; v + 2 < src.length; v += 3) out[v + row] = fa * src[v + a]! + 0;
      else if (n === 2) for (let v = 0; v + 2 < src.length; v += 3) out[v + row] = fa * src[v + a]! + fb * src[v + b]! + 0;
      else if (n === 3) for (let v = 0; v + 2 < src.length; v += 3) out[v + row] = fa * src[v + a]! + fb * src[v + b]! + fc * src[v + c]! + 0;
    }
    return out;
  };
  return { ...mesh, positions: rotate(mesh.positions), normals: mesh.normals ? rotate(mesh.normals) : undefined };
}
