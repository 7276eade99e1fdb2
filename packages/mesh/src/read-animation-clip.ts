/** Reads animation clips from GLB, glTF or FBX, so the retargeter gets one clip shape whatever the file. */
import { readFbxAnimations } from './animation/read-fbx-animation';
import { readGltfAnimations } from './animation/read-gltf-animations';
import { EngineError, isEngineError } from './mesh-error';
import type { AnimationClip } from './mesh-model';
import { sniffMeshFormat } from './sniff-mesh-format';
import { withDefaults } from './with-defaults';

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
 * Reads the skeletal animation clips of a GLB, glTF or FBX (binary 7.x or ASCII) file: one per glTF
 * animation or FBX AnimationStack, each with the file's skeleton and rest pose (CUBICSPLINE
 * resampled to LINEAR; FBX Euler curves sampled at their key times into quaternions, in the
 * mesh reader's Y-up frame and the file's units). A file without any node animation or malformed
 * data throws `EngineError('unsupported_format', ...)` and nothing else.
 */
export async function readAnimationClip(bytes: Uint8Array, options: ReadAnimationClipOptions = {}): Promise<AnimationClip[]> {
  const o = withDefaults(READ_ANIMATION_CLIP_DEFAULTS, options);
  if (bytes.length > o.maxBytes) {
    throw new EngineError('unsupported_format', `animation: file is ${bytes.length} bytes, more than the limit of ${o.maxBytes}`);
  }
  const format = sniffMeshFormat(bytes);
  if (format !== 'glb' && format !== 'gltf' && format !== 'fbx') {
    throw new EngineError('unsupported_format', 'animation: unknown file format (expected an FBX, GLB or glTF animation clip)');
  }
  try {
    if (format === 'fbx') return readFbxAnimations(bytes, { maxValues: o.maxValues });
    return readGltfAnimations(bytes, format, { maxValues: o.maxValues, cubicSamples: o.cubicSamples });
  } catch (e) {
    if (isEngineError(e)) throw e;
    const message = e instanceof Error ? e.message : String(e);
    throw new EngineError('unsupported_format', `${format}: malformed animation (${message.slice(0, 200)})`);
  }
}

/**
 * The clips of a file to keep: all of them without `wanted`, else those whose name is in `wanted`
 * (in the file's order; clips sharing a wanted name are all kept). A wanted name the file does not
 * have throws `EngineError('invalid_input')` naming the clips it has. One rule for the API (which
 * reads the names at submission, to bill per clip) and the rigger (which keeps the same clips).
 */
export function selectAnimationClips(names: readonly string[], wanted?: readonly string[]): number[] {
  if (!wanted) return names.map((_, i) => i);
  const unknown = [...new Set(wanted.filter((w) => !names.includes(w)))];
  if (unknown.length > 0) {
    const have = names.map((n) => JSON.stringify(n)).join(', ');
    throw new EngineError(
      'invalid_input',
      `animation_clips: ${unknown.map((n) => JSON.stringify(n)).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not in the animation file; its clips are ${have}`,
    );
  }
  return names.map((n, i) => (wanted.includes(n) ? i : -1)).filter((i) => i >= 0);
}
