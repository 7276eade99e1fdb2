/**
 * Reads the artist-rigged development set (a folder given on the command line; never part of the
 * repository): its manifest, each character's artist skeleton, the artist's skin weights on the
 * mesh in bind space, and the joints of a rig we wrote, all in the frames the set's README fixes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NodeIO, type Node, type Skin } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import type { Mesh, Skeleton, SkinWeights } from '@rigforge/mesh';
import { Matrix4, Vector3 } from 'three';
import { z } from 'zod';
import { BODY_PLANS } from '../../src/body-plan';

const vec3 = z.tuple([z.number(), z.number(), z.number()]);

const manifestSchema = z.array(z.object({
  id: z.string(),
  bodyPlan: z.enum(BODY_PLANS),
  artist: z.string(),
  triangles: z.number(),
  joints: z.number(),
  deformingJoints: z.number(),
}));

const gtSkeletonSchema = z.object({
  skeleton: z.array(z.object({
    name: z.string(),
    parent: z.string().nullable(),
    deforming: z.boolean(),
    bindPosition: vec3,
    placedPosition: vec3,
  })),
});

export type DevCharacter = z.infer<typeof manifestSchema>[number];
export type GtJoint = z.infer<typeof gtSkeletonSchema>['skeleton'][number];

export function readManifest(dir: string): DevCharacter[] {
  return manifestSchema.parse(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')));
}

export function readGtJoints(dir: string, id: string): GtJoint[] {
  return gtSkeletonSchema.parse(JSON.parse(readFileSync(join(dir, id, 'gt_skeleton.json'), 'utf8'))).skeleton;
}

/**
 * The artist's deforming joints as a skeleton in `bindPosition` (or `placedPosition`), each
 * re-parented to its nearest deforming ancestor, parents before children.
 */
export function artistSkeleton(joints: GtJoint[], frame: 'bindPosition' | 'placedPosition'): Skeleton {
  const byName = new Map(joints.map((j) => [j.name, j]));
  const deformingAncestor = (j: GtJoint): string | null => {
    let p = j.parent;
    while (p !== null) {
      const pj = byName.get(p);
      if (!pj) return null;
      if (pj.deforming) return p;
      p = pj.parent;
    }
    return null;
  };
  const deforming = joints.filter((j) => j.deforming);
  const out: Skeleton['joints'] = [];
  const index = new Map<string, number>();
  const pending = [...deforming];
  // Topological order: a joint is emitted once its deforming ancestor is.
  while (pending.length > 0) {
    const before = pending.length;
    for (let i = 0; i < pending.length; i++) {
      const j = pending[i]!;
      const anc = deformingAncestor(j);
      if (anc !== null && !index.has(anc)) continue;
      index.set(j.name, out.length);
      out.push({ name: j.name, parent: anc === null ? -1 : index.get(anc)!, position: [...j[frame]] });
      pending.splice(i--, 1);
    }
    if (pending.length === before) throw new Error('dev set: deforming joints form a cycle');
  }
  return { joints: out };
}

export interface ArtistSkin {
  /** The skinned meshes' POSITION data (bind space) and triangles, concatenated. */
  mesh: Mesh;
  /** The artist's weights over `skeleton`'s joint indices. */
  weights: SkinWeights;
  skeleton: Skeleton;
}

// Every extension registered: artists' files carry EXT_texture_webp (required) and others a reader must accept.
const io = new NodeIO().registerExtensions(ALL_EXTENSIONS);

/** The inverse bind matrices of a skin, one per joint (identity where the file has none). */
function inverseBindMatrices(skin: Skin): Matrix4[] {
  const acc = skin.getInverseBindMatrices();
  return skin.listJoints().map((_, i) => {
    const m = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
    if (acc) acc.getElement(i, m);
    return new Matrix4().fromArray(m);
  });
}

/**
 * The artist's rig read from `rigged.glb`: bind-space mesh, weights and deforming skeleton.
 *
 * Files with several skins can bind each mesh in a frame of its own (a sword, a backpack: the
 * same joint has different inverse bind matrices per skin). The reference frame is the skin whose
 * joints sit at the set's `bindPosition`s; a vertex of another skin moves into it through its
 * strongest joint, p_ref = inverse(IBM_ref) · IBM_skin · p, which is where both skins put it at rest.
 */
