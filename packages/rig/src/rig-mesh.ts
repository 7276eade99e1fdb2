/**
 * The rigging pipeline end to end (both engines, fast and pro, run it with their presets from
 * rig-engine-presets.ts): bytes of any supported mesh in, a rigged GLB or FBX, a PNG
 * thumbnail and a report out. Stages: readMesh → rotate about Y → fitSkeleton →
 * computeSkinWeights → (retargetClip of every clip of an optional animation file) → writeGlb / writeFbx →
 * renderThumbnail. The output keeps the input's units
 * and the rotated orientation: the rigged model faces +Z with +Y up. The thumbnail shows the fitted
 * skeleton over the see-through model, so the one picture of a rig shows the rig.
 */
import {
  boundMeshWorkload,
  EngineError,
  fbxTextureWarnings,
  readAnimationClip,
  readMesh,
  renderThumbnail,
  selectAnimationClips,
  writeFbx,
  withDefaults,
  writeGlb,
  type AnimationClip,
  type Mesh,
} from '@rigforge/mesh';
import { isBodyPlan, isRetargetBodyPlan, type BodyPlan } from './body-plan';
import { classifyBodyPlan } from './fit/classify-body-plan';
import { analyzeShape } from './fit/shape-analysis';
import { computeSkinWeights, type ComputeSkinWeightsOptions } from './compute-skin-weights';
import { FIT_SKELETON_DEFAULTS, fitSkeleton, type FitSkeletonOptions } from './fit-skeleton';
import { retargetClip, type RetargetClipOptions, type RetargetResult } from './retarget-clip';
import { isUpAxis, rotateMeshUp, UP_AXES, type UpAxis } from './rotate-mesh-up';
import { rotateMeshY } from './rotate-mesh-y';
import { facingOf, findOrientation, type Facing, type FindOrientationOptions, type UpAxisReason } from './find-orientation';

export interface RigMeshOptions {
  /**
   * Body plan of the model. Default `biped`. `auto`: the plan the pre-rig check recommends
   * (classifyBodyPlan on the oriented mesh), reported with its confidence.
   */
  rigType?: BodyPlan | 'auto';
  /** Below this confidence an `auto` choice is a warning in the report. Default 0.6. */
  autoRigTypeMinConfidence?: number;
  /**
   * The file's axis that points up on the character; the model is stood up (that axis turned
   * onto +Y) before `rotationY` and rigging. Default `auto`: found from the mesh (findOrientation),
   * and the file's +Y kept unless the mesh clearly stands another way.
   */
  upAxis?: UpAxis | 'auto';
  /**
   * Degrees about +Y applied before rigging, to make the model face +Z. Default `auto`: the
   * quarter turn found from the mesh (0 unless it clearly faces another way).
   */
  rotationY?: number | 'auto';
  /** How the orientation is found when `upAxis` or `rotationY` is `auto`. */
  orientation?: FindOrientationOptions;
  /** Default `glb`. */
  outputFormat?: 'glb' | 'fbx';
  /** Thumbnail edge in pixels. Default 512. */
  thumbnailSize?: number;
  /** Draw the fitted skeleton over the see-through model in the thumbnail (X-ray). Default true. */
  thumbnailSkeleton?: boolean;
  /** Largest mesh accepted, in triangles. Default 2 000 000. */
  maxTriangles?: number;
  fit?: FitSkeletonOptions;
  skin?: ComputeSkinWeightsOptions;
  /**
   * An animation file (FBX, GLB or glTF bytes) whose clips are retargeted onto the fitted skeleton
   * and included in the output (GLB or FBX), one animation per clip, names kept: humanoid clips
   * onto biped rigs, four-legged clips onto quadruped rigs.
   */
  animation?: Uint8Array;
  /** Names of the clips of `animation` to keep (default all); an unknown name is invalid_input. */
  animationClips?: string[];
  retarget?: RetargetClipOptions;
}

export const RIG_MESH_DEFAULTS: Required<Omit<RigMeshOptions, 'fit' | 'skin' | 'animation' | 'animationClips' | 'retarget' | 'orientation'>> = {
  rigType: 'biped',
  autoRigTypeMinConfidence: 0.6,
  upAxis: 'auto',
  rotationY: 'auto',
  outputFormat: 'glb',
  thumbnailSize: 512,
  thumbnailSkeleton: true,
  maxTriangles: 2_000_000,
};

