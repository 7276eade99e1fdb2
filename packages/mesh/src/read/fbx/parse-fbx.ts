/** Chooses the FBX parser by the file's encoding. */
import type { FbxNode } from './fbx-node';
import { parseFbxAscii } from './parse-fbx-ascii';
import { parseFbxBinary } from './parse-fbx-binary';

/**
 * An FBX file's top-level nodes, whichever encoding it is in: binary 7.x when it opens with the
 * Kaydara magic, ASCII otherwise. The mesh reader and the animation reader both start here, so a
 * file is never binary to one and ASCII to the other.
 */
export function parseFbx(bytes: Uint8Array): FbxNode[] {
  const binary = bytes.length >= 21 && Buffer.from(bytes.subarray(0, 18)).toString('latin1') === 'Kaydara FBX Binary';
  return binary
    ? parseFbxBinary(bytes).nodes
    : parseFbxAscii(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
}
