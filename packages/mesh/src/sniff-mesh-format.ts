/** The mesh file formats the readers understand. */
export type MeshFormat = 'glb' | 'gltf' | 'obj' | 'stl' | 'fbx' | 'zip';

const TEXT_PROBE = 64 * 1024;

/**
 * Names the format of a mesh file from its bytes alone (file names and MIME types lie), or null.
 *
 * Binary signatures are exact (glTF, FBX and zip magic; a zip is opened by `readMesh`, which finds the model in it); text formats are recognised by their first
 * keywords. Binary STL has no magic, only a size rule (84 + 50 × triangles); because many binary
 * STL headers start with "solid", a size match wins over the ASCII test unless the body is pure
 * text with "facet" in it. Only the first 64 KiB are decoded, except for a byte search of OBJ faces
 * and of the glTF "asset" key, which may come late in a large file.
 */
export function sniffMeshFormat(bytes: Uint8Array): MeshFormat | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length >= 12 && buf.readUInt32LE(0) === 0x46546c67) return 'glb';
  if (buf.length >= 23 && buf.toString('latin1', 0, 18) === 'Kaydara FBX Binary') return 'fbx';
  // A local file header, or the end record of an empty archive.
  if (buf.length >= 22 && (buf.readUInt32LE(0) === 0x04034b50 || buf.readUInt32LE(0) === 0x06054b50)) return 'zip';

  const head = buf.toString('latin1', 0, Math.min(buf.length, TEXT_PROBE));
  const text = !/[\x00-\x08\x0e-\x1a\x7f]/.test(head.slice(0, 4096));
  const lead = head.replace(/^\ufeff|^\xef\xbb\xbf/, '').trimStart();

  if (text && lead.startsWith('{') && buf.indexOf('"asset"', 0, 'latin1') >= 0) return 'gltf';
  if (text && (lead.startsWith('; FBX') || head.includes('FBXHeaderExtension'))) return 'fbx';

  if (buf.length >= 84) {
    const n = buf.readUInt32LE(80);
    if (84 + 50 * n === buf.length) {
      const asciiLike = lead.startsWith('solid') && !/[^\t\n\r\x20-\x7e]/.test(head) && /\bfacet\b/.test(head);
      if (!asciiLike) return 'stl';
    }
  }
  // "solid" then binary bytes: a binary STL whose size rule fails (truncated); let the reader say so.
  if (/^solid\b/.test(lead) && (!text || /\bfacet\b/.test(head))) return 'stl';
  if (!text) return null;
  if (/^[ \t]*v[ \t]+[-+.\d]/m.test(head) && (/^[ \t]*f[ \t]/m.test(head) || buf.indexOf('\nf ', 0, 'latin1') >= 0)) return 'obj';
  return null;
}
