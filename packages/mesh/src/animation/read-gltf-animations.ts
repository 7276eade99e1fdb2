/*
 * glTF 2.0 animation reader (GLB and JSON with embedded buffers).
 *
 * Like read/read-gltf.ts we parse the JSON ourselves rather than through glTF-Transform, so every
 * defect becomes a precise `unsupported_format` message and counts are checked against buffer
 * sizes before anything is allocated. It is a separate small parser, not a mode of the mesh
 * reader: the two read disjoint parts of the file (nodes and animations vs. primitives and
 * materials) and the mesh reader's assembler has no place for a skeleton.
 *
 * The clip's skeleton is the skins' joints plus every node an animation channel targets, closed
 * under ancestors (so a Blender "Armature" node's axis conversion is part of the world transform),
 * in depth-first order so parents come first. Rest pose = the nodes' own TRS (or decomposed
 * matrix), which is the bind pose in Mixamo/Blender/Unity exports.
 */
import { decomposeMatrix } from './decompose-matrix';
import { decodeDataUri } from '../read/decode-texture';
import { fail } from '../read/mesh-assembler';
import { int, isObject, list, parseGltfContainer } from '../read/parse-gltf-container';
import type { AnimationClip, AnimationJoint, AnimationTrack, JointRestTransform } from '../mesh-model';
import { quatNormalize } from './quat';

type Json = Record<string, unknown>;

const COMPONENT_BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
const TYPE_SIZE: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT4: 16 };
const MAX_NODES = 100_000;

export interface GltfAnimationLimits {
  /** Refuse clips with more keyframe numbers than this in total (after CUBICSPLINE resampling). */
  maxValues: number;
  /** LINEAR samples per CUBICSPLINE segment. */
  cubicSamples: number;
}

/** Reads every animation of a GLB or glTF file; throws `unsupported_format` when there is none. */
export function readGltfAnimations(bytes: Uint8Array, format: 'glb' | 'gltf', limits: GltfAnimationLimits): AnimationClip[] {
  const { json, bin } = parseGltfContainer(bytes, format);
  return new AnimationDocument(format, json, bin, limits).read();
}

function finiteTuple(v: unknown, n: number): number[] | null {
  const a = list(v);
  return a.length === n && a.every((x) => typeof x === 'number' && Number.isFinite(x)) ? (a as number[]) : null;
}

interface Channel {
  node: number;
  path: AnimationTrack['path'];
  times: Float32Array;
  values: Float32Array;
  interpolation: AnimationTrack['interpolation'];
}

class AnimationDocument {
  private values = 0;

  constructor(
    private readonly f: 'glb' | 'gltf',
    private readonly json: Json,
    private readonly bin: Uint8Array | null,
    private readonly limits: GltfAnimationLimits,
  ) {}

