import { WebIO } from '@gltf-transform/core';
import { writeGlb } from '@rigforge/mesh';
import { buildCreature } from '../testing/build-creature';
import { layDownMesh } from '../testing/lay-down';
import { rigMesh } from '../src/rig-mesh';
import { rotateMeshUp, UP_AXES, type UpAxis } from '../src/rotate-mesh-up';


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
      const lying = layDownMesh(mesh, up);
      const back = rotateMeshUp(lying, up);
      for (let i = 0; i < mesh.positions.length; i++) expect(back.positions[i]).toBeCloseTo(mesh.positions[i]!, 5);
    }
    expect(rotateMeshUp(mesh, '+y').positions).toBe(mesh.positions);
  });

  test('a biped lying on its back (a Z-up export) rigged with upAxis +z gets an upright skeleton', async () => {
    const upright = buildCreature('biped').mesh;
    const lying = await writeGlb(layDownMesh(upright, '+z'));
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
