/**
 * Writes a mesh, optionally with its skeleton and skin, as binary FBX 7.4.
 *
 * Why our own writer: assimp's FBX export produces files that cannot be read back (see
 * DEPENDENCIES.md) and no maintained pure-JS FBX writer exists; the format is a plain node tree
 * (fbx-write/encode-fbx-binary.ts), so the work is in emitting the objects importers expect:
 *
 * - Geometry: `Vertices` (double xyz), `PolygonVertexIndex` (triangles; the last index of each
 *   polygon is stored as its bitwise complement), normals ByPolygonVertex/Direct, UVs
 *   ByPolygonVertex/IndexToDirect (FBX's v runs up, glTF's down, so v is flipped), vertex colours when
 *   present, materials ByPolygon/IndexToDirect, and one `Layer` listing them (Assimp reads layer
 *   elements only through it).
 * - Model "Mesh" with identity transform, its materials (Phong, DiffuseColor = base colour) in
 *   material-index order, and an embedded Texture + Video (bytes in `Content`) per base colour texture
 *   (a KTX2 texture's PNG/JPEG fallback, or nothing without one: fbx-write/fbx-textures.ts).
 * - With a rig: one Model "LimbNode" (+ NodeAttribute "LimbNode") per joint, oriented as its
 *   `Joint.rotation` says (a preset's convention) or else so its local +Y points at its child
 *   (animation/joint-orientation.ts: Blender draws bones along +Y), with
 *   `Lcl Rotation` = the rest rotation relative to the parent (Euler XYZ) and `Lcl Translation` =
 *   the offset from the parent in the parent's frame; a Deformer "Skin" on the geometry, one
 *   SubDeformer "Cluster" per joint that influences vertices (`Indexes`, `Weights`,
 *   `Transform` = inverse joint rest matrix × mesh matrix, `TransformLink` = joint rest matrix,
 *   rotation included), and a Pose "BindPose" holding the world matrix of the mesh and of every
 *   joint. The orientation is in the Lcl Rotation, not a PreRotation: every importer reads it the
 *   same way, whatever it does with FBX's rotation pivots and RotationActive.
 * - With animations (and a rig): AnimationStack/Layer/CurveNode/Curve objects on the LimbNodes
 *   (fbx-write/write-fbx-animation.ts), the tracks re-expressed in the oriented joint frames;
 *   GlobalSettings' time span covers them.
 *
 * Units: coordinates are written unchanged, in the mesh's own units, and GlobalSettings declares
 * what one unit is through `UnitScaleFactor` (centimetres per unit). The default, 100, states that
 * mesh units are metres, which is what glTF, our GLB output and the rigger use; Blender and Unity
 * then import at the same size as the GLB, and readers that ignore the unit (Assimp, three.js)
 * see the same numbers as in the GLB. Axes: Y up, Z front, X right (the glTF frame), so no axis
 * conversion happens anywhere.
 */
import { EngineError } from './mesh-error';
import type { AnimationClip, Mesh, MeshMaterial, MeshTexture, Skeleton, SkinWeights } from './mesh-model';
import { FBX_TICKS_PER_SECOND } from './animation/read-fbx-animation';
import { eulerXyzNear, writeFbxAnimation } from './fbx-write/write-fbx-animation';
import { jointRestOrientations, orientClipTracks, restRotationsOf } from './animation/joint-orientation';
import { quatInvert, quatMultiply, quatRotate, type Quat } from './animation/quat';
import { fromQuat, multiply, translation as translationMatrix } from './read/mat4';
import { encodeFbxBinary, FBX_VERSION } from './fbx-write/encode-fbx-binary';
import { fbx, leaf, node, p70, type FbxNode } from './fbx-write/fbx-node';
import { triangleMaterials } from './render/triangle-materials';
import { fbxEmbeddedTexture } from './fbx-write/fbx-textures';
import { withDefaults } from './with-defaults';

