/** Parses binary FBX into the node tree the readers walk. */
import { inflateSync } from 'node:zlib';
import { fail } from '../mesh-assembler';
import { inflatedBytesBudget } from '../read-limits';
import type { FbxNode, FbxValue } from './fbx-node';

/*
 * Binary FBX (Kaydara) node-record parser. Each record is: end offset, property count, property
 * bytes, name, properties, nested records, with 32-bit header fields before version 7500 and
 * 64-bit ones from 7500 on. Arrays may be zlib-compressed. Every length is checked against the
 * bytes left (or, for compressed arrays, against zlib's maximum ratio) before anything is
 * allocated, and inflate is capped at the declared size. Each cap alone still let eight 256 MB
 * zero arrays in a 2 MB file inflate 2 GB one after the other, so the declared sizes of all arrays
 * are also charged against one total budget (`inflatedBytesBudget`) before each inflate.
 */

const MAGIC = 'Kaydara FBX Binary  \0';
const MAX_DEPTH = 64;
/** zlib cannot expand more than ~1032:1; anything claiming more is lying. */
const MAX_INFLATE_RATIO = 1100;
const MAX_ARRAY_BYTES = 1 << 30;

export interface ParseFbxBinaryOptions {
  /** Total bytes all arrays may decode to. Default `inflatedBytesBudget(bytes.length)`. */
  maxArrayBytes?: number;
}

