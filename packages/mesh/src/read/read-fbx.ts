/** Reads FBX meshes on our own parsers (not three.js's loader) into the common mesh shape. */
import type { MeshMaterial } from '../mesh-model';
import { decodeDataUri, textureFromBytes } from './decode-texture';
import { asNumber, asString, child, numbers, type FbxNode } from './fbx/fbx-node';
import { FbxSceneIndex, type FbxObject } from './fbx/fbx-scene-index';
import { fbxAxisConversion, fbxGeometricMatrix, fbxLocalMatrix, properties70, vec3 } from './fbx/fbx-transform';
import { parseFbx } from './fbx/parse-fbx';
import { flipWinding, isIdentity, multiply, transformVertices, type Mat4 } from './mat4';
import { fail, type MeshAssembler } from './mesh-assembler';
import { MAX_POLYGON_CORNERS } from './read-limits';

/*
 * FBX scene reader (binary 7.x and ASCII), on our own node-tree parsers rather than three's
 * FBXLoader: the loader expects browser globals (DOM image loading, TextDecoder paths), builds
 * three.js objects we would have to convert back, and cannot be bounded before it allocates.
 *
 * What is read: Geometry (Vertices, PolygonVertexIndex with negative end markers, the first
 * normal/UV/material layers in every mapping and reference mode), Model transforms
 * (Lcl Translation/Rotation/Scaling, Pre/PostRotation, pivots and offsets, RotationOrder,
 * geometric transforms) composed through the Connections hierarchy, the file's axis system
 * (converted to Y-up, Z-front), Materials (DiffuseColor × DiffuseFactor, opacity, shininess) and
 * embedded Video content for the diffuse texture. Skins, blend shapes and animation are dropped.
 */

/** Reads a binary or ASCII FBX into the assembler. */
export function readFbx(bytes: Uint8Array, asm: MeshAssembler, external: ((path: string) => Uint8Array | null) | null = null): void {
  new FbxScene(parseFbx(bytes), asm, external).read();
}

class FbxScene {
  private readonly worlds = new Map<string, Mat4>();
  private readonly materialIndex = new Map<string, number>();

  private readonly scene: FbxSceneIndex;

  constructor(
    private readonly top: FbxNode[],
    private readonly asm: MeshAssembler,
    private readonly external: ((path: string) => Uint8Array | null) | null,
  ) {
    this.scene = new FbxSceneIndex(top);
  }

  read(): void {
    const { asm, scene } = this;
    for (const node of scene.objectNodes) {
      if (node.name === 'Deformer') asm.warn('fbx: the existing skin and blend shapes were dropped; the mesh is read in its bind pose');
      if (node.name === 'AnimationStack') asm.warn('fbx: animations were dropped');
    }
    const axes = this.axisConversion();

    const geometries = [...scene.objects.values()].filter((o) => o.node.name === 'Geometry' && (o.kind === 'Mesh' || child(o.node, 'Vertices')));
    // Count first so the triangle cap is enforced before any vertex array is built.
    const instances: Array<{ geometry: FbxObject; model: FbxObject | null }> = [];
    for (const g of geometries) {
      const models = this.parentObjects(g.id).filter((o) => o.node.name === 'Model');
      if (models.length === 0) instances.push({ geometry: g, model: null });
      for (const m of models) instances.push({ geometry: g, model: m });
    }
    // Control points are charged per instance too: each instance allocates a lookup over all of
    // them, so one huge geometry instanced a thousand times must not pass on its triangle count.
    for (const inst of instances) asm.reserve(this.countTriangles(inst.geometry), this.controlPoints(inst.geometry));
    for (const { geometry, model } of instances) {
      const world = model ? multiply(axes, multiply(this.world(model.id, new Set()), this.geometric(model))) : axes;
      this.readGeometry(geometry, model, world);
    }
  }

  private parentObjects(id: string): FbxObject[] {
    return this.scene.parents(id).map((p) => p.object);
  }