export interface WriteFbxOptions {
  /** Skeleton and skin to bind; omitted: a static mesh. */
  rig?: { skeleton: Skeleton; skin: SkinWeights };
  /** Written into the header's Creator field. Default "rigforge". */
  creator?: string;
  /** Name of the mesh object. Default "Mesh". */
  name?: string;
  /** Centimetres per mesh unit, written as UnitScaleFactor. Default 100 (mesh units are metres). */
  unitScaleFactor?: number;
  /** Deflate numeric arrays larger than 1 KiB, as FBX SDK files do. Default true. */
  compress?: boolean;
  /**
   * Clips on `rig.skeleton` (track.joint indexes its joints), like writeGlb's: one AnimationStack
   * each, Euler XYZ rotation curves. Ignored without a rig.
   */
  animations?: AnimationClip[];
}

export const WRITE_FBX_DEFAULTS: Required<Omit<WriteFbxOptions, 'rig'>> & { rig: WriteFbxOptions['rig'] } = {
  rig: undefined,
  creator: 'rigforge',
  name: 'Mesh',
  unitScaleFactor: 100,
  compress: true,
  animations: [],
};

const DEFAULT_MATERIAL: MeshMaterial = { name: 'Default', baseColor: [0.8, 0.8, 0.8, 1], metallic: 0, roughness: 0.8 };

