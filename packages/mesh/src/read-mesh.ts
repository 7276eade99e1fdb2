import { EngineError, isEngineError } from './mesh-error';
import type { Mesh } from './mesh-model';
import { MeshWorkloadGate } from './check/mesh-workload';
import { MeshAssembler } from './read/mesh-assembler';
import { MAX_TRIANGLES } from './read/read-limits';
import { readFbx } from './read/read-fbx';
import { readGltfDocument } from './read/read-gltf';
import { gltfDecodersFor } from './read/gltf-decoders';
import { parseGltfContainer } from './read/parse-gltf-container';
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
}

export const READ_MESH_DEFAULTS: Required<ReadMeshOptions> = {
  maxTriangles: MAX_TRIANGLES,
  maxBytes: 512 * 1024 * 1024,
  boundWorkload: false,
};

export interface ReadMeshResult {
  mesh: Mesh;
  format: MeshFormat;
  /** Things dropped or approximated (skins, animations, lines, external images...). */
  warnings: string[];
}

/**
 * Reads a GLB, glTF (also Draco- or meshopt-compressed), OBJ, STL or FBX file, recognised from its content, into one Mesh with all
 * scene transforms baked and all meshes merged. Bad input of any kind throws
 * `EngineError('unsupported_format', '<format>: <what is wrong>')` and nothing else, except that
 * with `boundWorkload` a mesh past the engines' work budget is refused as `boundMeshWorkload`
 * refuses it (`invalid_input`), only earlier.
 */
export async function readMesh(bytes: Uint8Array, options: ReadMeshOptions = {}): Promise<ReadMeshResult> {
  const { maxTriangles, maxBytes, boundWorkload } = withDefaults(READ_MESH_DEFAULTS, options);
  if (bytes.length > maxBytes) {
    throw new EngineError('unsupported_format', `mesh: file is ${bytes.length} bytes, more than the limit of ${maxBytes}`);
  }
  const format = sniffMeshFormat(bytes);
  if (!format) {
    throw new EngineError('unsupported_format', 'mesh: unknown file format (expected GLB, glTF, OBJ, STL or FBX content)');
  }
  const asm = new MeshAssembler(format, maxTriangles, boundWorkload ? new MeshWorkloadGate() : undefined);
  try {
    if (format === 'glb' || format === 'gltf') {
      const { json, bin } = parseGltfContainer(bytes, format);
      // Draco and meshopt decoders are WASM modules created once per process, and only for files that use them.
      readGltfDocument(format, json, bin, bytes.length, asm, await gltfDecodersFor(json));
    }
    else if (format === 'obj') readObj(bytes, asm);
    else if (format === 'stl') readStl(bytes, asm);
    else readFbx(bytes, asm);
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
