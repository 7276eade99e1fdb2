import { WebIO } from '@gltf-transform/core';
import { writeGlb, type Mesh } from '@rigforge/mesh';
import { buildCreature } from '../testing/build-creature';
import { rigMesh } from '../src/rig-mesh';
import { rotateMeshUp, upAxisTurn, UP_AXES, type UpAxis } from '../src/rotate-mesh-up';

/** The inverse of standing up: lays an upright (+Y up) mesh down so that `up` points up on it. */
function layDown(mesh: Mesh, up: UpAxis): Mesh {
  const turn = upAxisTurn(up);
  // Quarter turns: the inverse is the transpose, read off the images of the unit axes.
  const ex = turn(1, 0, 0), ey = turn(0, 1, 0), ez = turn(0, 0, 1);
  const p = mesh.positions;
  const out = new Float32Array(p.length);
  for (let i = 0; i < p.length; i += 3) {
    const x = p[i]!, y = p[i + 1]!, z = p[i + 2]!;
    out[i] = ex[0] * x + ex[1] * y + ex[2] * z;
    out[i + 1] = ey[0] * x + ey[1] * y + ey[2] * z;
    out[i + 2] = ez[0] * x + ez[1] * y + ez[2] * z;
  }
  return { ...mesh, positions: out, normals: undefined };
}

/** Bind-pose world positions of the written GLB's joints, by name (WebIO: NodeIO imports fs dynamically, which jest refuses). */
async function jointPositions(glb: Uint8Array): Promise<Map<string, number[]>> {
  const doc = await new WebIO().readBinary(glb);
  const skin = doc.getRoot().listSkins()[0]!;
  return new Map(skin.listJoints().map((j) => [j.getName(), j.getWorldTranslation()]));
}

describe('up axis', () => {
  test('rotateMeshUp undoes every lay-down exactly and keeps its input', () => {
    const mesh = buildCreature('biped').mesh;
    for (const up of UP_AXES) {
      const lying = layDown(mesh, up);
      const back = rotateMeshUp(lying, up);
      for (let i = 0; i < mesh.positions.length; i++) expect(back.positions[i]).toBeCloseTo(mesh.positions[i]!, 5);
    }
    expect(rotateMeshUp(mesh, '+y').positions).toBe(mesh.positions);
  });

  test('a biped lying on its back (a Z-up export) rigged with upAxis +z gets an upright skeleton', async () => {
    const upright = buildCreature('biped').mesh;
    const lying = await writeGlb(layDown(upright, '+z'));
    const stood = await rigMesh(lying, { rigType: 'biped', upAxis: '+z', thumbnailSize: 64 });
    const joints = await jointPositions(stood.model);
    const head = joints.get('head')!, hips = joints.get('hips')!, foot = joints.get('left_foot')!;
    const height = head[1]! - foot[1]!;
    // Upright: head above hips above feet, along +Y, with the spine close to vertical.
    expect(head[1]!).toBeGreaterThan(hips[1]!);
    expect(hips[1]!).toBeGreaterThan(foot[1]!);
    expect(Math.abs(head[2]! - hips[2]!)).toBeLessThan(0.2 * height);
    expect(stood.report.matchScore).toBeGreaterThan(0.8);
    // Without it the same file is rigged lying down.
    const flat = await rigMesh(lying, { rigType: 'biped', thumbnailSize: 64 });
    const flatJoints = await jointPositions(flat.model);
    expect(Math.abs(flatJoints.get('head')![1]! - flatJoints.get('hips')![1]!)).toBeLessThan(0.5 * height);
  });

  test('an unknown up axis is refused as invalid input', async () => {
    const input = await writeGlb(buildCreature('biped').mesh);
    await expect(rigMesh(input, { upAxis: 'up' as UpAxis })).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
