/**
 * What the skin-piece diagnostics read of a welded piece: each joint's share of its summed weight,
 * and the solve they read it from (the fast preset with the piece rules after the solve off).
 */
import type { Mesh, SkinWeights } from '@rigforge/mesh';
import type { ComputeSkinWeightsOptions } from '../../src/compute-skin-weights';
import { RIG_ENGINE_PRESETS } from '../../src/rig-engine-presets';
import { weldVertices } from '../../src/weld-vertices';

/** The fast preset's skinning with the rules that rebind pieces after the solve switched off. */
export const PIECE_RULES_OFF: ComputeSkinWeightsOptions = {
  ...RIG_ENGINE_PRESETS.fast.skin, rigidPieces: false, attachLoosePieces: false, chainPieces: false, sideLeavesAhead: false,
};

/** Each joint's summed weight over the input vertices of a welded piece, strongest first, as shares. */
export function pieceShares(skin: SkinWeights, vertices: readonly number[]): Array<[number, number]> {
  const sum = new Map<number, number>();
  let total = 0;
  for (const v of vertices) {
    for (let s = 0; s < 4; s++) {
      const w = skin.weights[4 * v + s]!;
      if (!(w > 0)) continue;
      const j = skin.joints[4 * v + s]!;
      sum.set(j, (sum.get(j) ?? 0) + w);
      total += w;
    }
  }
  return [...sum].map(([j, w]): [number, number] => [j, w / total]).sort((a, b) => b[1] - a[1]);
}

/** The mesh welded as the piece rules weld it, and each welded vertex's input vertices (a piece's shares read those). */
export function weldedInputs(mesh: Mesh): { welded: ReturnType<typeof weldVertices>; nw: number; inputOf: number[][] } {
  const welded = weldVertices(mesh.positions, mesh.indices, { tolerance: 1e-5 });
  const nw = welded.positions.length / 3;
  const inputOf: number[][] = Array.from({ length: nw }, () => []);
  welded.remap.forEach((r, i) => inputOf[r]!.push(i));
  return { welded, nw, inputOf };
}