  private axisConversion(): Mat4 {
    return fbxAxisConversion(this.top);
  }

  private local(model: FbxObject): Mat4 {
    return fbxLocalMatrix(properties70(model.node));
  }

  private geometric(model: FbxObject): Mat4 {
    return fbxGeometricMatrix(properties70(model.node));
  }

  private world(id: string, path: Set<string>): Mat4 {
    const known = this.worlds.get(id);
    if (known) return known;
    if (path.has(id)) fail('fbx', 'the model hierarchy has a cycle');
    if (path.size > 1000) fail('fbx', 'the model hierarchy is deeper than 1000');
    path.add(id);
    const model = this.scene.objects.get(id)!;
    const parent = this.parentObjects(id).find((o) => o.node.name === 'Model');
    const w = parent ? multiply(this.world(parent.id, path), this.local(model)) : this.local(model);
    this.worlds.set(id, w);
    return w;
  }

  private controlPoints(g: FbxObject): number {
    return Math.floor((numbers(child(g.node, 'Vertices'))?.length ?? 0) / 3);
  }

  private countTriangles(g: FbxObject): number {
    const pvi = numbers(child(g.node, 'PolygonVertexIndex'));
    if (!pvi) return 0;
    let triangles = 0;
    let size = 0;
    for (let k = 0; k < pvi.length; k++) {
      // Every polygon is counted here before any geometry is built, so the cap covers readGeometry.
      if (++size > MAX_POLYGON_CORNERS) fail('fbx', `geometry "${g.name}" has a polygon of more than the limit of ${MAX_POLYGON_CORNERS} corners`);
      if (pvi[k]! < 0) {
        if (size >= 3) triangles += size - 2;
        size = 0;
      }
    }
    return triangles;
  }

