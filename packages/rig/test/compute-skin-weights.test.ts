import { computeSkinWeights } from '../src/compute-skin-weights';
import { humanoid } from './skinning-fixtures';

function expectValid(skin: { joints: Uint16Array; weights: Float32Array }, n: number, jointCount: number): void {
  expect(skin.joints.length).toBe(4 * n);
  expect(skin.weights.length).toBe(4 * n);
  for (let v = 0; v < n; v++) {
    let sum = 0;
    for (let k = 0; k < 4; k++) {
      const w = skin.weights[4 * v + k]!;
      expect(w).toBeGreaterThanOrEqual(0);
      expect(skin.joints[4 * v + k]!).toBeLessThan(jointCount);
      sum += w;
    }
    expect(Math.abs(sum - 1)).toBeLessThan(1e-4);
  }
}

describe('computeSkinWeights', () => {
  it('gives every vertex of a humanoid weights summing to 1 over valid joints', () => {
    const { mesh, skeleton } = humanoid();
    const skin = computeSkinWeights(mesh, skeleton);
    expectValid(skin, mesh.positions.length / 3, skeleton.joints.length);
  });
});