export interface RigReport {
  bodyPlan: BodyPlan;
  /** `given` (rig_type named) or `found` (`auto`: the classifier's recommendation). */
  bodyPlanSource: 'given' | 'found';
  /** The classifier's score of the plan chosen (0..1), when it was found. */
  bodyPlanConfidence?: number;
  /** Format the input was read as. */
  inputFormat: string;
  joints: number;
  vertices: number;
  triangles: number;
  matchScore: number;
  timingsMs: { read: number; fit: number; skin: number; write: number; thumbnail: number; total: number; retarget?: number };
  warnings: string[];
  /**
   * How the model was turned before rigging (the output is in that frame): the up axis and
   * rotation_y applied, each `found` (auto) or `given`, and the probability the orientation
   * finder gave them (present when anything was found).
   */
  orientation: {
    upAxis: UpAxis; rotationY: number; facing: Facing; upAxisSource: 'given' | 'found'; rotationYSource: 'given' | 'found';
    /** Why the up axis was kept or changed (findOrientation's gates). */
    upAxisReason?: UpAxisReason;
    confidence?: number;
    /** The finder's own best guess, before the gates. */
    best?: { upAxis: UpAxis; rotationY: number; confidence: number };
  };
  /** Animation clips in the output (present when an animation was given). */
  animations?: number;
  /** Per retargeted clip: its name, length and the frames whose hips were lifted to keep the feet up. */
  clips?: Array<{ name: string; durationSeconds: number; liftedFrames: number }>;
  /** Joints of the clip that drive the skeleton, and clip joints dropped. */
  retarget?: { mapped: number; unmapped: number; unmappedSource: string[]; unmappedTarget: string[] };
}

export interface RigMeshResult {
  model: Uint8Array;
  format: 'glb' | 'fbx';
  /** PNG. */
  thumbnail: Uint8Array;
  report: RigReport;
}

export async function rigMesh(bytes: Uint8Array, options: RigMeshOptions = {}): Promise<RigMeshResult> {
  const { rigType, autoRigTypeMinConfidence, upAxis, rotationY, outputFormat, thumbnailSize, thumbnailSkeleton, maxTriangles } = withDefaults(RIG_MESH_DEFAULTS, options);
  if (rigType !== 'auto' && !isBodyPlan(rigType)) throw new EngineError('invalid_input', `rig: unknown body plan "${String(rigType)}"`);
  if (upAxis !== 'auto' && !isUpAxis(upAxis)) throw new EngineError('invalid_input', `rig: up_axis must be one of ${UP_AXES.join(', ')}, got "${String(upAxis)}"`);
  if (rotationY !== 'auto' && (typeof rotationY !== 'number' || !Number.isFinite(rotationY))) {
    throw new EngineError('invalid_input', `rig: rotation_y must be a finite number of degrees, got ${String(rotationY)}`);
  }
  if (outputFormat !== 'glb' && outputFormat !== 'fbx') {
    throw new EngineError('invalid_input', `rig: unknown output format "${String(outputFormat)}"`);
  }
  let clips: AnimationClip[] = [];
  if (options.animation) {
    // Clips are for a plan named up front: with `auto` the plan is not known until the mesh is read.
    if (rigType === 'auto') throw new EngineError('invalid_input', 'rig: clips need the rig type named (biped or quadruped), not "auto"');
    if (!isRetargetBodyPlan(rigType)) {
      throw new EngineError('invalid_input', `rig: clips are retargeted onto biped and quadruped skeletons, not rig type "${rigType}"`);
    }
    // Read before the heavy stages so a bad clip or an unknown clip name fails fast.
    const all = await readAnimationClip(options.animation);
    clips = selectAnimationClips(all.map((c) => c.name), options.animationClips).map((i) => all[i]!);
  }
  const t0 = performance.now();
  const read = await readMesh(bytes, { maxTriangles });
  // Degenerate or pathological geometry is simplified or refused here, before the grid stages.
  const bounded = boundMeshWorkload(read.mesh);
  const t1 = performance.now();
  const orientation = orientMesh(bounded.mesh, upAxis, rotationY, options.orientation);
  const mesh = rotateMeshY(rotateMeshUp(bounded.mesh, orientation.upAxis), orientation.rotationY);
  const plan = choosePlan(mesh, rigType, autoRigTypeMinConfidence, quarterTurnLeft(orientation), options.fit?.resolution);
  const bodyPlan = plan.bodyPlan;
  const fitted = fitSkeleton(mesh, bodyPlan, options.fit);
  const t2 = performance.now();
  const skin = computeSkinWeights(mesh, fitted.skeleton, { ...options.skin, nonDeformingJoints: fitted.standInJoints, leafTips: fitted.leafTips });
  const t3 = performance.now();
  const rig = { skeleton: fitted.skeleton, skin };
  // Clips are read +Y up and the model is rigged upright (+Y up, after rotation), so both ups are
  // known rather than estimated from the legs.
  const retargetOptions: RetargetClipOptions = { bodyPlan: isRetargetBodyPlan(bodyPlan) ? bodyPlan : 'biped', up: { source: [0, 1, 0], target: [0, 1, 0] }, ...options.retarget };
  const results: RetargetResult[] = clips.map((c) => retargetClip(c, fitted.skeleton, retargetOptions));
  const retargeted = results[0] ?? null;
  const animations = results.map((r) => r.clip);
  const tr = performance.now();
  const model = outputFormat === 'glb' ? await writeGlb(mesh, { rig, animations }) : writeFbx(mesh, { rig, animations });
  const t4 = performance.now();
  const thumbnail = renderThumbnail(mesh, {
    size: thumbnailSize,
    skeleton: thumbnailSkeleton ? fitted.skeleton : undefined,
  });
  const t5 = performance.now();
  const ms = (v: number): number => Math.round(v * 10) / 10;
  return {
    model,
    format: outputFormat,
    thumbnail,
    report: {
      bodyPlan,
      bodyPlanSource: plan.source,
      ...(plan.confidence !== undefined ? { bodyPlanConfidence: plan.confidence } : {}),
      orientation,
      inputFormat: read.format,
      joints: fitted.skeleton.joints.length,
      vertices: mesh.positions.length / 3,
      triangles: mesh.indices.length / 3,
      matchScore: fitted.report.matchScore,
      timingsMs: {
        read: ms(t1 - t0), fit: ms(t2 - t1), skin: ms(t3 - t2), write: ms(t4 - tr), thumbnail: ms(t5 - t4), total: ms(t5 - t0),
        ...(retargeted ? { retarget: ms(tr - t3) } : {}),
      },
      // A file's clips share a skeleton: one clip's mapping warnings stand for all of them.
      warnings: [
        ...read.warnings, ...bounded.warnings, ...plan.warnings, ...fitted.report.warnings, ...(retargeted?.warnings ?? []),
        ...(outputFormat === 'fbx' ? fbxTextureWarnings(mesh) : []),
      ],
      ...(retargeted
        ? {
            animations: results.length,
            clips: results.map((r) => ({ name: r.clip.name, durationSeconds: r.clip.duration, liftedFrames: r.floor?.liftedFrames ?? 0 })),
            retarget: {
              mapped: retargeted.mapped.length,
              unmapped: retargeted.unmappedSource.length,
              unmappedSource: retargeted.unmappedSource,
              unmappedTarget: retargeted.unmappedTarget,
            },
          }
        : {}),
    },
  };
}

