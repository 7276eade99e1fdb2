import { box, cone, createRandom, cylinder, extrude, icosphere, lathe, MeshBuilder, mirrorCheck, sphere, torus, type Shape } from './geometry-helpers';

/** Signed volume of a closed shape: positive when every face winds outwards. */
function volume(s: Shape): number {
  let v = 0;
  const p = s.positions;
  for (let t = 0; t < s.indices.length; t += 3) {
    const a = s.indices[t]! * 3, b = s.indices[t + 1]! * 3, c = s.indices[t + 2]! * 3;
    v += (p[a]! * (p[b + 1]! * p[c + 2]! - p[b + 2]! * p[c + 1]!) - p[a + 1]! * (p[b]! * p[c + 2]! - p[b + 2]! * p[c]!) + p[a + 2]! * (p[b]! * p[c + 1]! - p[b + 1]! * p[c]!)) / 6;
  }
  return v;
}

describe('geometry kit', () => {
  it('primitives are closed and wound outwards (positive volume close to the analytic one)', () => {
    expect(volume(box(2, 3, 4))).toBeCloseTo(24, 6);
    expect(volume(box(1, 1, 1, { bevel: 0.1 }))).toBeGreaterThan(0.9);
    expect(volume(box(1, 1, 1, { bevel: 0.1 }))).toBeLessThan(1);
    expect(volume(cylinder(1, 2, { segments: 64 }))).toBeCloseTo(2 * Math.PI, 1);
    expect(volume(cone(1, 3, { segments: 64 }))).toBeCloseTo(Math.PI, 1);
    expect(volume(sphere(1, 48, 32))).toBeCloseTo((4 / 3) * Math.PI, 1);
    expect(volume(icosphere(1, 3))).toBeCloseTo((4 / 3) * Math.PI, 1);
    const ring = volume(torus(2, 0.5, 64, 32)); // polygonal: slightly under 2π²Rr²
    expect(ring / (2 * Math.PI * Math.PI * 2 * 0.25)).toBeGreaterThan(0.98);
    expect(ring / (2 * Math.PI * Math.PI * 2 * 0.25)).toBeLessThan(1);
    expect(volume(lathe([[0, 0], [1, 0], [1, 1], [0, 1]], 4, { phase: Math.PI / 4 }))).toBeCloseTo(2, 6);
    // A 2×2 square with a 1×1 hole, 0.5 deep; winding of the input does not matter.
    const sq: [number, number][] = [[-1, -1], [1, -1], [1, 1], [-1, 1]];
    const hole: [number, number][] = [[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]];
    expect(volume(extrude(sq, 0.5, { holes: [hole] }))).toBeCloseTo(1.5, 6);
    expect(volume(extrude(sq.slice().reverse(), 0.5, { holes: [hole.slice().reverse()] }))).toBeCloseTo(1.5, 6);
  });

  it('mirroring keeps faces outward', () => {
    expect(mirrorCheck()).toBeGreaterThan(0);
  });

  it('MeshBuilder flat-shades, groups by material, grounds and drops degenerate triangles', () => {
    const b = new MeshBuilder();
    b.add(box(1, 1, 1), { name: 'a', color: '#ff0000' });
    b.add(cone(1, 1, { segments: 6 }), { name: 'b', color: '#00ff00', metallic: 1 });
    b.add(box(1, 1, 1), { name: 'a', color: '#ff0000' });
    const m = b.build();
    expect(m.groups).toEqual([
      { materialIndex: 0, start: 0, count: 72 },
      { materialIndex: 1, start: 72, count: 36 }, // 6 side + 6 base triangles; the apex fan collapses
    ]);
    expect(m.materials[0]!.baseColor).toEqual([1, 0, 0, 1]);
    expect(m.materials[1]!.metallic).toBe(1);
    let minY = Infinity;
    for (let i = 1; i < m.positions.length; i += 3) minY = Math.min(minY, m.positions[i]!);
    expect(minY).toBe(0);
    // Every vertex of a triangle carries the same face normal.
    for (let v = 0; v < m.indices.length; v += 3) {
      for (let k = 0; k < 3; k++) expect(m.normals![(v + 1) * 3 + k]).toBe(m.normals![v * 3 + k]);
    }
    expect(() => new MeshBuilder().add(box(1, 1, 1), { name: 'a', color: '#ff0000' }).add(box(1, 1, 1), { name: 'a', color: '#0000ff' })).toThrow();
  });

  it('the PRNG is seeded and repeatable', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const xs = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(xs);
    expect(new Set(xs).size).toBe(5);
    for (const x of xs) expect(x >= 0 && x < 1).toBe(true);
  });
});
