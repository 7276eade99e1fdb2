import type { Mesh } from '@rigforge/mesh';
import { rotateMeshY } from '../src/rotate-mesh-y';

const mesh: Mesh = {
  positions: Float32Array.from([1, 0, 0, 0, 2, 0, 0, 0, 1]),
  normals: Float32Array.from([1, 0, 0, 0, 1, 0, 0, 0, 1]),
  indices: Uint32Array.from([0, 1, 2]),
  groups: [],
  materials: [],
};

describe('rotateMeshY', () => {
  test('-90 turns a model facing +X to face +Z; 90 turns -X to +Z; 180 turns -Z to +Z', () => {
    expect(Array.from(rotateMeshY(mesh, -90).positions.slice(0, 3))).toEqual([0, 0, 1]);
    const minusX: Mesh = { ...mesh, positions: Float32Array.from([-1, 0, 0, 0, 2, 0, 0, 0, 1]) };
    expect(Array.from(rotateMeshY(minusX, 90).positions.slice(0, 3))).toEqual([0, 0, 1]);
    const minusZ: Mesh = { ...mesh, positions: Float32Array.from([0, 0, -1, 0, 2, 0, 0, 0, 1]) };
    expect(Array.from(rotateMeshY(minusZ, 180).positions.slice(0, 3))).toEqual([0, 0, 1]);
  });

  test('rotates normals too, keeps y, and does not touch its input', () => {
    const r = rotateMeshY(mesh, 30);
    expect(r.normals![0]).toBeCloseTo(Math.cos(Math.PI / 6));
    expect(r.normals![2]).toBeCloseTo(-Math.sin(Math.PI / 6));
    expect(r.positions[4]).toBe(2);
    expect(Array.from(mesh.positions)).toEqual([1, 0, 0, 0, 2, 0, 0, 0, 1]);
    expect(rotateMeshY(mesh, 0).positions).toBe(mesh.positions);
  });
});
