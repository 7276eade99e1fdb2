/**
 * The free pre-rig check: reads a mesh as the rigger will and says, before anyone pays, whether
 * it can be rigged, how it is built (triangles, parts, watertight), which way is up and which way
 * it faces (with the `rotation_y` that brings it to face +Z), and which body plan fits it.
 *
 * Orientation and plan are the rigger's own (orientForRig, the function `rigMesh` runs, with
 * up_axis, rotation_y and rig_type auto): the roll, up axis, facing and plan a rig job takes by
 * default, with the finder's probabilities.
 */
import { boundMeshWorkload, readMesh, withDefaults, type Mesh } from '@rigforge/mesh';
import type { BodyPlan } from './body-plan';
import { classifyBodyPlan } from './fit/classify-body-plan';
import { analyzeShape, type ShapeAnalysis } from './fit/shape-analysis';
import { measureOrientationCandidates, orientationProbabilities, type Facing } from './find-orientation';
import { orientForRig, type RigOrientation, type RigPlanChoice } from './orient-for-rig';
import { ORIENTATION_CANDIDATES } from './orientation-features';
import { RIG_MESH_DEFAULTS } from './rig-mesh';
import type { UpAxis } from './rotate-mesh-up';
import { findRoot, singletons, uniteThree } from './union-find';
import { weldVertices, type WeldedVertices } from './weld-vertices';

export interface CheckMeshOptions {
  /** Largest mesh accepted, in triangles. Default 2 000 000. */
  maxTriangles?: number;
  /** Voxels along the longest side for the body-plan analysis (the fitter's). Default 80. */
  resolution?: number;
}

export const CHECK_MESH_DEFAULTS: Required<CheckMeshOptions> = { maxTriangles: 2_000_000, resolution: 80 };

/** Why a readable mesh cannot be rigged. */
export type CheckProblemCode = 'no_volume';

export interface CheckMeshReport {
  riggable: boolean;
  problems: { code: CheckProblemCode; message: string }[];
  inputFormat: string;
  triangles: number;
  vertices: number;
  /** Connected pieces of the surface (after welding split vertices). */
  parts: number;
  /** Every edge is shared by exactly two triangles. */
  watertight: boolean;
  /** The up axis `rigMesh` finds (of the rolled mesh when `roll` is present). */
  upAxis: UpAxis;
  /** The direction the model faces once stood up, before any rotation_y (as `rigMesh` finds it). */
  facing: Facing;
  /** Degrees about +Y that make the stood-up model face +Z: the rotation_y `rigMesh` applies. */
  rotationY: number;
  /**
   * The roll `rigMesh` applies first, about a file axis, when the mesh's mirror plane lies between
   * two file axes (mirror-roll.ts): up axis and facing are then of the rolled mesh.
   */
  roll?: { axis: 'x' | 'y' | 'z'; degrees: number };
  /** The finder's probability of that orientation, and of that up axis alone (0..1). */
  orientationConfidence: number;
  upAxisConfidence: number;
  recommendedRigType: BodyPlan;
  rigTypeScores: Record<BodyPlan, number>;
  warnings: string[];
}

