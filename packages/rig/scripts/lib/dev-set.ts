/**
 * Reads the artist-rigged development set (a folder given on the command line; never part of the
 * repository): its manifest, each character's artist skeleton, the artist's skin weights on the
 * mesh in bind space, and the joints of a rig we wrote, all in the frames the set's README fixes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NodeIO, type Node } from '@gltf-transform/core';
import type { Mesh, Skeleton, SkinWeights } from '@rigforge/mesh';
import { Matrix4, Vector3 } from 'three';
import { z } from 'zod';
import type { BodyPlan } from '../../src/body-plan';
import { BODY_PLANS } from '../../src/body-plan';

const vec3 = z.tuple([z.number(), z.number(), z.number()]);

const manifestSchema = z.array(z.object({
  id: z.string(),
  bodyPlan: z.enum(BODY_PLANS as unknown as [BodyPlan, ...BodyPlan[]]),
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

const io = new NodeIO();

/** The artist's rig read from `rigged.glb`: bind-space mesh, weights and deforming skeleton. */
export async function readArtistSkin(dir: string, id: string): Promise<ArtistSkin> {
  const skeleton = artistSkeleton(readGtJoints(dir, id), 'bindPosition');
  const index = new Map(skeleton.joints.map((j, i) => [j.name, i]));
  const doc = await io.readBinary(new Uint8Array(readFileSync(join(dir, id, 'rigged.glb'))));
  const positions: number[] = [];
  const indices: number[] = [];
  const joints: number[] = [];
  const weights: number[] = [];
  for (const node of doc.getRoot().listNodes()) {
    const mesh = node.getMesh();
    const skin = node.getSkin();
    if (!mesh || !skin) continue;
    const skinJoints = skin.listJoints().map((j) => index.get(j.getName()) ?? -1);
    for (const prim of mesh.listPrimitives()) {
      const pos = prim.getAttribute('POSITION');
      const jAcc = prim.getAttribute('JOINTS_0');
      const wAcc = prim.getAttribute('WEIGHTS_0');
      if (!pos || !jAcc || !wAcc) continue;
      const base = positions.length / 3;
      const count = pos.getCount();
      const p = [0, 0, 0], jj = [0, 0, 0, 0], ww = [0, 0, 0, 0];
      for (let v = 0; v < count; v++) {
        pos.getElement(v, p);
        jAcc.getElement(v, jj);
        wAcc.getElement(v, ww);
        positions.push(p[0]!, p[1]!, p[2]!);
        for (let s = 0; s < 4; s++) {
          const j = skinJoints[jj[s]!] ?? -1;
          // A weight on a non-deforming joint would be an error in the set; keep it visible as 0.
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
