import { readGltfAnimations } from './animation/read-gltf-animations';
import { EngineError, isEngineError } from './mesh-error';
import type { AnimationClip } from './mesh-model';
import { sniffMeshFormat } from './sniff-mesh-format';

export interface ReadAnimationClipOptions {
  /** Refuse files larger than this many bytes. Default 256 MiB. */
  maxBytes?: number;
  /** Refuse clips with more keyframe numbers (times + values) than this in total. Default 20 000 000. */
  maxValues?: number;
  /** LINEAR keys per CUBICSPLINE segment when resampling. Default 4. */
  cubicSamples?: number;
}

export const READ_ANIMATION_CLIP_DEFAULTS: Required<ReadAnimationClipOptions> = {
  maxBytes: 256 * 1024 * 1024,
  maxValues: 20_000_000,
  cubicSamples: 4,
};

/**
 * Reads the skeletal animation clips of a GLB or glTF file (one per glTF animation, each with the
 * file's skeleton and rest pose; CUBICSPLINE resampled to LINEAR). A file without any node
 * animation, an FBX file (not supported yet) or malformed data throws
 * `EngineError('unsupported_format', ...)` and nothing else.
 */
export async function readAnimationClip(bytes: Uint8Array, options: ReadAnimationClipOptions = {}): Promise<AnimationClip[]> {
  const o = { ...READ_ANIMATION_CLIP_DEFAULTS, ...definedOnly(options) };
  if (bytes.length > o.maxBytes) {
    throw new EngineError('unsupported_format', `animation: file is ${bytes.length} bytes, more than the limit of ${o.maxBytes}`);
  }
  const format = sniffMeshFormat(bytes);
  if (format === 'fbx') {
    throw new EngineError(
      'unsupported_format',
      'fbx: animation clips in FBX are not supported yet; export the clip as GLB or glTF 2.0 (e.g. import the FBX in Blender and export glTF)',
    );
  }
  if (format !== 'glb' && format !== 'gltf') {
    throw new EngineError('unsupported_format', 'animation: unknown file format (expected a GLB or glTF animation clip)');
  }
  try {
    return readGltfAnimations(bytes, format, { maxValues: o.maxValues, cubicSamples: o.cubicSamples });
  } catch (e) {
    if (isEngineError(e)) throw e;
    const message = e instanceof Error ? e.message : String(e);
    throw new EngineError('unsupported_format', `${format}: malformed animation (${message.slice(0, 200)})`);
  }
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
