/**
 * FBX Model transforms and the file's axis system, shared by the mesh reader (read-fbx.ts) and the
 * animation reader (animation/read-fbx-animation.ts) so a clip and a mesh read from the same file
 * agree exactly.
 */
import { axisRotation, identity, multiply, scaling, translation, type Mat4 } from '../mat4';
import { fail } from '../mesh-assembler';
import { asNumber, asString, child, childrenNamed, type FbxNode, type FbxValue } from './fbx-node';

/** FBX `RotationOrder` enum values; 6 (spheric XYZ) is treated as XYZ. */
export const ROTATION_ORDERS = ['XYZ', 'XZY', 'YZX', 'YXZ', 'ZXY', 'ZYX', 'XYZ'];

/** The `P` entries of a node's Properties70 block, by name, values only. */
export function properties70(node: FbxNode | undefined): Map<string, FbxValue[]> {
  const out = new Map<string, FbxValue[]>();
  for (const p of childrenNamed(child(node, 'Properties70'), 'P')) out.set(asString(p.props[0]), p.props.slice(4));
  return out;
}

export function vec3(props: Map<string, FbxValue[]>, name: string, def: number): [number, number, number] {
  const v = props.get(name);
  if (!v) return [def, def, def];
  const r: [number, number, number] = [asNumber(v[0], def), asNumber(v[1], def), asNumber(v[2], def)];
  if (!r.every(Number.isFinite)) fail('fbx', `property "${name}" is not a finite vector`);
  return r;
}

/** Euler angles in degrees as a matrix; order "XYZ" rotates about X first: M = Rz · Ry · Rx. */
export function euler(r: readonly [number, number, number], order = 'XYZ'): Mat4 {
  let m = identity();
  for (const axis of order) {
    const a = axis === 'X' ? 0 : axis === 'Y' ? 1 : 2;
    m = multiply(axisRotation(a, r[a]!), m);
  }
  return m;
}

function transpose3(m: Mat4): Mat4 {
  const out = identity();
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) out[c * 4 + r] = m[r * 4 + c]!;
  return out;
}

export function chain(...ms: Mat4[]): Mat4 {
  return ms.reduce((a, b) => multiply(a, b), identity());
}

/** The rotation order of a Model, from its `RotationOrder` property. */
export function rotationOrder(p: Map<string, FbxValue[]>): string {
  return ROTATION_ORDERS[asNumber(p.get('RotationOrder')?.[0], 0)] ?? 'XYZ';
}

/** Animated values that replace a Model's Lcl Translation / Rotation / Scaling. */
export interface FbxTrsOverride {
  t?: readonly [number, number, number];
  r?: readonly [number, number, number];
  s?: readonly [number, number, number];
}

/**
 * A Model's local matrix from its Properties70, optionally with animated T/R/S values in place of
 * the Lcl ones. FBX SDK order: T · Roff · Rp · Rpre · R · Rpost⁻¹ · Rp⁻¹ · Soff · Sp · S · Sp⁻¹.
 */
export function fbxLocalMatrix(p: Map<string, FbxValue[]>, override: FbxTrsOverride = {}): Mat4 {
  const order = rotationOrder(p);
  const t = override.t ?? vec3(p, 'Lcl Translation', 0);
  const r = override.r ?? vec3(p, 'Lcl Rotation', 0);
  const s = override.s ?? vec3(p, 'Lcl Scaling', 1);
  const roff = vec3(p, 'RotationOffset', 0), rp = vec3(p, 'RotationPivot', 0);
  const soff = vec3(p, 'ScalingOffset', 0), sp = vec3(p, 'ScalingPivot', 0);
  const pre = euler(vec3(p, 'PreRotation', 0));
  const post = euler(vec3(p, 'PostRotation', 0));
  return chain(
    translation(t[0], t[1], t[2]), translation(...roff), translation(...rp), pre, euler(r, order), transpose3(post),
    translation(-rp[0], -rp[1], -rp[2]), translation(...soff), translation(...sp), scaling(s[0], s[1], s[2]),
    translation(-sp[0], -sp[1], -sp[2]),
  );
}

/** A Model's geometric transform (applies to its geometry only, not to its children). */
export function fbxGeometricMatrix(p: Map<string, FbxValue[]>): Mat4 {
  return chain(translation(...vec3(p, 'GeometricTranslation', 0)), euler(vec3(p, 'GeometricRotation', 0)), scaling(...vec3(p, 'GeometricScaling', 1)));
}

/**
 * The conversion from the file's axis system (GlobalSettings Up/Front/CoordAxis) to Y up, Z front,
 * X right; identity when the settings are absent or inconsistent. Units are not converted: both
 * readers keep the file's units.
 */
export function fbxAxisConversion(top: FbxNode[]): Mat4 {
  const settings = properties70(top.find((n) => n.name === 'GlobalSettings'));
  const get = (name: string, def: number) => asNumber(settings.get(name)?.[0], def);
  const up = get('UpAxis', 1), upSign = get('UpAxisSign', 1);
  const front = get('FrontAxis', 2), frontSign = get('FrontAxisSign', 1);
  const coord = get('CoordAxis', 0), coordSign = get('CoordAxisSign', 1);
  const axes = [up, front, coord];
  if (!axes.every((a) => a === 0 || a === 1 || a === 2) || new Set(axes).size !== 3) return identity();
  const m = new Float64Array(16);
  m[15] = 1;
  // Rows of the conversion are the file's right, up and front axes: they become +X, +Y, +Z.
  m[coord * 4 + 0] = coordSign < 0 ? -1 : 1;
  m[up * 4 + 1] = upSign < 0 ? -1 : 1;
  m[front * 4 + 2] = frontSign < 0 ? -1 : 1;
  return m;
}
