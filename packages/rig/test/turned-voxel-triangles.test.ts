/**
 * turnedVoxelTriangles (fit/turned-voxel-triangles.ts) against voxelTriangles of the turned copy
 * itself: the same triangles and the same box bit for bit (Object.is, so −0 against 0 counts), for
 * every up axis' turn and the quarter turn about +Y, on random meshes with signed zeros, lattice
 * ties, collinear, repeated-corner and out-of-range triangles; and the fallbacks (a triangle near
 * the zero-area bar, a turn that is no signed permutation) read the turned copy.
 */
import type { Mesh } from '@rigforge/mesh';
import { mulberry32 as random } from '@rigforge/mesh/testing';
import { turnedVoxelTriangles } from '../src/fit/turned-voxel-triangles';
import { analyzeShape } from '../src/fit/shape-analysis';
import { fitSkeleton } from '../src/fit-skeleton';
import { orientForRig } from '../src/orient-for-rig';
import { buildCreature } from '../testing/build-creature';
import { voxelTriangles, type VoxelTriangles } from '../src/fit/voxel-grid';
import { UP_AXES, upTurn } from '../src/rotate-mesh-up';
import { axisTurn, IDENTITY_TURN, turnMesh, type Turn } from '../src/turn-mesh';

const meshOf = (positions: Float32Array, indices: Uint32Array): Mesh => ({ positions, indices, groups: [], materials: [] });

function expectSame(got: VoxelTriangles, want: VoxelTriangles): void {
  expect(Array.from(got.triOk)).toEqual(Array.from(want.triOk));
  for (let k = 0; k < 3; k++) {
    expect([k, Object.is(got.min[k], want.min[k])]).toEqual([k, true]);
    expect([k, Object.is(got.max[k], want.max[k])]).toEqual([k, true]);
  }
}

const TURNS: Turn[] = [...UP_AXES.map((up) => upTurn(up)), axisTurn('y', 90), axisTurn('y', -90), axisTurn('x', 180), IDENTITY_TURN];

