/**
 * rigMesh applies the work budget before fitting: pathological geometry is refused at once with
 * `invalid_input` (65 s of fitting, skinning and rasterising before). Simplification of degenerate
 * fans is covered in packages/mesh/test/mesh-workload.test.ts.
 */
import { EngineError } from '@rigforge/mesh';
import { stlRandomSoup } from '../../mesh/scripts/hostile-meshes';
import { rigMesh } from '../src';

test('random triangle soup is refused with invalid_input before the heavy stages', async () => {
  const error: unknown = await rigMesh(stlRandomSoup(40_000)).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(EngineError);
  expect((error as EngineError).code).toBe('invalid_input');
  expect((error as EngineError).message).toMatch(/too large and overlapping/);
});
