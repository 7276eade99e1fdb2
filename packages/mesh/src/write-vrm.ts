/**
 * Writes a rigged humanoid as VRM 1.0: a GLB (writeGlb's, unchanged) whose glTF JSON carries the
 * `VRMC_vrm` extension — the meta block and the humanoid map, each VRM bone naming the node of
 * its joint. Readers such as @pixiv/three-vrm load it as a VRM with its humanoid bones.
 */
import { EngineError } from './mesh-error';
import type { Mesh } from './mesh-model';
import { writeGlb, type WriteGlbOptions } from './write-glb';

/** The spec's required `meta` fields (the rest take their documented defaults). */
export interface VrmMeta {
  name: string;
  authors: string[];
  /** The license the model is under; default the VRM Public License 1.0. */
  licenseUrl?: string;
}

export interface WriteVrmOptions extends Omit<WriteGlbOptions, 'rig'> {
  rig: NonNullable<WriteGlbOptions['rig']>;
  /** VRM 1.0 humanoid bone name (`hips`, `leftUpperArm`) → index in `rig.skeleton.joints`. */
  humanBones: Readonly<Record<string, number>>;
  meta: VrmMeta;
}

export const VRM_PUBLIC_LICENSE_URL = 'https://vrm.dev/licenses/1.0/';

const GLB_MAGIC = 0x46546c67;
const CHUNK_JSON = 0x4e4f534a;

export async function writeVrm(mesh: Mesh, options: WriteVrmOptions): Promise<Uint8Array> {
  const { humanBones, meta, ...glbOptions } = options;
  // VRM 1.0's humanoid rests in a world-aligned T-pose: a preset's joint rest rotations (Mixamo's
  // bone frames) are not written, so every bone's rest is the identity, as three-vrm expects.
  const joints = glbOptions.rig.skeleton.joints.map(({ rotation: _rotation, ...joint }) => joint);
  const glb = await writeGlb(mesh, { ...glbOptions, rig: { ...glbOptions.rig, skeleton: { joints } } });
  const { json, rest } = splitGlb(glb);
  // writeGlb adds the joints to its one skin in skeleton order: the skin's joint list is the map
  // from joint index to node index.
  const skinJoints = readSkinJoints(json);
  const bones: Record<string, { node: number }> = {};
  for (const [bone, joint] of Object.entries(humanBones)) {
    const node = skinJoints[joint];
    if (node === undefined) throw new EngineError('invalid_input', `writeVrm: humanoid bone ${bone} names joint ${joint}, which the skeleton does not have`);
    bones[bone] = { node };
  }
  json.extensionsUsed = [...(Array.isArray(json.extensionsUsed) ? json.extensionsUsed : []), 'VRMC_vrm'];
  json.extensions = {
    ...(isObject(json.extensions) ? json.extensions : {}),
    VRMC_vrm: {
      specVersion: '1.0',
      meta: { name: meta.name, authors: meta.authors, licenseUrl: meta.licenseUrl ?? VRM_PUBLIC_LICENSE_URL },
      humanoid: { humanBones: bones },
    },
  };
  return joinGlb(json, rest);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function readSkinJoints(json: Record<string, unknown>): number[] {
  const skins = json.skins;
  const first: unknown = Array.isArray(skins) ? skins[0] : undefined;
  const joints = isObject(first) ? first.joints : undefined;
  if (!Array.isArray(joints) || !joints.every((j) => Number.isInteger(j))) throw new Error('writeVrm: the GLB has no skin');
  return joints.map(Number);
}

/** The GLB's JSON chunk parsed, and the bytes of every chunk after it (the binary buffer). */
function splitGlb(glb: Uint8Array): { json: Record<string, unknown>; rest: Uint8Array } {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  if (view.getUint32(0, true) !== GLB_MAGIC || view.getUint32(16, true) !== CHUNK_JSON) throw new Error('writeVrm: not a GLB');
  const length = view.getUint32(12, true);
  const parsed: unknown = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length)));
  if (!isObject(parsed)) throw new Error('writeVrm: the GLB JSON is not an object');
  return { json: parsed, rest: glb.subarray(20 + length) };
}

/** A GLB from a JSON object and the chunks after it; the JSON is padded with spaces to 4 bytes. */
function joinGlb(json: Record<string, unknown>, rest: Uint8Array): Uint8Array {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const padded = Math.ceil(text.length / 4) * 4;
  const out = new Uint8Array(12 + 8 + padded + rest.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, GLB_MAGIC, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, out.length, true);
  view.setUint32(12, padded, true);
  view.setUint32(16, CHUNK_JSON, true);
  out.set(text, 20);
  out.fill(0x20, 20 + text.length, 20 + padded);
  out.set(rest, 20 + padded);
  return out;
}
