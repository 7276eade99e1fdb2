/** The requests and answers of POST /v1/rigs and the free rig check. */
import { z } from 'zod';
import { base64Schema, httpUrlSchema, uuidSchema } from './common';
import { jobSchema, submissionResponseShape } from './job';
import {
  BODY_PLANS,
  DEFAULT_SKELETON_PRESET,
  HUMANOID_OUTPUT_FORMATS as VOCABULARY_HUMANOID_OUTPUT_FORMATS,
  PROCEDURAL_CLIPS,
  RETARGET_BODY_PLANS,
  RIG_OUTPUT_FORMATS as VOCABULARY_RIG_OUTPUT_FORMATS,
  SKELETON_PRESET_BODY_PLANS,
  SKELETON_PRESETS as VOCABULARY_SKELETON_PRESETS,
  UP_AXES as VOCABULARY_UP_AXES,
} from '@rigforge/vocabulary';
import { rigAnimationsSchema } from './rig-animations';
import { webhookRequestShape } from './webhook';
import { enginesOf, operationEngine } from './operations';

/** The body plans are the engine's own list (one truth, `@rigforge/vocabulary`). */
export const RIG_TYPES = BODY_PLANS;
export type RigType = (typeof RIG_TYPES)[number];
/** The rig engines of the operations table, the default first. */
export const RIG_ENGINES = enginesOf('rig');
export type RigEngine = (typeof RIG_ENGINES)[number];
export const MODEL_FORMATS = ['glb', 'fbx'] as const;
/** What a rig is written as: the model formats and VRM 1.0 (bipeds), the engine's list (`@rigforge/vocabulary`). */
export const RIG_OUTPUT_FORMATS = VOCABULARY_RIG_OUTPUT_FORMATS;
export type RigOutputFormat = (typeof RIG_OUTPUT_FORMATS)[number];
/** The output formats that need a biped (they name humanoid bones). */
export const HUMANOID_OUTPUT_FORMATS = VOCABULARY_HUMANOID_OUTPUT_FORMATS;
/** The bone naming presets of a rig, the engine's list (`@rigforge/vocabulary`); `rigforge` is the default. */
export const SKELETON_PRESETS = VOCABULARY_SKELETON_PRESETS;
export type SkeletonPreset = (typeof SKELETON_PRESETS)[number];
export { DEFAULT_SKELETON_PRESET };
/** The rig types a preset other than `rigforge` and the VRM format apply to. */
export const SKELETON_PRESET_RIG_TYPES = SKELETON_PRESET_BODY_PLANS;
/** The file axis that points up on the character; the rigger stands it onto +Y (the engine's list, `@rigforge/vocabulary`). */
export const UP_AXES = VOCABULARY_UP_AXES;
export type UpAxis = (typeof UP_AXES)[number];
export const FACINGS = ['+z', '-z', '+x', '-x'] as const;
/** `auto` (the default of up_axis and rotation_y): the rigger finds it from the mesh, as POST /v1/rigs/check does. */
export const AUTO = 'auto' as const;
export type ModelFormat = (typeof MODEL_FORMATS)[number];
/** What rig_type takes: a body plan, or `auto` (the plan POST /v1/rigs/check recommends, chosen by the rigger from the mesh). */
export const RIG_TYPE_CHOICES = [...RIG_TYPES, AUTO] as const;
export type RigTypeChoice = (typeof RIG_TYPE_CHOICES)[number];

/** Clip names chosen from an animation file: what the request carries and the job's params keep. */
export const animationClipsSchema = z.array(z.string().min(1).max(256)).min(1).max(256);

/** Body plans that clips from animation_url are retargeted onto: the retargeter's own list. */
export const RETARGET_RIG_TYPES = RETARGET_BODY_PLANS;