export function parseFbxBinary(bytes: Uint8Array, options: ParseFbxBinaryOptions = {}): { version: number; nodes: FbxNode[] } {
  const budget = options.maxArrayBytes ?? inflatedBytesBudget(bytes.length);
  let spent = 0;
  if (bytes.length < 27 || Buffer.from(bytes.subarray(0, 21)).toString('latin1') !== MAGIC) fail('fbx', 'not a binary FBX file');
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = dv.getUint32(23, true);
  if (version < 7000 || version >= 8000) fail('fbx', `unsupported binary FBX version ${version} (7.x is supported)`);
  const wide = version >= 7500;
  const headerBytes = wide ? 25 : 13;
  let pos = 27;

  const u = (at: number): number => {
    if (!wide) return dv.getUint32(at, true);
    const v = dv.getBigUint64(at, true);
    if (v > BigInt(Number.MAX_SAFE_INTEGER)) fail('fbx', 'a record length is absurd');
    return Number(v);
  };

  const readNode = (limit: number, depth: number): FbxNode | null => {
    if (pos + headerBytes > limit) fail('fbx', 'file is truncated (a node header runs past its parent)');
    const end = u(pos);
    const numProps = u(pos + (wide ? 8 : 4));
    const propLength = u(pos + (wide ? 16 : 8));
    const nameLength = dv.getUint8(pos + (wide ? 24 : 12));
    if (end === 0 && numProps === 0 && propLength === 0 && nameLength === 0) {
      pos += headerBytes;
      return null;
    }
    if (depth > MAX_DEPTH) fail('fbx', `nodes nested deeper than ${MAX_DEPTH}`);
    if (end > limit || end < pos + headerBytes + nameLength + propLength) fail('fbx', 'file is truncated or corrupt (a node runs past its end)');
    pos += headerBytes;
    const name = Buffer.from(bytes.buffer, bytes.byteOffset + pos, nameLength).toString('latin1');
    pos += nameLength;
    const propEnd = pos + propLength;
    if (numProps > propLength) fail('fbx', `node "${name}" declares more properties than bytes`);
    const props: FbxValue[] = [];
    for (let i = 0; i < numProps; i++) props.push(readProp(propEnd, name));
    if (pos !== propEnd) fail('fbx', `node "${name}" has inconsistent property sizes`);
    const children: FbxNode[] = [];
    while (pos < end) {
      const c = readNode(end, depth + 1);
      if (!c) break;
      children.push(c);
    }
    pos = end;
    return { name, props, children };
  };

  const need = (n: number, limit: number, what: string) => {
    if (n < 0 || pos + n > limit) fail('fbx', `file is truncated (${what} runs past its node)`);
  };

  const readProp = (limit: number, nodeName: string): FbxValue => {
    need(1, limit, 'a property');
    const type = String.fromCharCode(dv.getUint8(pos));
    pos += 1;
    switch (type) {
      case 'Y': need(2, limit, 'a value'); pos += 2; return dv.getInt16(pos - 2, true);
      case 'C': need(1, limit, 'a value'); pos += 1; return dv.getUint8(pos - 1) !== 0;
      case 'I': need(4, limit, 'a value'); pos += 4; return dv.getInt32(pos - 4, true);
      case 'F': need(4, limit, 'a value'); pos += 4; return dv.getFloat32(pos - 4, true);
      case 'D': need(8, limit, 'a value'); pos += 8; return dv.getFloat64(pos - 8, true);
      case 'L': {
        need(8, limit, 'a value');
        const v = dv.getBigInt64(pos, true);
        pos += 8;
        return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
      }
      case 'S':
      case 'R': {
        need(4, limit, 'a string');
        const n = dv.getUint32(pos, true);
        pos += 4;
        need(n, limit, 'a string');
        const raw = bytes.subarray(pos, pos + n);
        pos += n;
        return type === 'S' ? Buffer.from(raw).toString('utf8') : raw;
      }
      case 'f': case 'd': case 'l': case 'i': case 'b': return readArray(type, limit, nodeName);
      default: return fail('fbx', `unknown property type "${type}" in node "${nodeName}"`);
    }
  };

  const readArray = (type: string, limit: number, nodeName: string): FbxValue => {
    need(12, limit, 'an array header');
    const length = dv.getUint32(pos, true);
    const encoding = dv.getUint32(pos + 4, true);
    const stored = dv.getUint32(pos + 8, true);
    pos += 12;
    need(stored, limit, 'an array');
    const elem = type === 'd' || type === 'l' ? 8 : type === 'b' ? 1 : 4;
    const size = length * elem;
    if (size > MAX_ARRAY_BYTES) fail('fbx', `array in "${nodeName}" is absurdly large (${length} elements)`);
    let data: Uint8Array;
    if (encoding === 0) {
      if (stored !== size) fail('fbx', `array in "${nodeName}" has inconsistent sizes`);
      data = bytes.subarray(pos, pos + stored);
    } else if (encoding === 1) {
      if (size > stored * MAX_INFLATE_RATIO + 64) fail('fbx', `compressed array in "${nodeName}" claims an impossible size`);
      // Charged before inflating, from the declared size, so a bomb is refused at its header.
      spent += size;
      if (spent > budget) {
        fail('fbx', `compressed arrays decode to more than the limit of ${budget} bytes in total (at least ${spent}, from a ${bytes.length}-byte file)`);
      }
      try {
        data = new Uint8Array(inflateSync(bytes.subarray(pos, pos + stored), { maxOutputLength: Math.max(size, 1) }));
      } catch {
        return fail('fbx', `compressed array in "${nodeName}" is corrupt`);
      }
      if (data.length !== size) fail('fbx', `compressed array in "${nodeName}" has the wrong size`);
    } else {
      return fail('fbx', `unknown array encoding ${encoding} in "${nodeName}"`);
    }
    pos += stored;
    const adv = new DataView(data.buffer, data.byteOffset, data.byteLength);
    switch (type) {
      case 'f': { const out = new Float32Array(length); for (let i = 0; i < length; i++) out[i] = adv.getFloat32(i * 4, true); return out; }
      case 'i': { const out = new Int32Array(length); for (let i = 0; i < length; i++) out[i] = adv.getInt32(i * 4, true); return out; }
      case 'd': { const out = new Float64Array(length); for (let i = 0; i < length; i++) out[i] = adv.getFloat64(i * 8, true); return out; }
      case 'l': { const out = new Float64Array(length); for (let i = 0; i < length; i++) out[i] = Number(adv.getBigInt64(i * 8, true)); return out; }
      default: { const out = new Int32Array(length); for (let i = 0; i < length; i++) out[i] = data[i]!; return out; }
    }
  };

  const nodes: FbxNode[] = [];
  while (pos + headerBytes <= bytes.length) {
    const n = readNode(bytes.length, 0);
    if (!n) break;
    nodes.push(n);
  }
  if (nodes.length === 0) fail('fbx', 'file is truncated (no nodes)');
  return { version, nodes };
}