  read(): AnimationClip[] {
    const { f, json } = this;
    const animations = list(json.animations);
    if (animations.length === 0) fail(f, 'the file has no animation');
    const nodes = list(json.nodes);
    if (nodes.length > MAX_NODES) fail(f, `more than ${MAX_NODES} nodes`);
    const parent = new Int32Array(nodes.length).fill(-1);
    nodes.forEach((n, i) => {
      if (!isObject(n)) fail(f, `node ${i} is not an object`);
      for (const c of list(n.children)) {
        const child = int(c);
        if (child < 0 || child >= nodes.length) fail(f, `node ${i} has a missing child ${String(c)}`);
        if (parent[child] !== -1 || child === i) fail(f, `node ${child} has more than one parent`);
        parent[child] = i;
      }
    });

    const clipsChannels = animations.map((a, i) => {
      if (!isObject(a)) fail(f, `animation ${i} is not an object`);
      return { name: typeof a.name === 'string' && a.name ? a.name : `animation_${i}`, channels: this.channels(a, i, nodes.length) };
    });

    // Skeleton: skin joints and animated nodes, closed under ancestors.
    const wanted = new Uint8Array(nodes.length);
    for (const s of list(json.skins)) {
      if (!isObject(s)) continue;
      for (const j of list(s.joints)) {
        const n = int(j);
        if (n < 0 || n >= nodes.length) fail(f, `a skin refers to missing node ${String(j)}`);
        wanted[n] = 1;
      }
    }
    for (const c of clipsChannels) for (const ch of c.channels) wanted[ch.node] = 1;
    for (let i = 0; i < nodes.length; i++) {
      if (!wanted[i]) continue;
      let p = parent[i]!;
      for (let steps = 0; p >= 0 && !wanted[p]; steps++) {
        if (steps > nodes.length) fail(f, 'cycle in the node hierarchy');
        wanted[p] = 1;
        p = parent[p]!;
      }
    }
    const order: number[] = [];
    const jointOf = new Int32Array(nodes.length).fill(-1);
    const skeleton: AnimationJoint[] = [];
    const stack: number[] = [];
    for (let i = nodes.length - 1; i >= 0; i--) if (parent[i] === -1 && wanted[i]) stack.push(i);
    while (stack.length > 0) {
      const n = stack.pop()!;
      if (jointOf[n] !== -1) fail(f, 'cycle in the node hierarchy');
      jointOf[n] = skeleton.length;
      order.push(n);
      const node = nodes[n] as Json;
      skeleton.push({
        name: typeof node.name === 'string' && node.name ? node.name : `node_${n}`,
        parent: parent[n]! >= 0 ? jointOf[parent[n]!]! : -1,
        rest: this.rest(node, n),
      });
      const children = list(node.children).map((c) => int(c)).filter((c) => wanted[c]);
      for (let k = children.length - 1; k >= 0; k--) stack.push(children[k]!);
    }
    // Nodes in a cycle are never reached from a root.
    for (let i = 0; i < nodes.length; i++) if (wanted[i] && jointOf[i] === -1) fail(f, `node ${i} is part of a cycle in the node hierarchy`);

    const clips: AnimationClip[] = [];
    for (const c of clipsChannels) {
      if (c.channels.length === 0) continue;
      let start = Infinity;
      let end = -Infinity;
      const tracks: AnimationTrack[] = c.channels.map((ch) => {
        start = Math.min(start, ch.times[0]!);
        end = Math.max(end, ch.times[ch.times.length - 1]!);
        return { joint: jointOf[ch.node]!, path: ch.path, times: ch.times, values: ch.values, interpolation: ch.interpolation };
      });
      clips.push({ name: c.name, duration: Math.max(0, end - start), skeleton: skeleton.map((j) => ({ ...j, rest: { ...j.rest } })), tracks });
    }
    if (clips.length === 0) fail(f, 'the file has no animation of node translation, rotation or scale');
    return clips;
  }