/** Serialises `mesh` (and `options.rig`) as a binary FBX 7.4 file. */
export function writeFbx(mesh: Mesh, options: WriteFbxOptions = {}): Uint8Array {
  const o = withDefaults(WRITE_FBX_DEFAULTS, options);
  if (!(o.unitScaleFactor > 0) || !Number.isFinite(o.unitScaleFactor)) {
    throw new EngineError('invalid_input', `writeFbx: unitScaleFactor must be positive, got ${o.unitScaleFactor}`);
  }
  validateMesh(mesh);
  if (o.rig) validateRig(mesh, o.rig.skeleton, o.rig.skin);

  let nextId = 1_000_000;
  const newId = (): number => nextId++;
  const objects: FbxNode[] = [];
  const connections: FbxNode[] = [];
  const connect = (child: number, parent: number, property?: string): void => {
    connections.push(
      node('C', property === undefined
        ? [fbx.string('OO'), fbx.long(child), fbx.long(parent)]
        : [fbx.string('OP'), fbx.long(child), fbx.long(parent), fbx.string(property)]),
    );
  };
  const counts = new Map<string, number>();
  const count = (type: string): void => void counts.set(type, (counts.get(type) ?? 0) + 1);

  const geometryId = newId();
  const modelId = newId();
  objects.push(geometryNode(mesh, geometryId, o.name));
  count('Geometry');
  objects.push(modelNode(modelId, o.name, 'Mesh', [0, 0, 0]));
  count('Model');
  connect(modelId, 0);
  connect(geometryId, modelId);

  const materials = mesh.materials.length > 0 ? mesh.materials : [DEFAULT_MATERIAL];
  const textures = new Map<MeshTexture, number>();
  materials.forEach((m, i) => {
    const materialId = newId();
    objects.push(materialNode(materialId, m.name || `Material${i}`, m));
    count('Material');
    connect(materialId, modelId);
    const tex = m.baseColorTexture && fbxEmbeddedTexture(m.baseColorTexture);
    if (!tex) return;
    let textureId = textures.get(tex);
    if (textureId === undefined) {
      textureId = newId();
      const videoId = newId();
      const file = `texture_${textures.size}.${tex.mimeType.split('/')[1] === 'jpeg' ? 'jpg' : tex.mimeType.split('/')[1]}`;
      objects.push(textureNode(textureId, file), videoNode(videoId, file, tex.bytes));
      count('Texture');
      count('Video');
      connect(videoId, textureId);
      textures.set(tex, textureId);
    }
    connect(textureId, materialId, 'DiffuseColor');
  });

  let span = { start: 0, stop: 1, stacks: [] as string[] };
  if (o.rig) {
    const { skeleton, skin } = o.rig;
    const jointIds = skeleton.joints.map(() => newId());
    const rest = restRotationsOf(skeleton.joints) ?? jointRestOrientations(skeleton.joints);
    skeleton.joints.forEach((j, i) => {
      const parent = skeleton.joints[j.parent];
      const parentInv: Quat = parent ? quatInvert(rest[j.parent]!) : [0, 0, 0, 1];
      const local: [number, number, number] = parent
        ? quatRotate(parentInv, [j.position[0] - parent.position[0], j.position[1] - parent.position[1], j.position[2] - parent.position[2]])
        : [...j.position];
      const localRotation = eulerXyzNear(quatMultiply(parentInv, rest[i]!), null).map((r) => (r * 180) / Math.PI) as [number, number, number];
      const attributeId = newId();
      objects.push(
        node('NodeAttribute', [fbx.long(attributeId), fbx.objectName(j.name, 'NodeAttribute'), fbx.string('LimbNode')], [
          node('Properties70', [], [p70('Size', 'double', 'Number', '', fbx.double(1))]),
          leaf('TypeFlags', fbx.string('Skeleton')),
        ]),
      );
      count('NodeAttribute');
      objects.push(modelNode(jointIds[i]!, j.name, 'LimbNode', local, localRotation));
      count('Model');
      connect(attributeId, jointIds[i]!);
      connect(jointIds[i]!, parent ? jointIds[j.parent]! : 0);
    });

    const skinId = newId();
    objects.push(
      node('Deformer', [fbx.long(skinId), fbx.objectName('', 'Deformer'), fbx.string('Skin')], [
        leaf('Version', fbx.int(101)),
        leaf('Link_DeformAcuracy', fbx.double(50)),
      ]),
    );
    count('Deformer');
    connect(skinId, geometryId);
    const clusters = clusterInfluences(skin, mesh.positions.length / 3, skeleton.joints.length);
    skeleton.joints.forEach((j, i) => {
      const c = clusters[i]!;
      if (c.indexes.length === 0) return;
      const clusterId = newId();
      objects.push(
        node('Deformer', [fbx.long(clusterId), fbx.objectName(j.name, 'SubDeformer'), fbx.string('Cluster')], [
          leaf('Version', fbx.int(100)),
          node('UserData', [fbx.string(''), fbx.string('')]),
          leaf('Indexes', fbx.ints(c.indexes)),
          leaf('Weights', fbx.doubles(c.weights)),
          // The mesh sits at the origin with identity transform, so Transform = inverse(TransformLink).
          leaf('Transform', fbx.doubles(inverseRestMatrix(j.position, rest[i]!))),
          leaf('TransformLink', fbx.doubles(restMatrix(j.position, rest[i]!))),
        ]),
      );
      count('Deformer');
      connect(clusterId, skinId);
      connect(jointIds[i]!, clusterId);
    });

    const poseId = newId();
    objects.push(
      node('Pose', [fbx.long(poseId), fbx.objectName('BindPose', 'Pose'), fbx.string('BindPose')], [
        leaf('Type', fbx.string('BindPose')),
        leaf('Version', fbx.int(100)),
        leaf('NbPoseNodes', fbx.int(skeleton.joints.length + 1)),
        node('PoseNode', [], [leaf('Node', fbx.long(modelId)), leaf('Matrix', fbx.doubles(translation(0, 0, 0)))]),
        ...skeleton.joints.map((j, i) =>
          node('PoseNode', [], [leaf('Node', fbx.long(jointIds[i]!)), leaf('Matrix', fbx.doubles(restMatrix(j.position, rest[i]!)))]),
        ),
      ]),
    );
    count('Pose');
    const parents = skeleton.joints.map((j) => j.parent);
    span = writeFbxAnimation(o.animations.map((clip) => orientClipTracks(clip, parents, rest)), jointIds, { newId, connect, count, objects });
  }

  const documentId = newId();
  const tree: FbxNode[] = [
    headerExtension(o.creator),
    leaf('FileId', fbx.raw(FILE_ID)),
    leaf('CreationTime', fbx.string(CREATION_TIME)),
    leaf('Creator', fbx.string(o.creator)),
    globalSettings(o.unitScaleFactor, span.start, span.stacks.length > 0 ? span.stop : 1),
    node('Documents', [], [
      leaf('Count', fbx.int(1)),
      node('Document', [fbx.long(documentId), fbx.string(''), fbx.string('Scene')], [
        node('Properties70', [], [
          p70('SourceObject', 'object', '', ''),
          p70('ActiveAnimStackName', 'KString', '', '', fbx.string(span.stacks[0] ?? '')),
        ]),
        leaf('RootNode', fbx.long(0)),
      ]),
    ]),
    node('References'),
    definitions(counts),
    node('Objects', [], objects),
    node('Connections', [], connections),
  ];
  return encodeFbxBinary(tree, { compressAbove: o.compress ? 1024 : Infinity });
}

