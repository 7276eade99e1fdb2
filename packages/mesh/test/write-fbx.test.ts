import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { writeFbx, type Mesh } from '../src';
import { child, childrenNamed, parseFbxBinary, type ParsedFbxNode } from './fbx-test-parse';
import { riggedColumn } from './fbx-test-rig';

const OUT = join(__dirname, '../../../test-output/write-fbx');
mkdirSync(OUT, { recursive: true });

const hasTool = (cmd: string): boolean => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const HAS_ASSIMP = hasTool('assimp');
const HAS_BLENDER = hasTool('blender');
if (!HAS_ASSIMP) console.warn('write-fbx: assimp not installed (apt-get install -y assimp-utils): assimp checks skipped');
if (!HAS_BLENDER) console.warn('write-fbx: blender not installed (apt-get install -y blender python3-numpy): Blender check skipped');

function objectsOf(file: { nodes: ParsedFbxNode[] }): ParsedFbxNode[] {
  return file.nodes.find((n) => n.name === 'Objects')!.children;
}

function assimpInfo(path: string): string {
  const r = spawnSync('assimp', ['info', path], { encoding: 'utf8', timeout: 30000 });
  expect(r.status).toBe(0);
  return r.stdout;
}

function field(info: string, name: string): number {
  const m = new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(info);
  if (!m) throw new Error(`assimp info has no ${name}:\n${info}`);
  return Number(m[1]);
}

function settingsOf(file: { nodes: ParsedFbxNode[] }): Map<string, unknown> {
  const props = child(file.nodes.find((n) => n.name === 'GlobalSettings')!, 'Properties70');
  return new Map(props.children.map((p) => [p.props[0] as string, p.props[4]]));
}

