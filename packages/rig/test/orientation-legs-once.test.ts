/**
 * The legs gate analyses a mesh once per up axis: the file itself (as filed, and stood up along
 * +Y, which is the same mesh) is not analysed twice.
 */
import { analyzeShape } from '../src/fit/shape-analysis';
import { findOrientation } from '../src/find-orientation';
import { buildCreature } from '../testing/build-creature';

// The real analysis, recorded: which meshes the gate analyses.
jest.mock('../src/fit/shape-analysis', () => {
  const actual = jest.requireActual<typeof import('../src/fit/shape-analysis')>('../src/fit/shape-analysis');
  return { ...actual, analyzeShape: jest.fn(actual.analyzeShape) };
});
const analyses = jest.mocked(analyzeShape);

describe('findOrientation legs gate', () => {
  beforeEach(() => analyses.mockClear());

  test('a legless body filed upright is analysed as filed once, though both the as-filed and the +Y stand tests read it', () => {
    const fish = buildCreature('aquatic').mesh;
    const found = findOrientation(fish);
    // Legless and kept upright: the upside-down gate stood it up both ways (+Y is the file).
    expect(found.upAxis).toBe('+y');
    const positions = analyses.mock.calls.map(([mesh]) => mesh.positions);
    expect(positions.filter((p) => p === fish.positions)).toHaveLength(1);
    // The other analysis, if any, is of a turned copy (another array), each up axis once.
    expect(new Set(positions).size).toBe(positions.length);
  });
});
