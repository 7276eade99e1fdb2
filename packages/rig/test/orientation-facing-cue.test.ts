import type { Mesh } from '@rigforge/mesh';
import { findOrientation } from '../src/find-orientation';
import { FACING_CUE_DEFAULTS, facingCueHalfTurn, facingCueOf, facingCueVerdict, measureFacingSurface } from '../src/orientation-facing-cue';
import { weldVertices } from '../src/weld-vertices';
import { rotateMeshY } from '../src/rotate-mesh-y';
import { buildCreature } from '../testing/build-creature';
import { box, mergeMeshes } from './skinning-fixtures';

/** A long block body (no feet: longer than tall) with two small eye boxes on the front of its top half. */
const eyed = (eyes: 'pair' | 'one'): Mesh => mergeMeshes([
  box([0, 0, 0], [1, 1, 2]),
  box([0.2, 0.8, 2], [0.3, 0.9, 2.1]),
  ...(eyes === 'pair' ? [box([0.7, 0.8, 2], [0.8, 0.9, 2.1])] : []),
]);

describe('the anatomy facing cue', () => {
  test('a pair of small pieces on the front of the top half reads as eyes; a half turn negates it', () => {
    const s = measureFacingSurface(eyed('pair'));
    const front = facingCueOf(s, { upAxis: '+y', rotationY: 0 }), back = facingCueOf(s, { upAxis: '+y', rotationY: 180 });
    expect(front.eyePieces).toBe(2);
    expect(front.eyes).toBeGreaterThan(0.3);
    expect(back.eyes).toBeCloseTo(-front.eyes, 9);
    expect(front.feet).toBeNaN(); // longer than tall: no feet read
    expect(facingCueVerdict(front)).toBe(1);
    expect(facingCueVerdict(back)).toBe(-1);
  });

  test('a lone small piece has no twin across the left-right axis: not read as an eye', () => {
    const cue = facingCueOf(measureFacingSurface(eyed('one')), { upAxis: '+y', rotationY: 0 });
    expect(cue.eyePieces).toBe(0);
    expect(facingCueVerdict(cue)).toBe(0);
  });

  test('the procedural biped: toes forward of the shins; filed facing -z the finder keeps the facing, the cue turns it', () => {
    const biped = buildCreature('biped').mesh;
    const cue = facingCueOf(measureFacingSurface(biped), { upAxis: '+y', rotationY: 0 });
    expect(cue.feet).toBeGreaterThan(0.15);
    expect(facingCueVerdict(cue)).toBe(1);
    const back = rotateMeshY(biped, 180);
    expect(findOrientation(back, { facingCue: false })).toMatchObject({ upAxis: '+y', rotationY: 0 });
    expect(findOrientation(back)).toMatchObject({ upAxis: '+y', rotationY: 180, facing: '-z' });
    // Filed facing +Z it is left as it is.
    expect(facingCueHalfTurn(biped, { upAxis: '+y', rotationY: 0 })).toBe(false);
  });

  test('a snake built of separate segments reads no eyes (its small segments have no twins)', () => {
    const snake = buildCreature('serpentine').mesh;
    expect(facingCueOf(measureFacingSurface(snake), { upAxis: '+y', rotationY: 0 }).eyePieces).toBe(0);
  });
});

/**
 * The pieces as measureFacingSurface listed them in a map of objects (kept as the reference for its
 * typed arrays): per welded piece, in the order the triangles first meet it, the area, the
 * area-weighted centre and the span of its triangle centres; the small ones' centres and areas.
 */
