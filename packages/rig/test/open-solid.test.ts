/**
 * The opened solid (src/fit/open-solid.ts): its solid-list steps and the growth by the distance
 * field's chamfer passes give the same core, bit for bit, as the cell-by-cell growth over solid
 * neighbours it replaced (kept below as the reference), with either chamfer kernel.
 */
import type { Mesh } from '@rigforge/mesh';
import { BODY_PLANS } from '../src/body-plan';
import { computeDistanceField, neighbourOffsets } from '../src/fit/distance-field';
import { OPEN_SOLID_DEFAULTS, openSolid, type OpenedSolid, type OpenSolidOptions } from '../src/fit/open-solid';
import { voxelizeMesh } from '../src/fit/voxel-grid';
import { buildCreature } from '../testing/build-creature';
import { turnMesh } from '../testing/orientation-turns';

/** The replaced opening: a scan of every cell, the growth reading solid neighbours only. */
function referenceOpenSolid(mesh: Mesh, options: OpenSolidOptions = {}): OpenedSolid {
  const o = { ...OPEN_SOLID_DEFAULTS, ...options };
  const grid = voxelizeMesh(mesh, { resolution: o.resolution });
  const { solid } = grid;
  const dt = computeDistanceField(grid, undefined, 'js');
  let maxDt = 0;
  for (let i = 0; i < dt.length; i++) if (solid[i] && dt[i]! > maxDt) maxDt = dt[i]!;
  const r = Math.max(1.5, o.openingShare * maxDt);
  const grow = new Float32Array(solid.length).fill(1e9);
  for (let i = 0; i < solid.length; i++) if (solid[i] && dt[i]! >= r) grow[i] = 0;
  const { delta, length } = neighbourOffsets(grid);
  for (let pass = 0; pass < 2; pass++) {
    const forward = pass === 0;
    for (let s = 0; s < solid.length; s++) {
      const i = forward ? s : solid.length - 1 - s;
      if (!solid[i]) continue;
      let best = grow[i]!;
      for (let k = 0; k < delta.length; k++) {
        const j = i + delta[k]!;
        if ((forward ? delta[k]! < 0 : delta[k]! > 0) && j >= 0 && j < solid.length && solid[j]) best = Math.min(best, grow[j]! + length[k]!);
      }
      grow[i] = best;
    }
  }
  const core = new Uint8Array(solid.length);
  for (let i = 0; i < solid.length; i++) if (solid[i] && grow[i]! <= r) core[i] = 1;
  return { grid, core };
}

const same = (a: Uint8Array, b: Uint8Array): boolean => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

describe('openSolid', () => {
  const meshes: [string, Mesh][] = BODY_PLANS.flatMap((plan) => {
    const mesh = buildCreature(plan).mesh;
    return [[plan, mesh], [`${plan} turned`, turnMesh(mesh, [[0, 0, 1], [-1, 0, 0], [0, -1, 0]])]] as [string, Mesh][];
  });

  test.each(meshes)('%s: the same core as the cell-by-cell growth, with either kernel', (_, mesh) => {
    for (const options of [{}, { resolution: 40, openingShare: 0.6 }, { openingShare: 0.1 }]) {
      const want = referenceOpenSolid(mesh, options);
      for (const kernel of ['wasm', 'js'] as const) {
        const got = openSolid(mesh, options, kernel);
        expect(same(got.grid.solid, want.grid.solid)).toBe(true);
        expect(same(got.core, want.core)).toBe(true);
      }
      // A core that is neither empty nor the whole solid, so the growth was exercised.
      const solidCount = want.grid.solid.reduce((t, v) => t + v, 0), coreCount = want.core.reduce((t, v) => t + v, 0);
      expect(coreCount).toBeGreaterThan(0);
      expect(coreCount).toBeLessThan(solidCount);
    }
  });
});
