/*
 * Animation clips as FBX objects: per clip one AnimationStack and one AnimationLayer, per track an
 * AnimationCurveNode ("T", "R" or "S") wired to the joint's Model through its "Lcl Translation",
 * "Lcl Rotation" or "Lcl Scaling" property, and per component an AnimationCurve (d|X, d|Y, d|Z).
 *
 * Our tracks are local to joints with identity rest rotations; the writer orients its joints
 * (animation/joint-orientation.ts), so orientClipTracks first re-expresses each track in the oriented frames.
 * FBX animates Euler angles, interpolated component by component, while our tracks are
 * quaternions interpolated by slerp. The joints carry no rotation order or pre-rotation, so the
 * Euler angles are the track's local rotation in FBX's default order XYZ (M = Rz · Ry · Rx), in
 * degrees. Each key is converted on its own, then the solution closest to
 * the previous key is chosen among the two equivalent triples and their 360° turns, so curves
 * never jump by a full turn. Between two keys a per-component Euler blend is not a slerp; where
 * the two differ by more than a small angle the segment is split (bisection, a few levels), so
 * players that lerp Euler curves show the same motion.
 */
import { FBX_TICKS_PER_SECOND } from '../animation/read-fbx-animation';
import { quatAngle, quatInvert, quatMultiply, type Quat } from '../animation/quat';
import { sampleTrack } from '../animation/sample-track';
import { EngineError } from '../mesh-error';
import type { AnimationClip, AnimationTrack } from '../mesh-model';
import { fromQuat } from '../read/mat4';
import { fbx, leaf, node, p70, type FbxNode } from './fbx-node';

/** Largest allowed difference, radians, between Euler-lerp and slerp in the middle of a segment. */
const EULER_TOLERANCE = 2e-4;
const MAX_SPLIT_DEPTH = 5;

/** KeyAttrFlags: eInterpolationConstant / eInterpolationLinear. */
const KEY_CONSTANT = 0x2;
const KEY_LINEAR = 0x4;

export interface FbxAnimationSink {
  newId(): number;
  connect(child: number, parent: number, property?: string): void;
  count(type: string): void;
  objects: FbxNode[];
}

/**
 * Emits the objects and connections of `clips` into `sink`, targeting `modelIds[track.joint]`.
 * Tracks on unknown joints or with inconsistent lengths are skipped (as writeGlb does); non-finite
 * values are refused. Returns the animated time span in FBX ticks (0, 0 when nothing was written).
 */
