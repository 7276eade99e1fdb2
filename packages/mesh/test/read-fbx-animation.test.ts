import {
  EngineError,
  quatAngle,
  quatFromAxisAngle,
  quatInvert,
  quatMultiply,
  quatRotate,
  readAnimationClip,
  readMesh,
  sampleTrack,
  type AnimationClip,
  type Quat,
  type Vec3,
} from '../src';
import { encodeAsciiFbx, encodeBinaryFbx, n, type Node } from './fixtures/fbx';

const TICKS = 46186158000;
const nm = (name: string, cls: string) => `${name}\u0000\u0001${cls}`;
const P = (name: string, type: string, ...values: Array<number | bigint>): Node => n('P', [name, type, '', 'A', ...values]);
const deg = (d: number) => (d * Math.PI) / 180;
const qx = (d: number): Quat => quatFromAxisAngle([1, 0, 0], deg(d));
const qy = (d: number): Quat => quatFromAxisAngle([0, 1, 0], deg(d));
const qz = (d: number): Quat => quatFromAxisAngle([0, 0, 1], deg(d));
const mul = (...qs: Quat[]): Quat => qs.reduce((a, b) => quatMultiply(a, b));

async function expectUnsupported(p: Promise<unknown>, message?: RegExp): Promise<void> {
  const e = await p.then(() => null, (x: unknown) => x);
  expect(e).toBeInstanceOf(EngineError);
  expect((e as EngineError).code).toBe('unsupported_format');
  if (message) expect((e as EngineError).message).toMatch(message);
}

interface SceneOptions {
  upAxis?: 'Y' | 'Z';
  /** Drop the d|X curve's last value (a malformed curve). */
  badCurve?: boolean;
  noStack?: boolean;
  /** A mesh model under the forearm, a triangle at its origin. */
  mesh?: boolean;
}

/**
 * A Mixamo-style two-joint scene in centimetres: Hips (translated, pre-rotated) → Arm (ZXY
 * rotation order, pre-rotation, a rest Lcl Rotation) → ForeArm. One AnimationStack animates the
 * Arm's rotation (X keyed at 0 and 1 s, Z at 0, 0.5 and 1 s, Y constant through d|Y) and the Hips'
 * translation (X and Y keyed at 0 and 1 s, Z absent: it keeps Lcl Translation's z).
 */
function scene(o: SceneOptions = {}): Node[] {
  const objects: Node[] = [];
  const connections: Node[] = [];
  const C = (a: number, b: number, prop?: string) => connections.push(n('C', [prop ? 'OP' : 'OO', BigInt(a), BigInt(b), ...(prop ? [prop] : [])]));
  const model = (id: number, name: string, kind: string, props: Node[]) =>
    objects.push(n('Model', [BigInt(id), nm(name, 'Model'), kind], [n('Version', [232]), n('Properties70', [], props)]));
  model(10, 'mixamorig:Hips', 'LimbNode', [P('Lcl Translation', 'Lcl Translation', 1, 100, 2), P('PreRotation', 'Vector3D', -90, 0, 0)]);
  model(11, 'mixamorig:LeftArm', 'LimbNode', [
    P('Lcl Translation', 'Lcl Translation', 0, 20, 5),
    P('RotationOrder', 'enum', 4),
    P('PreRotation', 'Vector3D', 0, 0, 30),
    P('Lcl Rotation', 'Lcl Rotation', 5, 6, 7),
  ]);
  model(12, 'mixamorig:LeftForeArm', 'LimbNode', [P('Lcl Translation', 'Lcl Translation', 0, 25, 0)]);
  C(10, 0);
  C(11, 10);
  C(12, 11);
  if (o.mesh) {
    model(20, 'Body', 'Mesh', []);
    objects.push(n('Geometry', [BigInt(21), nm('Body', 'Geometry'), 'Mesh'], [
      n('Vertices', [Float64Array.of(0, 0, 0, 3, 0, 0, 0, 3, 0)]),
      n('PolygonVertexIndex', [Int32Array.of(0, 1, -3)]),
    ]));
    C(20, 12);
    C(21, 20);
  }
  if (!o.noStack) {
    objects.push(n('AnimationStack', [BigInt(30), nm('mixamo.com', 'AnimStack'), ''], [n('Properties70', [], [P('LocalStart', 'KTime', 0n), P('LocalStop', 'KTime', BigInt(TICKS))])]));
    objects.push(n('AnimationLayer', [BigInt(31), nm('BaseLayer', 'AnimLayer'), ''], [n('Properties70', [], [])]));
    C(31, 30);
    const curve = (id: number, seconds: number[], values: number[]) =>
      objects.push(n('AnimationCurve', [BigInt(id), nm('', 'AnimCurve'), ''], [
        n('Default', [values[0]!]),
        n('KeyVer', [4008]),
        n('KeyTime', [Float64Array.from(seconds, (s) => s * TICKS)]),
        n('KeyValueFloat', [Float64Array.from(values)]),
      ]));
    objects.push(n('AnimationCurveNode', [BigInt(40), nm('R', 'AnimCurveNode'), ''], [n('Properties70', [], [P('d|X', 'Number', 5), P('d|Y', 'Number', 15), P('d|Z', 'Number', 7)])]));
    C(40, 31);
    C(40, 11, 'Lcl Rotation');
    curve(41, [0, 1], o.badCurve ? [0] : [0, 80]);
    curve(42, [0, 0.5, 1], [10, -40, 20]);
    C(41, 40, 'd|X');
    C(42, 40, 'd|Z');
    objects.push(n('AnimationCurveNode', [BigInt(50), nm('T', 'AnimCurveNode'), ''], [n('Properties70', [], [P('d|X', 'Number', 1), P('d|Y', 'Number', 100), P('d|Z', 'Number', 2)])]));
    C(50, 31);
    C(50, 10, 'Lcl Translation');
    curve(51, [0, 1], [1, 11]);
    curve(52, [0, 1], [100, 90]);
    C(51, 50, 'd|X');
    C(52, 50, 'd|Y');
  }
  const z = o.upAxis === 'Z';
  return [
    n('FBXHeaderExtension', [], [n('FBXHeaderVersion', [1003]), n('FBXVersion', [7400])]),
    n('GlobalSettings', [], [n('Version', [1000]), n('Properties70', [], [
      P('UpAxis', 'int', z ? 2 : 1), P('UpAxisSign', 'int', 1), P('FrontAxis', 'int', z ? 1 : 2), P('FrontAxisSign', 'int', z ? -1 : 1),
      P('CoordAxis', 'int', 0), P('CoordAxisSign', 'int', 1), P('UnitScaleFactor', 'double', 1),
    ])]),
    n('Objects', [], objects),
    n('Connections', [], connections),
  ];
}