export async function readArtistSkin(dir: string, id: string): Promise<ArtistSkin> {
  const gt = readGtJoints(dir, id);
  const skeleton = artistSkeleton(gt, 'bindPosition');
  const index = new Map(skeleton.joints.map((j, i) => [j.name, i]));
  const gtBind = new Map(gt.map((j) => [j.name, new Vector3(...j.bindPosition)]));
  const doc = await io.readBinary(new Uint8Array(readFileSync(join(dir, id, 'rigged.glb'))));
  const skinned = doc.getRoot().listNodes().filter((n) => n.getMesh() && n.getSkin());
  // Reference: per joint name, the inverse bind matrix of the skin closest to the set's frame.
  let refSkin: Skin | null = null, refErr = Infinity;
  for (const node of skinned) {
    const skin = node.getSkin()!;
    const ibms = inverseBindMatrices(skin);
    let err = 0;
    skin.listJoints().forEach((j, i) => {
      const want = gtBind.get(j.getName());
      if (want) err += new Vector3().setFromMatrixPosition(ibms[i]!.clone().invert()).distanceTo(want);
    });
    if (err < refErr) { refErr = err; refSkin = skin; }
  }
  const refIbm = new Map<string, Matrix4>();
  if (refSkin) {
    const ibms = inverseBindMatrices(refSkin);
    refSkin.listJoints().forEach((j, i) => refIbm.set(j.getName(), ibms[i]!));
  }
  const positions: number[] = [];
  const indices: number[] = [];
  const joints: number[] = [];
  const weights: number[] = [];
  for (const node of skinned) {
    const skin = node.getSkin()!;
    const skinJoints = skin.listJoints().map((j) => index.get(j.getName()) ?? -1);
    const ibms = inverseBindMatrices(skin);
    const toRef = skin.listJoints().map((j, i) => {
      const ref = refIbm.get(j.getName());
      return skin === refSkin || !ref ? null : ref.clone().invert().multiply(ibms[i]!);
    });
    for (const prim of node.getMesh()!.listPrimitives()) {
      const pos = prim.getAttribute('POSITION');
      const jAcc = prim.getAttribute('JOINTS_0');
      const wAcc = prim.getAttribute('WEIGHTS_0');
      if (!pos || !jAcc || !wAcc) continue;
      const base = positions.length / 3;
      const count = pos.getCount();
      const p = [0, 0, 0], jj = [0, 0, 0, 0], ww = [0, 0, 0, 0];
      const v3 = new Vector3();
      for (let v = 0; v < count; v++) {
        pos.getElement(v, p);
        jAcc.getElement(v, jj);
        wAcc.getElement(v, ww);
        let strongest = 0;
        for (let s = 1; s < 4; s++) if (ww[s]! > ww[strongest]!) strongest = s;
        const m = toRef[jj[strongest]!];
        v3.set(p[0]!, p[1]!, p[2]!);
        if (m) v3.applyMatrix4(m);
        positions.push(v3.x, v3.y, v3.z);
        for (let s = 0; s < 4; s++) {
          const j = skinJoints[jj[s]!] ?? -1;
          // A weight on a non-deforming joint would be an error in the set; it is dropped.
          joints.push(j >= 0 ? j : 0);
          weights.push(j >= 0 ? ww[s]! : 0);
        }
      }
      const idx = prim.getIndices();
      if (idx) for (let i = 0; i < idx.getCount(); i++) indices.push(base + idx.getScalar(i));
      else for (let i = 0; i < count; i++) indices.push(base + i);
    }
  }
  return {
    mesh: { positions: new Float32Array(positions), indices: new Uint32Array(indices), groups: [], materials: [] },
    weights: { joints: new Uint16Array(joints), weights: new Float32Array(weights) },
    skeleton,
  };
}

export interface WrittenRig {
  skeleton: Skeleton;
  /** Vertices whose weights sum to zero, over every skinned primitive. */
  unweighted: number;
}

/**
 * The bind-pose joints of a GLB we wrote, in the scene's frame: the joint's world position is the
 * skinned mesh node's world matrix applied to inverse(IBM)'s translation, which is where the
 * skin binds it whatever the nodes' animated or static transforms say.
 */
export async function readWrittenRig(bytes: Uint8Array): Promise<WrittenRig> {
  const doc = await io.readBinary(bytes);
  const node = doc.getRoot().listNodes().find((n) => n.getSkin() && n.getMesh());
  if (!node) throw new Error('rig output has no skinned mesh');
  const skin = node.getSkin()!;
  const ibm = skin.getInverseBindMatrices();
  const world = new Matrix4().fromArray(node.getWorldMatrix());
  const jointNodes = skin.listJoints();
  const parentOf = new Map<Node, Node | null>();
  for (const j of jointNodes) for (const c of j.listChildren()) parentOf.set(c, j);
  const joints: Skeleton['joints'] = jointNodes.map((j, i) => {
    const m = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
    if (ibm) ibm.getElement(i, m);
    const p = new Vector3().setFromMatrixPosition(world.clone().multiply(new Matrix4().fromArray(m).invert()));
    const parent = parentOf.get(j);
    return { name: j.getName(), parent: parent ? jointNodes.indexOf(parent) : -1, position: [p.x, p.y, p.z] };
  });
  let unweighted = 0;
  for (const prim of node.getMesh()!.listPrimitives()) {
    const w = prim.getAttribute('WEIGHTS_0');
    const n = prim.getAttribute('POSITION')?.getCount() ?? 0;
    const ww = [0, 0, 0, 0];
    for (let v = 0; v < n; v++) {
      if (!w) { unweighted++; continue; }
      w.getElement(v, ww);
      if (ww[0]! + ww[1]! + ww[2]! + ww[3]! <= 0) unweighted++;
    }
  }
  return { skeleton: { joints }, unweighted };
}
