import { geodesicJointDistances } from '../src/skinning/geodesic-joint-distances';
import { voxelizeSkinGrid } from '../src/skinning/skin-voxel-grid';
import type { BoneSegment } from '../src/skinning/bone-segments';
import { capsule, mergeMeshes } from './skinning-fixtures';

/** A limb of five segments, and (optionally) a separate piece no segment touches. */
function scene(withLoosePiece: boolean): { grid: ReturnType<typeof voxelizeSkinGrid>; segments: BoneSegment[] } {
  const parts = [capsule([0, 0, 0], [0, 5, 0], 0.6), capsule([0, 5, 0], [3, 7, 0], 0.5)];
  if (withLoosePiece) parts.push(capsule([3, 0, 0], [3, 2, 0], 0.4));
  const mesh = mergeMeshes(parts);
  const grid = voxelizeSkinGrid(mesh.positions, mesh.indices, { resolution: 48 });
  const segments: BoneSegment[] = [
    { joint: 0, a: [0, 0, 0], b: [0, 2, 0] }, { joint: 1, a: [0, 2, 0], b: [0, 3.5, 0] },
    { joint: 2, a: [0, 3.5, 0], b: [0, 5, 0] }, { joint: 3, a: [0, 5, 0], b: [1.5, 6, 0] },
    { joint: 4, a: [1.5, 6, 0], b: [3, 7, 0] },
  ];
  return { grid, segments };
}

describe('geodesicJointDistances with targets', () => {
  it.each([false, true])('gives the target voxels the full search\'s slots (loose piece: %s)', (loose) => {
    const { grid, segments } = scene(loose);
    const full = geodesicJointDistances(grid, segments, 4);
    const targets = new Uint8Array(grid.state.length);
    let marked = 0;
    for (let i = 0; i < targets.length; i++) {
      // Bottom fifth, left half: the limb's first bone, not the loose piece (whose voxels the stopped
      // search has not reached: it must go on to the end for the loose piece's pass).
      if (full.solidIndex[i]! >= 0 && Math.floor(i / grid.nx) % grid.ny < grid.ny / 5 && i % grid.nx < grid.nx / 2) { targets[i] = 1; marked++; }
    }
    expect(marked).toBeGreaterThan(5);
    const part = geodesicJointDistances(grid, segments, 4, targets);
    for (let i = 0; i < targets.length; i++) {
      if (targets[i] !== 1) continue;
      const v = full.solidIndex[i]!;
      expect(part.counts[v]).toBe(full.counts[v]);
      for (let s = 4 * v; s < 4 * v + full.counts[v]!; s++) {
        expect(part.labels[s]).toBe(full.labels[s]);
        expect(part.dists[s]).toBe(full.dists[s]);
      }
    }
  });
  it('gives an unreached piece\'s voxels the full search\'s slots, stopping before the end', () => {
    // The loose piece no segment touches takes its labels from its nearest reached voxels after
    // the search; a search stopped at targets on it must still give them the full search's slots.
    const { grid, segments } = scene(true);
    const full = geodesicJointDistances(grid, segments, 4);
    const targets = new Uint8Array(grid.state.length);
    let marked = 0;
    // The loose piece: x near 3, y below 2.5 (grid cells whose centres lie there).
    const cellX = (i: number): number => grid.origin[0] + ((i % grid.nx) + 0.5) * grid.cell;
    const cellY = (i: number): number => grid.origin[1] + ((Math.floor(i / grid.nx) % grid.ny) + 0.5) * grid.cell;
    for (let i = 0; i < targets.length; i++) {
      if (full.solidIndex[i]! >= 0 && cellX(i) > 2.4 && cellY(i) < 2.5) { targets[i] = 1; marked++; }
    }
    expect(marked).toBeGreaterThan(5);
    const part = geodesicJointDistances(grid, segments, 4, targets);
    let compared = 0;
    for (let i = 0; i < targets.length; i++) {
      if (targets[i] !== 1) continue;
      const v = full.solidIndex[i]!;
      expect(full.counts[v]).toBeGreaterThan(0);
      expect(part.counts[v]).toBe(full.counts[v]);
      for (let s = 4 * v; s < 4 * v + full.counts[v]!; s++) {
        expect(part.labels[s]).toBe(full.labels[s]);
        expect(part.dists[s]).toBe(full.dists[s]);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(5);
    // The stopped search left part of the limb unsettled: it did stop before the end.
    let short = 0;
    for (let v = 0; v < full.counts.length; v++) if (part.counts[v]! < full.counts[v]!) short++;
    expect(short).toBeGreaterThan(0);
  });
  it.each(['js', 'wasm'] as const)('settles fewer voxels within limits around the targets, with the same target slots (%s)', (kernel) => {
    // Targets at the limb's foot: their 4th nearest joint is the arm's first bone, so a search
    // stopped at them settles the whole leg first; within limits it leaves the far side alone.
    const { grid, segments } = scene(false);
    const full = geodesicJointDistances(grid, segments, 4, undefined, kernel);
    const targets = new Uint8Array(grid.state.length);
    for (let i = 0; i < targets.length; i++) {
      if (full.solidIndex[i]! >= 0 && Math.floor(i / grid.nx) % grid.ny < grid.ny / 8) targets[i] = 1;
    }
    const unlimited = geodesicJointDistances(grid, segments, 4, targets, kernel, false);
    const limited = geodesicJointDistances(grid, segments, 4, targets, kernel);
    let compared = 0;
    for (let i = 0; i < targets.length; i++) {
      if (targets[i] !== 1) continue;
      const v = full.solidIndex[i]!;
      expect(limited.counts[v]).toBe(4);
      for (let s = 4 * v; s < 4 * v + 4; s++) {
        expect(limited.labels[s]).toBe(full.labels[s]);
        expect(limited.dists[s]).toBe(full.dists[s]);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(20);
    const settled = (f: typeof full): number => f.counts.reduce((a, c) => a + c, 0);
    expect(settled(limited)).toBeLessThan(0.8 * settled(unlimited));
  });
});
