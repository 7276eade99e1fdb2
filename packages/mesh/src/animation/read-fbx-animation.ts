/*
 * FBX animation reader (binary 7.x and ASCII), on the same node-tree parsers, scene index
 * (read/fbx/fbx-scene-index.ts) and Model transform code (read/fbx/fbx-transform.ts) as the mesh
 * reader, so a clip and a mesh read from one file
 * agree: same axis conversion, same units (the file's own; UnitScaleFactor is not applied by
 * either reader).
 *
 * FBX animates the Euler angles of a Model (AnimationStack → AnimationLayer → AnimationCurveNode
 * "T"/"R"/"S" wired to a Model's "Lcl Translation"/"Lcl Rotation"/"Lcl Scaling" → one
 * AnimationCurve per component, d|X d|Y d|Z). Interpolating the three angle curves separately and
 * converting afterwards is what FBX players do; converting each curve's keys to quaternions
 * would be wrong as soon as the three curves have different key times. So each joint is sampled
 * at the union of its curves' key times: every component is evaluated there (linearly between
 * keys; cubic tangents are not followed, which is exact for the per-frame baked clips Mixamo and
 * most DCC exports produce), the full FBX local matrix is built with the Model's rotation order,
 * pre/post rotation and pivots, conjugated into the Y-up frame and decomposed into T, R, S.
 * Decomposing the matrix rather than composing quaternions keeps pivots and offsets exact.
 *
 * The clip's skeleton is every LimbNode/Null/Root Model plus every animated Model, closed under
 * ancestors, parents first (like the glTF reader). One clip per AnimationStack; a stack's layers
 * are merged, the first layer winning when two animate the same property.
 */
import { decomposeMatrix } from './decompose-matrix';
import { keyIndexAt } from './sample-track';
import { fail } from '../read/mesh-assembler';
import { multiply, type Mat4 } from '../read/mat4';
import { asNumber, child, numbers, type FbxNode, type FbxValue } from '../read/fbx/fbx-node';
import { FbxSceneIndex, type FbxObject } from '../read/fbx/fbx-scene-index';
import { parseFbx } from '../read/fbx/parse-fbx';
import { fbxAxisConversion, fbxLocalMatrix, properties70 } from '../read/fbx/fbx-transform';
import type { AnimationClip, AnimationJoint, AnimationTrack, JointRestTransform } from '../mesh-model';
import type { Quat } from './quat';

/** FBX time unit: ticks per second. */
export const FBX_TICKS_PER_SECOND = 46_186_158_000;

const MAX_DEPTH = 1000;
const SKELETON_KINDS = new Set(['LimbNode', 'Null', 'Root', 'Limb']);
const CHANNELS = { 'Lcl Translation': 't', 'Lcl Rotation': 'r', 'Lcl Scaling': 's' } as const;
type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

export interface FbxAnimationLimits {
  /** Refuse clips with more keyframe numbers (times + values, after sampling) than this in total. */
  maxValues: number;
}

/** One animated component: key times (ticks) and values, or a constant. */
interface Curve {
  times: ArrayLike<number>;
  values: ArrayLike<number>;
}

type Vec3Curves = [Curve | number | null, Curve | number | null, Curve | number | null];

/** Reads every AnimationStack of an FBX file; throws `unsupported_format` when there is none. */
export function readFbxAnimations(bytes: Uint8Array, limits: FbxAnimationLimits): AnimationClip[] {
  return new FbxAnimationScene(parseFbx(bytes), limits).read();
}

class FbxAnimationScene {
  private readonly scene: FbxSceneIndex;
  private readonly axes: Mat4;
  private readonly axesInverse: Mat4;
  private valueBudget: number;

