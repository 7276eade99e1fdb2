/**
 * rigMesh applies the work budget before fitting: pathological geometry is refused at once with
 * `invalid_input` (65 s of fitting, skinning and rasterising before). Simplification of degenerate
 * fans is covered in packages/mesh/test/mesh-workload.test.ts.
 */
import { EngineError } from '@rigforge/mesh';
import { stlLocalSoup, stlRandomSoup } from '../../mesh/scripts/hostile-meshes';
import { rigMesh } from '../src';

test('random triangle soup is refused with invalid_input before the heavy stages', async () => {
  const error: unknown = await rigMesh(stlRandomSoup(40_000)).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(EngineError);
  expect((error as EngineError).code).toBe('invalid_input');
  expect((error as EngineError).message).toMatch(/too large and overlapping/);
});

test('85k random triangles sized to pass the old visit limits are refused by the estimated grid seconds', async () => {
  // Issue 24: 1.3 MB of such triangles held a rig worker 37 s (157 s on a loaded machine) for the
  // price of any rig; their estimate is several times the limit, so nothing runs.
  const error: unknown = await rigMesh(stlLocalSoup(85_000, 1)).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(EngineError);
  expect((error as EngineError).code).toBe('invalid_input');
  expect((error as EngineError).message).toMatch(/an estimated \d+ s of grid work .*more than the limit of 20 s/);
});
