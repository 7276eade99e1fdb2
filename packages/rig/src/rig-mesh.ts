/**
 * The rigging pipeline end to end (both engines, fast and pro, run it with their presets from
 * rig-engine-presets.ts): bytes of any supported mesh in, a rigged GLB, FBX or VRM, a PNG
 * thumbnail and a report out (and, optionally, a call at each stage). Stages: readMesh → (roll a mirror plane
 * that lies between the axes onto one) → stand up and rotate about Y → fitSkeleton →
 * computeSkinWeights → (retargetClip of every clip of an optional animation file) →
 * applySkeletonPreset (bipeds: the bone names of the preset asked for) → writeGlb / writeFbx /
 * writeVrm → renderThumbnail. The output keeps the input's units
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
  writeVrm,
  type AnimationClip,
  type Mesh,
} from '@rigforge/mesh';
import type { RigStage } from '@rigforge/vocabulary';
import { isBodyPlan, isRetargetBodyPlan, type BodyPlan } from './body-plan';
import { COMPUTE_SKIN_WEIGHTS_DEFAULTS, computeSkinWeights, type ComputeSkinWeightsOptions } from './compute-skin-weights';
import { analyseFitAhead } from './fit/fit-analysis-ahead';
import { FIT_SKELETON_DEFAULTS, fitSkeleton, type FitSkeletonOptions } from './fit-skeleton';
import { checkProceduralClips, makeProceduralClips } from './procedural-clips';
import { retargetClip, type RetargetClipOptions, type RetargetResult } from './retarget-clip';
import { isUpAxis, UP_AXES, type UpAxis } from './rotate-mesh-up';
import { applySkeletonPreset, VRM_REQUIRED_HUMAN_BONES, vrmHumanBones, type PresetBounds } from './skeleton-presets';
import { HUMANOID_OUTPUT_FORMATS, RIG_OUTPUT_FORMATS, SKELETON_PRESET_BODY_PLANS, SKELETON_PRESETS, type RigOutputFormat, type SkeletonPreset } from '@rigforge/vocabulary';
import type { FindOrientationOptions } from './find-orientation';
import type { MirrorRollOptions } from './mirror-roll';
import { orientForRig, type RigOrientation } from './orient-for-rig';
import { WELD_VERTICES_DEFAULTS, weldVertices } from './weld-vertices';

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
  /**
   * With `upAxis` `auto`, the mesh's mirror plane (mirror-plane.ts) is read first: a mesh whose
   * plane lies clearly between two file axes is rolled about the axis the plane holds so the plane
   * is axis-aligned (mirror-roll.ts), and the orientation then keeps the axis across it left-right
   * (FindOrientationOptions.lateralAxis), the quarter turns standing it up; a mesh one axis-aligned
   * plane mirrors clearly best keeps that plane's axis left-right (`keepLateral`). `false`: never.
   * Default: on, MIRROR_ROLL_DEFAULTS.
   */
  mirrorRoll?: MirrorRollOptions | false;
  /** Default `glb`. `vrm`: VRM 1.0 (a GLB with the VRMC_vrm humanoid), for bipeds only. */
  outputFormat?: RigOutputFormat;
  /**
   * Bone names (and hierarchy) of the written skeleton: `rigforge` (default, our names), `mixamo`,
   * `unity`, `unreal` (with the mannequin's extra joints) or `vrm` (skeleton-presets/). Any preset
   * but `rigforge` is for bipeds only (invalid_input otherwise).
   */
  skeletonPreset?: SkeletonPreset;
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
  /**
   * Called as each stage starts (`read`, `fit`, `skin`, `retarget` when there are clips, `write`,
   * `thumbnail`: @rigforge/vocabulary's RIG_STAGES, in that order), so a caller can show progress.
   * It must return at once (the pipeline does not wait) and must not throw. Default: nothing.
   */
  onStage?: (stage: RigStage) => void;
  /**
   * Ready clips made for the fitted skeleton (makeProceduralClips), by name from the plan's list
   * (PROCEDURAL_CLIPS); written after any retargeted clips. Needs the rig type named, not `auto`.
   */
  proceduralClips?: string[];
}

/** Author and name written into a VRM's meta (the spec requires both); the caller owns the model. */
const VRM_META = { name: 'Rigged model', authors: ['Unknown'] };

