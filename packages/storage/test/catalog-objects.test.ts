/** The catalog key layout is written and read by one module: a key it writes gives its hash back. */
import { catalogFileKey, contentHashOfCatalogKey, jobOutputKey } from '../src';

const SHA256 = 'a3f1c2d4e5b60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';

test('a catalog key carries the first 16 hex digits of the content hash, read back by the file route', () => {
  const key = catalogFileKey('starter/crate', SHA256, 'glb');
  expect(key).toBe('assets/starter/crate.a3f1c2d4e5b60718.glb');
  expect(contentHashOfCatalogKey(key)).toBe('a3f1c2d4e5b60718');
});

test('other keys carry no content hash', () => {
  expect(contentHashOfCatalogKey(jobOutputKey('0b5c2f4e-8a1d-4c3e-9f7a-2b6d1e0c9a8f', 'model', 'glb'))).toBeNull();
  expect(contentHashOfCatalogKey('assets/starter/crate.glb')).toBeNull();
});
