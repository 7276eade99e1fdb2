/**
 * The FBX document tree as the binary encoder sees it: named nodes with typed properties and child
 * nodes. Builders here keep the scene code (write-fbx.ts) readable and pick the property type codes.
 */

export type FbxProperty =
  | { type: 'C'; value: boolean }
  | { type: 'Y' | 'I' | 'F' | 'D'; value: number }
  /** int64; object ids stay below 2^53 so a number is exact. */
  | { type: 'L'; value: number }
  | { type: 'S' | 'R'; value: Uint8Array }
  | { type: 'i'; value: Int32Array }
  | { type: 'd'; value: Float64Array }
  | { type: 'f'; value: Float32Array }
  | { type: 'l'; value: BigInt64Array }
  | { type: 'b'; value: Uint8Array };

export interface FbxNode {
  name: string;
  props: FbxProperty[];
  children: FbxNode[];
}

const utf8 = new TextEncoder();

export function node(name: string, props: FbxProperty[] = [], children: FbxNode[] = []): FbxNode {
  return { name, props, children };
}

export const fbx = {
  bool: (value: boolean): FbxProperty => ({ type: 'C', value }),
  int: (value: number): FbxProperty => ({ type: 'I', value }),
  long: (value: number): FbxProperty => ({ type: 'L', value }),
  double: (value: number): FbxProperty => ({ type: 'D', value }),
  string: (value: string): FbxProperty => ({ type: 'S', value: utf8.encode(value) }),
  raw: (value: Uint8Array): FbxProperty => ({ type: 'R', value }),
  ints: (value: Int32Array): FbxProperty => ({ type: 'i', value }),
  doubles: (value: Float64Array | number[]): FbxProperty => ({
    type: 'd',
    value: value instanceof Float64Array ? value : Float64Array.from(value),
  }),
  /**
   * An object's name in binary FBX: "name\x00\x01Class" (ASCII FBX shows it as "Class::name").
   * NUL bytes in user names would end the name early in readers, so they are dropped.
   */
  objectName: (name: string, cls: string): FbxProperty => ({
    type: 'S',
    value: utf8.encode(`${name.replace(/\0/g, '')}\x00\x01${cls}`),
  }),
};

/** One "P" entry of a Properties70 block: name, type, label, flags, then the value(s). */
export function p70(name: string, type: string, label: string, flags: string, ...values: FbxProperty[]): FbxNode {
  return node('P', [fbx.string(name), fbx.string(type), fbx.string(label), fbx.string(flags), ...values]);
}

/** Shorthand for a leaf node holding one property. */
export function leaf(name: string, prop: FbxProperty): FbxNode {
  return node(name, [prop]);
}
