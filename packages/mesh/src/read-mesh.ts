/** The one mesh reader entry: sniffs the format and refuses bad input with a coded error. */
import { EngineError, isEngineError } from './mesh-error';
import type { Mesh } from './mesh-model';
import { MeshWorkloadGate } from './check/mesh-workload';
import { MeshAssembler } from './read/mesh-assembler';
import { inflatedBytesBudget, MAX_TRIANGLES } from './read/read-limits';
import { unzipModel, type ArchiveFiles } from './read/unzip-model';
import { readFbx } from './read/read-fbx';
import { readGltfDocument } from './read/read-gltf';
import { gltfDecodersFor } from './read/gltf-decoders';
import { parseGltfContainer, type GltfContainer } from './read/parse-gltf-container';
import { readObj } from './read/read-obj';
import { readStl } from './read/read-stl';
import { sniffMeshFormat, type MeshFormat } from './sniff-mesh-format';
import { withDefaults } from './with-defaults';

export interface ReadMeshOptions {
  /** Refuse meshes with more triangles than this (checked before allocating). Default 2 000 000. */
  maxTriangles?: number;
  /** Refuse files larger than this many bytes. Default 512 MiB. */
  maxBytes?: number;
  /**
   * Apply `boundMeshWorkload`'s budget while reading, where a reader can (GLB/glTF, STL), so a
   * file it is certain to refuse is refused before its triangles are copied and merged; the
   * caller still runs `boundMeshWorkload` on the result. Default false.
   */
  boundWorkload?: boolean;
  /**
   * The GLB's container as `openGlb(bytes)` returned it for these same bytes, when the caller has
   * already opened it (the API reads the JSON chunk to decide where to check an upload): it is
   * used instead of parsing the JSON chunk a second time. Ignored for every other format. Default null.
   */
  openedGlb?: GltfContainer | null;
}

export const READ_MESH_DEFAULTS: Required<ReadMeshOptions> = {
  maxTriangles: MAX_TRIANGLES,
  maxBytes: 512 * 1024 * 1024,
  boundWorkload: false,
  openedGlb: null,
};

export interface ReadMeshResult {
  mesh: Mesh;
  format: MeshFormat;
  /** Things dropped or approximated (skins, animations, lines, external images...). */
  warnings: string[];
}

/**
 * Opens a GLB's container (header, chunks, the JSON chunk parsed and checked to be glTF 2.x) as
 * `readMesh` does, throwing the same `EngineError('unsupported_format', 'glb: ...')`; the result can be
 * handed to `readMesh` as `openedGlb` so the JSON chunk is parsed once.
 */
export function openGlb(bytes: Uint8Array): GltfContainer {
  return parseGltfContainer(bytes, 'glb');
}

/**
 * Reads a GLB, glTF (also Draco- or meshopt-compressed), OBJ, STL or FBX file, or a zip holding one
 * of them with the files it refers to, recognised from its content, into one Mesh with all
 * scene transforms baked and all meshes merged. Bad input of any kind throws
 * `EngineError('unsupported_format', '<format>: <what is wrong>')` and nothing else, except that
 * with `boundWorkload` a mesh past the engines' work budget is refused as `boundMeshWorkload`
 * refuses it (`invalid_input`), only earlier.
 */
export async function readMesh(bytes: Uint8Array, options: ReadMeshOptions = {}): Promise<ReadMeshResult> {
  const { maxTriangles, maxBytes, boundWorkload, openedGlb } = withDefaults(READ_MESH_DEFAULTS, options);
  if (bytes.length > maxBytes) {
    throw new EngineError('unsupported_format', `mesh: file is ${bytes.length} bytes, more than the limit of ${maxBytes}`);
  }
  const format = sniffMeshFormat(bytes);
  if (!format) {
    throw new EngineError('unsupported_format', 'mesh: unknown file format (expected GLB, glTF, OBJ, STL, FBX or zip content)');
  }
  let asm = new MeshAssembler(format, maxTriangles, boundWorkload ? new MeshWorkloadGate() : undefined);
  try {
    let model = bytes;
    let modelFormat = format;
    let files: ArchiveFiles | null = null;
    if (format === 'zip') {
      // The archive may expand to what any compressed input may (FBX arrays, meshopt views), and never past maxBytes.
      const zip = unzipModel(bytes, Math.min(maxBytes, inflatedBytesBudget(bytes.length)));
      [model, modelFormat, files] = [zip.bytes, zip.format, zip.files];
      asm = new MeshAssembler(`zip: ${zip.path.slice(0, 80)}: ${zip.format}`, maxTriangles, boundWorkload ? new MeshWorkloadGate() : undefined);
    }
    if (modelFormat === 'glb' || modelFormat === 'gltf') {
      const { json, bin } = openedGlb && format === 'glb' ? openedGlb : parseGltfContainer(model, modelFormat);
      // Draco and meshopt decoders are WASM modules created once per process, and only for files that use them.
      readGltfDocument(modelFormat, json, bin, model.length, asm, await gltfDecodersFor(json), files && ((uri) => files.resolve(uri)));
    } else if (modelFormat === 'obj') readObj(model, asm);
    else if (modelFormat === 'stl') readStl(model, asm);
    else readFbx(model, asm, files && ((path) => files.find(path)));
    const mesh = asm.build();
    return { mesh, format, warnings: asm.warnings };
  } catch (e) {
    if (isEngineError(e)) throw e;
    // A defect the readers did not anticipate (e.g. a RangeError deep in a decoder) is still the
    // input's fault: report it as such rather than as an internal error.
    const message = e instanceof Error ? e.message : String(e);
    throw new EngineError('unsupported_format', `${format}: malformed file (${message.slice(0, 200)})`);
  }
}
export type { GltfContainer } from './read/parse-gltf-container';