/**
 * The FileId/CreationTime pair and the footer id are fixed: the FBX SDK relates them, and fixed
 * values known to load everywhere beat a time stamp nobody reads (the file stays reproducible).
 */
const FILE_ID = new Uint8Array([0x28, 0xb3, 0x2a, 0xeb, 0xb6, 0x24, 0xcc, 0xc2, 0xbf, 0xc8, 0xb0, 0x2a, 0xa9, 0x2b, 0xfc, 0xf1]);
const CREATION_TIME = '1970-01-01 10:00:00:000';

function validateMesh(mesh: Mesh): void {
  const p = mesh.positions;
  if (p.length % 3 !== 0) throw new EngineError('invalid_input', `writeFbx: positions length ${p.length} is not a multiple of 3`);
  if (mesh.indices.length % 3 !== 0) {
    throw new EngineError('invalid_input', `writeFbx: indices length ${mesh.indices.length} is not a multiple of 3`);
  }
  for (let i = 0; i < p.length; i++) {
    if (!Number.isFinite(p[i]!)) throw new EngineError('invalid_input', `writeFbx: vertex ${Math.floor(i / 3)} has a non-finite coordinate`);
  }
  const vertexCount = p.length / 3;
  for (let i = 0; i < mesh.indices.length; i++) {
    if (mesh.indices[i]! >= vertexCount) {
      throw new EngineError('invalid_input', `writeFbx: index ${mesh.indices[i]} at ${i} is past the ${vertexCount} vertices`);
    }
  }
  if (vertexCount > 0x7fffffff / 4) throw new EngineError('invalid_input', `writeFbx: ${vertexCount} vertices are too many`);
}

function validateRig(mesh: Mesh, skeleton: Skeleton, skin: SkinWeights): void {
  const n = skeleton.joints.length;
  if (n === 0) throw new EngineError('invalid_input', 'writeFbx: the skeleton has no joints');
  skeleton.joints.forEach((j, i) => {
    if (!Number.isInteger(j.parent) || j.parent < -1 || j.parent >= i) {
      throw new EngineError('invalid_input', `writeFbx: joint ${i} "${j.name}" has parent ${j.parent}; parents must come first`);
    }
    if (!j.position.every(Number.isFinite)) throw new EngineError('invalid_input', `writeFbx: joint "${j.name}" has a non-finite position`);
  });
  const vertexCount = mesh.positions.length / 3;
  if (skin.joints.length < vertexCount * 4 || skin.weights.length < vertexCount * 4) {
    throw new EngineError('invalid_input', `writeFbx: skin has ${Math.min(skin.joints.length, skin.weights.length) / 4} influences for ${vertexCount} vertices`);
  }
  for (let i = 0; i < vertexCount * 4; i++) {
    if (skin.weights[i]! > 0 && skin.joints[i]! >= n) {
      throw new EngineError('invalid_input', `writeFbx: vertex ${Math.floor(i / 4)} is weighted to joint ${skin.joints[i]}, past the ${n} joints`);
    }
  }
}

