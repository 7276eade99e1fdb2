/**
 * How the rigger orients a mesh and reads its body plan before fitting: the one function `rigMesh`
 * and the pre-rig check (`checkMesh`, POST /v1/rigs/check) both run, so the check's up axis,
 * facing and plan are the rig's. Steps: (roll a mirror plane that lies between two file axes onto
 * one: mirror-roll.ts) → the left-right axis the rig keeps → findOrientation (what is `auto`) →
 * the body plan (named, or `auto`: choosePlanReading + classifyBodyPlan) → a plan whose body lies
 * along its length found up along it is oriented again with that axis ruled out.
 */
import type { Mesh } from '@rigforge/mesh';
import type { BodyPlan } from './body-plan';
import { classifyBodyPlan } from './fit/classify-body-plan';
import { analyzeShape, type ShapeAnalysis } from './fit/shape-analysis';
import { turnedVoxelTriangles } from './fit/turned-voxel-triangles';
import { voxelTriangles, type VoxelTriangles } from './fit/voxel-grid';
import { FIT_SKELETON_DEFAULTS, type AnalysedMesh } from './fit-skeleton';
import { facingOf, findOrientation, measureOrientationCandidates, type Facing, type FindOrientationOptions, type OrientationModel, type UpAxisReason } from './find-orientation';
import { LENGTHWISE_PLANS, lengthAxisOf } from './length-axis';
import { findMirrorPlanes } from './mirror-plane';
import { gateAxesOf, mirrorRollOf, rollMesh, type MirrorRollOptions } from './mirror-roll';
import { choosePlanReading, isPlanReadingFrame, planReadingMesh } from './plan-reading';
import { standTurn, type UpAxis } from './rotate-mesh-up';
import { turnMesh, type Turn } from './turn-mesh';
import { weldVertices, type WeldedVertices } from './weld-vertices';

/** How the model was turned before rigging (RigReport.orientation). */
export interface RigOrientation {
  upAxis: UpAxis; rotationY: number; facing: Facing; upAxisSource: 'given' | 'found'; rotationYSource: 'given' | 'found';
  /** Why the up axis was kept or changed (findOrientation's gates). */
  upAxisReason?: UpAxisReason;
  confidence?: number;
  /** The finder's own best guess, before the gates. */
  best?: { upAxis: UpAxis; rotationY: number; confidence: number };
  /**
   * The roll applied first, about a file axis, before `upAxis` and `rotationY` (present when the
   * mesh's mirror plane was rolled axis-aligned: mirror-roll.ts); the output is in the rolled frame.
   */
  roll?: { axis: 'x' | 'y' | 'z'; degrees: number };
}

export interface OrientForRigOptions {
  rigType: BodyPlan | 'auto';
  upAxis: UpAxis | 'auto';
  rotationY: number | 'auto';
  /** Below this confidence an `auto` plan is a warning. */
  autoRigTypeMinConfidence: number;
  orientation?: FindOrientationOptions;
  /** RigMeshOptions.mirrorRoll: undefined is on with MIRROR_ROLL_DEFAULTS; `false` never rolls. */
  mirrorRoll?: MirrorRollOptions | false;
  /** Voxels along the longest side for the plan's shape analysis (the fitter's). */
  resolution?: number;
  /** The given mesh's weld at the default tolerance, when the caller has it (the pre-rig check's topology): the facing cue reads it when the mesh is not rolled. */
  welded?: WeldedVertices;
  /**
   * The `auto` plan step's shape analysis made elsewhere, when it can be: given the mesh the step
   * analyses and the resolution, analyzeShape's result for exactly those (rigMesh: the analysis of
   * the mesh as filed made ahead on a helper thread, fit/fit-analysis-ahead.ts, for a mesh with its
   * arrays), else undefined and the step analyses the mesh itself.
   */
  analysisAhead?: (mesh: Mesh, resolution: number) => ShapeAnalysis | undefined;
}

export interface RigPlanChoice {
  bodyPlan: BodyPlan;
  source: 'given' | 'found';
  /** The classifier's score of the plan, and of every plan, when it was found. */
  confidence?: number;
  scores?: Record<BodyPlan, number>;
  warnings: string[];
  /** The shape analysis the classifier read (when found). */
  shape?: ShapeAnalysis;
  /** That analysis, when it is of the mesh the fit reads (handed on so it is not made twice). */
  analysed?: AnalysedMesh;
}