describe('writeFbx', () => {
  const rig = riggedColumn();
  const triangles = rig.mesh.indices.length / 3;
  const vertices = rig.mesh.positions.length / 3;

  test('writes a well-formed binary FBX 7.4 with geometry, materials and settings', () => {
    const file = parseFbxBinary(writeFbx(rig.mesh));
    expect(file.version).toBe(7400);
    expect(file.nodes.map((n) => n.name)).toEqual(
      expect.arrayContaining(['FBXHeaderExtension', 'GlobalSettings', 'Documents', 'Definitions', 'Objects', 'Connections']),
    );
    const settings = settingsOf(file);
    expect([settings.get('UpAxis'), settings.get('FrontAxis'), settings.get('CoordAxis')]).toEqual([1, 2, 0]);
    expect(settings.get('UnitScaleFactor')).toBe(100);

    const objects = objectsOf(file);
    const geometry = objects.find((o) => o.name === 'Geometry')!;
    expect(geometry.props[1]).toBe('Mesh\u0000\u0001Geometry');
    const v = child(geometry, 'Vertices').props[0] as Float64Array;
    expect(v.length).toBe(vertices * 3);
    expect(Array.from(v.subarray(0, 3))).toEqual([Math.fround(-0.2), 0, Math.fround(-0.2)]);
    const pvi = child(geometry, 'PolygonVertexIndex').props[0] as Int32Array;
    expect(pvi.length).toBe(triangles * 3);
    for (let i = 0; i < pvi.length; i++) {
      expect(pvi[i]! < 0).toBe(i % 3 === 2);
      expect(i % 3 === 2 ? ~pvi[i]! : pvi[i]).toBe(rig.mesh.indices[i]);
    }
    const normals = child(child(geometry, 'LayerElementNormal'), 'Normals').props[0] as Float64Array;
    expect(normals.length).toBe(triangles * 9);
    for (let i = 0; i < normals.length; i += 3) expect(Math.hypot(normals[i]!, normals[i + 1]!, normals[i + 2]!)).toBeCloseTo(1, 5);
    const uvLayer = child(geometry, 'LayerElementUV');
    expect(child(uvLayer, 'MappingInformationType').props[0]).toBe('ByPolygonVertex');
    expect(child(uvLayer, 'ReferenceInformationType').props[0]).toBe('IndexToDirect');
    const uv = child(uvLayer, 'UV').props[0] as Float64Array;
    expect(uv[1]).toBeCloseTo(1 - rig.mesh.uvs![1]!, 6); // v flipped to FBX's up convention
    const mats = child(child(geometry, 'LayerElementMaterial'), 'Materials').props[0] as Int32Array;
    expect(mats.length).toBe(triangles);
    expect(mats[0]).toBe(0);
    expect(mats[triangles - 1]).toBe(1);
    expect(childrenNamed(child(geometry, 'Layer'), 'LayerElement').map((e) => child(e, 'Type').props[0])).toEqual([
      'LayerElementNormal',
      'LayerElementUV',
      'LayerElementMaterial',
    ]);

    const materials = objects.filter((o) => o.name === 'Material');
    expect(materials.map((m) => m.props[1])).toEqual(['Body\u0000\u0001Material', 'Caps\u0000\u0001Material']);
    const diffuse = child(materials[0]!, 'Properties70').children.find((p) => p.props[0] === 'DiffuseColor')!;
    expect(diffuse.props.slice(4)).toEqual([0.8, 0.1, 0.1]);

    // Definitions count every object type; every connection names existing objects.
    const defs = file.nodes.find((n) => n.name === 'Definitions')!;
    const defined = new Map(childrenNamed(defs, 'ObjectType').map((t) => [t.props[0], child(t, 'Count').props[0]]));
    expect(defined.get('Geometry')).toBe(1);
    expect(defined.get('Model')).toBe(1);
    expect(defined.get('Material')).toBe(2);
    const ids = new Set(objects.map((o) => o.props[0]));
    ids.add(0);
    for (const c of file.nodes.find((n) => n.name === 'Connections')!.children) {
      expect(ids.has(c.props[1])).toBe(true);
      expect(ids.has(c.props[2])).toBe(true);
    }
  });

  test('writes the skeleton, skin clusters and bind pose', () => {
    const file = parseFbxBinary(writeFbx(rig.mesh, { rig: { skeleton: rig.skeleton, skin: rig.skin } }));
    const objects = objectsOf(file);
    const limbs = objects.filter((o) => o.name === 'Model' && o.props[2] === 'LimbNode');
    expect(limbs.map((l) => l.props[1])).toEqual(['hips\u0000\u0001Model', 'spine\u0000\u0001Model', 'head\u0000\u0001Model']);
    const translation = (m: ParsedFbxNode): unknown[] =>
      child(m, 'Properties70').children.find((p) => p.props[0] === 'Lcl Translation')!.props.slice(4);
    expect(translation(limbs[0]!)).toEqual([0, 0.3, 0]);
    expect(translation(limbs[1]!)[1]).toBeCloseTo(0.6, 6); // relative to the parent
    expect(objects.filter((o) => o.name === 'NodeAttribute' && o.props[2] === 'LimbNode')).toHaveLength(3);
    expect(objects.filter((o) => o.name === 'Deformer' && o.props[2] === 'Skin')).toHaveLength(1);

    const clusters = objects.filter((o) => o.name === 'Deformer' && o.props[2] === 'Cluster');
    expect(clusters).toHaveLength(3);
    let influenced = 0;
    for (const c of clusters) {
      const indexes = child(c, 'Indexes').props[0] as Int32Array;
      const weights = child(c, 'Weights').props[0] as Float64Array;
      expect(indexes.length).toBe(weights.length);
      influenced += indexes.length;
      const link = child(c, 'TransformLink').props[0] as Float64Array;
      const inverse = child(c, 'Transform').props[0] as Float64Array;
      expect(link[13]! + inverse[13]!).toBeCloseTo(0, 9);
    }
    expect(influenced).toBe(vertices); // nearest-joint weights: one influence per vertex

    const pose = objects.find((o) => o.name === 'Pose')!;
    expect(pose.props[2]).toBe('BindPose');
    expect(child(pose, 'NbPoseNodes').props[0]).toBe(4);
    expect(childrenNamed(pose, 'PoseNode')).toHaveLength(4);
  });

  test('embeds a PNG base colour texture as Texture + Video', () => {
    const png = new PNG({ width: 4, height: 4 });
    png.data.fill(200);
    const mesh: Mesh = { ...rig.mesh, materials: rig.mesh.materials.map((m) => ({ ...m })) };
    const bytes = new Uint8Array(PNG.sync.write(png));
    mesh.materials[0]!.baseColorTexture = { mimeType: 'image/png', bytes };
    const fbxBytes = writeFbx(mesh);
    const objects = objectsOf(parseFbxBinary(fbxBytes));
    const video = objects.find((o) => o.name === 'Video')!;
    expect(Array.from(child(video, 'Content').props[0] as Uint8Array)).toEqual(Array.from(bytes));
    expect(objects.filter((o) => o.name === 'Texture')).toHaveLength(1);
    if (HAS_ASSIMP) {
      const path = join(OUT, 'textured.fbx');
      writeFileSync(path, fbxBytes);
      expect(field(assimpInfo(path), 'Textures \\(embed.\\)')).toBe(1);
    }
  });

  test('rejects bad input with EngineError and writes an empty mesh', () => {
    const bad: Mesh = { ...rig.mesh, indices: new Uint32Array([0, 1, 999]) };
    expect(() => writeFbx(bad)).toThrow(expect.objectContaining({ code: 'invalid_input' }));
    const skeleton = { joints: [{ name: 'a', parent: 1, position: [0, 0, 0] as [number, number, number] }] };
    expect(() => writeFbx(rig.mesh, { rig: { skeleton, skin: rig.skin } })).toThrow(expect.objectContaining({ code: 'invalid_input' }));
    const empty = parseFbxBinary(writeFbx({ positions: new Float32Array(0), indices: new Uint32Array(0), groups: [], materials: [] }));
    expect(objectsOf(empty).some((o) => o.name === 'Geometry')).toBe(true);
  });

  (HAS_ASSIMP ? test : test.skip)('assimp opens the static and the rigged mesh with the right counts and bones', () => {
    const staticPath = join(OUT, 'column.fbx');
    const riggedPath = join(OUT, 'column-rigged.fbx');
    writeFileSync(staticPath, writeFbx(rig.mesh));
    writeFileSync(riggedPath, writeFbx(rig.mesh, { rig: { skeleton: rig.skeleton, skin: rig.skin } }));
    const s = assimpInfo(staticPath);
    expect(field(s, 'Faces')).toBe(triangles);
    expect(field(s, 'Materials')).toBe(2);
    expect(field(s, 'Vertices')).toBeGreaterThanOrEqual(vertices);
    expect(field(s, 'Bones')).toBe(0);
    expect(s).toMatch(/Maximum point\s+\(0\.200000 1\.800000 0\.200000\)/);
    const r = assimpInfo(riggedPath);
    expect(field(r, 'Faces')).toBe(triangles);
    // Assimp splits the mesh per material; each part carries the three bones.
    expect(r).toMatch(/0 \(Mesh\): \[\d+ \/ 3 \/ 48 \| triangle\]/);
    expect(r).toMatch(/hips\s*\n\s*└╴spine\s*\n\s*└╴head/);
  });

  (HAS_BLENDER ? test : test.skip)("Blender's importer builds the armature, vertex groups and weights", () => {
    const path = join(OUT, 'column-rigged-blender.fbx');
    writeFileSync(path, writeFbx(rig.mesh, { rig: { skeleton: rig.skeleton, skin: rig.skin } }));
    const run = spawnSync(join(__dirname, '../scripts/check-fbx.sh'), [path], { encoding: 'utf8', timeout: 60000 });
    const line = run.stdout.split('\n').find((l) => l.startsWith('CHECK_FBX '));
    if (!line) throw new Error(`check-fbx printed no result:\n${run.stdout}\n${run.stderr}`);
    const report = JSON.parse(line.slice('CHECK_FBX '.length));
    expect(report.armatures).toHaveLength(1);
    expect(report.armatures[0].bone_names).toEqual(['hips', 'spine', 'head']);
    const mesh = report.meshes[0];
    expect(mesh).toMatchObject({ vertices, polygons: triangles, vertex_groups: 3, weighted_vertices: vertices, materials: 2, armature_modifier: true });
    // Metres in, metres out: Blender's Z-up world shows the 1.8 high column as 1.8 along Z.
    expect(mesh.world_size_xyz[2]).toBeCloseTo(1.8, 3);
  });
});
