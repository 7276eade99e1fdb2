/**
 * A short run of the reader fuzzer (scripts/fuzz-readers.ts): mutants of a valid file per reader
 * and of the hostile files are refused with `EngineError` or read, never anything else. The full
 * run: `node --import tsx packages/mesh/scripts/fuzz-readers.ts 400`.
 */
import { fuzzReaders } from '../scripts/fuzz-readers';

test('mutants of every reader seed and hostile file: no defect', async () => {
  const results = await fuzzReaders(25, 3);
  expect(results.length).toBeGreaterThanOrEqual(15);
  expect(results.flatMap((r) => r.defects)).toEqual([]);
  // Some mutants still read: the fuzzer exercises the readers past their first check.
  expect(results.reduce((n, r) => n + r.read, 0)).toBeGreaterThan(0);
});
