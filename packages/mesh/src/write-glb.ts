/** Writes meshes (rigged or not) as GLB, the service's default output. */
import { Document, WebIO, type Material, type Node, type Texture } from '@gltf-transform/core';
import { orientClipTracks, restRotationsOf } from './animation/joint-orientation';
import { quatInvert, quatMultiply, quatRotate, type Quat, type Vec3 } from './animation/quat';
import { computeVertexNormals, normalizeNormals } from './glb/compute-vertex-normals';
import { packSkinWeights } from './glb/pack-skin-weights';
import { createVertexAccessor } from './glb/vertex-accessor';
import { GlbTextures } from './glb/glb-textures';
import type { AnimationClip, Mesh, MeshGroup, MeshMaterial, MeshTexture, Skeleton, SkinWeights } from './mesh-model';
import { withDefaults } from './with-defaults';

export interface WriteGlbOptions {
  /** Skeleton and weights to bind; without it a static mesh is written. */
  rig?: { skeleton: Skeleton; skin: SkinWeights };
  /**
   * Clips to play on the rig (ignored without `rig`): each track's `joint` indexes
   * `rig.skeleton.joints`, values are local to the parent joint as if every joint's rest rotation
   * were the identity (translations include the rest offset); when the joints carry rest
   * rotations (`Joint.rotation`) the writer re-expresses them in those frames. Written as
   * LINEAR/STEP glTF channels on the joint nodes; tracks on joints outside the skeleton or with
   * inconsistent lengths are skipped.
   */
  animations?: AnimationClip[];
  /** `asset.generator` of the file. Default "rigforge". */
  generator?: string;
}

export const WRITE_GLB_DEFAULTS: Required<Pick<WriteGlbOptions, 'generator'>> = {
  generator: 'rigforge',
};

/**
 * Serialises a mesh (and optionally its rig) as a binary glTF 2.0 file that the Khronos validator
 * accepts without errors.
 *
 * Layout: one glTF mesh with one primitive per material group, all primitives sharing the vertex
 * accessors; a default scene holding the mesh node (identity transform, at the root as the spec
 * recommends for skinned meshes) and, when rigged, the joint hierarchy. Joints carry translation
 * only (local = position − parent position), so the rest pose equals the input pose and each
 * inverse bind matrix is a translation by minus the joint's world position. Joints with rest
 * rotations R (world; a preset's convention) carry local rotation R_parent⁻¹·R and translation
 * R_parent⁻¹·(position − parent position), and their inverse bind matrix is (T(position)·R)⁻¹ =
 * R⁻¹·T(−position): the joint's rest world matrix times it is the identity, so the bind pose (and
 * every skinned vertex at rest) is the same as without rotations.
 */