  private readGeometry(g: FbxObject, model: FbxObject | null, world: Mat4): void {
    const where = `geometry "${g.name}"`;
    const vertices = numbers(child(g.node, 'Vertices'));
    const pvi = numbers(child(g.node, 'PolygonVertexIndex'));
    if (!vertices || !pvi) {
      this.asm.warn(`fbx: ${where} has no polygons and was skipped`);
      return;
    }
    if (vertices.length % 3 !== 0) fail('fbx', `${where} has a vertex array whose length is not a multiple of 3`);
    const cpCount = vertices.length / 3;
    const normalLayer = layer(child(g.node, 'LayerElementNormal'), 'Normals', 'NormalsIndex', 3, where);
    const uvLayer = layer(child(g.node, 'LayerElementUV'), 'UV', 'UVIndex', 2, where);
    const matLayer = child(g.node, 'LayerElementMaterial');
    const matValues = numbers(child(matLayer, 'Materials'));
    const matMapping = asString(child(matLayer, 'MappingInformationType')?.props[0]);

    // One output vertex per distinct (control point, normal, uv); corners sharing all three
    // share a vertex, found through a per-control-point linked list.
    const head = new Int32Array(cpCount).fill(-1);
    const next: number[] = [];
    const cpOf: number[] = [];
    const nrm: number[] = [];
    const uv: number[] = [];
    const cornerVertex = new Uint32Array(pvi.length);
    let polygon = 0;
    const n3 = [0, 0, 0];
    const t2 = [0, 0];
    for (let k = 0; k < pvi.length; k++) {
      const raw = pvi[k]!;
      if (!Number.isInteger(raw)) fail('fbx', `${where} has a non-integer polygon index`);
      const cp = raw < 0 ? -raw - 1 : raw;
      if (cp >= cpCount) fail('fbx', `${where}: polygon index ${cp} is out of range (${cpCount} vertices)`);
      if (normalLayer) normalLayer.get(k, cp, polygon, n3);
      if (uvLayer) uvLayer.get(k, cp, polygon, t2);
      let v = head[cp]!;
      while (v >= 0) {
        if ((!normalLayer || (nrm[v * 3] === n3[0] && nrm[v * 3 + 1] === n3[1] && nrm[v * 3 + 2] === n3[2])) &&
            (!uvLayer || (uv[v * 2] === t2[0] && uv[v * 2 + 1] === t2[1]))) break;
        v = next[v]!;
      }
      if (v < 0) {
        v = cpOf.length;
        cpOf.push(cp);
        next.push(head[cp]!);
        head[cp] = v;
        if (normalLayer) nrm.push(n3[0]!, n3[1]!, n3[2]!);
        if (uvLayer) uv.push(t2[0]!, t2[1]!);
      }
      cornerVertex[k] = v;
      if (raw < 0) polygon++;
    }
    const count = cpOf.length;
    const positions = new Float32Array(count * 3);
    for (let v = 0; v < count; v++) {
      const cp = cpOf[v]!;
      positions[v * 3] = vertices[cp * 3]!;
      positions[v * 3 + 1] = vertices[cp * 3 + 1]!;
      positions[v * 3 + 2] = vertices[cp * 3 + 2]!;
    }
    const normals = normalLayer ? new Float32Array(nrm) : undefined;
    let uvs: Float32Array | undefined;
    if (uvLayer) {
      uvs = new Float32Array(uv);
      // FBX's v points up from the image's bottom; ours points down.
      for (let i = 1; i < uvs.length; i += 2) uvs[i] = 1 - uvs[i]!;
    }

    // Fan-triangulate each polygon into the bucket of its material.
    const modelMaterials = model ? this.scene.children(model.id).filter((c) => c.object.node.name === 'Material').map((c) => c.object) : [];
    const buckets = new Map<number, number[]>();
    let start = 0;
    polygon = 0;
    for (let k = 0; k < pvi.length; k++) {
      if (pvi[k]! >= 0) continue;
      const size = k - start + 1;
      if (size >= 3) {
        let local = 0;
        if (matValues && matValues.length > 0) local = matMapping === 'AllSame' ? matValues[0]! : (matValues[polygon] ?? 0);
        // Indices past the model's materials draw with the default one; folding them here keeps
        // the buckets to the real materials (a hostile file could name a new one per polygon).
        if (!(local >= 0 && local < modelMaterials.length)) local = -1;
        let bucket = buckets.get(local);
        if (!bucket) buckets.set(local, (bucket = []));
        for (let i = 1; i + 1 < size; i++) bucket.push(cornerVertex[start]!, cornerVertex[start + i]!, cornerVertex[start + i + 1]!);
      }
      start = k + 1;
      polygon++;
    }
    if (start < pvi.length) this.asm.warn(`fbx: ${where} ends with an unterminated polygon, which was dropped`);

    let flip = false;
    if (!isIdentity(world)) flip = transformVertices(world, positions, normals);
    for (const [local, list] of buckets) {
      const indices = new Uint32Array(list);
      if (flip) flipWinding(indices);
      const material = modelMaterials[local];
      this.asm.add({
        positions,
        ...(normals ? { normals } : {}),
        ...(uvs ? { uvs } : {}),
        indices,
        material: material ? this.material(material) : -1,
      });
    }
  }

