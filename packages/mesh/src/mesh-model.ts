/**
 * The in-memory mesh every engine works on: one triangle soup with all scene transforms baked,
 * several source meshes merged into one skinnable set, materials kept per triangle range.
 * Readers produce it, the rigger and the generator consume it, writers serialise it.
 */

/**
 * An embedded image, kept as its encoded bytes so writers can pass it through untouched. KTX2
 * (Basis Universal, glTF's KHR_texture_basisu) is kept too, though only GLB can carry it and
 * nothing here decodes it; WebP is kept likewise (GLB's EXT_texture_webp).
 */
export interface MeshTexture {
  mimeType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/ktx2';
  bytes: Uint8Array;
  /**
   * The PNG or JPEG the source offered beside a KTX2 or WebP image (glTF's core `source` next to
   * the extension's), for viewers and formats that cannot use `bytes`.
   */
  fallback?: MeshTexture & { mimeType: 'image/png' | 'image/jpeg' };
}

/** A PBR metallic-roughness material, the common denominator of every format we read. */
export interface MeshMaterial {
  name: string;
  /** Linear RGBA factor, 0..1. */
  baseColor: [number, number, number, number];
  metallic: number;
  roughness: number;
  baseColorTexture?: MeshTexture;
  doubleSided?: boolean;
}

/** A range of `indices` (in indices, a multiple of 3) drawn with one material. */
export interface MeshGroup {
  materialIndex: number;
  start: number;
  count: number;
}

export interface Mesh {
  /** xyz per vertex, in the file's units, transforms baked. */
  positions: Float32Array;
  /** xyz per vertex, unit length; absent when the source had none (writers compute them). */
  normals?: Float32Array;
  /** uv per vertex (glTF convention: v down from the image's top-left). */
  uvs?: Float32Array;
  /** rgba per vertex, linear 0..1. */
  colors?: Float32Array;
  /** Three vertex indices per triangle. */
  indices: Uint32Array;
  /** Material ranges covering `indices`; empty means one default material for everything. */
  groups: MeshGroup[];
  materials: MeshMaterial[];
}

/** A joint of a skeleton in rest pose; `parent` is an index into the same array, -1 for the root. */
export interface Joint {
  name: string;
  parent: number;
  /** World-space rest position, in the mesh's units. */
  position: [number, number, number];
  /**
   * World-space rest orientation (unit quaternion x, y, z, w) of the joint's local axes, when a
   * convention asks for one (the `mixamo` preset: +Y along the bone). Absent on every joint: the
   * GLB writer writes identity rests, the FBX writer aims +Y at the child. It does not move the
   * joint or the skin: the bind pose is the same, only the frame clip rotations are local to.
   */
  rotation?: [number, number, number, number];
}

/** Joints ordered so that every parent comes before its children. */
export interface Skeleton {
  joints: Joint[];
}

/** Four influences per vertex; weights of a vertex sum to 1. */
export interface SkinWeights {
  joints: Uint16Array;
  weights: Float32Array;
}

/** A mesh with a skeleton bound to it, what the rig writers take. */
export interface RiggedMesh {
  mesh: Mesh;
  skeleton: Skeleton;
  skin: SkinWeights;
}

export function vertexCount(mesh: Mesh): number {
  return mesh.positions.length / 3;
}

export function triangleCount(mesh: Mesh): number {
  return mesh.indices.length / 3;
}

/** Rest (bind) transform of an animation joint, relative to its parent (glTF node TRS). */
export interface JointRestTransform {
  translation: [number, number, number];
  /** Unit quaternion x, y, z, w. */
  rotation: [number, number, number, number];
  scale: [number, number, number];
}

/** A joint of an animation clip's own skeleton; `parent` indexes the same array, -1 for a root. */
export interface AnimationJoint {
  name: string;
  parent: number;
  rest: JointRestTransform;
}

/**
 * One animated property of one joint. `values` holds 3 (translation, scale) or 4 (rotation
 * quaternion x, y, z, w) numbers per time; values are local to the parent joint, like glTF's.
 */
export interface AnimationTrack {
  joint: number;
  path: 'translation' | 'rotation' | 'scale';
  /** Seconds, strictly increasing. */
  times: Float32Array;
  values: Float32Array;
  interpolation: 'LINEAR' | 'STEP';
}

/**
 * A skeletal animation clip: its skeleton (parents before children) with the rest pose, and
 * tracks on those joints. Joints without a track for a path keep their rest value.
 */
export interface AnimationClip {
  name: string;
  /** Seconds from the first to the last key. */
  duration: number;
  skeleton: AnimationJoint[];
  tracks: AnimationTrack[];
}