export const RIG_MESH_DEFAULTS: Required<Omit<RigMeshOptions, 'fit' | 'skin' | 'animation' | 'animationClips' | 'retarget' | 'orientation' | 'mirrorRoll' | 'onStage' | 'proceduralClips'>> = {
  rigType: 'biped',
  autoRigTypeMinConfidence: 0.6,
  upAxis: 'auto',
  rotationY: 'auto',
  outputFormat: 'glb',
  skeletonPreset: 'rigforge',
  thumbnailSize: 512,
  thumbnailSkeleton: true,
  maxTriangles: 2_000_000,
};

export interface RigReport {
  bodyPlan: BodyPlan;
  /** The bone naming preset the skeleton was written with. */
  skeletonPreset: SkeletonPreset;
  /** `given` (rig_type named) or `found` (`auto`: the classifier's recommendation). */
  bodyPlanSource: 'given' | 'found';
  /** The classifier's score of the plan chosen (0..1), when it was found. */
  bodyPlanConfidence?: number;
  /** Format the input was read as. */
  inputFormat: string;
  /** Joints written to the file: the fitted ones plus any the skeleton preset adds (Unreal's `root`, Mixamo's end bones). */
  joints: number;
  vertices: number;
  triangles: number;
  matchScore: number;
  /**
   * Wall ms of each stage. The thumbnail's is its own drawing, wherever it ran: while heat's helper
   * threads solve bones it is drawn inside the skin stage (counted in `skin` too), so the stages
   * can sum to more than `total`.
   */
  timingsMs: { read: number; fit: number; skin: number; write: number; thumbnail: number; total: number; retarget?: number };
  warnings: string[];
  /**
   * How the model was turned before rigging (the output is in that frame): the up axis and
   * rotation_y applied, each `found` (auto) or `given`, and the probability the orientation
   * finder gave them (present when anything was found).
   */
  orientation: RigOrientation;
  /** Animation clips in the output (present when an animation or ready clips were asked for). */
  animations?: number;
  /** Per clip (retargeted, then ready): its name, length and the frames whose hips were lifted to keep the feet up (0 for ready clips). */
  clips?: Array<{ name: string; durationSeconds: number; liftedFrames: number }>;
  /** Joints of the clip that drive the skeleton, and clip joints dropped. */
  retarget?: { mapped: number; unmapped: number; unmappedSource: string[]; unmappedTarget: string[] };
}

export interface RigMeshResult {
  model: Uint8Array;
  format: RigOutputFormat;
  /** PNG. */
  thumbnail: Uint8Array;
  report: RigReport;
}