/** Per joint, the vertices it influences and their weights (duplicate slots of a vertex summed). */
function clusterInfluences(skin: SkinWeights, vertexCount: number, jointCount: number): { indexes: Int32Array; weights: Float64Array }[] {
  const sizes = new Int32Array(jointCount);
  const usable = (v: number, k: number): boolean => {
    const w = skin.weights[4 * v + k]!;
    if (!(w > 0)) return false;
    const j = skin.joints[4 * v + k]!;
    for (let e = 0; e < k; e++) if (skin.joints[4 * v + e] === j && skin.weights[4 * v + e]! > 0) return false;
    return true;
  };
  for (let v = 0; v < vertexCount; v++) for (let k = 0; k < 4; k++) if (usable(v, k)) sizes[skin.joints[4 * v + k]!]!++;
  const out = Array.from(sizes, (s) => ({ indexes: new Int32Array(s), weights: new Float64Array(s) }));
  const fill = new Int32Array(jointCount);
  for (let v = 0; v < vertexCount; v++) {
    for (let k = 0; k < 4; k++) {
      if (!usable(v, k)) continue;
      const j = skin.joints[4 * v + k]!;
      let w = 0;
      for (let e = k; e < 4; e++) if (skin.joints[4 * v + e] === j && skin.weights[4 * v + e]! > 0) w += skin.weights[4 * v + e]!;
      const c = out[j]!;
      c.indexes[fill[j]!] = v;
      c.weights[fill[j]!] = w;
      fill[j]!++;
    }
  }
  return out;
}

/** A column-major 4x4 translation matrix, FBX's layout (translation in elements 12..14). */
function translation(x: number, y: number, z: number): Float64Array {
  return Float64Array.from([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1]);
}

/** World rest matrix of a joint: T(position) · R(orientation). */
function restMatrix(p: readonly [number, number, number], q: Quat): Float64Array {
  return multiply(translationMatrix(p[0], p[1], p[2]), fromQuat(q[0], q[1], q[2], q[3]));
}

/** Its inverse: R⁻¹ · T(−position). */
function inverseRestMatrix(p: readonly [number, number, number], q: Quat): Float64Array {
  const inv = quatInvert(q);
  return multiply(fromQuat(inv[0], inv[1], inv[2], inv[3]), translationMatrix(-p[0], -p[1], -p[2]));
}