export function writeFbxAnimation(clips: AnimationClip[], modelIds: number[], sink: FbxAnimationSink): { start: number; stop: number; stacks: string[] } {
  let start = Infinity;
  let stop = -Infinity;
  const stacks: string[] = [];
  clips.forEach((clip, c) => {
    const tracks = clip.tracks.filter((t) => usable(t, modelIds.length));
    if (tracks.length === 0) return;
    const name = clip.name || `animation_${c}`;
    const stackId = sink.newId();
    const layerId = sink.newId();
    let clipStart = Infinity;
    let clipStop = -Infinity;
    const pending: FbxNode[] = [];
    for (const track of tracks) {
      const keys = trackKeys(track);
      const n = keys.times.length;
      clipStart = Math.min(clipStart, keys.times[0]!);
      clipStop = Math.max(clipStop, keys.times[n - 1]!);
      const curveNodeId = sink.newId();
      const [label, property] = track.path === 'translation' ? ['T', 'Lcl Translation'] : track.path === 'rotation' ? ['R', 'Lcl Rotation'] : ['S', 'Lcl Scaling'];
      pending.push(
        node('AnimationCurveNode', [fbx.long(curveNodeId), fbx.objectName(label, 'AnimationCurveNode'), fbx.string('')], [
          node('Properties70', [], (['X', 'Y', 'Z'] as const).map((axis, k) => p70(`d|${axis}`, 'Number', '', 'A', fbx.double(keys.values[k]![0]!)))),
        ]),
      );
      sink.count('AnimationCurveNode');
      sink.connect(curveNodeId, layerId);
      sink.connect(curveNodeId, modelIds[track.joint]!, property);
      const ticks = new BigInt64Array(n);
      for (let k = 0; k < n; k++) ticks[k] = BigInt(Math.round(keys.times[k]! * FBX_TICKS_PER_SECOND));
      (['X', 'Y', 'Z'] as const).forEach((axis, k) => {
        const curveId = sink.newId();
        const values = Float32Array.from(keys.values[k]!);
        pending.push(
          node('AnimationCurve', [fbx.long(curveId), fbx.objectName('', 'AnimationCurve'), fbx.string('')], [
            leaf('Default', fbx.double(values[0]!)),
            leaf('KeyVer', fbx.int(4008)),
            leaf('KeyTime', { type: 'l', value: ticks }),
            leaf('KeyValueFloat', { type: 'f', value: values }),
            // One attribute shared by every key (KeyAttrRefCount = n).
            leaf('KeyAttrFlags', fbx.ints(Int32Array.of(track.interpolation === 'STEP' ? KEY_CONSTANT : KEY_LINEAR))),
            leaf('KeyAttrDataFloat', { type: 'f', value: new Float32Array(4) }),
            leaf('KeyAttrRefCount', fbx.ints(Int32Array.of(n))),
          ]),
        );
        sink.count('AnimationCurve');
        sink.connect(curveId, curveNodeId, `d|${axis}`);
      });
    }
    const kt = (s: number): FbxNode['props'][number] => fbx.long(Math.round(s * FBX_TICKS_PER_SECOND));
    sink.objects.push(
      node('AnimationStack', [fbx.long(stackId), fbx.objectName(name, 'AnimStack'), fbx.string('')], [
        node('Properties70', [], [
          p70('LocalStart', 'KTime', 'Time', '', kt(clipStart)),
          p70('LocalStop', 'KTime', 'Time', '', kt(clipStop)),
          p70('ReferenceStart', 'KTime', 'Time', '', kt(clipStart)),
          p70('ReferenceStop', 'KTime', 'Time', '', kt(clipStop)),
        ]),
      ]),
      // Assimp needs a child scope on every object, even an empty one.
      node('AnimationLayer', [fbx.long(layerId), fbx.objectName('BaseLayer', 'AnimLayer'), fbx.string('')], [node('Properties70')]),
      ...pending,
    );
    sink.count('AnimationStack');
    sink.count('AnimationLayer');
    sink.connect(layerId, stackId);
    stacks.push(name);
    start = Math.min(start, clipStart);
    stop = Math.max(stop, clipStop);
  });
  return Number.isFinite(start) ? { start, stop, stacks } : { start: 0, stop: 0, stacks };
}

function usable(t: AnimationTrack, jointCount: number): boolean {
  const size = t.path === 'rotation' ? 4 : 3;
  if (!(t.joint >= 0 && t.joint < jointCount) || t.times.length === 0 || t.values.length !== t.times.length * size) return false;
  for (let k = 0; k < t.times.length; k++) {
    if (!Number.isFinite(t.times[k]!) || (k > 0 && !(t.times[k]! > t.times[k - 1]!))) {
      throw new EngineError('invalid_input', `writeFbx: animation track on joint ${t.joint} has times that are not finite and increasing`);
    }
  }
  for (let i = 0; i < t.values.length; i++) {
    if (!Number.isFinite(t.values[i]!)) throw new EngineError('invalid_input', `writeFbx: animation track on joint ${t.joint} has a non-finite value`);
  }
  return true;
}