/** The expected local rotation of the arm at time t, built from quaternions (not matrices). */
function armRotation(t: number): Quat {
  const x = 80 * t;
  const z = t <= 0.5 ? 10 + (-40 - 10) * (t / 0.5) : -40 + (20 + 40) * ((t - 0.5) / 0.5);
  // ZXY: Z first, then X, then Y; the pre-rotation (XYZ, only Z here) applies after.
  return mul(qz(30), qy(15), qx(x), qz(z));
}

function rotationAt(clip: AnimationClip, joint: number, t: number): Quat {
  const track = clip.tracks.find((x) => x.joint === joint && x.path === 'rotation');
  return track ? (sampleTrack(track, t) as Quat) : [...clip.skeleton[joint]!.rest.rotation];
}

function translationAt(clip: AnimationClip, joint: number, t: number): Vec3 {
  const track = clip.tracks.find((x) => x.joint === joint && x.path === 'translation');
  return track ? (sampleTrack(track, t) as Vec3) : [...clip.skeleton[joint]!.rest.translation];
}

function worldPosition(clip: AnimationClip, joint: number, t: number): Vec3 {
  let p: Vec3 = [0, 0, 0];
  for (let j = joint; j >= 0; j = clip.skeleton[j]!.parent) {
    const r = quatRotate(rotationAt(clip, j, t), p);
    const tr = translationAt(clip, j, t);
    p = [r[0] + tr[0], r[1] + tr[1], r[2] + tr[2]];
  }
  return p;
}

const angleBetween = (a: Quat, b: Quat) => quatAngle(quatMultiply(quatInvert(a), b));

