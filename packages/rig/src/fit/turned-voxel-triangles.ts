/**
 * The `VoxelTriangles` of a mesh turned by a signed permutation (a quarter turn: turn-mesh.ts),
 * from the filed mesh's, without reading the turned mesh's triangles again: the legs gate analyses
 * the model stood up along each up axis it asks about, and on a 68k-triangle human each turned
 * copy's triangle pass was ~1.5 ms.
 *
 * Why the answer is the same bit for bit: turnMesh copies or negates each coordinate (then adds 0),
 * so an edge's components are the filed edge's, permuted and negated exactly (fl(b − a) = −fl(a − b)),
 * and each component of the cross product is a filed component's two products subtracted in the same
 * or the opposite order: the same magnitude. The zero-area test sums the same squares in another
 * order, so its two sides move by a few ulps at most; `nearBar` counts the triangles within 1e-9 of
 * the bar, and where it is 0 every triangle's verdict stands. Indices, distinct corners and finiteness
 * do not change. The box is then over the same corners: each turned axis takes the filed axis' min
 * (factor +1) or max (factor −1, negated), plus 0 as turnMesh adds, which picks the same value the
 * scan would (ties between ±0 become 0 either way). Anything else (not a signed permutation, a
 * triangle near the bar, `nearBar` not counted) reads the turned mesh itself. The identity turn
 * shares the filed arrays unchanged (turnMesh), so it answers `filed` itself.
 */
import type { Mesh } from '@rigforge/mesh';
import type { Turn } from '../turn-mesh';
import { voxelTriangles, type VoxelTriangles } from './voxel-grid';

/** Per turned axis, the filed axis it reads and the sign, if `r` is a signed permutation. */
function signedPermutation(r: Turn): { axis: number[]; sign: number[] } | undefined {
  const axis: number[] = [], sign: number[] = [];
  for (let row = 0; row < 3; row++) {
    let found = -1;
    for (let col = 0; col < 3; col++) {
      const v = r[row]![col]!;
      if (v === 0) continue;
      if ((v !== 1 && v !== -1) || found >= 0) return undefined;
      found = col;
    }
    if (found < 0 || axis.includes(found)) return undefined;
    axis.push(found); sign.push(r[row]![found]!);
  }
  return { axis, sign };
}

/**
 * `voxelTriangles(turned)`, where `turned` is `turnMesh(filed mesh, r)` and `filed` that mesh's
 * `voxelTriangles`: derived from `filed` when that is exact (above; the `triOk` array is shared,
 * read-only), else read from `turned`.
 */
export function turnedVoxelTriangles(filed: VoxelTriangles, r: Turn, turned: Mesh): VoxelTriangles {
  const perm = filed.nearBar === 0 ? signedPermutation(r) : undefined;
  if (!perm) return voxelTriangles(turned);
  // The identity turn keeps the filed arrays (no + 0), so their triangles are the filed ones.
  if (perm.axis.every((a, k) => a === k && perm.sign[k] === 1)) return filed;
  const min: [number, number, number] = [0, 0, 0], max: [number, number, number] = [0, 0, 0];
  for (let k = 0; k < 3; k++) {
    const a = perm.axis[k]!, s = perm.sign[k]!;
    min[k] = s * (s > 0 ? filed.min[a]! : filed.max[a]!) + 0;
    max[k] = s * (s > 0 ? filed.max[a]! : filed.min[a]!) + 0;
  }
  return { triOk: filed.triOk, min, max, nearBar: 0 };
}
