import { generateSyntheticCatalog } from '../src';

describe('generateSyntheticCatalog', () => {
  it('yields count unique, repeatable rows', () => {
    const rows = Array.from(generateSyntheticCatalog(100_000, 7));
    expect(rows).toHaveLength(100_000);
    expect(new Set(rows.map((r) => r.id)).size).toBe(100_000);
    expect(Array.from(generateSyntheticCatalog(50, 7))).toEqual(rows.slice(0, 50));
    expect(new Set(rows.map((r) => r.category)).size).toBeGreaterThanOrEqual(10);
    for (const r of rows.slice(0, 100)) expect(r.id.startsWith(`${r.pack}/`)).toBe(true);
  });
});