/** POST /v1/rigs. Unknown fields are rejected so typos never pass silently. */
export const createRigRequestSchema = z
  .strictObject({
    model_url: httpUrlSchema.optional().describe('Publicly reachable URL of the mesh, or the model_url of an upload (POST /v1/uploads) for files past the inline limit'),
    model_base64: base64Schema.optional().describe('Mesh inline, base64; at most about 10 MB decoded'),
    from_job: uuidSchema.optional().describe('Id of a succeeded job whose output model is rigged'),
    rig_type: z
      .enum(RIG_TYPE_CHOICES)
      .default('biped')
      .describe(
        'Body plan of the model. auto: the plan POST /v1/rigs/check recommends, chosen from the mesh by the rigger; the finished job shows it as rig_type_chosen with rig_type_confidence, and a confidence below 0.6 is a warning on the job. auto cannot be combined with animation_url (name the plan the clips are for)',
      ),
    engine: z.enum(RIG_ENGINES).default(operationEngine('rig').engine),
    output_format: z
      .enum(RIG_OUTPUT_FORMATS)
      .default('glb')
      .describe(
        'glb (default), fbx, or vrm: VRM 1.0, a GLB with the VRMC_vrm humanoid extension (loads in three-vrm, UniVRM); vrm is for rig_type biped only, other plans are 400 invalid_request',
      ),
    skeleton_preset: z
      .enum(SKELETON_PRESETS)
      .default(DEFAULT_SKELETON_PRESET)
      .describe(
        'Bone names of the rig, fingers included. rigforge (default): ours, VRM humanoid names in snake_case (left_upper_arm). mixamo: mixamorig:Hips, mixamorig:LeftForeArm … with Mixamo\'s hierarchy and its end bones (HeadTop_End, LeftToe_End, LeftHandIndex4 …, no skin weight), so Mixamo clips play by name. unity: Unity HumanBodyBones names (LeftUpperArm), mapped by the Humanoid avatar with no manual step. unreal: the UE5 mannequin\'s names and hierarchy (root, pelvis, spine_01 … spine_05, neck_01, clavicle_l, thigh_l, ball_l, index_metacarpal_l, upperarm_twist_01_l …, ik_foot_l, ik_hand_gun …; the added joints carry no skin weight). vrm: VRM 1.0 humanoid names (leftUpperArm). Presets other than rigforge are for rig_type biped only (400 invalid_request for other plans, and for auto: name the plan); free',
      ),
    up_axis: z
      .union([z.enum(UP_AXES), z.literal(AUTO)])
      .default(AUTO)
      .describe(
        'The file axis that points up on the character; +z for a Z-up export lying on its back. The model is stood up (that axis turned onto +Y) before rotation_y. Default auto: found from the mesh (the job report says what was found)',
      ),
    rotation_y: z
      .union([z.number().min(-3600).max(3600), z.literal(AUTO)])
      .default(AUTO)
      .describe('Degrees about +Y applied before rigging: -90 for +X facing, 90 for -X, 180 for -Z. Default auto: the quarter turn found from the mesh'),
    animation_url: httpUrlSchema
      .optional()
      .describe(
        'An animation file (GLB, glTF or FBX): every clip in it is retargeted into the output, one animation per clip with its name; humanoid clips onto biped rigs, four-legged clips onto quadruped rigs; fast engine only; billed one retarget per clip',
      ),
    animation_clips: animationClipsSchema
      .optional()
      .describe('Names of the clips of animation_url to keep (default all); a name the file does not have is 400 invalid_request listing its clips'),
    animations: rigAnimationsSchema
      .optional()
      .describe(
        `Ready clips made for the fitted skeleton and written into the output, by name: ${BODY_PLANS.map((p) => `${p}: ${PROCEDURAL_CLIPS[p].join(', ')}`).join('; ')} (GET /v1/rigs/animations lists them). A clip not for rig_type is 400 invalid_request; needs rig_type named (not auto); same engines as animation_url; billed one retarget per clip`,
      ),
    ...webhookRequestShape,
  })
  .meta({ id: 'CreateRigRequest' });
export type CreateRigRequest = z.infer<typeof createRigRequestSchema>;

export const createRigResponseSchema = jobSchema
  .extend({
    engine: z.enum(RIG_ENGINES),
    rig_type: z.enum(RIG_TYPE_CHOICES).describe('As requested; with auto the job shows the plan chosen (rig_type_chosen) once it succeeds'),
    output_format: z.enum(RIG_OUTPUT_FORMATS),
    skeleton_preset: z.enum(SKELETON_PRESETS),
    ...submissionResponseShape,
  })
  .meta({ id: 'CreateRigResponse' });
export type CreateRigResponse = z.infer<typeof createRigResponseSchema>;

/** POST /v1/rigs/check: the same three sources as POST /v1/rigs, nothing else. */
export const checkRigRequestSchema = z
  .strictObject({
    model_url: httpUrlSchema.optional().describe('Publicly reachable URL of the mesh, or the model_url of an upload (POST /v1/uploads) for files past the inline limit'),
    model_base64: base64Schema.optional().describe('Mesh inline, base64; at most about 10 MB decoded'),
    from_job: uuidSchema.optional().describe('Id of a succeeded job whose output model is checked'),
  })
  .meta({ id: 'CheckRigRequest' });
export type CheckRigRequest = z.infer<typeof checkRigRequestSchema>;

export const CHECK_PROBLEM_CODES = ['no_volume'] as const;

/** What the free pre-rig check reports (200). Crosses a thread boundary: parsed on arrival. */
export const checkRigResponseSchema = z
  .object({
    riggable: z.boolean().describe('Whether a rig job on this mesh can deliver a rig'),
    problems: z
      .array(z.object({ code: z.enum(CHECK_PROBLEM_CODES), message: z.string() }))
      .describe('Why not, when riggable is false; no_volume: the mesh encloses no volume (a flat sheet)'),
    input_format: z.string().describe('Format the file was read as: glb, gltf, obj, stl or fbx'),
    triangles: z.int(),
    vertices: z.int(),
    parts: z.int().describe('Connected pieces of the surface, split vertices welded'),
    watertight: z.boolean().describe('Every edge is shared by exactly two triangles'),
    up_axis: z.enum(UP_AXES).describe('The file axis found pointing up on the character; pass it as up_axis'),
    facing: z.enum(FACINGS).describe('Direction the stood-up model faces'),
    rotation_y: z.number().describe('The rotation_y that makes the stood-up model face +Z, as POST /v1/rigs finds it by default'),
    roll: z
      .object({ axis: z.enum(['x', 'y', 'z']), degrees: z.number() })
      .optional()
      .describe('Present when the rig rolls the mesh first (its mirror plane lies between two file axes): degrees about a file axis; up_axis and rotation_y are then of the rolled mesh'),
    orientation_confidence: z.number().min(0).max(1).describe('Probability the orientation finder gives up_axis with that facing (0..1); what POST /v1/rigs does by default'),
    up_axis_confidence: z.number().min(0).max(1).describe('Probability it gives up_axis alone, over the four facings (0..1)'),
    recommended_rig_type: z.enum(RIG_TYPES),
    rig_type_scores: z
      .object(Object.fromEntries(RIG_TYPES.map((t) => [t, z.number().min(0).max(1)])) as Record<RigType, z.ZodNumber>)
      .describe('Confidence for each body plan, 0..1, summing to 1'),
    warnings: z.array(z.string()),
  })
  .meta({ id: 'CheckRigResponse' });
export type CheckRigResponse = z.infer<typeof checkRigResponseSchema>;