function referencePieces(mesh: Mesh): { pieceCentres: Float64Array; pieceAreas: Float64Array } {
  const { positions: p, indices: idx } = weldVertices(mesh.positions, mesh.indices);
  const n = p.length / 3;
  const parent = new Int32Array(n);
  for (let i = 0; i < n; i++) parent[i] = i;
  const find = (i: number): number => {
    while (parent[i] !== i) { parent[i] = parent[parent[i]!]!; i = parent[i]!; }
    return i;
  };
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < n; i++) for (let k = 0; k < 3; k++) { lo[k] = Math.min(lo[k]!, p[i * 3 + k]!); hi[k] = Math.max(hi[k]!, p[i * 3 + k]!); }
  const triangles = Math.floor(idx.length / 3);
  const centres = new Float64Array(triangles * 3), areas = new Float64Array(triangles);
  let total = 0;
  for (let t = 0; t < triangles; t++) {
    const a = idx[t * 3]!, b = idx[t * 3 + 1]!, c = idx[t * 3 + 2]!;
    parent[find(a)] = find(b);
    parent[find(b)] = find(c);
    const u = [0, 1, 2].map((k) => p[b * 3 + k]! - p[a * 3 + k]!), v = [0, 1, 2].map((k) => p[c * 3 + k]! - p[a * 3 + k]!);
    areas[t] = 0.5 * Math.hypot(u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!);
    total += areas[t]!;
    for (let k = 0; k < 3; k++) centres[t * 3 + k] = (p[a * 3 + k]! + p[b * 3 + k]! + p[c * 3 + k]!) / 3;
  }
  const pieces = new Map<number, { area: number; sum: number[]; lo: number[]; hi: number[] }>();
  for (let t = 0; t < triangles; t++) {
    const r = find(idx[t * 3]!);
    let e = pieces.get(r);
    if (!e) { e = { area: 0, sum: [0, 0, 0], lo: [Infinity, Infinity, Infinity], hi: [-Infinity, -Infinity, -Infinity] }; pieces.set(r, e); }
    e.area += areas[t]!;
    for (let k = 0; k < 3; k++) {
      const x = centres[t * 3 + k]!;
      e.sum[k]! += areas[t]! * x;
      e.lo[k] = Math.min(e.lo[k]!, x); e.hi[k] = Math.max(e.hi[k]!, x);
    }
  }
  const diagonal = Math.hypot(hi[0]! - lo[0]!, hi[1]! - lo[1]!, hi[2]! - lo[2]!);
  const small = [...pieces.values()].filter((e) => e.area > 0 && e.area < FACING_CUE_DEFAULTS.maxPieceArea * total
    && Math.hypot(e.hi[0]! - e.lo[0]!, e.hi[1]! - e.lo[1]!, e.hi[2]! - e.lo[2]!) < FACING_CUE_DEFAULTS.maxPieceSize * diagonal);
  return { pieceCentres: Float64Array.from(small.flatMap((e) => e.sum.map((s) => s / e.area))), pieceAreas: Float64Array.from(small.map((e) => e.area)) };
}

describe('measureFacingSurface pieces', () => {
  // Many small boxes (eyes, buttons, segments) of random sizes in random order on a body, some
  // sharing a corner with the body (welded into it), and a flat (zero-area) sliver.
  const scattered = (seed: number): Mesh => {
    let s = seed;
    const rand = (): number => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
    const parts = [box([0, 0, 0], [1, 2, 1])];
    for (let i = 0; i < 40; i++) {
      const c = [rand() * 1.2 - 0.1, rand() * 2.2 - 0.1, rand() * 1.2 - 0.1], h = 0.01 + 0.08 * rand();
      parts.push(box([c[0]!, c[1]!, c[2]!], [c[0]! + h, c[1]! + (i % 7 === 0 ? 0 : h), c[2]! + h]));
    }
    parts.push(box([1, 2, 1], [1.05, 2.05, 1.05]));
    return mergeMeshes(parts);
  };
  test.each([1, 2, 3])('the same small pieces, centres and areas as the map of objects (seed %i)', (seed) => {
    const mesh = scattered(seed);
    const want = referencePieces(mesh), got = measureFacingSurface(mesh);
    expect(want.pieceAreas.length).toBeGreaterThan(5);
    expect(Buffer.from(got.pieceAreas.buffer).equals(Buffer.from(want.pieceAreas.buffer))).toBe(true);
    expect(Buffer.from(got.pieceCentres.buffer).equals(Buffer.from(want.pieceCentres.buffer))).toBe(true);
  });
  test('the procedural creatures: the same pieces', () => {
    for (const plan of ['biped', 'quadruped', 'serpentine', 'avian'] as const) {
      const mesh = buildCreature(plan).mesh;
      const want = referencePieces(mesh), got = measureFacingSurface(mesh);
      expect(Array.from(got.pieceAreas)).toEqual(Array.from(want.pieceAreas));
      expect(Array.from(got.pieceCentres)).toEqual(Array.from(want.pieceCentres));
    }
  });
});