function geometryNode(mesh: Mesh, id: number, name: string): FbxNode {
  const p = mesh.positions;
  const idx = mesh.indices;
  const vertexCount = p.length / 3;
  const triangleCount = idx.length / 3;
  const vertices = Float64Array.from(p);
  const polygonVertexIndex = new Int32Array(idx.length);
  const cornerIndex = new Int32Array(idx.length);
  for (let i = 0; i < idx.length; i++) {
    const v = idx[i]!;
    cornerIndex[i] = v;
    polygonVertexIndex[i] = i % 3 === 2 ? ~v : v;
  }

  const vertexNormals = usableNormals(mesh) ?? smoothNormals(p, idx);
  const normals = new Float64Array(idx.length * 3);
  for (let i = 0; i < idx.length; i++) {
    const v = idx[i]!;
    normals[3 * i] = vertexNormals[3 * v]!;
    normals[3 * i + 1] = vertexNormals[3 * v + 1]!;
    normals[3 * i + 2] = vertexNormals[3 * v + 2]!;
  }

  const layerElements: FbxNode[] = [
    node('LayerElementNormal', [fbx.int(0)], [
      leaf('Version', fbx.int(101)),
      leaf('Name', fbx.string('')),
      leaf('MappingInformationType', fbx.string('ByPolygonVertex')),
      leaf('ReferenceInformationType', fbx.string('Direct')),
      leaf('Normals', fbx.doubles(normals)),
    ]),
  ];
  const layer: FbxNode[] = [layerRef('LayerElementNormal')];

  if (mesh.uvs && mesh.uvs.length >= vertexCount * 2) {
    const uv = new Float64Array(vertexCount * 2);
    for (let v = 0; v < vertexCount; v++) {
      const u = mesh.uvs[2 * v]!, w = mesh.uvs[2 * v + 1]!;
      uv[2 * v] = Number.isFinite(u) ? u : 0;
      uv[2 * v + 1] = Number.isFinite(w) ? 1 - w : 0;
    }
    layerElements.push(
      node('LayerElementUV', [fbx.int(0)], [
        leaf('Version', fbx.int(101)),
        leaf('Name', fbx.string('UVMap')),
        leaf('MappingInformationType', fbx.string('ByPolygonVertex')),
        leaf('ReferenceInformationType', fbx.string('IndexToDirect')),
        leaf('UV', fbx.doubles(uv)),
        leaf('UVIndex', fbx.ints(cornerIndex)),
      ]),
    );
    layer.push(layerRef('LayerElementUV'));
  }

  if (mesh.colors && mesh.colors.length >= vertexCount * 4) {
    layerElements.push(
      node('LayerElementColor', [fbx.int(0)], [
        leaf('Version', fbx.int(101)),
        leaf('Name', fbx.string('Col')),
        leaf('MappingInformationType', fbx.string('ByPolygonVertex')),
        leaf('ReferenceInformationType', fbx.string('IndexToDirect')),
        leaf('Colors', fbx.doubles(Float64Array.from(mesh.colors.subarray(0, vertexCount * 4), (c) => (Number.isFinite(c) ? c : 1)))),
        leaf('ColorIndex', fbx.ints(cornerIndex)),
      ]),
    );
    layer.push(layerRef('LayerElementColor'));
  }

  const materialCount = Math.max(1, mesh.materials.length);
  const perTriangle = triangleMaterials(mesh, materialCount);
  layerElements.push(
    node('LayerElementMaterial', [fbx.int(0)], [
      leaf('Version', fbx.int(101)),
      leaf('Name', fbx.string('')),
      leaf('MappingInformationType', fbx.string('ByPolygon')),
      leaf('ReferenceInformationType', fbx.string('IndexToDirect')),
      leaf('Materials', fbx.ints(new Int32Array(perTriangle.buffer, perTriangle.byteOffset, triangleCount))),
    ]),
  );
  layer.push(layerRef('LayerElementMaterial'));

  return node('Geometry', [fbx.long(id), fbx.objectName(name, 'Geometry'), fbx.string('Mesh')], [
    leaf('GeometryVersion', fbx.int(124)),
    leaf('Vertices', fbx.doubles(vertices)),
    leaf('PolygonVertexIndex', fbx.ints(polygonVertexIndex)),
    ...layerElements,
    node('Layer', [fbx.int(0)], [leaf('Version', fbx.int(100)), ...layer]),
  ]);
}

function layerRef(type: string): FbxNode {
  return node('LayerElement', [], [leaf('Type', fbx.string(type)), leaf('TypedIndex', fbx.int(0))]);
}

function usableNormals(mesh: Mesh): Float32Array | undefined {
  const n = mesh.normals;
  if (!n || n.length < mesh.positions.length) return undefined;
  for (let i = 0; i < mesh.positions.length; i++) if (!Number.isFinite(n[i]!)) return undefined;
  return n;
}

/** Area-weighted vertex normals, for meshes read without normals; unused vertices get +Y. */
function smoothNormals(p: Float32Array, idx: Uint32Array): Float32Array {
  const acc = new Float64Array(p.length);
  for (let t = 0; t < idx.length; t += 3) {
    const a = 3 * idx[t]!, b = 3 * idx[t + 1]!, c = 3 * idx[t + 2]!;
    const ux = p[b]! - p[a]!, uy = p[b + 1]! - p[a + 1]!, uz = p[b + 2]! - p[a + 2]!;
    const vx = p[c]! - p[a]!, vy = p[c + 1]! - p[a + 1]!, vz = p[c + 2]! - p[a + 2]!;
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    for (const k of [a, b, c]) {
      acc[k] = acc[k]! + nx;
      acc[k + 1] = acc[k + 1]! + ny;
      acc[k + 2] = acc[k + 2]! + nz;
    }
  }
  const out = new Float32Array(p.length);
  for (let i = 0; i < p.length; i += 3) {
    const l = Math.hypot(acc[i]!, acc[i + 1]!, acc[i + 2]!);
    if (l > 0) {
      out[i] = acc[i]! / l;
      out[i + 1] = acc[i + 1]! / l;
      out[i + 2] = acc[i + 2]! / l;
    } else {
      out[i + 1] = 1;
    }
  }
  return out;
}

