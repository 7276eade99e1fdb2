/** Indexes an FBX scene's objects and connections once, for the mesh and the clip readers. */
import { fail } from '../mesh-assembler';
import { asString, childrenNamed, idKey, type FbxNode } from './fbx-node';

/*
 * The object/connection graph of an FBX scene, the one the mesh reader (read-fbx.ts) and the
 * animation reader (animation/read-fbx-animation.ts) both walk: every node of the Objects
 * section keyed by its id, and the Connections section's "C" records as child → parent and
 * parent → child links, each with its property name ("" for an object-to-object link, e.g.
 * "Lcl Rotation" or "d|X" for an object-to-property one). Links to ids that are not objects are
 * kept but never resolved, so a dangling connection is ignored rather than fatal.
 */

/** One node of the Objects section. */
export interface FbxObject {
  node: FbxNode;
  id: string;
  /** The display name, without the encoding's class decoration. */
  name: string;
  /** The third property: "Mesh", "LimbNode", "Null", … */
  kind: string;
  /** Position in the Objects section (file order). */
  index: number;
}

/** A resolved connection: the object at the other end and the property it is wired to. */
export interface FbxLink {
  object: FbxObject;
  prop: string;
}

interface RawLink {
  id: string;
  prop: string;
}

export class FbxSceneIndex {
  /** Objects by id, in file order; a repeated id keeps its first position and its last node. */
  readonly objects = new Map<string, FbxObject>();
  /** The Objects section's nodes in file order, repeats included. */
  readonly objectNodes: readonly FbxNode[];
  private readonly parentLinks = new Map<string, RawLink[]>();
  private readonly childLinks = new Map<string, RawLink[]>();

  /** Fails with `fbx` when the file has no Objects section (truncated, or not a scene). */
  constructor(top: readonly FbxNode[]) {
    const objects = top.find((n) => n.name === 'Objects');
    if (!objects) fail('fbx', 'no Objects section (truncated or not a scene file)');
    this.objectNodes = objects.children;
    objects.children.forEach((node, index) => {
      const id = idKey(node.props[0]);
      this.objects.set(id, { node, id, name: objectName(asString(node.props[1])), kind: asString(node.props[2]), index });
    });
    for (const c of childrenNamed(top.find((n) => n.name === 'Connections'), 'C')) {
      const childId = idKey(c.props[1]);
      const parentId = idKey(c.props[2]);
      const prop = asString(c.props[3]);
      push(this.parentLinks, childId, { id: parentId, prop });
      push(this.childLinks, parentId, { id: childId, prop });
    }
  }

  /** The objects `id` is connected to (its parents), in Connections order. */
  parents(id: string): FbxLink[] {
    return this.resolve(this.parentLinks.get(id));
  }

  /** The objects connected to `id` (its children), in Connections order. */
  children(id: string): FbxLink[] {
    return this.resolve(this.childLinks.get(id));
  }

  private resolve(links: RawLink[] | undefined): FbxLink[] {
    const out: FbxLink[] = [];
    for (const l of links ?? []) {
      const object = this.objects.get(l.id);
      if (object) out.push({ object, prop: l.prop });
    }
    return out;
  }
}

/** Binary names are "Name\0\x01Class", ASCII ones "Class::Name". */
function objectName(raw: string): string {
  return raw.includes('\0\x01') ? raw.split('\0\x01')[0]! : raw.includes('::') ? raw.slice(raw.indexOf('::') + 2) : raw;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
