import { computeSkinWeights } from '../src/compute-skin-weights';
import { fitSkeleton } from '../src/fit-skeleton';
import { orientForRig } from '../src/orient-for-rig';
import { measureFacingSurface } from '../src/orientation-facing-cue';
import { weldVertices } from '../src/weld-vertices';
import { capsule, humanoid, unweld } from './skinning-fixtures';

describe('weldVertices', () => {
  it('welds a flat-shaded mesh back to its shared vertices, keeping triangles one for one', () => {
    const smooth = capsule([0, 0, 0], [0, 1, 0], 0.2);
    const flat = unweld(smooth);
    const welded = weldVertices(flat.positions, flat.indices);
    expect(welded.positions.length).toBe(smooth.positions.length);
    expect(welded.indices.length).toBe(flat.indices.length);
    expect(welded.remap.length).toBe(flat.positions.length / 3);
    for (let i = 0; i < flat.indices.length; i++) {
      const r = welded.remap[flat.indices[i]!]!;
      expect(welded.indices[i]).toBe(r);
      for (let a = 0; a < 3; a++) expect(welded.positions[3 * r + a]).toBe(flat.positions[3 * flat.indices[i]! + a]);
    }
  });

  it('merges within the tolerance (relative to the diagonal) and keeps farther points apart', () => {
    // Diagonal ≈ 1.732; tolerance 1e-3 → ~1.7e-3 absolute.
    const positions = new Float32Array([0, 0, 0, 1, 1, 1, 0.001, 0, 0, 0.01, 0, 0]);
    const indices = new Uint32Array([0, 1, 2, 1, 2, 3]);
    const welded = weldVertices(positions, indices, { tolerance: 1e-3 });
    expect(Array.from(welded.remap)).toEqual([0, 1, 0, 2]);
    expect(Array.from(welded.indices)).toEqual([0, 1, 0, 1, 0, 2]);
    expect(welded.positions.length).toBe(9);
  });

  it('finds partners across hash-cell boundaries', () => {
    const eps = 1e-7;
    const positions = new Float32Array([0, 0, 0, 10, 10, 10]);
    const near: number[] = [];
    // Points straddling many cell borders around 5.0, each pair 1e-7 apart.
    for (let i = 0; i < 50; i++) {
      const x = 5 + i * 0.013;
      near.push(x - eps, 5, 5, x + eps, 5, 5);
    }
    const all = new Float32Array([...positions, ...near]);
    const welded = weldVertices(all, new Uint32Array(0), { tolerance: 1e-6 });
    for (let i = 0; i < 50; i++) expect(welded.remap[2 + 2 * i]).toBe(welded.remap[3 + 2 * i]);
    expect(welded.positions.length / 3).toBe(2 + 50);
  });

  it('does the same at ×100 scale and handles empty or single-point input', () => {
    const flat = unweld(capsule([0, 0, 0], [0, 1, 0], 0.2));
    const big = flat.positions.map((x) => x * 100);
    expect(weldVertices(big, flat.indices).positions.length).toBe(weldVertices(flat.positions, flat.indices).positions.length);
    expect(weldVertices(new Float32Array(0), new Uint32Array(0)).positions.length).toBe(0);
    expect(weldVertices(new Float32Array([1, 2, 3, 1, 2, 3]), new Uint32Array(0)).remap).toEqual(new Uint32Array([0, 0]));
  });

  it('welds each call anew: a moved coordinate, another tolerance, other triangles', () => {
    const flat = unweld(capsule([0, 0, 0], [0, 1, 0], 0.2));
    const first = weldVertices(flat.positions, flat.indices);
    const moved = flat.positions.slice();
    moved[0] = moved[3]!; moved[1] = moved[4]!; moved[2] = moved[5]!;
    expect(first.remap[0]).not.toBe(first.remap[1]);
    const welded = weldVertices(moved, flat.indices);
    expect(welded.remap[0]).toBe(welded.remap[1]);
    expect(weldVertices(flat.positions, flat.indices, { tolerance: 0.2 }).positions.length).toBeLessThan(first.positions.length);
    const fewer = flat.indices.slice(0, flat.indices.length - 3);
    expect(weldVertices(flat.positions, fewer).indices.length).toBe(fewer.length);
    expect(weldVertices(flat.positions, flat.indices)).toEqual(first);
  });
});

// The rig welds its stood mesh once and hands the weld down (rigMesh, orientForRig): each stage
// given it answers as when it welds its own.
describe('the rig\'s one weld', () => {
  const body = humanoid();
  const flat = unweld(body.mesh);
  const welded = weldVertices(flat.positions, flat.indices);

  it('is the facing cue\'s, the fit\'s and the skin\'s own', () => {
    expect(measureFacingSurface(flat, {}, welded)).toEqual(measureFacingSurface(flat));
    expect(fitSkeleton(flat, 'biped', {}, undefined, undefined, welded)).toEqual(fitSkeleton(flat, 'biped'));
    const options = { heatThreads: 1 };
    expect(computeSkinWeights(flat, body.skeleton, options, welded)).toEqual(computeSkinWeights(flat, body.skeleton, options));
  });

  it('is handed on by orientForRig when the mesh stands as filed, and only then', () => {
    const options = { rigType: 'biped' as const, upAxis: 'auto' as const, rotationY: 'auto' as const, autoRigTypeMinConfidence: 0 };
    const stood = orientForRig(flat, options);
    expect(stood.mesh.positions).toBe(flat.positions);
    expect(stood.welded).toEqual(welded);
    // The caller's weld (the pre-rig check's) is the one read.
    expect(orientForRig(flat, { ...options, welded }).welded).toBe(welded);
    // Given both axes the facing cue never reads the mesh: no weld is made.
    expect(orientForRig(flat, { ...options, upAxis: '+y', rotationY: 0 }).welded).toBeUndefined();
    // Turned, the mesh is not the filed one: its weld is not the filed mesh's.
    const turned = orientForRig(flat, { ...options, upAxis: '+z', rotationY: 0 });
    expect(turned.mesh.positions).not.toBe(flat.positions);
    expect(turned.welded).toBeUndefined();
  });
});
