import { Document, WebIO } from '@gltf-transform/core';
import { createVertexAccessor } from '../src/glb/vertex-accessor';

/** A document with three vertex attributes and indices, made by `make` for the attributes. */
async function written(make: (doc: Document, name: string) => ReturnType<Document['createAccessor']>): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const position = make(doc, 'POSITION').setType('VEC3').setBuffer(buffer).setArray(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0.5]));
  // Written over: the accessor must answer the last array and type, not the first.
  const uv = make(doc, 'TEXCOORD_0').setType('VEC3').setBuffer(buffer).setArray(new Float32Array(12).fill(7));
  expect(uv.getElementSize()).toBe(3); // read before the write
  uv.setType('VEC2').setArray(new Float32Array([0, 0, 1, 0, 0, 1, 1, 1]));
  const joints = make(doc, 'JOINTS_0').setType('VEC4').setBuffer(buffer).setArray(new Uint16Array([0, 1, 0, 0, 1, 0, 0, 0, 2, 1, 0, 0, 0, 2, 1, 0]));
  const prim = doc.createPrimitive().setAttribute('POSITION', position).setAttribute('TEXCOORD_0', uv).setAttribute('JOINTS_0', joints)
    .setIndices(doc.createAccessor().setType('SCALAR').setBuffer(buffer).setArray(new Uint16Array([0, 1, 2, 2, 1, 3])));
  doc.createMesh('m').addPrimitive(prim);
  return new WebIO().writeBinary(doc);
}

describe('createVertexAccessor', () => {
  it("answers the graph's layout after every write, so the GLB is the plain accessor's byte for byte", async () => {
    const plain = await written((doc, name) => doc.createAccessor(name));
    const fast = await written((doc, name) => createVertexAccessor(doc, name));
    expect(Buffer.from(fast).equals(Buffer.from(plain))).toBe(true);
  });

  it('reads its layout again after a write to its attributes', () => {
    const doc = new Document();
    doc.createBuffer();
    const a = createVertexAccessor(doc, 'NORMAL').setType('VEC3').setArray(new Float32Array(6));
    expect([a.getElementSize(), a.getComponentSize(), a.getCount()]).toEqual([3, 4, 2]);
    a.setType('VEC2').setArray(new Uint8Array(8));
    expect([a.getElementSize(), a.getComponentSize(), a.getComponentType(), a.getCount()]).toEqual([2, 1, 5121, 4]);
    expect(doc.getRoot().listAccessors()).toContain(a);
    expect(a.getBuffer()).toBe(doc.getRoot().listBuffers()[0]);
  });
});
