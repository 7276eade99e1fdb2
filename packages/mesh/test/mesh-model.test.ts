import { triangleCount, vertexCount, type Mesh } from '../src';

test('counts vertices and triangles of a mesh', () => {
  const mesh: Mesh = {
    positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]),
    indices: new Uint32Array([0, 1, 2]),
    groups: [],
    materials: [],
  };
  expect(vertexCount(mesh)).toBe(3);
  expect(triangleCount(mesh)).toBe(1);
});
