/**
 * The first primitive of a Draco-compressed GLB, read into what decodeDracoPrimitive takes: its
 * compressed stream, its attribute requests, its vertex count and its indices accessor. For the
 * test and the script that call the decoder directly (its heap limit, its heap per triangle), so
 * both read the file the same way as read-gltf does.
 */
import type { DracoAttributeRequest } from '../src/read/decode-draco-primitive';
import { parseGltfContainer } from '../src/read/parse-gltf-container';

/** The part of the glTF JSON read here (a GLB glTF-Transform wrote, so trusted to have it). */
interface DracoGltfJson {
  meshes: Array<{ primitives: Array<{ attributes: Record<string, number>; indices: number; extensions: { KHR_draco_mesh_compression: { bufferView: number; attributes: Record<string, number> } } }> }>;
  accessors: Array<{ count: number; componentType: number; type: string }>;
  bufferViews: Array<{ byteOffset?: number; byteLength: number }>;
}

export interface DracoPrimitiveInput {
  stream: Uint8Array;
  requests: DracoAttributeRequest[];
  /** The POSITION accessor's count. */
  vertexCount: number;
  /** The indices accessor and its count (3 per triangle). */
  indices: { accessor: number; count: number };
}

export function firstDracoPrimitive(glb: Uint8Array): DracoPrimitiveInput {
  const { json, bin } = parseGltfContainer(glb, 'glb');
  const doc = json as unknown as DracoGltfJson;
  const prim = doc.meshes[0]!.primitives[0]!;
  const ext = prim.extensions.KHR_draco_mesh_compression;
  const view = doc.bufferViews[ext.bufferView]!;
  const stream = bin!.subarray(view.byteOffset ?? 0, (view.byteOffset ?? 0) + view.byteLength);
  const requests = Object.entries(ext.attributes).map(([name, uniqueId]) => {
    const a = doc.accessors[prim.attributes[name]!]!;
    return { accessor: prim.attributes[name]!, uniqueId, componentType: a.componentType, components: a.type === 'VEC2' ? 2 : 3 };
  });
  return {
    stream,
    requests,
    vertexCount: doc.accessors[prim.attributes.POSITION!]!.count,
    indices: { accessor: prim.indices, count: doc.accessors[prim.indices]!.count },
  };
}