export async function writeGlb(mesh: Mesh, options: WriteGlbOptions = {}): Promise<Uint8Array> {
  const { generator } = withDefaults(WRITE_GLB_DEFAULTS, options);
  const doc = new Document();
  doc.getRoot().getAsset().generator = generator;
  const buffer = doc.createBuffer();
  // The vertex attributes answer the writer's per-vertex layout reads from fields (glb/vertex-accessor).
  const vertexCount = Math.floor(mesh.positions.length / 3);

  const position = createVertexAccessor(doc, 'POSITION').setType('VEC3').setBuffer(buffer)
    .setArray(mesh.positions.length === vertexCount * 3 ? mesh.positions : mesh.positions.slice(0, vertexCount * 3));
  const normalArray = mesh.normals && mesh.normals.length === vertexCount * 3
    ? normalizeNormals(mesh.normals)
    : computeVertexNormals(mesh.positions, mesh.indices);
  const normal = createVertexAccessor(doc, 'NORMAL').setType('VEC3').setBuffer(buffer).setArray(normalArray);
  const texcoord = mesh.uvs && mesh.uvs.length === vertexCount * 2
    ? createVertexAccessor(doc, 'TEXCOORD_0').setType('VEC2').setBuffer(buffer).setArray(mesh.uvs)
    : null;
  const color = mesh.colors && mesh.colors.length === vertexCount * 4
    ? createVertexAccessor(doc, 'COLOR_0').setType('VEC4').setBuffer(buffer).setArray(clamp01(mesh.colors))
    : null;

  let joints = null;
  let weights = null;
  if (options.rig) {
    const packed = packSkinWeights(mesh.positions, options.rig.skeleton, options.rig.skin);
    joints = createVertexAccessor(doc, 'JOINTS_0').setType('VEC4').setBuffer(buffer).setArray(packed.joints);
    weights = createVertexAccessor(doc, 'WEIGHTS_0').setType('VEC4').setBuffer(buffer).setArray(packed.weights);
  }

  // Textures are shared between materials that embed the same bytes object.
  const textures = new GlbTextures(doc);
  const textureFor = (t: MeshTexture): Texture => textures.textureFor(t);
  const materials: Material[] = mesh.materials.map((m, i) => toMaterial(doc, m, i, texcoord !== null, textureFor));
  let fallback: Material | null = null;
  const materialFor = (index: number): Material => {
    const m = materials[index];
    if (m) return m;
    fallback ??= doc.createMaterial('default').setBaseColorFactor([0.8, 0.8, 0.8, 1]).setMetallicFactor(0).setRoughnessFactor(0.8);
    return fallback;
  };

  const vertexIndexArray = (start: number, count: number): Uint16Array | Uint32Array => {
    const slice = mesh.indices.subarray(start, start + count);
    // 65535 is the primitive-restart value of 16-bit indices, so it must stay unused.
    return vertexCount <= 65535 ? Uint16Array.from(slice) : slice.slice();
  };
  const gltfMesh = doc.createMesh('mesh');
  for (const range of drawRanges(mesh)) {
    const prim = doc.createPrimitive()
      .setAttribute('POSITION', position)
      .setAttribute('NORMAL', normal)
      .setIndices(doc.createAccessor().setType('SCALAR').setBuffer(buffer).setArray(vertexIndexArray(range.start, range.count)))
      .setMaterial(materialFor(range.materialIndex));
    if (texcoord) prim.setAttribute('TEXCOORD_0', texcoord);
    if (color) prim.setAttribute('COLOR_0', color);
    if (joints && weights) prim.setAttribute('JOINTS_0', joints).setAttribute('WEIGHTS_0', weights);
    gltfMesh.addPrimitive(prim);
  }

  const scene = doc.createScene('scene');
  doc.getRoot().setDefaultScene(scene);
  const meshNode = doc.createNode('mesh').setMesh(gltfMesh);
  scene.addChild(meshNode);

  if (options.rig) {
    const { joints: jointList } = options.rig.skeleton;
    const rest = restRotationsOf(jointList);
    const nodes: Node[] = [];
    const roots: Node[] = [];
    const parents: number[] = [];
    const ibm = new Float32Array(jointList.length * 16);
    jointList.forEach((joint, i) => {
      // A parent must come earlier (Skeleton's contract); anything else is treated as a root so a
      // malformed skeleton cannot create a cycle.
      const parentIndex = joint.parent >= 0 && joint.parent < i ? joint.parent : -1;
      parents.push(parentIndex);
      const parent = parentIndex >= 0 ? jointList[parentIndex]! : null;
      const p = joint.position;
      const offset: Vec3 = parent
        ? [p[0] - parent.position[0], p[1] - parent.position[1], p[2] - parent.position[2]]
        : [p[0], p[1], p[2]];
      const node = doc.createNode(joint.name || `joint_${i}`);
      const o = i * 16;
      if (rest) {
        const parentInv: Quat = parentIndex >= 0 ? quatInvert(rest[parentIndex]!) : [0, 0, 0, 1];
        node.setTranslation(quatRotate(parentInv, offset)).setRotation(quatMultiply(parentInv, rest[i]!));
        writeInverseBind(ibm, o, p, rest[i]!);
      } else {
        node.setTranslation(offset);
        ibm[o] = 1; ibm[o + 5] = 1; ibm[o + 10] = 1; ibm[o + 15] = 1;
        ibm[o + 12] = -p[0]; ibm[o + 13] = -p[1]; ibm[o + 14] = -p[2];
      }
      nodes.push(node);
      if (parentIndex >= 0) nodes[parentIndex]!.addChild(node);
      else roots.push(node);
    });
    // glTF wants one common root for the joints; several roots get an untransformed parent.
    let skeletonRoot: Node | undefined = roots[0];
    if (roots.length > 1) {
      skeletonRoot = doc.createNode('Armature');
      for (const r of roots) skeletonRoot.addChild(r);
    }
    if (skeletonRoot) {
      scene.addChild(skeletonRoot);
      const skin = doc.createSkin('skin').setSkeleton(skeletonRoot)
        .setInverseBindMatrices(doc.createAccessor('inverseBindMatrices').setType('MAT4').setBuffer(buffer).setArray(ibm));
      for (const n of nodes) skin.addJoint(n);
      meshNode.setSkin(skin);
    }
    for (const given of options.animations ?? []) {
      const clip = rest ? orientClipTracks(given, parents, rest) : given;
      const animation = doc.createAnimation(clip.name || 'animation');
      for (const track of clip.tracks) {
        const node = nodes[track.joint];
        const size = track.path === 'rotation' ? 4 : 3;
        if (!node || track.times.length === 0 || track.values.length !== track.times.length * size) continue;
        const sampler = doc.createAnimationSampler()
          .setInput(doc.createAccessor().setType('SCALAR').setBuffer(buffer).setArray(track.times))
          .setOutput(doc.createAccessor().setType(size === 4 ? 'VEC4' : 'VEC3').setBuffer(buffer).setArray(track.values))
          .setInterpolation(track.interpolation);
        animation.addSampler(sampler).addChannel(
          doc.createAnimationChannel().setTargetNode(node).setTargetPath(track.path).setSampler(sampler),
        );
      }
      if (animation.listChannels().length === 0) animation.dispose();
    }
  }

  const io = new WebIO().registerExtensions(textures.extensions());
  return io.writeBinary(doc);
}