export async function checkMesh(bytes: Uint8Array, options: CheckMeshOptions = {}): Promise<CheckMeshReport> {
  const o = withDefaults(CHECK_MESH_DEFAULTS, options);
  // The same work budget as the rig, so "riggable" here means the rig job is accepted too; applied
  // while reading as well, as the upload check does, so a dense fan is refused before it is merged.
  const read = await readMesh(bytes, { maxTriangles: o.maxTriangles, boundWorkload: true });
  const bounded = boundMeshWorkload(read.mesh);
  const mesh = bounded.mesh;
  // One weld for the topology and the orientation's facing cue.
  const welded = weldVertices(mesh.positions, mesh.indices);
  const topology = measureTopology(welded);
  const warnings = [...read.warnings, ...bounded.warnings];
  const problems: CheckMeshReport['problems'] = [];

  const { orientation, orientationConfidence, upAxisConfidence, plan, planShape: shape } = orientForCheck(mesh, o.resolution, welded);
  // No voxel deeper than the first layer: a sheet or a line, however wide (a closed surface has
  // an inside once its smallest extent spans a few of the 80 voxels).
  if (!shape.grid.solid.some((v) => v === 1) || shape.maxDt < 1.5) {
    problems.push({ code: 'no_volume', message: 'the mesh encloses no volume the rigger can fit a skeleton into (a flat sheet or loose lines)' });
  }
  const scores = plan.scores ?? classifyBodyPlan(shape).scores;
  if (!topology.watertight) warnings.push('mesh: not watertight (open edges); rigging works, but weights near holes may be rougher');
  if (topology.parts > 1) warnings.push(`mesh: ${topology.parts} separate parts; parts that do not touch the body are weighted to their nearest bone`);
  return {
    riggable: problems.length === 0,
    problems,
    inputFormat: read.format,
    triangles: mesh.indices.length / 3,
    vertices: mesh.positions.length / 3,
    parts: topology.parts,
    watertight: topology.watertight,
    upAxis: orientation.upAxis,
    facing: orientation.facing,
    rotationY: orientation.rotationY,
    ...(orientation.roll ? { roll: orientation.roll } : {}),
    orientationConfidence: Math.round(orientationConfidence * 1000) / 1000,
    upAxisConfidence: Math.round(upAxisConfidence * 1000) / 1000,
    recommendedRigType: plan.bodyPlan,
    rigTypeScores: scores,
    warnings,
  };
}

/**
 * The check's reading of a mesh's orientation and shape: the rig's own (orientForRig with every
 * choice `auto`, as POST /v1/rigs by default): the roll, the up axis, the facing and the plan
 * `rigMesh` takes, with the finder's probabilities of that orientation and of its up axis, and the
 * shape analysis the plan classifier read. Exported for the scripts that fit and score the
 * classifier on what the check sees. `welded`: the mesh's weld at the default tolerance, when the
 * caller has it.
 */
export function orientForCheck(mesh: Mesh, resolution: number, welded?: WeldedVertices): {
  orientation: RigOrientation; orientationConfidence: number; upAxisConfidence: number; plan: RigPlanChoice; planShape: ShapeAnalysis;
} {
  const { orientation, plan, candidates, filed, mesh: stood, triangles } = orientForRig(mesh, { rigType: 'auto', upAxis: 'auto', rotationY: 'auto', autoRigTypeMinConfidence: RIG_MESH_DEFAULTS.autoRigTypeMinConfidence, resolution, ...(welded ? { welded } : {}) });
  // The finder's probabilities of the rig's choice (the rig reports the first; the check both).
  const p = orientationProbabilities(candidates ?? measureOrientationCandidates(filed));
  const own = ORIENTATION_CANDIDATES.findIndex((c) => c.upAxis === orientation.upAxis && c.rotationY === orientation.rotationY);
  const upAxisConfidence = ORIENTATION_CANDIDATES.reduce((t, c, i) => t + (c.upAxis === orientation.upAxis ? p[i]! : 0), 0);
  return { orientation, orientationConfidence: own >= 0 ? p[own]! : 0, upAxisConfidence, plan, planShape: plan.shape ?? analyzeShape(stood, resolution, triangles()) };
}

/** Parts (union-find over welded triangles) and watertightness (every edge used exactly twice). */
function measureTopology(welded: WeldedVertices): { parts: number; watertight: boolean } {
  const n = welded.positions.length / 3;
  const parent = singletons(n);
  const idx = welded.indices;
  const edges = new Map<number, number>();
  const used = new Uint8Array(n);
  let open = false;
  for (let t = 0; t + 2 < idx.length; t += 3) {
    const a = idx[t]!, b = idx[t + 1]!, c = idx[t + 2]!;
    if (a === b || b === c || a === c) continue;
    used[a] = used[b] = used[c] = 1;
    uniteThree(parent, a, b, c);
    for (const [u, v] of [[a, b], [b, c], [c, a]] as const) {
      const key = Math.min(u, v) * n + Math.max(u, v);
      edges.set(key, (edges.get(key) ?? 0) + 1);
    }
  }
  for (const count of edges.values()) if (count !== 2) { open = true; break; }
  let parts = 0;
  for (let i = 0; i < n; i++) if (used[i] && findRoot(parent, i) === i) parts++;
  return { parts, watertight: !open && edges.size > 0 };
}
