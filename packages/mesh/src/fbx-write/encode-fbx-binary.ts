/**
 * Binary FBX 7.4 encoder: serialises an FbxNode tree into the Kaydara container.
 *
 * Layout, per the public descriptions of the format (Blender's and Assimp's readers agree):
 * a 27-byte header ("Kaydara FBX Binary  \0", 0x1A 0x00, uint32 version); node records of
 * uint32 end offset (absolute), uint32 property count, uint32 property bytes, uint8 name length,
 * name, properties, children, and a 13-byte null record closing any child list; a null record closing
 * the top level; then the footer: a 16-byte id, 4 zero bytes, zero padding to a 16-byte boundary
 * (16 when already aligned), the version again, 120 zero bytes and a fixed 16-byte magic.
 * 7.4 uses 32-bit offsets, which caps the file at 4 GiB, far above the 2M-triangle input cap.
 *
 * Sizes are computed first and the file written into one preallocated buffer, so large arrays are
 * copied once. Numeric arrays above a threshold are zlib-deflated (encoding 1), as FBX SDK files
 * do; deflate level 1 keeps most of the gain (normals and UVs compress well) at a fraction of the
 * time of the default level.
 */
import { deflateSync } from 'node:zlib';
import type { FbxNode, FbxProperty } from './fbx-node';
import { withDefaults } from '../with-defaults';

export const FBX_VERSION = 7400;

export interface EncodeFbxBinaryOptions {
  /** Arrays of at least this many bytes are deflated; Infinity disables compression. Default 1024. */
  compressAbove?: number;
  /** zlib level 1..9. Default 1. */
  compressionLevel?: number;
}

export const ENCODE_FBX_BINARY_DEFAULTS: Required<EncodeFbxBinaryOptions> = {
  compressAbove: 1024,
  compressionLevel: 1,
};

const HEADER = new Uint8Array([
  ...'Kaydara FBX Binary  '.split('').map((c) => c.charCodeAt(0)),
  0x00, 0x1a, 0x00,
]);
const FOOTER_ID = new Uint8Array([0xfa, 0xbc, 0xab, 0x09, 0xd0, 0xc8, 0xd4, 0x66, 0xb1, 0x76, 0xfb, 0x83, 0x1c, 0xf7, 0x26, 0x7e]);
const FOOTER_MAGIC = new Uint8Array([0xf8, 0x5a, 0x8c, 0x6a, 0xde, 0xf5, 0xd9, 0x7e, 0xec, 0xe9, 0x0c, 0xe3, 0x75, 0x8f, 0x29, 0x0b]);
const NULL_RECORD = 13;

/** A property with its payload already laid out (arrays possibly compressed). */
interface PreparedProperty {
  prop: FbxProperty;
  /** Array payload bytes and whether they are deflated. */
  payload?: Uint8Array;
  compressed?: boolean;
  size: number;
}

interface PreparedNode {
  name: Uint8Array;
  props: PreparedProperty[];
  propsSize: number;
  children: PreparedNode[];
  size: number;
  sentinel: boolean;
}

const utf8 = new TextEncoder();

export function encodeFbxBinary(nodes: FbxNode[], options: EncodeFbxBinaryOptions = {}): Uint8Array {
  const o = withDefaults(ENCODE_FBX_BINARY_DEFAULTS, options);

  const prepared = nodes.map((n) => prepareNode(n, o));
  let bodySize = 0;
  for (const n of prepared) bodySize += n.size;
  const beforeFooter = HEADER.length + 4 + bodySize + NULL_RECORD + FOOTER_ID.length + 4;
  const pad = 16 - (beforeFooter % 16);
  const total = beforeFooter + pad + 4 + 120 + FOOTER_MAGIC.length;

  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  out.set(HEADER, 0);
  view.setUint32(HEADER.length, FBX_VERSION, true);
  let pos = HEADER.length + 4;
  for (const n of prepared) pos = writeNode(out, view, pos, n);
  pos += NULL_RECORD;
  out.set(FOOTER_ID, pos);
  pos += FOOTER_ID.length + 4 + pad;
  view.setUint32(pos, FBX_VERSION, true);
  pos += 4 + 120;
  out.set(FOOTER_MAGIC, pos);
  return out;
}