export async function rigMesh(bytes: Uint8Array, options: RigMeshOptions = {}): Promise<RigMeshResult> {
  const { rigType, autoRigTypeMinConfidence, upAxis, rotationY, outputFormat, skeletonPreset, thumbnailSize, thumbnailSkeleton, maxTriangles } = withDefaults(RIG_MESH_DEFAULTS, options);
  if (rigType !== 'auto' && !isBodyPlan(rigType)) throw new EngineError('invalid_input', `rig: unknown body plan "${String(rigType)}"`);
  if (upAxis !== 'auto' && !isUpAxis(upAxis)) throw new EngineError('invalid_input', `rig: up_axis must be one of ${UP_AXES.join(', ')}, got "${String(upAxis)}"`);
  if (rotationY !== 'auto' && (typeof rotationY !== 'number' || !Number.isFinite(rotationY))) {
    throw new EngineError('invalid_input', `rig: rotation_y must be a finite number of degrees, got ${String(rotationY)}`);
  }
  if (!(RIG_OUTPUT_FORMATS as readonly string[]).includes(outputFormat)) {
    throw new EngineError('invalid_input', `rig: unknown output format "${String(outputFormat)}"`);
  }
  if (!(SKELETON_PRESETS as readonly string[]).includes(skeletonPreset)) {
    throw new EngineError('invalid_input', `rig: skeleton_preset must be one of ${SKELETON_PRESETS.join(', ')}, got "${String(skeletonPreset)}"`);
  }
  // A named plan is checked before the heavy stages; `auto` once the plan is chosen.
  if (rigType !== 'auto') checkPresetPlan(rigType, skeletonPreset, outputFormat);
  const stage = options.onStage ?? (() => undefined);
  // Reading covers the clip file too, read first so a bad clip or an unknown name fails fast.
  stage('read');
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
  // Ready clips are the named plan's: with `auto` their names could not be checked (or billed) up front.
  const readyClips = options.proceduralClips?.length ? checkReadyClips(rigType, options.proceduralClips) : [];
  const t0 = performance.now();
  const read = await readMesh(bytes, { maxTriangles });
  // Degenerate or pathological geometry is simplified or refused here, before the grid stages.
  const bounded = boundMeshWorkload(read.mesh);
  const t1 = performance.now();
  stage('fit');
  // With a core to spare (the rig's heat threads, skinning/heat-threads.ts), the fit's analysis of
  // the mesh as filed is made on a helper thread while the orientation is found; used only for a
  // mesh with the filed arrays (fit/fit-analysis-ahead.ts: the same analysis either way). `auto`
  // analyses its mesh to choose the plan, which the fit then reads: that analysis is the one served.
  const spareCore = (options.skin?.heatThreads ?? COMPUTE_SKIN_WEIGHTS_DEFAULTS.heatThreads) > 1;
  const fitAhead = spareCore ? analyseFitAhead(bounded.mesh, withDefaults(FIT_SKELETON_DEFAULTS, options.fit ?? {}).resolution) : undefined;
  // Rolled, stood up and turned, and its plan chosen: the one function the pre-rig check runs too.
  const { orientation, mesh, plan, welded: stoodAsFiled, triangles } = orientForRig(bounded.mesh, {
    rigType, upAxis, rotationY, autoRigTypeMinConfidence, orientation: options.orientation, mirrorRoll: options.mirrorRoll, resolution: options.fit?.resolution,
    ...(fitAhead ? { analysisAhead: fitAhead.takeIfFiled } : {}),
  });
  const bodyPlan = plan.bodyPlan;
  checkPresetPlan(bodyPlan, skeletonPreset, outputFormat);
  // The stood mesh welded once at the default tolerance (the facing cue's weld when it stands as
  // filed) for a biped's pieces and the skin, when the skin welds at that tolerance too.
  const skinWeldsAlike = (options.skin?.weldTolerance ?? COMPUTE_SKIN_WEIGHTS_DEFAULTS.weldTolerance) === WELD_VERTICES_DEFAULTS.tolerance;
  const welded = stoodAsFiled ?? (bodyPlan === 'biped' || skinWeldsAlike ? weldVertices(mesh.positions, mesh.indices) : undefined);
  // The stood mesh's triangle pass comes from the orientation's (the same bits: orientForRig).
  const ahead = fitAhead?.take(mesh);
  const fitted = fitSkeleton(mesh, bodyPlan, options.fit, undefined, plan.analysed ?? ahead?.analysed, welded, triangles);
  const t2 = performance.now();
  stage('skin');
  // The thumbnail reads the stood mesh and the fitted skeleton, never the weights: drawn while
  // heat's helper threads solve bones when they do (its time then overlaps theirs, inside the
  // skin stage's), else after the file as before. The same picture either way.
  let thumbnail: Uint8Array | undefined;
  let thumbnailMs = 0;
  const drawThumbnail = (): Uint8Array => {
    const start = performance.now();
    thumbnail = renderThumbnail(mesh, { size: thumbnailSize, skeleton: thumbnailSkeleton ? fitted.skeleton : undefined });
    thumbnailMs = performance.now() - start;
    return thumbnail;
  };
  const skin = computeSkinWeights(mesh, fitted.skeleton, { ...options.skin, nonDeformingJoints: fitted.standInJoints, leafTips: fitted.leafTips }, skinWeldsAlike ? welded : undefined, drawThumbnail);
  const t3 = performance.now();
  const rig = { skeleton: fitted.skeleton, skin };
  // Clips are read +Y up and the model is rigged upright (+Y up, after rotation), so both ups are
  // known rather than estimated from the legs.
  const retargetOptions: RetargetClipOptions = { bodyPlan: isRetargetBodyPlan(bodyPlan) ? bodyPlan : 'biped', up: { source: [0, 1, 0], target: [0, 1, 0] }, ...options.retarget };
  if (clips.length > 0 || readyClips.length > 0) stage('retarget');
  const results: RetargetResult[] = clips.map((c) => retargetClip(c, fitted.skeleton, retargetOptions));
  const retargeted = results[0] ?? null;
  const ready = makeProceduralClips(fitted.skeleton, bodyPlan, readyClips);
  const animations = [...results.map((r) => r.clip), ...ready];
  const tr = performance.now();
  stage('write');
  // The preset renames (and for Unreal re-hangs and adds joints) after fitting and retargeting,
  // which read our names; the written file carries the preset's. Our own names are written as
  // fitted (no reordering), so a default rig is the same file as before presets existed.
  const named = bodyPlan === 'biped' && skeletonPreset !== 'rigforge'
    ? applySkeletonPreset(skeletonPreset, { ...rig, animations }, heightRange(mesh))
    : { ...rig, animations, jointOfRole: new Map(fitted.skeleton.joints.map((j, i) => [j.name, i])) };
  const written = { skeleton: named.skeleton, skin: named.skin };
  const model = outputFormat === 'glb'
    ? await writeGlb(mesh, { rig: written, animations: named.animations })
    : outputFormat === 'fbx'
      ? writeFbx(mesh, { rig: written, animations: named.animations })
      : await writeVrm(mesh, { rig: written, animations: named.animations, humanBones: vrmBones(named.jointOfRole), meta: VRM_META });
  const t4 = performance.now();
  stage('thumbnail');
  const image = thumbnail ?? drawThumbnail();
  const t5 = performance.now();
  const ms = (v: number): number => Math.round(v * 10) / 10;
  return {
    model,
    format: outputFormat,
    thumbnail: image,
    report: {
      bodyPlan,
      skeletonPreset,
      bodyPlanSource: plan.source,
      ...(plan.confidence !== undefined ? { bodyPlanConfidence: plan.confidence } : {}),
      orientation,
      inputFormat: read.format,
      joints: named.skeleton.joints.length,
      vertices: mesh.positions.length / 3,
      triangles: mesh.indices.length / 3,
      matchScore: fitted.report.matchScore,
      timingsMs: {
        read: ms(t1 - t0), fit: ms(t2 - t1), skin: ms(t3 - t2), write: ms(t4 - tr), thumbnail: ms(thumbnailMs), total: ms(t5 - t0),
        ...(retargeted || ready.length ? { retarget: ms(tr - t3) } : {}),
      },
      // A file's clips share a skeleton: one clip's mapping warnings stand for all of them.
      warnings: [
        ...read.warnings, ...bounded.warnings, ...plan.warnings, ...fitted.report.warnings, ...(retargeted?.warnings ?? []),
        ...(outputFormat === 'fbx' ? fbxTextureWarnings(mesh) : []),
      ],
      ...(animations.length
        ? {
            animations: animations.length,
            clips: [
              ...results.map((r) => ({ name: r.clip.name, durationSeconds: r.clip.duration, liftedFrames: r.floor?.liftedFrames ?? 0 })),
              ...ready.map((c) => ({ name: c.name, durationSeconds: c.duration, liftedFrames: 0 })),
            ],
          }
        : {}),
      ...(retargeted
        ? {
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

function checkReadyClips(rigType: BodyPlan | 'auto', names: string[]): string[] {
  if (rigType === 'auto') throw new EngineError('invalid_input', 'rig: ready clips need the rig type named, not "auto"');
  return checkProceduralClips(rigType, names);
}

/**
 * Presets and the VRM format name humanoid bones: other plans keep our names, and asking for a
 * preset (or VRM) on one is invalid input rather than a rig silently written with other names.
 */
function checkPresetPlan(bodyPlan: BodyPlan, preset: SkeletonPreset, format: RigOutputFormat): void {
  if ((SKELETON_PRESET_BODY_PLANS as readonly string[]).includes(bodyPlan)) return;
  if (preset !== 'rigforge') {
    throw new EngineError('invalid_input', `rig: skeleton_preset "${preset}" names humanoid bones (rig_type ${SKELETON_PRESET_BODY_PLANS.join(', ')}); a ${bodyPlan} rig keeps the rigforge names`);
  }
  if ((HUMANOID_OUTPUT_FORMATS as readonly string[]).includes(format)) throw new EngineError('invalid_input', `rig: output_format ${format} is a humanoid format (rig_type ${SKELETON_PRESET_BODY_PLANS.join(', ')}), not for a ${bodyPlan} rig`);
}

/** The VRM humanoid of a rig; a fit missing a required bone cannot be a VRM. */
function vrmBones(jointOfRole: ReadonlyMap<string, number>): Record<string, number> {
  const bones = vrmHumanBones(jointOfRole);
  const missing = VRM_REQUIRED_HUMAN_BONES.filter((b) => bones[b] === undefined);
  if (missing.length) throw new EngineError('invalid_input', `rig: the skeleton has no ${missing.join(', ')} for a VRM humanoid`);
  return bones;
}

/** The mesh's lowest point: the floor a preset's root joint stands on. */
function heightRange(mesh: Mesh): PresetBounds {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 1; i < mesh.positions.length; i += 3) {
    min = Math.min(min, mesh.positions[i]!);
    max = Math.max(max, mesh.positions[i]!);
  }
  return Number.isFinite(min) ? { floorY: min, topY: max } : { floorY: 0, topY: 0 };
}