/**
 * The body plan step: a named plan is kept; `auto` takes the plan the pre-rig check recommends,
 * classified on the mesh as it will be rigged (stood up and facing +Z, as checkMesh turns it), at
 * the fitter's resolution. A weak choice is a warning telling the caller how to pick.
 */
function choosePlan(
  mesh: Mesh,
  rigType: BodyPlan | 'auto',
  minConfidence: number,
  sideways: boolean,
  resolution = FIT_SKELETON_DEFAULTS.resolution,
): { bodyPlan: BodyPlan; source: 'given' | 'found'; confidence?: number; warnings: string[] } {
  if (rigType !== 'auto') return { bodyPlan: rigType, source: 'given', warnings: [] };
  // The classifier reads length along Z: a model the finder thinks faces sideways is turned for it
  // (only for the reading; the rig keeps the orientation step's frame).
  const { recommended, scores } = classifyBodyPlan(analyzeShape(sideways ? rotateMeshY(mesh, 90) : mesh, resolution));
  const confidence = scores[recommended];
  const warnings = confidence < minConfidence
    ? [`rig: body plan "${recommended}" chosen automatically with confidence ${confidence.toFixed(2)}; pass rig_type to choose it`]
    : [];
  return { bodyPlan: recommended, source: 'found', confidence, warnings };
}

/** Whether the finder's best facing is a quarter turn from the one applied (the model faces ±X). */
function quarterTurnLeft(orientation: RigReport['orientation']): boolean {
  const best = orientation.best;
  if (!best || best.upAxis !== orientation.upAxis) return false;
  return (((best.rotationY - orientation.rotationY) % 180) + 180) % 180 === 90;
}

/**
 * The orientation step: an explicit up axis or rotation wins; what is `auto` is found from the
 * mesh (with the up axis given, only the facing is looked for).
 */
function orientMesh(mesh: Mesh, upAxis: UpAxis | 'auto', rotationY: number | 'auto', options: FindOrientationOptions = {}): RigReport['orientation'] {
  if (upAxis !== 'auto' && rotationY !== 'auto') {
    return { upAxis, rotationY, facing: facingOf(rotationY), upAxisSource: 'given', rotationYSource: 'given' };
  }
  const found = findOrientation(mesh, { ...options, ...(upAxis !== 'auto' ? { upAxis } : {}) });
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
