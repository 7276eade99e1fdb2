/**
 * An accessor whose layout getters (its array, element size, component size and component type)
 * answer from fields rather than the property graph. gltf-transform's writer interleaves the vertex
 * attributes by calling those four getters once per vertex and attribute (`interleaveAccessors`);
 * through the graph's attribute lookups that was over a third of writing a 60k-triangle rig
 * (packages/rig/docs/speed.md, "Round 40 (skin and GLB write)"). The values are the graph's own,
 * re-read after any write to the accessor's attributes, so the written bytes are the same.
 */
import { Accessor, type Document } from '@gltf-transform/core';

type AccessorArray = ReturnType<Accessor['getArray']>;
type ComponentType = ReturnType<Accessor['getComponentType']>;
interface AccessorLayout { array: AccessorArray; elementSize: number; componentSize: number; componentType: ComponentType }

class VertexAccessor extends Accessor {
  /** The four getters' answers; undefined after a write to the accessor's attributes. */
  private layout: AccessorLayout | undefined = undefined;

  protected override set<K extends Parameters<Accessor['set']>[0]>(attribute: K, value: Parameters<Accessor['set']>[1]): this {
    this.layout = undefined;
    return super.set(attribute, value);
  }

  private read(): AccessorLayout {
    return (this.layout ??= {
      array: super.getArray(),
      elementSize: super.getElementSize(),
      componentSize: super.getComponentSize(),
      componentType: super.getComponentType(),
    });
  }

  override getArray(): AccessorArray {
    return this.read().array;
  }

  override getElementSize(): number {
    return this.read().elementSize;
  }

  override getComponentSize(): number {
    return this.read().componentSize;
  }

  override getComponentType(): ComponentType {
    return this.read().componentType;
  }
}

/** `doc.createAccessor(name)` (attached to the document's first buffer), as a {@link VertexAccessor}. */
export function createVertexAccessor(doc: Document, name = ''): Accessor {
  return new VertexAccessor(doc.getGraph(), name).setBuffer(doc.getRoot().listBuffers()[0] ?? null);
}