/** Key times (seconds) and per-component values: as given for T/S, Euler degrees for R. */
function trackKeys(track: AnimationTrack): { times: number[]; values: [number[], number[], number[]] } {
  const values: [number[], number[], number[]] = [[], [], []];
  if (track.path !== 'rotation') {
    for (let k = 0; k < track.times.length; k++) for (let c = 0; c < 3; c++) values[c]!.push(track.values[k * 3 + c]!);
    return { times: Array.from(track.times), values };
  }
  const times: number[] = [];
  let prev: [number, number, number] | null = null;
  const add = (t: number, q: Quat): [number, number, number] => {
    const e = eulerXyzNear(q, prev);
    times.push(t);
    for (let c = 0; c < 3; c++) values[c]!.push((e[c]! * 180) / Math.PI);
    prev = e;
    return e;
  };
  const at = (t: number): Quat => sampleTrack(track, t) as Quat;
  const split = (t0: number, e0: [number, number, number], t1: number, e1: [number, number, number], depth: number): void => {
    // Euler-lerp midpoint against the slerp midpoint; split where they disagree.
    const tm = (t0 + t1) / 2;
    const qm = at(tm);
    const lerp: [number, number, number] = [(e0[0] + e1[0]) / 2, (e0[1] + e1[1]) / 2, (e0[2] + e1[2]) / 2];
    if (depth >= MAX_SPLIT_DEPTH || quatAngle(quatMultiply(quatInvert(qm), quatFromEulerXyz(lerp))) <= EULER_TOLERANCE) {
      add(t1, at(t1));
      return;
    }
    const em = eulerXyzNear(qm, e0);
    split(t0, e0, tm, em, depth + 1);
    split(tm, prev!, t1, eulerXyzNear(at(t1), prev), depth + 1);
  };
  const first = add(track.times[0]!, at(track.times[0]!));
  let e0 = first;
  for (let k = 1; k < track.times.length; k++) {
    const t0 = track.times[k - 1]!;
    const t1 = track.times[k]!;
    if (track.interpolation === 'STEP') {
      e0 = add(t1, at(t1));
      continue;
    }
    split(t0, e0, t1, eulerXyzNear(at(t1), e0), 0);
    e0 = prev!;
  }
  return { times, values };
}

/** Rz(c) · Ry(b) · Rx(a) as a quaternion. */
export function quatFromEulerXyz(e: readonly [number, number, number]): Quat {
  const half = (x: number): [number, number] => [Math.sin(x / 2), Math.cos(x / 2)];
  const [sa, ca] = half(e[0]);
  const [sb, cb] = half(e[1]);
  const [sc, cc] = half(e[2]);
  return quatMultiply([0, 0, sc, cc], quatMultiply([0, sb, 0, cb], [sa, 0, 0, ca]));
}

/**
 * Euler angles (radians, order XYZ: M = Rz · Ry · Rx) of q, picking among the two equivalent
 * triples and their full turns the one closest to `near`.
 */
export function eulerXyzNear(q: Readonly<Quat>, near: readonly [number, number, number] | null): [number, number, number] {
  const m = fromQuat(q[0], q[1], q[2], q[3]);
  const r20 = m[2]!, r21 = m[6]!, r22 = m[10]!, r10 = m[1]!, r00 = m[0]!, r12 = m[9]!, r11 = m[5]!;
  let a: number, b: number, c: number;
  if (Math.abs(r20) < 1 - 1e-9) {
    b = Math.asin(-r20);
    a = Math.atan2(r21, r22);
    c = Math.atan2(r10, r00);
  } else {
    // Gimbal lock: only a ± c is defined; keep c from the previous key.
    b = r20 < 0 ? Math.PI / 2 : -Math.PI / 2;
    c = near ? near[2] : 0;
    const s = Math.sign(-r20);
    // With b = ±90°, R = Rz(c)·Ry(b)·Rx(a) depends on a − s·c only.
    const d = Math.atan2(-r12, r11);
    a = d + s * c;
  }
  if (!near) return [a, b, c];
  const candidates: Array<[number, number, number]> = [[a, b, c], [a + Math.PI, Math.PI - b, c + Math.PI]];
  let best: [number, number, number] = candidates[0]!;
  let bestDist = Infinity;
  for (const cand of candidates) {
    const u = cand.map((x, i) => x + 2 * Math.PI * Math.round((near[i]! - x) / (2 * Math.PI))) as [number, number, number];
    const dist = Math.abs(u[0] - near[0]) + Math.abs(u[1] - near[1]) + Math.abs(u[2] - near[2]);
    if (dist < bestDist) {
      bestDist = dist;
      best = u;
    }
  }
  return best;
}
