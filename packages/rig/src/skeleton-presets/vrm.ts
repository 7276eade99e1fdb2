/**
 * `vrm`: VRM 1.0 humanoid bone names (`hips`, `leftUpperArm`, `leftThumbMetacarpal`), ours in
 * camelCase. The same table gives the `VRMC_vrm` humanoid of a VRM output (bone → node).
 */
import { fingerJointName } from '../finger-joint-names';
import { presetNames, type SkeletonPresetTable } from './preset-table';

/** `left_upper_arm` → `leftUpperArm`. */
function camel(snake: string): string {
  return snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

export const VRM_PRESET: SkeletonPresetTable = {
  names: presetNames({
    center: camel,
    sided: (side, part) => camel(`${side}_${part}`),
    finger: (side, finger, k) => camel(fingerJointName(side, finger, k)),
  }),
};

/** The VRM 1.0 humanoid bones a VRM must map (the spec's required list). */
export const VRM_REQUIRED_HUMAN_BONES = [
  'hips', 'spine', 'head',
  'leftUpperArm', 'leftLowerArm', 'leftHand', 'rightUpperArm', 'rightLowerArm', 'rightHand',
  'leftUpperLeg', 'leftLowerLeg', 'leftFoot', 'rightUpperLeg', 'rightLowerLeg', 'rightFoot',
] as const;

/** The `VRMC_vrm` humanoid of a rig: VRM bone name → joint index, from our joint names' indices. */
export function vrmHumanBones(jointOfRole: ReadonlyMap<string, number>): Record<string, number> {
  const bones: Record<string, number> = {};
  for (const [ours, bone] of Object.entries(VRM_PRESET.names)) {
    const joint = jointOfRole.get(ours);
    if (joint !== undefined) bones[bone] = joint;
  }
  return bones;
}
