/**
 * Skin weights for a mesh and any given skeleton.
 *
 * (First version: Euclidean distance to bone segments; the volumetric geodesic version follows.)
 */
import { EngineError, type Mesh, type Skeleton, type SkinWeights } from '@rigforge/mesh';
import { boneSegments, segmentDistanceSquared, type LeafJointMode } from './skinning/bone-segments';
import { weldVertices } from './weld-vertices';

/** Options of {@link computeSkinWeights}. */
export interface ComputeSkinWeightsOptions {
  /** Most joints influencing one vertex (1..4; the output always has 4 slots). Default 4. */
  maxInfluences?: number;
  /** Weight ∝ (dMin / d)^falloff over the geodesic distances to each joint's bones. Default 4. */
  falloff?: number;
  /** Influences below this weight are dropped before renormalising. Default 0.01. */
  minWeight?: number;
  /** Weld tolerance as a fraction of the bounding-box diagonal. Default 1e-5. */
  weldTolerance?: number;
  /** How leaf joints get a bone: `extend` (half the parent bone onward) or `point`. Default `extend`. */
  leafJoints?: LeafJointMode;
}

export const COMPUTE_SKIN_WEIGHTS_DEFAULTS: Required<ComputeSkinWeightsOptions> = {
  maxInfluences: 4,
  falloff: 4,
  minWeight: 0.01,
  weldTolerance: 1e-5,
  leafJoints: 'extend',
};

function resolveOptions(options: ComputeSkinWeightsOptions): Required<ComputeSkinWeightsOptions> {
  const merged = { ...COMPUTE_SKIN_WEIGHTS_DEFAULTS };
  for (const [key, value] of Object.entries(options)) {
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  }
  merged.maxInfluences = Math.min(4, Math.max(1, Math.round(merged.maxInfluences)));
  return merged;
}

/** Throws `invalid_input` for meshes or skeletons that cannot be skinned. */
export function validateSkinningInput(mesh: Mesh, skeleton: Skeleton): void {
  const { positions, indices } = mesh;
  if (positions.length % 3 !== 0) throw new EngineError('invalid_input', `skin: positions length ${positions.length} is not a multiple of 3`);
  if (indices.length % 3 !== 0) throw new EngineError('invalid_input', `skin: indices length ${indices.length} is not a multiple of 3`);
  const n = positions.length / 3;
  for (let i = 0; i < positions.length; i++) {
    if (!Number.isFinite(positions[i]!)) throw new EngineError('invalid_input', `skin: vertex ${Math.floor(i / 3)} has a non-finite coordinate`);
  }
  for (let i = 0; i < indices.length; i++) {
    if (indices[i]! >= n) throw new EngineError('invalid_input', `skin: index ${indices[i]} at ${i} is past the ${n} vertices`);
  }
  const joints = skeleton.joints;
  if (joints.length === 0) throw new EngineError('invalid_input', 'skin: the skeleton has no joints');
  if (joints.length > 65535) throw new EngineError('invalid_input', `skin: ${joints.length} joints exceed 65535`);
  joints.forEach((joint, j) => {
    if (!Number.isInteger(joint.parent) || joint.parent < -1 || joint.parent >= j) {
      throw new EngineError('invalid_input', `skin: joint ${j} "${joint.name}" has parent ${joint.parent}; parents must come before children`);
    }
    if (!joint.position.every(Number.isFinite)) {
      throw new EngineError('invalid_input', `skin: joint ${j} "${joint.name}" has a non-finite position`);
    }
  });
}

/**
 * Compute linear-blend-skinning weights: each vertex gets up to four joints whose weights sum
 * to 1. A bone (joint → child) gives its weight to the joint at its start, the parent end.
 */
export function computeSkinWeights(
  mesh: Mesh,
  skeleton: Skeleton,
  options: ComputeSkinWeightsOptions = {},
): SkinWeights {
  validateSkinningInput(mesh, skeleton);
  const opts = resolveOptions(options);
  const welded = weldVertices(mesh.positions, mesh.indices, { tolerance: opts.weldTolerance });
  const segments = boneSegments(skeleton, opts.leafJoints);
  const jointCount = skeleton.joints.length;
  const nw = welded.positions.length / 3;
  const wJoints = new Uint16Array(4 * nw);
  const wWeights = new Float32Array(4 * nw);
  const best = new Float64Array(jointCount);
  for (let v = 0; v < nw; v++) {
    best.fill(Infinity);
    const x = welded.positions[3 * v]!, y = welded.positions[3 * v + 1]!, z = welded.positions[3 * v + 2]!;
    for (const s of segments) {
      const d = Math.sqrt(segmentDistanceSquared(x, y, z, s.a, s.b));
      if (d < best[s.joint]!) best[s.joint] = d;
    }
    const cj: number[] = [];
    const cd: number[] = [];
    for (let j = 0; j < jointCount; j++) if (best[j]! < Infinity) { cj.push(j); cd.push(best[j]!); }
    writeInfluences(cj, cd, v, wJoints, wWeights, opts);
  }
  return expand(wJoints, wWeights, welded.remap);
}

/** Turn candidate (joint, distance) pairs into at most `maxInfluences` normalised weights. */
export function writeInfluences(
  candJoints: number[],
  candDist: number[],
  v: number,
  outJoints: Uint16Array,
  outWeights: Float32Array,
  opts: Required<ComputeSkinWeightsOptions>,
): void {
  const order = candJoints.map((_, i) => i).sort((a, b) => candDist[a]! - candDist[b]!);
  const dMin = candDist[order[0]!] ?? 0;
  const eps = 1e-9 + dMin * 1e-6;
  const w: number[] = [];
  let sum = 0;
  for (let k = 0; k < Math.min(opts.maxInfluences, order.length); k++) {
    const value = Math.pow((dMin + eps) / (candDist[order[k]!]! + eps), opts.falloff);
    w.push(value);
    sum += value;
  }
  let kept = 0;
  let keptSum = 0;
  for (let k = 0; k < w.length; k++) if (w[k]! / sum >= opts.minWeight || k === 0) keptSum += w[k]!;
  for (let k = 0; k < w.length; k++) {
    if (w[k]! / sum < opts.minWeight && k !== 0) continue;
    outJoints[4 * v + kept] = candJoints[order[k]!]!;
    outWeights[4 * v + kept] = w[k]! / keptSum;
    kept++;
  }
}

function expand(wJoints: Uint16Array, wWeights: Float32Array, remap: Uint32Array): SkinWeights {
  const n = remap.length;
  const joints = new Uint16Array(4 * n);
  const weights = new Float32Array(4 * n);
  for (let i = 0; i < n; i++) {
    const r = remap[i]!;
    for (let k = 0; k < 4; k++) {
      joints[4 * i + k] = wJoints[4 * r + k]!;
      weights[4 * i + k] = wWeights[4 * r + k]!;
    }
  }
  return { joints, weights };
}
