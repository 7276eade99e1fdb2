/**
 * The free pre-rig check: reads a mesh as the rigger will and says, before anyone pays, whether
 * it can be rigged, how it is built (triangles, parts, watertight), which way is up and which way
 * it faces (with the `rotation_y` that brings it to face +Z), and which body plan fits it.
 *
 * Orientation is the rigger's own (findOrientation, the step `rigMesh` runs when up_axis or
 * rotation_y is auto): the up axis is what the rig finds; the facing is the finder's best guess
 * with its probability (the rig turns the facing of a model that keeps its +Y only when the finder
 * is sure of it, or when rotation_y is given).
 */
import { boundMeshWorkload, readMesh, withDefaults, type Mesh } from '@rigforge/mesh';
import type { BodyPlan } from './body-plan';
import { classifyBodyPlan } from './fit/classify-body-plan';
import { analyzeShape, type ShapeAnalysis } from './fit/shape-analysis';
import { findOrientation, measureOrientationCandidates, type Facing } from './find-orientation';
import { findMirrorPlanes } from './mirror-plane';
import { keptLateralAxis, mirrorRollOf } from './mirror-roll';
import { choosePlanReading, isPlanReadingFrame, planReadingMesh, type PlanReading } from './plan-reading';
import { rotateMeshUp, type UpAxis } from './rotate-mesh-up';
import { weldVertices } from './weld-vertices';

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
  upAxis: UpAxis;
  /** The direction the model faces once stood up, before any rotation_y. */
  facing: Facing;
  /** Degrees about +Y that make the stood-up model face +Z (what `rotation_y` should be). */
  rotationY: number;
  /** Probability of that orientation, and of that up axis alone (0..1). */
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
  const topology = measureTopology(mesh);
  const warnings = [...read.warnings, ...bounded.warnings];
  const problems: CheckMeshReport['problems'] = [];

  const { upAxis, rotationY, facing, faced, shape, planShape } = orientForCheck(mesh, o.resolution);
  // No voxel deeper than the first layer: a sheet or a line, however wide (a closed surface has
  // an inside once its smallest extent spans a few of the 80 voxels).
  if (!shape.grid.solid.some((v) => v === 1) || shape.maxDt < 1.5) {
    problems.push({ code: 'no_volume', message: 'the mesh encloses no volume the rigger can fit a skeleton into (a flat sheet or loose lines)' });
  }
  const plan = classifyBodyPlan(planShape);
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
    upAxis,
    facing,
    rotationY,
    orientationConfidence: Math.round(faced.upConfidence * faced.confidence * 1000) / 1000,
    upAxisConfidence: Math.round(faced.upConfidence * 1000) / 1000,
    recommendedRigType: plan.recommended,
    rigTypeScores: plan.scores,
    warnings,
  };
}

/**
 * The check's reading of a mesh's orientation and shape: the up axis as the rig will find it; the
 * facing, the finder's best for that up axis with its probability (advice for rotation_y: the rig
 * itself turns the facing of a file that keeps its +Y only when the finder is sure of it); the
 * stood-up shape; and the shape the plan classifier reads (choosePlanReading, the rule `rigMesh`
 * with `rigType: 'auto'` shares).
 * Exported for the scripts that fit and score the classifier on what the check sees.
 */
export function orientForCheck(mesh: Mesh, resolution: number): {
  upAxis: UpAxis; rotationY: number; facing: Facing; faced: PlanReading['faced']; shape: ShapeAnalysis; planShape: ShapeAnalysis;
} {
  const candidates = measureOrientationCandidates(mesh);
  // The rig keeps a clear mirror plane's axis left-right (mirror-roll.ts keptLateralAxis); so does
  // the check, to find the up axis the rig will. A mesh the rig rolls first (its plane between two
  // file axes) is read here as filed.
  const planes = findMirrorPlanes(mesh);
  const lateralAxis = planes && !mirrorRollOf(planes) ? keptLateralAxis(planes, undefined) : undefined;
  const { upAxis } = findOrientation(mesh, lateralAxis ? { lateralAxis } : {}, candidates);
  const reading = choosePlanReading(candidates, upAxis);
  const { faced } = reading;
  const { rotationY, facing } = faced;
  const upright = rotateMeshUp(mesh, upAxis);
  const shape = analyzeShape(upright, resolution);
  const planShape = isPlanReadingFrame(reading, upAxis, 0) ? shape : analyzeShape(planReadingMesh(mesh, reading), resolution);
  return { upAxis, rotationY, facing, faced, shape, planShape };
}

/** Parts (union-find over welded triangles) and watertightness (every edge used exactly twice). */
function measureTopology(mesh: Mesh): { parts: number; watertight: boolean } {
  const welded = weldVertices(mesh.positions, mesh.indices);
  const n = welded.positions.length / 3;
  const parent = new Int32Array(n).map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) { parent[i] = parent[parent[i]!]!; i = parent[i]!; }
    return i;
  };
  const idx = welded.indices;
  const edges = new Map<number, number>();
  const used = new Uint8Array(n);
  let open = false;
  for (let t = 0; t + 2 < idx.length; t += 3) {
    const a = idx[t]!, b = idx[t + 1]!, c = idx[t + 2]!;
    if (a === b || b === c || a === c) continue;
    used[a] = used[b] = used[c] = 1;
    parent[find(a)] = find(b);
    parent[find(b)] = find(c);
    for (const [u, v] of [[a, b], [b, c], [c, a]] as const) {
      const key = Math.min(u, v) * n + Math.max(u, v);
      edges.set(key, (edges.get(key) ?? 0) + 1);
    }
  }
  for (const count of edges.values()) if (count !== 2) { open = true; break; }
  let parts = 0;
  for (let i = 0; i < n; i++) if (used[i] && find(i) === i) parts++;
  return { parts, watertight: !open && edges.size > 0 };
}
