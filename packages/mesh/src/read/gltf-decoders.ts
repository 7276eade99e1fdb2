// The compressed-geometry decoders (Draco, meshopt) the glTF reader needs, created once per process and only when a file uses them.
import type { DecoderModule } from 'draco3dgltf';
import { isObject, list, type GltfJson } from './parse-gltf-container';

/** The official decoders, ready to be called synchronously. */
export interface GltfDecoders {
  /** Google's Draco decoder (WASM), from `draco3dgltf`. */
  draco?: DecoderModule;
  /** meshoptimizer's decoder (WASM), from `meshoptimizer`. */
  meshopt?: MeshoptDecoderApi;
}

/** The part of `MeshoptDecoder` the reader uses. */
export interface MeshoptDecoderApi {
  decodeGltfBuffer: (target: Uint8Array, count: number, size: number, source: Uint8Array, mode: string, filter?: string) => void;
}

export const DRACO_EXTENSION = 'KHR_draco_mesh_compression';
export const MESHOPT_EXTENSIONS = ['EXT_meshopt_compression', 'KHR_meshopt_compression'] as const;

let draco: Promise<DecoderModule> | null = null;
let meshopt: Promise<MeshoptDecoderApi> | null = null;

/**
 * The decoders a glTF document declares it uses (`extensionsUsed`), created on first need and
 * reused: the Draco module costs ~10 ms and a few MB to instantiate, so it is never created for
 * files that do not need it. A module that failed to load is retried on the next file.
 */
export async function gltfDecodersFor(json: GltfJson): Promise<GltfDecoders> {
  const used = new Set(list(json.extensionsUsed).concat(list(json.extensionsRequired)).filter((e) => typeof e === 'string'));
  const out: GltfDecoders = {};
  if (used.has(DRACO_EXTENSION)) out.draco = await dracoModule();
  if (MESHOPT_EXTENSIONS.some((e) => used.has(e))) out.meshopt = await meshoptModule();
  return out;
}

/**
 * Forgets the Draco module after it trapped (a WASM abort, e.g. out of memory, leaves an
 * Emscripten module unusable), so the next file gets a fresh one.
 */
export function discardDracoModule(): void {
  draco = null;
}

function dracoModule(): Promise<DecoderModule> {
  draco ??= import('draco3dgltf').then((m) => m.createDecoderModule({})).catch((e: unknown) => {
    draco = null;
    throw e;
  });
  return draco;
}

function meshoptModule(): Promise<MeshoptDecoderApi> {
  meshopt ??= import('meshoptimizer/decoder')
    .then(async ({ MeshoptDecoder }) => {
      await MeshoptDecoder.ready;
      return MeshoptDecoder;
    })
    .catch((e: unknown) => {
      meshopt = null;
      throw e;
    });
  return meshopt;
}

/** The extension object of a glTF property, or undefined. */
export function extensionOf(property: GltfJson, name: string): GltfJson | undefined {
  const ext = isObject(property.extensions) ? property.extensions[name] : undefined;
  return isObject(ext) ? ext : undefined;
}