  private channels(a: Json, ai: number, nodeCount: number): Channel[] {
    const f = this.f;
    const samplers = list(a.samplers);
    const out: Channel[] = [];
    for (const c of list(a.channels)) {
      if (!isObject(c) || !isObject(c.target)) fail(f, `animation ${ai} has an invalid channel`);
      const path = c.target.path;
      if (path === 'weights') continue; // morph target weights: not skeletal
      if (path !== 'translation' && path !== 'rotation' && path !== 'scale') {
        if (path === 'pointer') continue;
        fail(f, `animation ${ai} has a channel with an unknown path "${String(path)}"`);
      }
      if (c.target.node === undefined) continue; // e.g. KHR_animation_pointer targets
      const node = int(c.target.node);
      if (node < 0 || node >= nodeCount) fail(f, `animation ${ai} targets missing node ${String(c.target.node)}`);
      const s = samplers[int(c.sampler)];
      if (!isObject(s)) fail(f, `animation ${ai} refers to missing sampler ${String(c.sampler)}`);
      const interp = s.interpolation === undefined ? 'LINEAR' : String(s.interpolation);
      if (interp !== 'LINEAR' && interp !== 'STEP' && interp !== 'CUBICSPLINE') {
        fail(f, `animation ${ai} has an unknown interpolation "${interp}"`);
      }
      const size = path === 'rotation' ? 4 : 3;
      const input = this.readAccessor(s.input, `animation ${ai} sampler input`, 'SCALAR');
      const times = input.data;
      if (times.length === 0) fail(f, `animation ${ai} has a sampler without keys`);
      for (let i = 0; i < times.length; i++) {
        if (!Number.isFinite(times[i]!) || times[i]! < 0) fail(f, `animation ${ai} has an invalid key time ${times[i]}`);
        if (i > 0 && times[i]! < times[i - 1]!) fail(f, `animation ${ai} has key times that go backwards`);
      }
      const output = this.readAccessor(s.output, `animation ${ai} sampler output`, size === 4 ? 'VEC4' : 'VEC3');
      const perKey = interp === 'CUBICSPLINE' ? 3 : 1;
      if (output.count !== times.length * perKey) {
        fail(f, `animation ${ai} sampler output has ${output.count} elements for ${times.length} keys`);
      }
      for (let i = 0; i < output.data.length; i++) {
        if (!Number.isFinite(output.data[i]!)) fail(f, `animation ${ai} has a non-finite key value`);
      }
      let ch: Channel;
      if (interp === 'CUBICSPLINE') ch = this.resampleCubic(node, path, times, output.data, size);
      else ch = { node, path, times, values: output.data, interpolation: interp };
      if (size === 4) normalizeQuats(ch.values);
      this.values += ch.values.length + ch.times.length;
      if (this.values > this.limits.maxValues) fail(f, `the animation has more than ${this.limits.maxValues} keyframe values`);
      out.push(ch);
    }
    return out;
  }

  /** Hermite spline evaluated at `cubicSamples` points per segment, kept as LINEAR keys. */
  private resampleCubic(node: number, path: Channel['path'], times: Float32Array, data: Float32Array, size: number): Channel {
    const k = Math.max(1, this.limits.cubicSamples);
    const n = times.length;
    const outCount = n === 1 ? 1 : (n - 1) * k + 1;
    if ((outCount * (size + 1)) + this.values > this.limits.maxValues) {
      fail(this.f, `the animation has more than ${this.limits.maxValues} keyframe values`);
    }
    const outTimes = new Float32Array(outCount);
    const outValues = new Float32Array(outCount * size);
    const at = (key: number, part: 0 | 1 | 2, c: number) => data[(key * 3 + part) * size + c]!;
    for (let i = 0; i < n; i++) {
      const last = i === n - 1;
      for (let s = 0; s < (last ? 1 : k); s++) {
        const o = i * k + s;
        const u = s / k;
        outTimes[o] = last || s === 0 ? times[i]! : times[i]! + (times[i + 1]! - times[i]!) * u;
        if (s === 0) {
          for (let c = 0; c < size; c++) outValues[o * size + c] = at(i, 1, c);
          continue;
        }
        const dt = times[i + 1]! - times[i]!;
        const u2 = u * u, u3 = u2 * u;
        const h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2;
        for (let c = 0; c < size; c++) {
          outValues[o * size + c] = h00 * at(i, 1, c) + h10 * dt * at(i, 2, c) + h01 * at(i + 1, 1, c) + h11 * dt * at(i + 1, 0, c);
        }
      }
    }
    return { node, path, times: outTimes, values: outValues, interpolation: 'LINEAR' };
  }

  private rest(node: Json, index: number): JointRestTransform {
    const f = this.f;
    if (node.matrix !== undefined) {
      const m = finiteTuple(node.matrix, 16);
      if (!m) fail(f, `node ${index} has an invalid matrix`);
      return decomposeMatrix(m);
    }
    const t = node.translation === undefined ? [0, 0, 0] : finiteTuple(node.translation, 3);
    const r = node.rotation === undefined ? [0, 0, 0, 1] : finiteTuple(node.rotation, 4);
    const s = node.scale === undefined ? [1, 1, 1] : finiteTuple(node.scale, 3);
    if (!t || !r || !s) fail(f, `node ${index} has an invalid transform`);
    return {
      translation: [t[0]!, t[1]!, t[2]!],
      rotation: quatNormalize([r[0]!, r[1]!, r[2]!, r[3]!]),
      scale: [s[0]!, s[1]!, s[2]!],
    };
  }

