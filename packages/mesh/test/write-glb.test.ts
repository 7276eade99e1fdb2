import { WebIO } from '@gltf-transform/core';
import { quatFromAxisAngle, quatRotate, readAnimationClip, writeGlb, type AnimationClip, type Mesh } from '../src';
import { clipWorldPose, maxWorldMotionError } from './clip-world-pose';
import { columnMesh, columnRig, cubeMesh } from './fixtures/meshes';
import { validateGlb } from './fixtures/validate';

async function readBack(bytes: Uint8Array) {
  return new WebIO().readBinary(bytes);
}

function glbJson(bytes: Uint8Array): { asset: { generator?: string } } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(12, true);
  return JSON.parse(Buffer.from(bytes.subarray(20, 20 + length)).toString('utf8'));
}

function errorsOf(report: Awaited<ReturnType<typeof validateGlb>>) {
  return report.issues.messages.filter((m) => m.severity === 0);
}

describe('writeGlb', () => {
  test('writes a plain cube that validates with 0 errors and keeps materials, UVs and texture', async () => {
    const cube = cubeMesh();
    const bytes = await writeGlb(cube, { generator: 'rigforge-test' });
    const report = await validateGlb(bytes);
    expect(errorsOf(report)).toEqual([]);
    expect(report.issues.numErrors).toBe(0);

    const doc = await readBack(bytes);
    const root = doc.getRoot();
    expect(glbJson(bytes).asset.generator).toBe('rigforge-test');
    expect(root.getDefaultScene()).not.toBeNull();
    const prims = root.listMeshes()[0]!.listPrimitives();
    expect(prims).toHaveLength(2);
    expect(prims[0]!.getIndices()!.getCount()).toBe(18);
    expect(prims[0]!.getAttribute('TEXCOORD_0')!.getArray()).toEqual(cube.uvs);
    expect(prims[0]!.getAttribute('POSITION')!.getArray()).toEqual(cube.positions);
    const red = prims[0]!.getMaterial()!;
    expect(red.getName()).toBe('red');
    expect(red.getBaseColorFactor()).toEqual([1, 0, 0, 1]);
    expect(red.getMetallicFactor()).toBe(0.25);
    expect(red.getRoughnessFactor()).toBe(0.5);
    expect(red.getDoubleSided()).toBe(true);
    expect(red.getBaseColorTexture()!.getMimeType()).toBe('image/png');
    expect(Buffer.from(red.getBaseColorTexture()!.getImage()!)).toEqual(Buffer.from(cube.materials[0]!.baseColorTexture!.bytes));
    expect(prims[1]!.getMaterial()!.getName()).toBe('blue');
  });

  test('computes unit area-weighted normals when the mesh has none', async () => {
    const cube = cubeMesh();
    delete cube.normals;
    const bytes = await writeGlb(cube);
    expect((await validateGlb(bytes)).issues.numErrors).toBe(0);
    const doc = await readBack(bytes);
    const normals = doc.getRoot().listMeshes()[0]!.listPrimitives()[0]!.getAttribute('NORMAL')!.getArray()!;
    // Split faces: each vertex belongs to one face, so its normal is that face's normal (+X first).
    expect(Array.from(normals.slice(0, 3))).toEqual([1, 0, 0]);
  });

  test('writes a rigged mesh: joint hierarchy, inverse binds, weights summing to 1, 0 validator errors', async () => {
    const mesh = columnMesh();
    const rig = columnRig(mesh);
    const bytes = await writeGlb(mesh, { rig });
    const report = await validateGlb(bytes);
    expect(errorsOf(report)).toEqual([]);

    const doc = await readBack(bytes);
    const root = doc.getRoot();
    const skin = root.listSkins()[0]!;
    const joints = skin.listJoints();
    expect(joints.map((j) => j.getName())).toEqual(['hips', 'spine', 'head']);
    expect(joints[1]!.getParentNode()).toBe(joints[0]);
    expect(joints[2]!.getTranslation()).toEqual([0, 1, 0]);
    expect(joints[2]!.getRotation()).toEqual([0, 0, 0, 1]);
    const ibm = skin.getInverseBindMatrices()!.getArray()!;
    expect(Array.from(ibm.slice(32 + 12, 32 + 15))).toEqual([-0, -2, -0]);
    const scene = root.getDefaultScene()!;
    const meshNode = root.listNodes().find((n) => n.getMesh())!;
    expect(meshNode.getParentNode()).toBeNull();
    expect(meshNode.getMatrix()).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    expect(scene.listChildren()).toContain(joints[0]);
    const prim = meshNode.getMesh()!.listPrimitives()[0]!;
    const w = prim.getAttribute('WEIGHTS_0')!.getArray()!;
    for (let v = 0; v < w.length; v += 4) expect(w[v]! + w[v + 1]! + w[v + 2]! + w[v + 3]!).toBeCloseTo(1, 6);
    expect(prim.getAttribute('JOINTS_0')!.getArray()).toBeInstanceOf(Uint8Array);
  });

  test('joints with rest rotations: same rest pose, inverse binds that cancel it, and the same clip motion', async () => {
    const mesh = columnMesh();
    const rig = columnRig(mesh);
    // A clip in the identity-rest convention: the spine bends 60° about Z, the hips rise.
    const times = Float32Array.from([0, 1]);
    const bend = quatFromAxisAngle([0, 0, 1], Math.PI / 3);
    const clip: AnimationClip = {
      name: 'bend', duration: 1, skeleton: [],
      tracks: [
        { joint: 1, path: 'rotation', times, values: Float32Array.from([0, 0, 0, 1, ...bend]), interpolation: 'LINEAR' },
        { joint: 0, path: 'translation', times, values: Float32Array.from([0, 0, 0, 0, 0.3, 0]), interpolation: 'LINEAR' },
      ],
    };
    const turned = { ...rig, skeleton: { joints: rig.skeleton.joints.map((j, i) => ({ ...j, rotation: quatFromAxisAngle([1, 2 - i, 0.5 * i], 0.4 + 0.9 * i) })) } };
    const plain = await writeGlb(mesh, { rig, animations: [clip] });
    const bytes = await writeGlb(mesh, { rig: turned, animations: [clip] });
    expect(errorsOf(await validateGlb(bytes))).toEqual([]);

    const skin = (await readBack(bytes)).getRoot().listSkins()[0]!;
    const ibm = skin.getInverseBindMatrices()!.getArray()!;
    skin.listJoints().forEach((node, k) => {
      // The node's rotation is the given one (world = local here up the chain), and its rest
      // world matrix times its inverse bind matrix is the identity: the bind pose is unchanged.
      const world = node.getWorldMatrix();
      const r = turned.skeleton.joints[k]!.rotation!;
      expect(quatRotate(r, [1, 0, 0]).map((c, i) => c - world[i]!).every((d) => Math.abs(d) < 1e-6)).toBe(true);
      expect(world.slice(12, 15).map((c, i) => c - rig.skeleton.joints[k]!.position[i]!).every((d) => Math.abs(d) < 1e-6)).toBe(true);
      for (let row = 0; row < 4; row++) {
        for (let col = 0; col < 4; col++) {
          let v = 0;
          for (let m = 0; m < 4; m++) v += world[m * 4 + row]! * ibm[k * 16 + col * 4 + m]!;
          expect(Math.abs(v - (row === col ? 1 : 0))).toBeLessThan(1e-5);
        }
      }
    });
    // Read back, both files move every joint the same way in the world.
    const [a] = await readAnimationClip(plain);
    const [b] = await readAnimationClip(bytes);
    const error = maxWorldMotionError(a!, b!, [0, 1, 2], 1);
    expect(error.distance).toBeLessThan(1e-5);
    expect(error.radians).toBeLessThan(1e-5);
    // The head really moved: the bend swings it off the column's axis.
    expect(Math.abs(clipWorldPose(b!, 1).position[2]![0])).toBeGreaterThan(0.5);
  });

  test('cleans messy weights (duplicates, invalid joints, unnormalised, empty) and several skeleton roots', async () => {
    const mesh = columnMesh();
    const n = mesh.positions.length / 3;
    const joints = new Uint16Array(n * 4);
    const weights = new Float32Array(n * 4);
    for (let v = 0; v < n; v++) {
      if (v % 4 === 0) { joints.set([1, 1, 7, 0], v * 4); weights.set([0.5, 0.5, 3, 0], v * 4); }
      else if (v % 4 === 1) { joints.set([0, 1, 0, 0], v * 4); weights.set([2, 6, 0, 0], v * 4); }
      else if (v % 4 === 2) { joints.set([0, 0, 0, 0], v * 4); weights.set([0, 0, 0, 0], v * 4); }
      else { joints.set([2, 1, 0, 3], v * 4); weights.set([NaN, -1, 0.1, 0.1], v * 4); }
    }
    const skeleton = {
      joints: [
        { name: 'a', parent: -1, position: [0, 0, 0] as [number, number, number] },
        { name: 'b', parent: 0, position: [0, 1, 0] as [number, number, number] },
        { name: 'c', parent: -1, position: [0, 2, 0] as [number, number, number] },
        { name: 'd', parent: 9, position: [1, 2, 0] as [number, number, number] },
      ],
    };
    const bytes = await writeGlb(mesh, { rig: { skeleton, skin: { joints, weights } } });
    const report = await validateGlb(bytes);
    expect(errorsOf(report)).toEqual([]);
  });

  test('uses 32-bit indices past 65535 vertices and still validates', async () => {
    const count = 70000;
    const positions = new Float32Array(count * 3);
    for (let i = 0; i < count; i++) positions.set([i % 300, Math.floor(i / 300), (i * 7) % 5], i * 3);
    const indices = new Uint32Array((count - 2) * 3);
    for (let t = 0; t < count - 2; t++) indices.set([t, t + 1, t + 2], t * 3);
    const mesh: Mesh = { positions, indices, groups: [], materials: [] };
    const bytes = await writeGlb(mesh);
    const report = await validateGlb(bytes);
    expect(errorsOf(report)).toEqual([]);
    const doc = await readBack(bytes);
    expect(doc.getRoot().listAccessors().find((a) => a.getType() === 'SCALAR')!.getArray()).toBeInstanceOf(Uint32Array);
  });
});
