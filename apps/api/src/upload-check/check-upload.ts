// Decides, per upload, whether its check runs right here on the event loop or in the bounded upload-check threads.
import { isEngineError, openGlb, type GltfContainer } from '@rigforge/mesh';
import type { UploadCheckKind } from './upload-check-messages';
import type { UploadCheckOutcome, UploadCheckPool } from './upload-check-pool';
import { readMeshUpload } from './read-mesh-upload';

/**
 * Largest upload read inline. Also bounds the JSON chunk parsed below to decide, so deciding
 * costs microseconds.
 */
export const INLINE_CHECK_MAX_BYTES = 32 * 1024;
/**
 * Most vertex and index elements the reader may touch in an inline read (every attribute and the
 * indices of every primitive of every node that draws one). 20,000 elements are read in well under
 * a millisecond; the thread hop they would otherwise pay (message copy, wake-up, reply parse) is
 * worth as much as the read itself.
 */
export const INLINE_CHECK_MAX_ELEMENTS = 20_000;

/**
 * Where an upload's check runs. Small meshes (the common case of the API's own examples and of
 * low-poly props) are read inline: for them the thread round trip costs more CPU than the read.
 * Everything that could be heavy still goes to the pool, which is what bounds a hostile file's
 * memory and time: animation clips and the pre-rig check (always), any format but GLB (FBX
 * inflates zlib arrays, OBJ and STL are parsed whole before the work budget applies), GLBs over
 * INLINE_CHECK_MAX_BYTES, and GLBs whose declared work could exceed their size: shared nodes (a
 * node listed twice in the hierarchy instances its subtree again: a few hundred bytes can declare
 * 100,000 instances), extensions (compressed geometry), images (a small PNG can decode to 64 MB),
 * or more than INLINE_CHECK_MAX_ELEMENTS elements drawn. Anything unexpected in the container
 * means "pool", never an error: the reader in the thread gives the precise refusal.
 */
export function uploadCheckPlace(kind: UploadCheckKind, bytes: Uint8Array): 'inline' | 'pool' {
  return inlineGlb(kind, bytes) ? 'inline' : 'pool';
}

/**
 * The opened container of an upload to read inline, or null for the pool (`uploadCheckPlace`). It
 * is opened by the mesh reader's own `openGlb` and handed to the read, so a small GLB's JSON chunk
 * is parsed once per submission, not once here and again in `readMesh` (issue 25).
 */
function inlineGlb(kind: UploadCheckKind, bytes: Uint8Array): GltfContainer | null {
  if (kind !== 'mesh' || bytes.byteLength > INLINE_CHECK_MAX_BYTES) return null;
  const glb = glbContainer(bytes);
  return glb && drawnElements(glb.json) <= INLINE_CHECK_MAX_ELEMENTS ? glb : null;
}

/**
 * Checks an upload where `uploadCheckPlace` says, with the same outcome either way: the format
 * read, or the reader's refusal as `ok: false`; a defect of ours rejects.
 */
export async function checkUpload(pool: Pick<UploadCheckPool, 'check'>, kind: UploadCheckKind, bytes: Uint8Array): Promise<UploadCheckOutcome> {
  const glb = inlineGlb(kind, bytes);
  if (!glb) return pool.check(kind, bytes);
  try {
    return { ok: true, ...(await readMeshUpload(bytes, glb)) };
  } catch (error) {
    if (isEngineError(error)) return { ok: false, message: error.message };
    throw new Error(`upload check failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

type Json = Record<string, unknown>;

/**
 * A GLB 2.0 container as the reader opens it, or null for anything else (the magic is checked here:
 * `openGlb` does not check it). Anything the reader would refuse, or anything unexpected, is null
 * too: the thread gives the precise refusal.
 */
function glbContainer(bytes: Uint8Array): GltfContainer | null {
  if (bytes.byteLength < 20 || Buffer.from(bytes.buffer, bytes.byteOffset, 4).toString('latin1') !== 'glTF') return null;
  try {
    return openGlb(bytes);
  } catch {
    return null;
  }
}

/**
 * Elements the reader would touch, or Infinity when the file is outside what is decided here
 * (shared nodes, extensions, images, anything malformed). With every node listed at most once
 * (in a scene or as a child), each node is drawn at most once, so the sum over nodes bounds it.
 */
function drawnElements(json: Json): number {
  if (json.extensionsUsed !== undefined || json.extensionsRequired !== undefined || json.images !== undefined) return Infinity;
  const nodes = list(json.nodes);
  const meshes = list(json.meshes);
  const accessors = list(json.accessors);
  if (!nodes || !meshes || !accessors) return Infinity;
  const listed = new Set<unknown>();
  const references = [...(list(json.scenes) ?? []).flatMap((s) => (isObject(s) ? (list(s.nodes) ?? [null]) : [null]))];
  for (const node of nodes) {
    if (!isObject(node)) return Infinity;
    references.push(...(list(node.children) ?? [null]));
  }
  for (const ref of references) {
    if (typeof ref !== 'number' || listed.has(ref)) return Infinity;
    listed.add(ref);
  }
  // Module functions, not closures over the lists: under tsx each named closure is made per call
  // with a name defined on it (see apps/api/docs/performance.md, thirteenth wave).
  // Without nodes the reader draws every mesh once.
  if (nodes.length === 0) return meshes.reduce<number>((sum, _, i) => sum + meshElements(meshes, accessors, i), 0);
  return nodes.reduce<number>((sum, node) => sum + ((node as Json).mesh === undefined ? 0 : meshElements(meshes, accessors, (node as Json).mesh)), 0);
}

/** Vertices and indices of the mesh at `index` as the reader would draw them; Infinity when unknown. */
function meshElements(meshes: unknown[], accessors: unknown[], index: unknown): number {
  const mesh = typeof index === 'number' ? meshes[index] : undefined;
  const primitives = isObject(mesh) ? list(mesh.primitives) : undefined;
  if (!primitives) return Infinity;
  let sum = 0;
  for (const p of primitives) {
    if (!isObject(p) || !isObject(p.attributes) || p.targets !== undefined) return Infinity;
    for (const a of Object.values(p.attributes)) sum += accessorCount(accessors, a);
    if (p.indices !== undefined) sum += accessorCount(accessors, p.indices);
  }
  return sum;
}

function accessorCount(accessors: unknown[], index: unknown): number {
  const accessor = typeof index === 'number' ? accessors[index] : undefined;
  return isObject(accessor) && typeof accessor.count === 'number' && accessor.count >= 0 ? accessor.count : Infinity;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The array, [] when absent, undefined when present but not an array. */
function list(value: unknown): unknown[] | undefined {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : undefined;
}
