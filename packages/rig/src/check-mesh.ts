/**
 * The free pre-rig check: reads a mesh as the rigger will and says, before anyone pays, whether
 * it can be rigged, how it is built (triangles, parts, watertight), which way is up and which way
 * it faces (with the `rotation_y` that brings it to face +Z), and which body plan fits it.
 *
 * Orientation reuses the body-plan features: a creature stands on its legs, so the up axis is the
 * one of the six under which legs stand under the body (the file's +Y unless another axis shows
 * it clearly). The left-right axis is the horizontal one the solid mirrors best about; the front
 * is where the feet point (tall shapes) or where the head is (long shapes).
 */
import { boundMeshWorkload, readMesh, withDefaults, type Mesh } from '@rigforge/mesh';
import type { BodyPlan } from './body-plan';
import { classifyBodyPlan, measureBodyPlanFeatures } from './fit/classify-body-plan';
import { startPlanFit } from './fit/plan-fit';
import { analyzeShape, type ShapeAnalysis } from './fit/shape-analysis';
import { rotateMeshUp, UP_AXES, type UpAxis } from './rotate-mesh-up';
import { rotateMeshY } from './rotate-mesh-y';
import { weldVertices } from './weld-vertices';

export interface CheckMeshOptions {
  /** Largest mesh accepted, in triangles. Default 2 000 000. */
  maxTriangles?: number;
  /** Voxels along the longest side for the body-plan analysis (the fitter's). Default 80. */
  resolution?: number;
  /** Voxels along the longest side for the coarser orientation probes. Default 48. */
  orientationResolution?: number;
}

export const CHECK_MESH_DEFAULTS: Required<CheckMeshOptions> = { maxTriangles: 2_000_000, resolution: 80, orientationResolution: 48 };

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
  facing: '+z' | '-z' | '+x' | '-x';
  /** Degrees about +Y that make the stood-up model face +Z (what `rotation_y` should be). */
  rotationY: number;
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

  const asFiled = analyzeShape(mesh, o.resolution);
  const upAxis = findUpAxis(mesh, asFiled, o.orientationResolution);
  const upright = rotateMeshUp(mesh, upAxis);
  const shape = upAxis === '+y' ? asFiled : analyzeShape(upright, o.resolution);
  // No voxel deeper than the first layer: a sheet or a line, however wide (a closed surface has
  // an inside once its smallest extent spans a few of the 80 voxels).
  if (!shape.grid.solid.some((v) => v === 1) || shape.maxDt < 1.5) {
    problems.push({ code: 'no_volume', message: 'the mesh encloses no volume the rigger can fit a skeleton into (a flat sheet or loose lines)' });
  }
  const { facing, rotationY } = findFacing(upright, analyzeShape(upright, o.orientationResolution), o.orientationResolution);
  // The classifier reads length along Z: a model facing sideways is turned first.
  const plan = classifyBodyPlan(Math.abs(rotationY) === 90 ? analyzeShape(rotateMeshY(upright, rotationY), o.resolution) : shape);
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
    recommendedRigType: plan.recommended,
    rigTypeScores: plan.scores,
    warnings,
  };
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

/**
 * The up axis is the one the model stands on its legs along: legs under the body, reaching down
 * a good part of the height and carrying it. The file's +Y is kept when the model has legs on the
 * ground that way, or when no axis shows two standing legs (a fish, a blob: then the file's
 * convention is the best guess).
 */
function findUpAxis(mesh: Mesh, filed: ShapeAnalysis, resolution: number): UpAxis {
  // Anything already on the ground as filed (sprawling legs included) keeps +Y.
  if (measureBodyPlanFeatures(filed).legs >= 2) return '+y';
  let best: UpAxis = '+y';
  let bestLegs = 1;
  for (const up of UP_AXES) {
    if (up === '+y') continue;
    const legs = measureBodyPlanFeatures(analyzeShape(rotateMeshUp(mesh, up), resolution)).standingLegs;
    if (legs > bestLegs) { best = up; bestLegs = legs; }
  }
  return best;
}

/**
 * Facing of an upright model. The left-right axis is the horizontal one the solid mirrors best
 * about (measured as X, and as X after a quarter turn); along the other, the front is where the
 * feet point (toes reach forward of the hips) and where the bulk is (a head is thicker than a tail).
 */
function findFacing(upright: Mesh, shape: ShapeAnalysis, resolution: number): { facing: CheckMeshReport['facing']; rotationY: number } {
  const turned = analyzeShape(rotateMeshY(upright, 90), resolution);
  // After +90 about Y the file's Z lies along X: a better X-mirror there means Z is left-right.
  const forwardIsX = turned.symmetry > shape.symmetry + 0.02;
  const s = forwardIsX ? turned : shape;
  const sign = frontSign(s);
  if (!forwardIsX) return sign >= 0 ? { facing: '+z', rotationY: 0 } : { facing: '-z', rotationY: 180 };
  // In the turned frame +Z is the file's -X (rotateMeshY: +90 carries -X onto +Z).
  return sign >= 0 ? { facing: '-x', rotationY: 90 } : { facing: '+x', rotationY: -90 };
}

/**
 * Positive when the shape's front is towards +Z. A tall shape (a biped) faces where its feet
 * point; a long one (a quadruped, a fish) faces where its head is: the extremity at that end
 * rises higher than the one at the other end (head over tail), the end is thicker (a head
 * against a tail tip), and the bulk leans that way. Measured on the dev set's characters and the
 * procedural creatures in their known facing; see scripts/score-plan-classifier.ts --orientation.
 */
function frontSign(shape: ShapeAnalysis): number {
  const { grid, min, size } = shape;
  const f = measureBodyPlanFeatures(shape);
  const limbs = startPlanFit(shape).candidates;
  let thick = 0, head = 0;
  if (limbs.length >= 2) {
    const fore = limbs.reduce((m, l) => (l.tipPos[2] > m.tipPos[2] ? l : m));
    const aft = limbs.reduce((m, l) => (l.tipPos[2] < m.tipPos[2] ? l : m));
    thick = (fore.radius - aft.radius) / Math.max(fore.radius, aft.radius, 1e-9);
    head = (fore.tipPos[1] - aft.tipPos[1]) / (size[1] || 1);
  }
  if (size[1] >= size[2]) return f.toesForward + 0.2 * thick;
  const midZ = min[2] + size[2] / 2;
  let front = 0, back = 0;
  for (let v = 0; v < grid.solid.length; v++) {
    if (!grid.solid[v]) continue;
    if (shape.center(v)[2] > midZ) front++;
    else back++;
  }
  const bulk = (front - back) / Math.max(front + back, 1);
  return head + 0.5 * bulk + 0.5 * thick;
}
