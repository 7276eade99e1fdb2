import { hypot3 } from '../src/render/hypot3';

/** A deterministic generator (mulberry32), so a failure names its inputs. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('hypot3', () => {
  test('equals Math.hypot bit for bit on random arguments of many scales and signs', () => {
    const r = random(7);
    const f32 = new Float32Array(3);
    let mismatches = 0;
    for (let i = 0; i < 200_000; i++) {
      const scale = 10 ** (Math.floor(r() * 16) - 8);
      // Half of them float32 coordinates' differences, as the thumbnail's are.
      const v = [0, 1, 2].map(() => (r() - 0.5) * scale);
      if (i % 2) { f32.set(v); v[0] = f32[0]! - f32[1]!; v[1] = f32[1]! - f32[2]!; v[2] = f32[2]! - f32[0]!; }
      if (!Object.is(hypot3(v[0]!, v[1]!, v[2]!), Math.hypot(v[0]!, v[1]!, v[2]!))) mismatches++;
    }
    expect(mismatches).toBe(0);
  });

  test('treats NaN, infinities, zeros and huge and tiny values as Math.hypot does', () => {
    const special = [0, -0, 1, -1, NaN, Infinity, -Infinity, 1e308, -1e308, 5e-324, 1e-200, 3, 4, 0.1];
    for (const x of special) for (const y of special) for (const z of special) {
      expect(Object.is(hypot3(x, y, z), Math.hypot(x, y, z))).toBe(true);
    }
  });
});