describe('readAnimationClip on FBX', () => {
  test.each([
    ['binary 7.4', () => encodeBinaryFbx(scene())],
    ['binary 7.5 uncompressed', () => encodeBinaryFbx(scene(), 7500, false)],
    ['ASCII', () => new Uint8Array(Buffer.from(encodeAsciiFbx(scene())))],
  ])('%s: hierarchy, rest pose with pre-rotation and rotation order, Euler curves as quaternions', async (_name, make) => {
    const clips = await readAnimationClip(make());
    expect(clips).toHaveLength(1);
    const clip = clips[0]!;
    expect(clip.name).toBe('mixamo.com');
    expect(clip.duration).toBeCloseTo(1, 9);
    expect(clip.skeleton.map((j) => [j.name, j.parent])).toEqual([['mixamorig:Hips', -1], ['mixamorig:LeftArm', 0], ['mixamorig:LeftForeArm', 1]]);
    const [hips, arm] = clip.skeleton;
    expect(angleBetween(hips!.rest.rotation, qx(-90))).toBeLessThan(1e-6);
    expect(angleBetween(arm!.rest.rotation, mul(qz(30), qy(6), qx(5), qz(7)))).toBeLessThan(1e-6);
    arm!.rest.translation.forEach((v, c) => expect(v).toBeCloseTo([0, 20, 5][c]!, 9));
    arm!.rest.scale.forEach((v) => expect(v).toBeCloseTo(1, 9));
    // Sampled at the union of key times: X keys at 0, 1 and Z keys at 0, 0.5, 1.
    const rot = clip.tracks.find((t) => t.joint === 1 && t.path === 'rotation')!;
    expect(Array.from(rot.times)).toEqual([0, 0.5, 1]);
    for (const t of [0, 0.5, 1]) expect(angleBetween(rotationAt(clip, 1, t), armRotation(t))).toBeLessThan(1e-5);
    const tr = clip.tracks.find((t) => t.joint === 0 && t.path === 'translation')!;
    expect(Array.from(sampleTrack(tr, 0.5))).toEqual([6, 95, 2].map((v) => expect.closeTo(v, 5)));
    // Only the animated properties have tracks.
    expect(clip.tracks.map((t) => `${t.joint}:${t.path}`).sort()).toEqual(['0:translation', '1:rotation']);
  });

  test('a Z-up file is converted to Y-up exactly as the mesh reader converts its geometry', async () => {
    const yUp = (await readAnimationClip(encodeBinaryFbx(scene({ mesh: true }))))[0]!;
    const bytes = encodeBinaryFbx(scene({ upAxis: 'Z', mesh: true }));
    const zUp = (await readAnimationClip(bytes))[0]!;
    // Z up, −Y front in the file → Y up, Z front: a −90° turn about X.
    const a = qx(-90);
    for (const t of [0, 0.3, 1]) {
      const p = worldPosition(zUp, 2, t);
      const expected = quatRotate(a, worldPosition(yUp, 2, t));
      p.forEach((v, c) => expect(v).toBeCloseTo(expected[c]!, 4));
    }
    // The mesh model hangs at the forearm with an identity transform: its first vertex is the
    // forearm's rest position, in both readers' frames.
    const { mesh } = await readMesh(bytes);
    const forearm = worldPosition({ ...zUp, tracks: [] }, 2, 0);
    const p = mesh.positions;
    let best = Infinity;
    for (let v = 0; v < p.length / 3; v++) best = Math.min(best, Math.hypot(p[v * 3]! - forearm[0], p[v * 3 + 1]! - forearm[1], p[v * 3 + 2]! - forearm[2]));
    expect(best).toBeLessThan(1e-3);
    // The mesh model is not a joint: only LimbNodes (and animated models) are.
    expect(zUp.skeleton.map((j) => j.name)).not.toContain('Body');
  });

  test('malformed FBX clips are refused with unsupported_format and a reason', async () => {
    await expectUnsupported(readAnimationClip(encodeBinaryFbx(scene({ noStack: true }))), /no animation/);
    await expectUnsupported(readAnimationClip(encodeBinaryFbx(scene({ badCurve: true }))), /key times but/);
    await expectUnsupported(readAnimationClip(encodeBinaryFbx(scene()), { maxValues: 10 }), /limit/);
    await expectUnsupported(readAnimationClip(new Uint8Array(Buffer.from('; FBX 7.4.0 project file\nObjects: {\n'))));
  });

  test('fuzz: corrupted FBX clips give a clip or an unsupported_format EngineError, never a raw exception', async () => {
    const inputs = [encodeBinaryFbx(scene(), 7400, false), encodeBinaryFbx(scene()), new Uint8Array(Buffer.from(encodeAsciiFbx(scene())))];
    let seed = 11;
    const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
    for (let k = 0; k < 450; k++) {
      const good = inputs[k % 3]!;
      const bytes = good.slice(0, k % 10 === 0 ? Math.floor(rand() * good.length) : good.length);
      for (let m = 0; m < 1 + Math.floor(rand() * 8); m++) bytes[Math.floor(rand() * bytes.length)] = Math.floor(rand() * 256);
      const result = await readAnimationClip(bytes).then(() => null, (e: unknown) => e);
      if (result !== null) {
        expect(result).toBeInstanceOf(EngineError);
        expect((result as EngineError).code).toBe('unsupported_format');
      }
    }
  });
});