export interface OrientedForRig {
  orientation: RigOrientation;
  /** The mesh as the orientation reads it: rolled when `orientation.roll` is present, else as given. */
  filed: Mesh;
  /** The mesh stood up and turned: what the fit reads. */
  mesh: Mesh;
  plan: RigPlanChoice;
  /** The features of the filed mesh's 24 candidate orientations, when they were measured here (`auto` plan). */
  candidates?: number[][];
  /**
   * `mesh`'s weld at the default tolerance, when the facing cue made one and the mesh stands as
   * filed (its arrays are the filed mesh's): the fit and the skin read it rather than weld again.
   */
  welded?: WeldedVertices;
  /**
   * `mesh`'s voxelTriangles (fit/voxel-grid.ts), made when first asked: from the filed mesh's, which
   * the orientation's legs tests read, when the stand is a quarter turn (fit/turned-voxel-triangles.ts:
   * the same bits; the filed ones themselves when it stands as filed), so the fit's shape analysis
   * does not read the triangles again.
   */
  triangles: () => VoxelTriangles;
}

export function orientForRig(bounded: Mesh, options: OrientForRigOptions): OrientedForRig {
  const { rigType, upAxis, rotationY } = options;
  // A mirror plane between two file axes is rolled axis-aligned first (only when the up axis is
  // found: a given one names the file's frame); every later step reads the rolled mesh as filed.
  const rollOptions = options.mirrorRoll === false ? undefined : (options.mirrorRoll ?? {});
  const planes = upAxis === 'auto' && rollOptions ? findMirrorPlanes(bounded) : undefined;
  const roll = planes ? mirrorRollOf(planes, rollOptions) : undefined;
  const filed = roll ? rollMesh(bounded, roll.axis, roll.degrees) : bounded;
  // The body's left-right axis, which the orientation keeps (a rolled mesh's, the axis its plane
  // was rolled onto; an unrolled mesh's clearly best plane's, unless `keepLateral: 'rolled'`), and
  // a sheet's thickness, along which it lies flat (gateAxesOf).
  const orientationOptions: FindOrientationOptions = { ...options.orientation, ...(planes ? gateAxesOf(planes, roll, rollOptions) : {}) };
  // `auto` reads the plan from the file's 24 candidate orientations: measured once, they serve the
  // orientation step too.
  const model = options.orientation?.model;
  const candidates = rigType === 'auto' ? measureOrientationCandidates(filed, model) : undefined;
  // The planes of the mesh as filed when it is not rolled: the fins rule reads their scores.
  const filedAxisScores = planes && !roll ? planes.axisScores : undefined;
  // The filed mesh welded once, when the facing cue first reads it (both orientations below read
  // the same filed mesh).
  let filedWeld = roll ? undefined : options.welded;
  const weldFiled = (): WeldedVertices => (filedWeld ??= weldVertices(filed.positions, filed.indices));
  // The filed mesh's triangle pass, made once when first asked: the legs tests read it, and the
  // stood mesh's (the fit's) is derived from it.
  let filedTriangles: VoxelTriangles | undefined;
  const trianglesOfFiled = (): VoxelTriangles => (filedTriangles ??= voxelTriangles(filed));
  const stoodTriangles = (turn: Turn, stood: Mesh): (() => VoxelTriangles) => {
    let made: VoxelTriangles | undefined;
    return () => (made ??= turnedVoxelTriangles(trianglesOfFiled(), turn, stood));
  };
  const first = orientMesh(filed, upAxis, rotationY, orientationOptions, candidates, filedAxisScores, weldFiled, trianglesOfFiled);
  const firstTurn = standTurn(first.upAxis, first.rotationY);
  const firstMesh = turnMesh(filed, firstTurn);
  const firstTriangles = stoodTriangles(firstTurn, firstMesh);
  const plan = choosePlan(firstMesh, filed, first, rigType, options.autoRigTypeMinConfidence, model, options.resolution, candidates, firstTriangles, options.analysisAhead);
  // A plan whose body lies along its length (a fish) is never stood on its end: found up along the
  // mesh's length, the orientation is found again with that axis ruled out (the plan stays).
  const lengthAxis = upAxis === 'auto' && LENGTHWISE_PLANS.includes(plan.bodyPlan) ? lengthAxisOf(filed) : undefined;
  const restand = lengthAxis !== undefined && first.upAxis[1] === lengthAxis;
  const found = restand ? orientMesh(filed, upAxis, rotationY, { ...orientationOptions, lengthAxis }, candidates, filedAxisScores, weldFiled, trianglesOfFiled) : first;
  const orientation: RigOrientation = roll ? { ...found, roll: { axis: roll.axis, degrees: roll.degrees } } : found;
  const turn = restand ? standTurn(orientation.upAxis, orientation.rotationY) : firstTurn;
  const mesh = restand ? turnMesh(filed, turn) : firstMesh;
  const triangles = restand ? stoodTriangles(turn, mesh) : firstTriangles;
  // The plan's shape analysis was of the first frame: re-stood, the fit analyses its own.
  const { analysed, ...rest } = plan;
  // Stood as filed, the turn is the identity and `mesh` holds the filed mesh's own arrays (turnMesh).
  const welded = filedWeld && mesh.positions === filed.positions && mesh.indices === filed.indices ? filedWeld : undefined;
  return { orientation, filed, mesh, plan: restand || !analysed ? rest : plan, ...(candidates ? { candidates } : {}), ...(welded ? { welded } : {}), triangles };
}