/**
 * The inverse bind matrix of a joint at world position p with world rest rotation q, column-major
 * into `out` at `o`: (T(p)·R)⁻¹ = Rᵀ·T(−p), i.e. the 3×3 block Rᵀ and the translation −Rᵀ·p.
 */
function writeInverseBind(out: Float32Array, o: number, p: Readonly<Vec3>, q: Readonly<Quat>): void {
  const inv = quatInvert(q);
  // Column c of Rᵀ is R⁻¹ applied to the unit vector e_c.
  for (let c = 0; c < 3; c++) {
    const e: Vec3 = [c === 0 ? 1 : 0, c === 1 ? 1 : 0, c === 2 ? 1 : 0];
    const col = quatRotate(inv, e);
    out[o + c * 4] = col[0]; out[o + c * 4 + 1] = col[1]; out[o + c * 4 + 2] = col[2]; out[o + c * 4 + 3] = 0;
  }
  const t = quatRotate(inv, p);
  out[o + 12] = -t[0]; out[o + 13] = -t[1]; out[o + 14] = -t[2]; out[o + 15] = 1;
}

function toMaterial(
  doc: Document,
  m: MeshMaterial,
  i: number,
  hasUvs: boolean,
  textureFor: (t: MeshTexture) => Texture,
): Material {
  const c = m.baseColor;
  const material = doc.createMaterial(m.name || `material_${i}`)
    .setBaseColorFactor([unit(c[0]), unit(c[1]), unit(c[2]), unit(c[3])])
    .setMetallicFactor(unit(m.metallic))
    .setRoughnessFactor(unit(m.roughness))
    .setDoubleSided(m.doubleSided ?? false);
  if (unit(c[3]) < 1) material.setAlphaMode('BLEND');
  // A texture without TEXCOORD_0 would be an invalid reference, so it is dropped.
  if (m.baseColorTexture && hasUvs) material.setBaseColorTexture(textureFor(m.baseColorTexture));
  return material;
}

/** Index ranges to draw: the groups (clipped to whole triangles in bounds) plus any uncovered gap. */
function drawRanges(mesh: Mesh): MeshGroup[] {
  const total = mesh.indices.length - (mesh.indices.length % 3);
  const ranges: MeshGroup[] = [];
  const covered = new Uint8Array(total / 3);
  for (const g of mesh.groups) {
    const start = Math.max(0, Math.floor(g.start / 3) * 3);
    const end = Math.min(total, start + Math.floor(g.count / 3) * 3);
    if (end <= start) continue;
    ranges.push({ materialIndex: g.materialIndex, start, count: end - start });
    covered.fill(1, start / 3, end / 3);
  }
  let gap = -1;
  for (let t = 0; t <= covered.length; t++) {
    const free = t < covered.length && covered[t] === 0;
    if (free && gap < 0) gap = t;
    if (!free && gap >= 0) {
      ranges.push({ materialIndex: mesh.groups.length === 0 ? 0 : -1, start: gap * 3, count: (t - gap) * 3 });
      gap = -1;
    }
  }
  return ranges;
}

function unit(x: number): number {
  return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 1;
}

function clamp01(a: Float32Array): Float32Array {
  const out = new Float32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = unit(a[i]!);
  return out;
}
