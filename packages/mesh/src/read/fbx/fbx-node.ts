/** A property of an FBX node: scalars, strings, raw bytes, or a numeric array. */
export type FbxValue = number | bigint | boolean | string | Uint8Array | Float64Array | Float32Array | Int32Array;

/** One node of an FBX document, the same shape for the binary and the ASCII encodings. */
export interface FbxNode {
  name: string;
  props: FbxValue[];
  children: FbxNode[];
}

export function child(node: FbxNode | undefined, name: string): FbxNode | undefined {
  return node?.children.find((c) => c.name === name);
}

export function childrenNamed(node: FbxNode | undefined, name: string): FbxNode[] {
  return node ? node.children.filter((c) => c.name === name) : [];
}

/** An object id as a map key; binary int64 ids are bigint, ASCII ids numbers: both print alike. */
export function idKey(v: FbxValue | undefined): string {
  return typeof v === 'number' || typeof v === 'bigint' ? String(v) : typeof v === 'string' ? v : '';
}

export function asNumber(v: FbxValue | undefined, fallback = 0): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  return fallback;
}

export function asString(v: FbxValue | undefined): string {
  if (typeof v === 'string') return v;
  if (v instanceof Uint8Array) return Buffer.from(v).toString('latin1');
  return '';
}

/** The numeric array held by a node (binary array property or ASCII `*N { a: ... }` block). */
export function numbers(node: FbxNode | undefined): ArrayLike<number> | undefined {
  const v = node?.props[0];
  if (v instanceof Float64Array || v instanceof Float32Array || v instanceof Int32Array) return v;
  return undefined;
}