describe('turnedVoxelTriangles', () => {
  it('derives the turned copy\'s triangles and box exactly for quarter turns', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const r = random(seed);
      const vertices = 3 + Math.floor(r() * 50);
      // Anywhere, on a lattice (ties, collinear corners, signed zeros), or a lattice of non-positive
      // (or non-negative) values whose box ends at a signed zero.
      const lattice = seed % 3;
      const positions = new Float32Array(vertices * 3).map(() => {
        if (!lattice) return (r() - 0.5) * 10;
        const v = lattice === 1 ? Math.round((r() - 0.5) * 4) : Math.round(r() * 2) * (seed % 2 ? -1 : 1);
        return v === 0 && r() < 0.5 ? -0 : v;
      });
      const indices = new Uint32Array(Math.floor(r() * 60) * 3).map(() => (r() < 0.05 ? vertices + 1 : Math.floor(r() * vertices)));
      const mesh = meshOf(positions, indices);
      const filed = voxelTriangles(mesh);
      expect(filed.nearBar).toBe(0);
      for (const turn of TURNS) {
        const turned = turnMesh(mesh, turn);
        expectSame(turnedVoxelTriangles(filed, turn, turned), voxelTriangles(turned));
      }
    }
  });

  it('keeps an empty box empty (Infinity, −Infinity) when no triangle carries surface', () => {
    const mesh = meshOf(new Float32Array([0, 0, 0, 1, 1, 1, 2, 2, 2]), new Uint32Array([0, 1, 2]));
    const filed = voxelTriangles(mesh);
    for (const turn of TURNS) {
      const turned = turnMesh(mesh, turn);
      expectSame(turnedVoxelTriangles(filed, turn, turned), voxelTriangles(turned));
    }
  });

  it('reads the turned copy when a triangle sits near the zero-area bar or the turn is not a quarter turn', () => {
    const mesh = meshOf(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0.5]), new Uint32Array([0, 1, 2]));
    const filed = voxelTriangles(mesh);
    // A filed answer that is wrong on purpose: only a read of the turned copy corrects it.
    const wrong: VoxelTriangles = { triOk: new Uint8Array([0]), min: [9, 9, 9], max: [9, 9, 9], nearBar: 1 };
    const turn = upTurn('+z');
    const turned = turnMesh(mesh, turn);
    expectSame(turnedVoxelTriangles(wrong, turn, turned), voxelTriangles(turned));
    expectSame(turnedVoxelTriangles({ ...wrong, nearBar: undefined }, turn, turned), voxelTriangles(turned));
    const oblique = axisTurn('y', 30);
    const rotated = turnMesh(mesh, oblique);
    expectSame(turnedVoxelTriangles({ ...wrong, nearBar: 0 }, oblique, rotated), voxelTriangles(rotated));
    // The derivation itself is taken where it may be: it reuses the filed triOk array.
    expect(turnedVoxelTriangles(filed, turn, turned).triOk).toBe(filed.triOk);
  });

  it('counts a triangle whose area test sits within 1e-9 of its bar, and no other', () => {
    // A right triangle with legs a and h (both Float32): |u × v|² = (a h)², the bar 1e-14 a⁴. A
    // base a is found whose Float32 height a · 1e-7 puts the test within 1e-10 of the bar.
    let a = 1, h = 0;
    const near = (x: number, y: number): boolean => { const n = x * y, area2 = n * n, bar = 1e-14 * x * x * x * x; return Math.abs(area2 - bar) <= 1e-10 * bar; };
    for (; a < 1e6; a++) { h = Math.fround(a * 1e-7); if (near(a, h)) break; }
    expect(near(a, h)).toBe(true);
    const needle = meshOf(new Float32Array([0, 0, 0, a, 0, 0, 0, h, 0]), new Uint32Array([0, 1, 2]));
    expect(voxelTriangles(needle).nearBar).toBe(1);
    // Twice as high is clearly kept, a thousandth as high clearly dropped: neither is counted.
    const kept = meshOf(new Float32Array([0, 0, 0, a, 0, 0, 0, 2 * h, 0]), new Uint32Array([0, 1, 2]));
    const dropped = meshOf(new Float32Array([0, 0, 0, a, 0, 0, 0, h / 1000, 0]), new Uint32Array([0, 1, 2]));
    expect([voxelTriangles(kept).nearBar, voxelTriangles(kept).triOk[0]]).toEqual([0, 1]);
    expect([voxelTriangles(dropped).nearBar, voxelTriangles(dropped).triOk[0]]).toEqual([0, 0]);
  });

  // orientForRig hands the fit the stood mesh's triangles, derived from the filed mesh's that the
  // legs tests read: they must be what the fit would read from the stood mesh itself.
  it('are the stood mesh\'s own when orientForRig hands them to the fit', () => {
    const biped = buildCreature('biped', 0.5).mesh;
    const base = { rigType: 'biped' as const, autoRigTypeMinConfidence: 0 };
    const cases = [
      // Found standing as filed: the filed pass itself.
      { mesh: biped, upAxis: 'auto' as const, rotationY: 'auto' as const },
      // Filed lying down, found and stood up by a quarter turn.
      { mesh: turnMesh(biped, axisTurn('x', 90)), upAxis: 'auto' as const, rotationY: 'auto' as const },
      // Given axes: a quarter turn, and a turn about +Y that is no signed permutation (read again).
      { mesh: biped, upAxis: '+z' as const, rotationY: 90 },
      { mesh: biped, upAxis: '+y' as const, rotationY: 45 },
    ];
    for (const { mesh, upAxis, rotationY } of cases) {
      const oriented = orientForRig(mesh, { ...base, upAxis, rotationY });
      const handed = oriented.triangles();
      expectSame(handed, voxelTriangles(oriented.mesh));
      // Made once.
      expect(oriented.triangles()).toBe(handed);
    }
    const stood = orientForRig(cases[1]!.mesh, { ...base, upAxis: 'auto', rotationY: 'auto' });
    expect(stood.mesh.positions).not.toBe(cases[1]!.mesh.positions);
    expect(analyzeShape(stood.mesh, 48, stood.triangles()).tree.branches.length).toBe(analyzeShape(stood.mesh, 48).tree.branches.length);
    expect(fitSkeleton(stood.mesh, 'biped', {}, undefined, undefined, undefined, stood.triangles)).toEqual(fitSkeleton(stood.mesh, 'biped'));
  });
});