/**
 * The body plan step: a named plan is kept; `auto` takes the plan the classifier recommends, read
 * by choosePlanReading on the file as filed, at the fitter's resolution. A weak choice is a
 * warning telling the caller how to pick. `triangles`: `mesh`'s voxelTriangles, made when first asked;
 * `ahead`: OrientForRigOptions.analysisAhead.
 */
function choosePlan(
  mesh: Mesh,
  filed: Mesh,
  orientation: RigOrientation,
  rigType: BodyPlan | 'auto',
  minConfidence: number,
  model: OrientationModel | undefined,
  resolution = FIT_SKELETON_DEFAULTS.resolution,
  candidates?: number[][],
  triangles?: () => VoxelTriangles,
  ahead?: (mesh: Mesh, resolution: number) => ShapeAnalysis | undefined,
): RigPlanChoice {
  if (rigType !== 'auto') return { bodyPlan: rigType, source: 'given', warnings: [] };
  const reading = choosePlanReading(candidates ?? measureOrientationCandidates(filed, model), orientation.upAxis, { upAxisGiven: orientation.upAxisSource === 'given', model });
  // Read in the rig's own frame, the analysis is of the mesh the fit reads: handed on, it is not
  // made twice. Otherwise the reading's turn is for the reading only (the rig keeps its frame).
  const inRigFrame = isPlanReadingFrame(reading, orientation.upAxis, orientation.rotationY);
  const read = inRigFrame ? mesh : planReadingMesh(filed, reading);
  const shape = ahead?.(read, resolution) ?? (inRigFrame ? analyzeShape(mesh, resolution, triangles?.()) : analyzeShape(read, resolution));
  const { recommended, scores } = classifyBodyPlan(shape);
  const confidence = scores[recommended];
  const warnings = confidence < minConfidence
    ? [`rig: body plan "${recommended}" chosen automatically with confidence ${confidence.toFixed(2)}; pass rig_type to choose it`]
    : [];
  return { bodyPlan: recommended, source: 'found', confidence, scores, warnings, shape, ...(inRigFrame ? { analysed: { mesh, resolution, shape } } : {}) };
}

/**
 * The orientation step: an explicit up axis or rotation wins; what is `auto` is found from the
 * mesh (with the up axis given, only the facing is looked for).
 */
function orientMesh(mesh: Mesh, upAxis: UpAxis | 'auto', rotationY: number | 'auto', options: FindOrientationOptions = {}, candidates?: number[][], mirrorAxisScores?: readonly number[], welded?: () => WeldedVertices, triangles?: () => VoxelTriangles): RigOrientation {
  if (upAxis !== 'auto' && rotationY !== 'auto') {
    return { upAxis, rotationY, facing: facingOf(rotationY), upAxisSource: 'given', rotationYSource: 'given' };
  }
  const found = findOrientation(mesh, { ...options, ...(upAxis !== 'auto' ? { upAxis } : {}) }, candidates, mirrorAxisScores, welded, triangles);
  const turn = rotationY === 'auto' ? found.rotationY : rotationY;
  return {
    upAxis: found.upAxis,
    rotationY: turn,
    facing: facingOf(turn),
    upAxisSource: upAxis === 'auto' ? 'found' : 'given',
    rotationYSource: rotationY === 'auto' ? 'found' : 'given',
    upAxisReason: found.upAxisReason,
    ...(found.confidence !== undefined && found.upConfidence !== undefined
      ? { confidence: Math.round((rotationY === 'auto' ? found.confidence : found.upConfidence) * 1000) / 1000 }
      : {}),
    ...(found.best ? { best: { ...found.best, confidence: Math.round(found.best.confidence * 1000) / 1000 } } : {}),
  };
}