function prepareNode(n: FbxNode, o: Required<EncodeFbxBinaryOptions>): PreparedNode {
  const name = utf8.encode(n.name);
  if (name.length > 255) throw new Error(`fbx: node name too long: ${n.name}`);
  const props = n.props.map((p) => prepareProperty(p, o));
  let propsSize = 0;
  for (const p of props) propsSize += p.size;
  const children = n.children.map((c) => prepareNode(c, o));
  // Like the FBX SDK: a child list, or a node with nothing at all, ends with a null record.
  const sentinel = children.length > 0 || props.length === 0;
  let size = NULL_RECORD + name.length + propsSize + (sentinel ? NULL_RECORD : 0);
  for (const c of children) size += c.size;
  return { name, props, propsSize, children, size, sentinel };
}

function prepareProperty(p: FbxProperty, o: Required<EncodeFbxBinaryOptions>): PreparedProperty {
  switch (p.type) {
    case 'C':
      return { prop: p, size: 2 };
    case 'Y':
      return { prop: p, size: 3 };
    case 'I':
    case 'F':
      return { prop: p, size: 5 };
    case 'D':
    case 'L':
      return { prop: p, size: 9 };
    case 'S':
    case 'R':
      return { prop: p, size: 5 + p.value.byteLength };
    default: {
      const v = p.value;
      const raw = new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
      if (raw.byteLength >= o.compressAbove) {
        const deflated = deflateSync(raw, { level: o.compressionLevel });
        if (deflated.byteLength < raw.byteLength) {
          const payload = new Uint8Array(deflated.buffer, deflated.byteOffset, deflated.byteLength);
          return { prop: p, payload, compressed: true, size: 13 + payload.byteLength };
        }
      }
      return { prop: p, payload: raw, compressed: false, size: 13 + raw.byteLength };
    }
  }
}

function writeNode(out: Uint8Array, view: DataView, start: number, n: PreparedNode): number {
  const end = start + n.size;
  view.setUint32(start, end, true);
  view.setUint32(start + 4, n.props.length, true);
  view.setUint32(start + 8, n.propsSize, true);
  out[start + 12] = n.name.length;
  out.set(n.name, start + 13);
  let pos = start + 13 + n.name.length;
  for (const p of n.props) pos = writeProperty(out, view, pos, p);
  for (const c of n.children) pos = writeNode(out, view, pos, c);
  if (n.sentinel) pos += NULL_RECORD;
  if (pos !== end) throw new Error(`fbx: node ${new TextDecoder().decode(n.name)} size mismatch`);
  return pos;
}

function writeProperty(out: Uint8Array, view: DataView, pos: number, pp: PreparedProperty): number {
  const p = pp.prop;
  out[pos] = p.type.charCodeAt(0);
  pos++;
  switch (p.type) {
    case 'C':
      out[pos] = p.value ? 1 : 0;
      return pos + 1;
    case 'Y':
      view.setInt16(pos, p.value, true);
      return pos + 2;
    case 'I':
      view.setInt32(pos, p.value, true);
      return pos + 4;
    case 'F':
      view.setFloat32(pos, p.value, true);
      return pos + 4;
    case 'D':
      view.setFloat64(pos, p.value, true);
      return pos + 8;
    case 'L':
      view.setBigInt64(pos, BigInt(p.value), true);
      return pos + 8;
    case 'S':
    case 'R':
      view.setUint32(pos, p.value.byteLength, true);
      out.set(p.value, pos + 4);
      return pos + 4 + p.value.byteLength;
    default: {
      const payload = pp.payload!;
      view.setUint32(pos, p.value.length, true);
      view.setUint32(pos + 4, pp.compressed ? 1 : 0, true);
      view.setUint32(pos + 8, payload.byteLength, true);
      out.set(payload, pos + 12);
      return pos + 12 + payload.byteLength;
    }
  }
}
