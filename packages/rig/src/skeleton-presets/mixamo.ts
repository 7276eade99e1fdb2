/**
 * `mixamo`: Mixamo's auto-rigger names and hierarchy (`mixamorig:Hips`, `mixamorig:LeftForeArm`,
 * `mixamorig:LeftHandIndex1`), so clips downloaded from Mixamo find their bones by name. Our
 * hierarchy already is Mixamo's (hips → Spine → Spine1 → Spine2 → Neck → Head, shoulders on
 * Spine2, legs on the hips); Mixamo's end bones (`HeadTop_End`, `LeftToe_End`, `…4`) carry no
 * weight or motion and are not added.
 */
import { pascal, presetNames, type SkeletonPresetTable } from './preset-table';

export const MIXAMO_PREFIX = 'mixamorig:';

const CENTER: Record<string, string> = { hips: 'Hips', spine: 'Spine', chest: 'Spine1', upper_chest: 'Spine2', neck: 'Neck', head: 'Head' };
const SIDED: Record<string, string> = {
  shoulder: 'Shoulder', upper_arm: 'Arm', lower_arm: 'ForeArm', hand: 'Hand',
  upper_leg: 'UpLeg', lower_leg: 'Leg', foot: 'Foot', toes: 'ToeBase',
};

export const MIXAMO_PRESET: SkeletonPresetTable = {
  names: presetNames({
    center: (joint) => MIXAMO_PREFIX + CENTER[joint]!,
    sided: (side, part) => MIXAMO_PREFIX + pascal(side) + SIDED[part]!,
    // Mixamo counts each finger's joints 1..3 from the root, the thumb's first being its metacarpal.
    finger: (side, finger, k) => `${MIXAMO_PREFIX}${pascal(side)}Hand${finger === 'little' ? 'Pinky' : pascal(finger)}${k + 1}`,
  }),
};
