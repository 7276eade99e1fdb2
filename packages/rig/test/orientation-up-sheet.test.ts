/** A sheet lies flat (src/orientation-up-sheet.ts): its thickness found, and up taken along it. */
import { writeGlb, type Mesh } from '@rigforge/mesh';
import { checkMesh } from '../src/check-mesh';
import { findMirrorPlanes } from '../src/mirror-plane';
import { rollMesh } from '../src/mirror-roll';
import { liesFlatInstead, sheetAxisOf } from '../src/orientation-up-sheet';
import { buildCreature } from '../testing/build-creature';

/** The mesh with every position scaled per axis. */
function scaled(mesh: Mesh, s: [number, number, number]): Mesh {
  const positions = new Float32Array(mesh.positions);
  for (let i = 0; i < positions.length; i++) positions[i]! *= s[i % 3]!;
  return { ...mesh, positions, normals: undefined };
}

describe('sheetAxisOf', () => {
  test('a flyer flattened into one plane is a sheet across its thickness, filed any way', () => {
    const flat = scaled(buildCreature('avian').mesh, [1, 0.05, 1]);
    expect(sheetAxisOf(findMirrorPlanes(flat)!)).toBe('y');
    expect(sheetAxisOf(findMirrorPlanes(rollMesh(flat, 'z', 90))!)).toBe('x');
  });

  test('bodies that are not sheets: a bird, a fish, a biped, a snake (slender but round, not flat)', () => {
    for (const plan of ['avian', 'aquatic', 'biped', 'serpentine'] as const) expect(sheetAxisOf(findMirrorPlanes(buildCreature(plan).mesh)!)).toBeUndefined();
    // A T-posed human's depth is a flat side (0.2 of its height) but not a slender one.
    expect(sheetAxisOf({ extent: [1.9, 1.8, 0.36] })).toBeUndefined();
  });
});

describe('liesFlatInstead', () => {
  test('an up axis across the thickness gives way to the likelier along it; one along it stays', () => {
    const upP = (up: string): number => (up === '-x' ? 0.3 : up === '+x' ? 0.1 : 0.2);
    expect(liesFlatInstead('+y', 'x', upP)).toBe('-x');
    expect(liesFlatInstead('+x', 'x', upP)).toBeUndefined();
  });
});

describe('the check (as the rig) stands a sheet lying on its edge flat', () => {
  test('the flattened flyer filed with its thickness along x is stood up along x', async () => {
    const onEdge = rollMesh(scaled(buildCreature('avian').mesh, [1, 0.05, 1]), 'z', 90);
    expect((await checkMesh(await writeGlb(onEdge))).upAxis[1]).toBe('x');
  });
});