  constructor(top: FbxNode[], limits: FbxAnimationLimits) {
    this.scene = new FbxSceneIndex(top);
    this.valueBudget = limits.maxValues;
    this.axes = fbxAxisConversion(top);
    // The conversion is a signed permutation, so its inverse is its transpose.
    this.axesInverse = new Float64Array(16);
    for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) this.axesInverse[c * 4 + r] = this.axes[r * 4 + c]!;
  }

  read(): AnimationClip[] {
    const stacks = [...this.scene.objects.values()].filter((o) => o.node.name === 'AnimationStack');
    if (stacks.length === 0) fail('fbx', 'the file has no animation (no AnimationStack)');
    const clips = stacks.map((s) => this.readStack(s)).filter((c): c is AnimationClip => c !== null);
    if (clips.length === 0) fail('fbx', 'the file has no animated Model (its AnimationStacks animate nothing we read)');
    return clips;
  }

  private readStack(stack: FbxObject): AnimationClip | null {
    // model id → channel → component curves; the first layer to animate a property wins.
    const animated = new Map<string, Partial<Record<Channel, Vec3Curves>>>();
    const layers = this.scene.children(stack.id).filter((c) => c.object.node.name === 'AnimationLayer');
    for (const { object: layer } of layers) {
      for (const { object: curveNode } of this.scene.children(layer.id)) {
        if (curveNode.node.name !== 'AnimationCurveNode') continue;
        for (const { object: model, prop } of this.scene.parents(curveNode.id)) {
          const channel = CHANNELS[prop as keyof typeof CHANNELS];
          if (!channel || model.node.name !== 'Model') continue;
          const channels = animated.get(model.id) ?? {};
          if (channels[channel]) continue;
          channels[channel] = this.curveNodeCurves(curveNode);
          animated.set(model.id, channels);
        }
      }
    }
    if (animated.size === 0) return null;

    const skeletonIds = this.skeletonOrder(animated);
    const jointIndex = new Map(skeletonIds.map((id, i) => [id, i]));
    const skeleton: AnimationJoint[] = skeletonIds.map((id) => {
      const model = this.scene.objects.get(id)!;
      const parent = this.parentModel(id);
      return { name: model.name, parent: parent ? jointIndex.get(parent.id)! : -1, rest: this.decompose(fbxLocalMatrix(properties70(model.node))) };
    });

    // Times are seconds from the earliest key of the stack.
    let start = Infinity;
    let end = -Infinity;
    for (const channels of animated.values()) {
      for (const curves of Object.values(channels)) {
        for (const c of curves) {
          if (!c || typeof c === 'number' || c.times.length === 0) continue;
          start = Math.min(start, c.times[0]!);
          end = Math.max(end, c.times[c.times.length - 1]!);
        }
      }
    }
    if (!Number.isFinite(start)) {
      start = 0;
      end = 0;
    }

    const tracks: AnimationTrack[] = [];
    for (const [id, channels] of animated) {
      const joint = jointIndex.get(id)!;
      tracks.push(...this.sampleJoint(joint, this.scene.objects.get(id)!, channels, skeleton[joint]!.rest, start));
    }
    tracks.sort((a, b) => a.joint - b.joint || a.path.localeCompare(b.path));
    const stackName = stack.name.includes('|') ? stack.name.slice(stack.name.lastIndexOf('|') + 1) : stack.name;
    return { name: stackName || 'animation', duration: (end - start) / FBX_TICKS_PER_SECOND, skeleton, tracks };
  }

  /** The component curves of an AnimationCurveNode, or its constant d|X/d|Y/d|Z when a component has none. */
  private curveNodeCurves(curveNode: FbxObject): Vec3Curves {
    const defaults = properties70(curveNode.node);
    const out: Vec3Curves = [null, null, null];
    (['X', 'Y', 'Z'] as const).forEach((axis, c) => {
      const d = defaults.get(`d|${axis}`);
      if (d && Number.isFinite(asNumber(d[0], NaN))) out[c] = asNumber(d[0]);
    });
    for (const { object, prop } of this.scene.children(curveNode.id)) {
      if (object.node.name !== 'AnimationCurve') continue;
      const c = prop === 'd|X' ? 0 : prop === 'd|Y' ? 1 : prop === 'd|Z' ? 2 : -1;
      if (c === 0 || c === 1 || c === 2) out[c] = readCurve(object);
    }
    return out;
  }

  private skeletonOrder(animated: Map<string, unknown>): string[] {
    const wanted = new Set<string>();
    const models = [...this.scene.objects.values()].filter((o) => o.node.name === 'Model');
    for (const m of models) {
      if (!SKELETON_KINDS.has(m.kind) && !animated.has(m.id)) continue;
      let id: string | undefined = m.id;
      let depth = 0;
      while (id && !wanted.has(id)) {
        if (++depth > MAX_DEPTH) fail('fbx', `the model hierarchy is deeper than ${MAX_DEPTH} or has a cycle`);
        wanted.add(id);
        id = this.parentModel(id)?.id;
      }
    }
    // Depth-first from the roots, in file order, so parents come first.
    const order: string[] = [];
    const visit = (id: string, depth: number): void => {
      if (depth > MAX_DEPTH) fail('fbx', `the model hierarchy is deeper than ${MAX_DEPTH} or has a cycle`);
      order.push(id);
      const kids = this.scene.children(id)
        .map((c) => c.object)
        .filter((o) => o.node.name === 'Model' && wanted.has(o.id) && this.parentModel(o.id)?.id === id)
        .sort((a, b) => a.index - b.index);
      for (const k of kids) visit(k.id, depth + 1);
    };
    for (const m of models) if (wanted.has(m.id) && !this.parentModel(m.id)) visit(m.id, 0);
    if (order.length !== wanted.size || new Set(order).size !== order.length) fail('fbx', 'the model hierarchy has a cycle');
    return order;
  }

  private sampleJoint(joint: number, model: FbxObject, channels: Partial<Record<Channel, Vec3Curves>>, rest: JointRestTransform, start: number): AnimationTrack[] {
    const p = properties70(model.node);
    // Union of the key times of every curve of this joint, sorted and deduplicated.
    const all: number[] = [];
    for (const curves of Object.values(channels)) for (const c of curves) if (c && typeof c !== 'number') for (let k = 0; k < c.times.length; k++) all.push(c.times[k]!);
    all.sort((a, b) => a - b);
    const times: number[] = [];
    for (const t of all) if (times.length === 0 || t > times[times.length - 1]!) times.push(t);
    if (times.length === 0) times.push(start);
    const n = times.length;
    // Worst case all three paths: times + 3 + 4 + 3 numbers per sample.
    this.valueBudget -= n * 13;
    if (this.valueBudget < 0) fail('fbx', 'the animation has more keyframe values than the limit');

    const lcl = (name: string, def: number): [number, number, number] => {
      const v = p.get(name);
      return v ? [asNumber(v[0], def), asNumber(v[1], def), asNumber(v[2], def)] : [def, def, def];
    };
    const fallback: Record<Channel, [number, number, number]> = { t: lcl('Lcl Translation', 0), r: lcl('Lcl Rotation', 0), s: lcl('Lcl Scaling', 1) };
    const value = (ch: Channel, t: number): [number, number, number] | undefined => {
      const curves = channels[ch];
      if (!curves) return undefined;
      const out: [number, number, number] = [...fallback[ch]];
      curves.forEach((c, i) => {
        if (c === null) return;
        out[i] = typeof c === 'number' ? c : evaluate(c, t);
      });
      return out;
    };

    const tv = new Float32Array(n * 3);
    const rv = new Float32Array(n * 4);
    const sv = new Float32Array(n * 3);
    let prev: Quat | null = null;
    let tMoves = !!channels.t;
    let sMoves = !!channels.s;
    for (let k = 0; k < n; k++) {
      const t = times[k]!;
      const tr = value('t', t), r = value('r', t), s = value('s', t);
      const m = this.decompose(fbxLocalMatrix(p, { ...(tr ? { t: tr } : {}), ...(r ? { r } : {}), ...(s ? { s } : {}) }));
      let q = m.rotation as Quat;
      // Keep neighbouring quaternions in one hemisphere so linear blends take the short way.
      if (prev && q[0] * prev[0] + q[1] * prev[1] + q[2] * prev[2] + q[3] * prev[3] < 0) q = [-q[0], -q[1], -q[2], -q[3]];
      prev = q;
      tv.set(m.translation, k * 3);
      rv.set(q, k * 4);
      sv.set(m.scale, k * 3);
      // Pivots and offsets make a rotation move the joint's origin too.
      if (!tMoves && m.translation.some((x, c) => Math.abs(x - rest.translation[c]!) > 1e-6 * (1 + Math.abs(x)))) tMoves = true;
      if (!sMoves && m.scale.some((x, c) => Math.abs(x - rest.scale[c]!) > 1e-6)) sMoves = true;
    }
    const secs = Float32Array.from(times, (t) => (t - start) / FBX_TICKS_PER_SECOND);
    for (let k = 1; k < n; k++) {
      if (!(secs[k]! > secs[k - 1]!)) fail('fbx', `model "${model.name}": key times are too close together to tell apart`);
    }
    const tracks: AnimationTrack[] = [];
    const track = (path: AnimationTrack['path'], values: Float32Array): void =>
      void tracks.push({ joint, path, times: secs.slice(), values, interpolation: 'LINEAR' });
    if (tMoves) track('translation', tv);
    if (channels.r) track('rotation', rv);
    if (sMoves) track('scale', sv);
    return tracks;
  }

  /** A local matrix in the file's frame → T, R, S in the Y-up frame (conjugated by the axis conversion). */
  private decompose(local: Mat4): JointRestTransform {
    const m = multiply(multiply(this.axes, local), this.axesInverse);
    const { translation, rotation, scale } = decomposeMatrix(m);
    if (![...translation, ...rotation, ...scale].every(Number.isFinite)) fail('fbx', 'a model transform is not finite');
    return { translation, rotation, scale };
  }

  private parentModel(id: string): FbxObject | undefined {
    return this.scene.parents(id).find((p) => p.object.node.name === 'Model' && p.prop === '')?.object;
  }
}

