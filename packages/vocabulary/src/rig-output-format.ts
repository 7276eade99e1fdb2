/**
 * The file formats a rig is written in: GLB (default), FBX, and VRM 1.0 (a GLB carrying the
 * `VRMC_vrm` humanoid), which names humanoid bones and so is for the humanoid body plans only
 * (SKELETON_PRESET_BODY_PLANS). One list for the engine and the wire contract.
 */
export const RIG_OUTPUT_FORMATS = ['glb', 'fbx', 'vrm'] as const;
export type RigOutputFormat = (typeof RIG_OUTPUT_FORMATS)[number];

/** The output formats that need a humanoid skeleton. */
export const HUMANOID_OUTPUT_FORMATS = ['vrm'] as const satisfies readonly RigOutputFormat[];
