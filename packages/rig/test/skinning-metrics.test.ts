import { compareSkinWeights } from '../src/skinning/skin-metrics';

const skin = (rows: [number, number][][]) => {
  const joints = new Uint16Array(4 * rows.length);
  const weights = new Float32Array(4 * rows.length);
  rows.forEach((row, v) => row.forEach(([j, w], s) => {
    joints[4 * v + s] = j;
    weights[4 * v + s] = w;
  }));
  return { joints, weights };
};

describe('compareSkinWeights', () => {
  it('is perfect for identical weights, whatever the slot order', () => {
    const a = skin([[[0, 0.25], [1, 0.75]], [[2, 1]]]);
    const b = skin([[[1, 0.75], [0, 0.25]], [[2, 1]]]);
    expect(compareSkinWeights(a, b, 2, 3)).toMatchObject({ meanL1: 0, precision: 1, recall: 1, unweighted: 0 });
  });

  it('measures L1 over the full vectors and precision/recall of influence sets', () => {
    // Vertex 0: predicted {0:1}, reference {0:0.5, 1:0.5} → L1 1, precision 1, recall 0.5.
    // Vertex 1: predicted {1:0.5, 2:0.5}, reference {2:1} → L1 1, precision 0.5, recall 1.
    const predicted = skin([[[0, 1]], [[1, 0.5], [2, 0.5]]]);
    const reference = skin([[[0, 0.5], [1, 0.5]], [[2, 1]]]);
    const m = compareSkinWeights(predicted, reference, 2, 3);
    expect(m.meanL1).toBeCloseTo(1, 6);
    expect(m.precision).toBeCloseTo(0.75, 6);
    expect(m.recall).toBeCloseTo(0.75, 6);
  });

  it('gives the worst L1 (2) for disjoint weights and ignores weights at or below the 0.1 threshold', () => {
    const predicted = skin([[[0, 0.99995], [1, 0.00005]]]);
    const reference = skin([[[1, 1]]]);
    const m = compareSkinWeights(predicted, reference, 1, 2);
    expect(m.meanL1).toBeCloseTo(2, 3);
    expect(m.precision).toBe(0);
    expect(m.recall).toBe(0);
  });

  it('normalises each vector, and averages precision over weighted vertices only', () => {
    // Vertex 0: predicted {0:2} (unnormalised) vs reference {0:1}: perfect. Vertex 1: predicted
    // nothing (unweighted) vs reference {1:1}: L1 1, recall 0, no precision term.
    const predicted = skin([[[0, 2]], []]);
    const reference = skin([[[0, 1]], [[1, 1]]]);
    const m = compareSkinWeights(predicted, reference, 2, 2);
    expect(m.meanL1).toBeCloseTo(0.5, 6);
    expect(m.precision).toBe(1);
    expect(m.recall).toBeCloseTo(0.5, 6);
    expect(m.unweighted).toBe(1);
    expect(m.predictedMaxWeight).toBeCloseTo(0.5, 6);
  });

  it('rejects joint indices past the joint count', () => {
    expect(() => compareSkinWeights(skin([[[5, 1]]]), skin([[[0, 1]]]), 1, 2)).toThrow(/joint 5/);
  });
});