/** An AnimationCurve's keys, validated: equal lengths, finite, times non-decreasing. */
function readCurve(curve: FbxObject): Curve | null {
  const where = `animation curve ${curve.id}`;
  const times = numbers(child(curve.node, 'KeyTime'));
  const values = numbers(child(curve.node, 'KeyValueFloat')) ?? numbers(child(curve.node, 'KeyValueDouble'));
  if (!times || !values || times.length === 0) {
    const d = asNumber(child(curve.node, 'Default')?.props[0] as FbxValue | undefined, NaN);
    return Number.isFinite(d) ? { times: [0], values: [d] } : null;
  }
  if (times.length !== values.length) fail('fbx', `${where} has ${times.length} key times but ${values.length} values`);
  for (let k = 0; k < times.length; k++) {
    if (!Number.isFinite(times[k]!) || !Number.isFinite(values[k]!)) fail('fbx', `${where} has a non-finite key`);
    if (k > 0 && times[k]! < times[k - 1]!) fail('fbx', `${where} has key times out of order`);
  }
  return { times, values };
}

/** Linear evaluation, clamped to the first and last keys. */
function evaluate(c: Curve, t: number): number {
  const { times, values } = c;
  const n = times.length;
  if (n === 0) return 0;
  const lo = keyIndexAt(times, t);
  if (lo < 0) return values[0]!;
  if (lo >= n - 1) return values[n - 1]!;
  const hi = lo + 1;
  const t0 = times[lo]!, t1 = times[hi]!;
  const u = t1 > t0 ? (t - t0) / (t1 - t0) : 1;
  return values[lo]! * (1 - u) + values[hi]! * u;
}