function modelNode(
  id: number,
  name: string,
  type: 'Mesh' | 'LimbNode',
  local: [number, number, number],
  rotation: [number, number, number] = [0, 0, 0],
): FbxNode {
  const props: FbxNode[] = [
    p70('Lcl Translation', 'Lcl Translation', '', 'A', fbx.double(local[0]), fbx.double(local[1]), fbx.double(local[2])),
    p70('Lcl Rotation', 'Lcl Rotation', '', 'A', fbx.double(rotation[0]), fbx.double(rotation[1]), fbx.double(rotation[2])),
    p70('Lcl Scaling', 'Lcl Scaling', '', 'A', fbx.double(1), fbx.double(1), fbx.double(1)),
    p70('InheritType', 'enum', '', '', fbx.int(1)),
  ];
  if (type === 'Mesh') props.push(p70('DefaultAttributeIndex', 'int', 'Integer', '', fbx.int(0)));
  return node('Model', [fbx.long(id), fbx.objectName(name, 'Model'), fbx.string(type)], [
    leaf('Version', fbx.int(232)),
    node('Properties70', [], props),
    leaf('Shading', fbx.bool(true)),
    leaf('Culling', fbx.string('CullingOff')),
  ]);
}

function materialNode(id: number, name: string, m: MeshMaterial): FbxNode {
  return node('Material', [fbx.long(id), fbx.objectName(name, 'Material'), fbx.string('')], [
    leaf('Version', fbx.int(102)),
    leaf('ShadingModel', fbx.string('Phong')),
    leaf('MultiLayer', fbx.int(0)),
    node('Properties70', [], materialProperties(m)),
  ]);
}

function materialProperties(m: MeshMaterial): FbxNode[] {
  const c = m.baseColor.map((x) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 1));
  const rough = Number.isFinite(m.roughness) ? Math.min(1, Math.max(0, m.roughness)) : 1;
  const metal = Number.isFinite(m.metallic) ? Math.min(1, Math.max(0, m.metallic)) : 0;
  const color = (name: string, r: number, g: number, b: number): FbxNode =>
    p70(name, 'Color', '', 'A', fbx.double(r), fbx.double(g), fbx.double(b));
  const num = (name: string, v: number): FbxNode => p70(name, 'Number', '', 'A', fbx.double(v));
  return [
    color('DiffuseColor', c[0]!, c[1]!, c[2]!),
    num('DiffuseFactor', 1),
    color('AmbientColor', 0, 0, 0),
    color('SpecularColor', 1, 1, 1),
    // Phong has no roughness: a smooth surface gets a tight, strong highlight.
    num('SpecularFactor', 0.5 * (1 - rough)),
    num('ShininessExponent', 2 + 98 * (1 - rough) * (1 - rough)),
    num('ReflectionFactor', metal),
    num('TransparencyFactor', 1 - c[3]!),
    num('Opacity', c[3]!),
  ];
}

function textureNode(id: number, file: string): FbxNode {
  const name = file.replace(/\.[^.]+$/, '');
  return node('Texture', [fbx.long(id), fbx.objectName(name, 'Texture'), fbx.string('')], [
    leaf('Type', fbx.string('TextureVideoClip')),
    leaf('Version', fbx.int(202)),
    leaf('TextureName', fbx.objectName(name, 'Texture')),
    node('Properties70', [], [p70('UseMaterial', 'bool', '', '', fbx.int(1))]),
    leaf('Media', fbx.objectName(name, 'Video')),
    leaf('FileName', fbx.string(file)),
    leaf('RelativeFilename', fbx.string(file)),
    node('ModelUVTranslation', [fbx.double(0), fbx.double(0)]),
    node('ModelUVScaling', [fbx.double(1), fbx.double(1)]),
    leaf('Texture_Alpha_Source', fbx.string('None')),
    node('Cropping', [fbx.int(0), fbx.int(0), fbx.int(0), fbx.int(0)]),
  ]);
}

