/**
 * The skeleton naming presets, one table each (one file per preset), and the reverse lookup the
 * retargeter reads joint roles from: any preset's name → our joint name.
 */
import type { SkeletonPreset } from '@rigforge/vocabulary';
import { MIXAMO_PRESET } from './mixamo';
import type { SkeletonPresetTable } from './preset-table';
import { RIGFORGE_PRESET } from './rigforge';
import { UNITY_PRESET } from './unity';
import { UNREAL_PRESET } from './unreal';
import { VRM_PRESET } from './vrm';

export const SKELETON_PRESET_TABLES: Readonly<Record<SkeletonPreset, SkeletonPresetTable>> = {
  rigforge: RIGFORGE_PRESET,
  mixamo: MIXAMO_PRESET,
  unity: UNITY_PRESET,
  unreal: UNREAL_PRESET,
  vrm: VRM_PRESET,
};

/**
 * Exact preset name → our joint name, or null for a joint a preset adds (Unreal's `spine_05`,
 * `ik_hand_l`): those have no role and drive nothing. Built once; two presets giving one name two
 * roles would make a rig's roles ambiguous, so that is a startup error (a test builds this).
 */
const ROLE_OF_PRESET_NAME: ReadonlyMap<string, string | null> = (() => {
  const roles = new Map<string, string | null>();
  const put = (name: string, role: string | null, preset: string): void => {
    const had = roles.get(name);
    if (had !== undefined && had !== role) throw new Error(`skeleton presets: "${name}" of ${preset} is both ${String(had)} and ${String(role)}`);
    roles.set(name, role);
  };
  for (const [preset, table] of Object.entries(SKELETON_PRESET_TABLES)) {
    for (const [ours, theirs] of Object.entries(table.names)) put(theirs, ours, preset);
    for (const extra of table.extraJoints ?? []) put(extra.name, null, preset);
  }
  return roles;
})();

/**
 * Our joint name for a joint named by one of our presets (exact, case-sensitive: Unity's
 * `LeftThumbProximal` is the thumb's first joint, VRM's `leftThumbProximal` its second); null for
 * a joint a preset adds; undefined for a name no preset writes.
 */
export function presetJointRole(name: string): string | null | undefined {
  return ROLE_OF_PRESET_NAME.get(name);
}