  private readAccessor(index: unknown, what: string, type: string): { data: Float32Array; count: number } {
    const f = this.f;
    const a = list(this.json.accessors)[int(index)];
    if (!isObject(a)) fail(f, `${what} refers to missing accessor ${String(index)}`);
    if (String(a.type) !== type) fail(f, `${what} accessor has type ${String(a.type)}, expected ${type}`);
    if (isObject(a.sparse)) fail(f, `${what} accessor is sparse, which animation reading does not support`);
    const size = TYPE_SIZE[type]!;
    const componentType = Number(a.componentType);
    const cb = COMPONENT_BYTES[componentType];
    if (!cb || componentType === 5125) fail(f, `${what} accessor has an invalid componentType ${String(a.componentType)}`);
    if (componentType !== 5126 && a.normalized !== true) fail(f, `${what} accessor holds integers that are not normalized`);
    const count = a.count;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) fail(f, `${what} accessor has an invalid count`);
    if (count * size > this.limits.maxValues) fail(f, `${what} accessor has more than ${this.limits.maxValues} values`);
    const out = new Float32Array(count * size);
    if (a.bufferView === undefined) return { data: out, count };
    const view = this.bufferView(a.bufferView);
    const elementBytes = cb * size;
    const stride = view.stride ?? elementBytes;
    const offset = int(a.byteOffset, 0);
    if (count > 0 && offset + stride * (count - 1) + elementBytes > view.bytes.length) {
      fail(f, `${what} accessor reads past its buffer (${count} elements)`);
    }
    const dv = new DataView(view.bytes.buffer, view.bytes.byteOffset, view.bytes.byteLength);
    for (let i = 0; i < count; i++) {
      for (let c = 0; c < size; c++) out[i * size + c] = readComponent(dv, offset + i * stride + c * cb, componentType);
    }
    return { data: out, count };
  }

  private bufferView(index: unknown): { bytes: Uint8Array; stride: number | undefined } {
    const f = this.f;
    const v = list(this.json.bufferViews)[int(index)];
    if (!isObject(v)) fail(f, `bufferView ${String(index)} does not exist`);
    const bi = int(v.buffer);
    const def = list(this.json.buffers)[bi];
    if (!isObject(def)) fail(f, `buffer ${String(v.buffer)} does not exist`);
    let data: Uint8Array;
    if (def.uri === undefined) {
      if (!this.bin || bi !== 0) fail(f, `buffer ${bi} has no data (no uri and no GLB binary chunk)`);
      data = this.bin;
    } else {
      const decoded = decodeDataUri(String(def.uri));
      if (!decoded) fail(f, `buffer ${bi} refers to an external file; only GLB or glTF with embedded (data: URI) buffers can be read`);
      data = decoded;
    }
    const offset = int(v.byteOffset, 0);
    const length = int(v.byteLength);
    if (length < 0 || offset + length > data.length) fail(f, `bufferView ${String(index)} reads past its buffer`);
    const stride = v.byteStride === undefined ? undefined : int(v.byteStride);
    if (stride !== undefined && (stride < 4 || stride > 252)) fail(f, `bufferView ${String(index)} has an invalid byteStride`);
    return { bytes: data.subarray(offset, offset + length), stride };
  }
}

function readComponent(dv: DataView, at: number, type: number): number {
  switch (type) {
    case 5126: return dv.getFloat32(at, true);
    case 5121: return dv.getUint8(at) / 255;
    case 5123: return dv.getUint16(at, true) / 65535;
    case 5120: return Math.max(dv.getInt8(at) / 127, -1);
    default: return Math.max(dv.getInt16(at, true) / 32767, -1);
  }
}

function normalizeQuats(values: Float32Array): void {
  for (let i = 0; i + 3 < values.length; i += 4) {
    const q = quatNormalize([values[i]!, values[i + 1]!, values[i + 2]!, values[i + 3]!]);
    values[i] = q[0]; values[i + 1] = q[1]; values[i + 2] = q[2]; values[i + 3] = q[3];
  }
}