function videoNode(id: number, file: string, bytes: Uint8Array): FbxNode {
  const name = file.replace(/\.[^.]+$/, '');
  return node('Video', [fbx.long(id), fbx.objectName(name, 'Video'), fbx.string('Clip')], [
    leaf('Type', fbx.string('Clip')),
    node('Properties70', [], [p70('Path', 'KString', 'XRefUrl', '', fbx.string(file))]),
    leaf('UseMipMap', fbx.int(0)),
    leaf('Filename', fbx.string(file)),
    leaf('RelativeFilename', fbx.string(file)),
    leaf('Content', fbx.raw(bytes)),
  ]);
}

function headerExtension(creator: string): FbxNode {
  const stamp: [string, number][] = [
    ['Version', 1000], ['Year', 1970], ['Month', 1], ['Day', 1], ['Hour', 10], ['Minute', 0], ['Second', 0], ['Millisecond', 0],
  ];
  return node('FBXHeaderExtension', [], [
    leaf('FBXHeaderVersion', fbx.int(1003)),
    leaf('FBXVersion', fbx.int(FBX_VERSION)),
    leaf('EncryptionType', fbx.int(0)),
    node('CreationTimeStamp', [], stamp.map(([k, v]) => leaf(k, fbx.int(v)))),
    leaf('Creator', fbx.string(creator)),
    node('SceneInfo', [fbx.objectName('GlobalInfo', 'SceneInfo'), fbx.string('UserData')], [
      leaf('Type', fbx.string('UserData')),
      leaf('Version', fbx.int(100)),
      node('MetaData', [], [
        leaf('Version', fbx.int(100)),
        ...['Title', 'Subject', 'Author', 'Keywords', 'Revision', 'Comment'].map((k) => leaf(k, fbx.string(''))),
      ]),
    ]),
  ]);
}

function globalSettings(unitScaleFactor: number, startSeconds: number, stopSeconds: number): FbxNode {
  const int = (name: string, v: number): FbxNode => p70(name, 'int', 'Integer', '', fbx.int(v));
  const dbl = (name: string, v: number): FbxNode => p70(name, 'double', 'Number', '', fbx.double(v));
  return node('GlobalSettings', [], [
    leaf('Version', fbx.int(1000)),
    node('Properties70', [], [
      int('UpAxis', 1), int('UpAxisSign', 1),
      int('FrontAxis', 2), int('FrontAxisSign', 1),
      int('CoordAxis', 0), int('CoordAxisSign', 1),
      int('OriginalUpAxis', 1), int('OriginalUpAxisSign', 1),
      dbl('UnitScaleFactor', unitScaleFactor),
      dbl('OriginalUnitScaleFactor', unitScaleFactor),
      p70('AmbientColor', 'ColorRGB', 'Color', '', fbx.double(0), fbx.double(0), fbx.double(0)),
      p70('DefaultCamera', 'KString', '', '', fbx.string('Producer Perspective')),
      p70('TimeMode', 'enum', '', '', fbx.int(11)),
      p70('TimeSpanStart', 'KTime', 'Time', '', fbx.long(Math.round(startSeconds * FBX_TICKS_PER_SECOND))),
      p70('TimeSpanStop', 'KTime', 'Time', '', fbx.long(Math.round(stopSeconds * FBX_TICKS_PER_SECOND))),
      dbl('CustomFrameRate', 24),
    ]),
  ]);
}

function definitions(counts: Map<string, number>): FbxNode {
  const types: [string, number][] = [['GlobalSettings', 1], ...counts];
  return node('Definitions', [], [
    leaf('Version', fbx.int(100)),
    leaf('Count', fbx.int(types.reduce((a, [, n]) => a + n, 0))),
    ...types.map(([type, n]) => node('ObjectType', [fbx.string(type)], [leaf('Count', fbx.int(n))])),
  ]);
}
