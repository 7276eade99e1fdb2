import { computeSkinWeights } from '../src/compute-skin-weights';
import { FITTED_SKIN_SHARPNESS, sharpenWeights } from '../src/skinning/sharpen-weights';
import { capsule, skeletonOf } from './skinning-fixtures';

describe('sharpenWeights', () => {
  it('raises each vertex weights to the exponent and keeps their sum', () => {
    const joints = new Int32Array([0, 1, -1, 2, 3, -1]);
    const weights = new Float32Array([0.75, 0.25, 0, 0.5, 0.5, 0]);
    sharpenWeights(joints, weights, 3, 2);
    // 0.75² : 0.25² = 0.9 : 0.1; an even blend stays even.
    expect([...weights].map((w) => +w.toFixed(6))).toEqual([0.9, 0.1, 0, 0.5, 0.5, 0]);
  });

  it('widens a blend below 1 and leaves the weights as solved at 1', () => {
    const joints = new Int32Array([0, 1]);
    const weights = new Float32Array([0.9, 0.1]);
    sharpenWeights(joints, weights, 2, 0.5);
    expect(weights[1]).toBeCloseTo(0.25, 6);
    const same = new Float32Array([0.9, 0.1]);
    sharpenWeights(joints, same, 2, 1);
    expect([...same]).toEqual([...new Float32Array([0.9, 0.1])]);
  });

  it('ships a finite positive exponent fitted on the dev set', () => {
    expect(FITTED_SKIN_SHARPNESS).toBeGreaterThan(0);
    expect(Number.isFinite(FITTED_SKIN_SHARPNESS)).toBe(true);
  });
});

describe('computeSkinWeights: sharpness, heat leaf length, aim margin', () => {
  it('rejects a sharpness, leaf length or aim margin out of range with invalid_input', () => {
    const mesh = capsule([0, 0, 0], [0, 1, 0], 0.1, { rows: 8 });
    const chain = skeletonOf([['a', null, [0, 0.1, 0]], ['b', 'a', [0, 0.9, 0]]]);
    for (const sharpness of [0, -1, Number.NaN, Infinity]) {
      expect(() => computeSkinWeights(mesh, chain, { sharpness })).toThrow(expect.objectContaining({ code: 'invalid_input' }) as Error);
      expect(() => computeSkinWeights(mesh, chain, { heatLeafLength: sharpness })).toThrow(expect.objectContaining({ code: 'invalid_input' }) as Error);
      expect(() => computeSkinWeights(mesh, chain, { aimPartMargin: sharpness })).toThrow(expect.objectContaining({ code: 'invalid_input' }) as Error);
    }
    expect(() => computeSkinWeights(mesh, chain, { aimPartMargin: 1.5 })).toThrow(expect.objectContaining({ code: 'invalid_input' }) as Error);
  });
});
