import { WebIO } from '@gltf-transform/core';
import { quatFromAxisAngle, writeVrm } from '../src';
import { columnMesh, columnRig } from './fixtures/meshes';

describe('writeVrm', () => {
  test('joints with rest rotations (a preset\'s bone frames) are written with identity rests: VRM 1.0 rests world-aligned', async () => {
    const mesh = columnMesh();
    const rig = columnRig(mesh);
    const turned = { ...rig, skeleton: { joints: rig.skeleton.joints.map((j, i) => ({ ...j, rotation: quatFromAxisAngle([1, 0, i], 0.7) })) } };
    const bytes = await writeVrm(mesh, { rig: turned, humanBones: { hips: 0, spine: 1, head: 2 }, meta: { name: 'column', authors: ['test'] } });
    const skin = (await new WebIO().readBinary(bytes)).getRoot().listSkins()[0]!;
    const ibm = skin.getInverseBindMatrices()!.getArray()!;
    skin.listJoints().forEach((node, k) => {
      expect(node.getRotation()).toEqual([0, 0, 0, 1]);
      // World position unchanged; the inverse bind is the translation by minus it.
      const p = rig.skeleton.joints[k]!.position;
      expect(Array.from(node.getWorldMatrix().slice(12, 15))).toEqual(p.map((c) => expect.closeTo(c, 6)));
      expect(Array.from(ibm.slice(k * 16, k * 16 + 12))).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]);
    });
  });
});