  private material(m: FbxObject): number {
    const known = this.materialIndex.get(m.id);
    if (known !== undefined) return known;
    const p = properties70(m.node);
    const diffuse = p.has('DiffuseColor') ? vec3(p, 'DiffuseColor', 0.8) : vec3(p, 'Diffuse', 0.8);
    const factor = asNumber(p.get('DiffuseFactor')?.[0], 1);
    const opacity = p.has('Opacity') ? asNumber(p.get('Opacity')?.[0], 1) : 1 - asNumber(p.get('TransparencyFactor')?.[0], 0);
    const shininess = asNumber(p.get('ShininessExponent')?.[0] ?? p.get('Shininess')?.[0], 20);
    const clamp = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 1);
    const material: MeshMaterial = {
      name: m.name || `material_${this.asm.materials.length}`,
      baseColor: [clamp(diffuse[0] * factor), clamp(diffuse[1] * factor), clamp(diffuse[2] * factor), clamp(opacity)],
      metallic: 0,
      // Blinn-Phong exponent to roughness, the usual sqrt(2 / (n + 2)) mapping.
      roughness: clamp(Math.sqrt(2 / (Math.max(0, shininess) + 2))),
    };
    const textures = this.scene.children(m.id).filter((c) => c.object.node.name === 'Texture');
    const diffuseTexture = textures.find((t) => /diffuse/i.test(t.prop)) ?? textures[0];
    if (diffuseTexture) {
      const texture = this.texture(diffuseTexture.object);
      if (texture) material.baseColorTexture = texture;
    }
    const index = this.asm.addMaterial(material);
    this.materialIndex.set(m.id, index);
    return index;
  }

  private texture(t: FbxObject): MeshMaterial['baseColorTexture'] | undefined {
    for (const { object } of this.scene.children(t.id)) {
      if (object.node.name !== 'Video') continue;
      const content = child(object.node, 'Content');
      if (!content) continue;
      let bytes: Uint8Array | null = null;
      const raw = content.props.find((v) => v instanceof Uint8Array);
      if (raw instanceof Uint8Array) bytes = raw;
      else {
        const b64 = content.props.filter((v): v is string => typeof v === 'string').join('');
        if (b64) bytes = decodeDataUri(`data:;base64,${b64}`);
      }
      const texture = bytes ? textureFromBytes(bytes) : null;
      if (texture) return { mimeType: texture.mimeType, bytes: texture.bytes.slice() };
    }
    const file = asString(child(t.node, 'RelativeFilename')?.props[0]) || asString(child(t.node, 'FileName')?.props[0]);
    // Beside the FBX in a zip: looked up among the archive's entries only.
    const beside = file && this.external ? textureFromBytes(this.external(file) ?? new Uint8Array(0)) : null;
    if (beside) return { mimeType: beside.mimeType, bytes: beside.bytes.slice() };
    this.asm.warn(`fbx: texture "${file || t.name}" is not embedded (or not PNG/JPEG) and was dropped`);
    return undefined;
  }
}

interface Layer {
  get(corner: number, cp: number, polygon: number, out: number[]): void;
}

/** A normal or UV layer: resolves mapping (per corner / vertex / polygon / all) and reference mode. */
function layer(node: FbxNode | undefined, valuesName: string, indexName: string, size: number, where: string): Layer | null {
  if (!node) return null;
  const values = numbers(child(node, valuesName));
  if (!values || values.length < size) return null;
  const mapping = asString(child(node, 'MappingInformationType')?.props[0]);
  const reference = asString(child(node, 'ReferenceInformationType')?.props[0]);
  const index = reference === 'IndexToDirect' || reference === 'Index' ? numbers(child(node, indexName)) : undefined;
  if ((reference === 'IndexToDirect' || reference === 'Index') && !index) fail('fbx', `${where}: ${indexName} is missing`);
  const count = Math.floor(values.length / size);
  const pick =
    mapping === 'ByPolygonVertex' ? (k: number) => k
    : mapping === 'ByVertice' || mapping === 'ByVertex' || mapping === 'ByControlPoint' ? (_k: number, cp: number) => cp
    : mapping === 'ByPolygon' ? (_k: number, _cp: number, p: number) => p
    : () => 0;
  return {
    get(corner, cp, polygon, out) {
      let i = pick(corner, cp, polygon);
      if (index) {
        const j = index[i];
        if (j === undefined) fail('fbx', `${where}: ${indexName} is shorter than the polygons need`);
        i = j;
        // -1 marks an unmapped corner (seen in UVIndex): treat as zero rather than corrupt.
        if (i === -1) {
          out.fill(0);
          return;
        }
      }
      if (!(i >= 0 && i < count)) fail('fbx', `${where}: ${valuesName} index ${i} is out of range`);
      for (let c = 0; c < size; c++) out[c] = values[i * size + c]!;
    },
  };
}
