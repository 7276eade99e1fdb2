import type { Mesh } from '@rigforge/mesh';
import { rotateMeshUp, standTurn, UP_AXES } from '../src/rotate-mesh-up';
import { rotateMeshY } from '../src/rotate-mesh-y';
import { axisTurn, turnMesh } from '../src/turn-mesh';

// Coordinates with zeros of both signs, as files store them.
const mesh: Mesh = {
  positions: Float32Array.from([1.5, -0, 0.25, -2, 3, -0.125, 0, -0.75, 4, 0.1, 0.2, 0.3]),
  normals: Float32Array.from([1, 0, 0, 0, -1, 0, 0, 0, 1, 0.6, 0, 0.8]),
  indices: Uint32Array.from([0, 1, 2, 1, 2, 3]),
  groups: [],
  materials: [],
};

describe('turnMesh', () => {
  test('one pass of standTurn is the two turns it replaces, exactly, for every up axis and quarter turn', () => {
    for (const up of UP_AXES) {
      for (const rotationY of [0, 90, 180, -90, 270]) {
        const once = turnMesh(mesh, standTurn(up, rotationY));
        const twice = rotateMeshY(rotateMeshUp(mesh, up), rotationY);
        const stood = rotateMeshUp(mesh, up);
        // −0 becomes 0 in a turned coordinate; an untouched mesh keeps its arrays.
        if (up === '+y' && rotationY === 0) expect(once.positions).toBe(mesh.positions);
        else if (up === '+y') expect(Array.from(once.positions)).toEqual(Array.from(twice.positions).map((v) => v + 0));
        else expect(Array.from(once.positions)).toEqual(Array.from(twice.positions));
        expect(Array.from(once.normals!)).toEqual(Array.from(twice.normals!).map((v) => v + 0));
        if (up !== '+y') expect(Array.from(stood.positions).some((v) => Object.is(v, -0))).toBe(false);
      }
    }
  });

  test('off the quarter turns, a row sums its nonzero products in column order', () => {
    const r = turnMesh(mesh, standTurn('+z', 30));
    const c = Math.cos(Math.PI / 6), s = Math.sin(Math.PI / 6);
    // +z up: (x, y, z) -> (x, z, -y); then about y: x' = c·x + s·z, z' = −s·x + c·z.
    expect(r.positions[0]).toBe(Math.fround(c * 1.5 + s * -0));
    expect(r.positions[1]).toBe(0.25);
    expect(r.positions[2]).toBe(Math.fround(-s * 1.5 + c * 0));
  });

  test('axisTurn is exact on quarter turns and right-handed', () => {
    expect(axisTurn('y', 90)).toEqual([[0, 0, 1], [0, 1, 0], [-1, 0, 0]]);
    expect(axisTurn('x', 180).flat().every((v) => Number.isInteger(v))).toBe(true);
    expect(axisTurn('z', 30)[1]![0]).toBeCloseTo(0.5);
  });
});
