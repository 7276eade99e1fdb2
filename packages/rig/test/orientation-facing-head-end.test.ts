/** A fish faces its thick end (src/orientation-facing-head-end.ts): read on the procedural fish, and the rule's gates. */
import type { Mesh } from '@rigforge/mesh';
import { openSolid } from '../src/fit/open-solid';
import { findOrientation } from '../src/find-orientation';
import { lengthAxisOf } from '../src/length-axis';
import { candidateFrame, ORIENTATION_CANDIDATES, type OrientationCandidate } from '../src/orientation-features';
import { coreOffsetAlong, headEndFacing, type HeadEndReads } from '../src/orientation-facing-head-end';
import { buildCreature } from '../testing/build-creature';
import { turnMesh, type Turn } from '../testing/orientation-turns';

// The procedural fish: long along z, its head (the thick torso) toward +z, a thin tail and caudal fin toward −z.
const fish = buildCreature('aquatic').mesh;
// A quarter turn about y: the head toward +x (file +z maps to +x).
const QUARTER: Turn = [[0, 0, 1], [0, 1, 0], [-1, 0, 0]];
const facingX = turnMesh(fish, QUARTER);
// A half turn about y: the head toward −z.
const facingBack = turnMesh(fish, [[-1, 0, 0], [0, 1, 0], [0, 0, -1]]);

const reads = (mesh: Mesh, standing = 0): HeadEndReads => ({
  standingWhenStood: () => standing,
  lengthAxis: () => lengthAxisOf(mesh),
  solid: () => openSolid(mesh),
});
/** The file direction a candidate faces (stood up, its +Z). */
const faces = (c: OrientationCandidate): string => {
  const f = candidateFrame(c);
  return `${f.sign[2] > 0 ? '+' : '-'}${'xyz'[f.axis[2]]}`;
};
const candidate = (upAxis: OrientationCandidate['upAxis'], rotationY: number): OrientationCandidate => ORIENTATION_CANDIDATES.find((c) => c.upAxis === upAxis && c.rotationY === rotationY)!;

/** Two copies of a mesh, the second mirrored across z = 0 (a body the same at both ends). */
function doubled(mesh: Mesh): Mesh {
  const n = mesh.positions.length / 3;
  const mirrored = new Float32Array(mesh.positions);
  for (let i = 2; i < mirrored.length; i += 3) mirrored[i] = -mirrored[i]!;
  const positions = new Float32Array(mesh.positions.length * 2);
  positions.set(mesh.positions); positions.set(mirrored, mesh.positions.length);
  const indices = new Uint32Array(mesh.indices.length * 2);
  indices.set(mesh.indices);
  // The mirror reverses the winding: swap two corners of each triangle.
  for (let t = 0; t < mesh.indices.length; t += 3) {
    indices[mesh.indices.length + t] = mesh.indices[t]! + n;
    indices[mesh.indices.length + t + 1] = mesh.indices[t + 2]! + n;
    indices[mesh.indices.length + t + 2] = mesh.indices[t + 1]! + n;
  }
  return { positions, indices, groups: [], materials: [] };
}

describe('coreOffsetAlong', () => {
  test('the fish carries its core toward its head; across its length the core is centred', () => {
    const solid = openSolid(fish);
    expect(coreOffsetAlong(solid, 'z')).toBeGreaterThan(0.1);
    expect(Math.abs(coreOffsetAlong(solid, 'x'))).toBeLessThan(0.01);
    expect(coreOffsetAlong(openSolid(facingBack), 'z')).toBeLessThan(-0.1);
  });
});

describe('headEndFacing', () => {
  test('a legless long body found facing across its length, or toward its tail, turns toward its head', () => {
    expect(lengthAxisOf(facingX)).toBe('x');
    const across = headEndFacing(candidate('+y', 0), reads(facingX), 0.1);
    expect(across).toBeDefined();
    expect(faces(candidate('+y', across!))).toBe('+x');
    const back = headEndFacing(candidate('+y', 0), reads(facingBack), 0.1);
    expect(faces(candidate('+y', back!))).toBe('-z');
    // Already facing its head: the same facing.
    expect(headEndFacing(candidate('+y', 0), reads(fish), 0.1)).toBe(0);
    // Lying on its side (up across the length, along its old left-right axis): still toward the head.
    const onSide = turnMesh(fish, [[0, -1, 0], [1, 0, 0], [0, 0, 1]]);
    const side = headEndFacing(candidate('+y', 90), reads(onSide), 0.1);
    expect(faces(candidate('+y', side!))).toBe('+z');
  });

  test('not on legs, not stood on its end, not under the bar, not a body the same at both ends', () => {
    expect(headEndFacing(candidate('+y', 0), reads(facingX, 2), 0.1)).toBeUndefined();
    expect(headEndFacing(candidate('+z', 0), reads(fish), 0.1)).toBeUndefined();
    expect(headEndFacing(candidate('+y', 0), reads(facingX), 0.5)).toBeUndefined();
    const twoHeaded = doubled(fish);
    expect(lengthAxisOf(twoHeaded)).toBe('z');
    expect(headEndFacing(candidate('+y', 90), reads(twoHeaded), 0.1)).toBeUndefined();
  });
});

describe('findOrientation', () => {
  test('the fish filed facing +x faces its head by default, whichever up axis the gates find across its length', () => {
    const on = findOrientation(facingX, { facingCue: false });
    expect(on.upAxis[1]).not.toBe('x');
    expect(faces(on)).toBe('+x');
    const off = findOrientation(facingX, { facingCue: false, headEnd: false });
    expect(off.upAxis).toBe(on.upAxis);
    expect(faces(findOrientation(facingX))).toBe('+x');
  });
});
