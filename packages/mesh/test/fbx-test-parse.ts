import { inflateSync } from 'node:zlib';

/** A decoded binary FBX node, for asserting on what writeFbx produced. */
export interface ParsedFbxNode {
  name: string;
  props: unknown[];
  children: ParsedFbxNode[];
}

/**
 * A minimal binary FBX 7.x (32-bit offsets) reader written for the tests, independent of the encoder:
 * it follows end offsets, checks the null records and the footer, and inflates arrays.
 */
export function parseFbxBinary(bytes: Uint8Array): { version: number; nodes: ParsedFbxNode[] } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = new TextDecoder().decode(bytes.subarray(0, 21));
  if (magic !== 'Kaydara FBX Binary  \0' || bytes[21] !== 0x1a || bytes[22] !== 0) throw new Error('bad header');
  const version = view.getUint32(23, true);
  let pos = 27;
  const readNode = (): ParsedFbxNode | undefined => {
    const end = view.getUint32(pos, true);
    const numProps = view.getUint32(pos + 4, true);
    const propLen = view.getUint32(pos + 8, true);
    const nameLen = bytes[pos + 12]!;
    if (end === 0) {
      pos += 13;
      return undefined;
    }
    const name = new TextDecoder().decode(bytes.subarray(pos + 13, pos + 13 + nameLen));
    pos += 13 + nameLen;
    const propsEnd = pos + propLen;
    const props: unknown[] = [];
    for (let i = 0; i < numProps; i++) props.push(readProp());
    if (pos !== propsEnd) throw new Error(`${name}: property length mismatch`);
    const children: ParsedFbxNode[] = [];
    if (pos < end) {
      for (;;) {
        const child = readNode();
        if (!child) break;
        children.push(child);
      }
    }
    if (pos !== end) throw new Error(`${name}: end offset ${end} but read to ${pos}`);
    return { name, props, children };
  };
  const readProp = (): unknown => {
    const t = String.fromCharCode(bytes[pos]!);
    pos++;
    switch (t) {
      case 'C': return bytes[pos++] !== 0;
      case 'Y': pos += 2; return view.getInt16(pos - 2, true);
      case 'I': pos += 4; return view.getInt32(pos - 4, true);
      case 'F': pos += 4; return view.getFloat32(pos - 4, true);
      case 'D': pos += 8; return view.getFloat64(pos - 8, true);
      case 'L': pos += 8; return Number(view.getBigInt64(pos - 8, true));
      case 'S': case 'R': {
        const n = view.getUint32(pos, true);
        const data = bytes.slice(pos + 4, pos + 4 + n);
        pos += 4 + n;
        return t === 'S' ? new TextDecoder().decode(data) : data;
      }
      case 'i': case 'd': case 'l': case 'f': case 'b': {
        const count = view.getUint32(pos, true);
        const encoding = view.getUint32(pos + 4, true);
        const len = view.getUint32(pos + 8, true);
        let data: Uint8Array = bytes.slice(pos + 12, pos + 12 + len);
        pos += 12 + len;
        if (encoding === 1) data = new Uint8Array(inflateSync(data));
        const buf = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
        const arr = t === 'i' ? new Int32Array(buf) : t === 'd' ? new Float64Array(buf) : t === 'l' ? new BigInt64Array(buf) : t === 'f' ? new Float32Array(buf) : new Uint8Array(buf);
        if (arr.length !== count) throw new Error(`array length ${arr.length} != ${count}`);
        return arr;
      }
      default:
        throw new Error(`unknown property type ${t} at ${pos - 1}`);
    }
  };
  const nodes: ParsedFbxNode[] = [];
  for (;;) {
    const n = readNode();
    if (!n) break;
    nodes.push(n);
  }
  const tail = bytes.subarray(bytes.length - 16);
  const expected = [0xf8, 0x5a, 0x8c, 0x6a, 0xde, 0xf5, 0xd9, 0x7e, 0xec, 0xe9, 0x0c, 0xe3, 0x75, 0x8f, 0x29, 0x0b];
  if (!tail.every((b, i) => b === expected[i])) throw new Error('bad footer magic');
  if (view.getUint32(bytes.length - 16 - 120 - 4, true) !== version) throw new Error('footer version mismatch');
  return { version, nodes };
}

export function child(n: ParsedFbxNode, name: string): ParsedFbxNode {
  const c = n.children.find((x) => x.name === name);
  if (!c) throw new Error(`${n.name} has no ${name}`);
  return c;
}

export function childrenNamed(n: ParsedFbxNode, name: string): ParsedFbxNode[] {
  return n.children.filter((x) => x.name === name);
}
