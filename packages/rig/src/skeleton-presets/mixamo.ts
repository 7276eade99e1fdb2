/**
 * `mixamo`: Mixamo's auto-rigger names and hierarchy (`mixamorig:Hips`, `mixamorig:LeftForeArm`,
 * `mixamorig:LeftHandIndex1`), so clips downloaded from Mixamo find their bones by name. Our
 * hierarchy already is Mixamo's (hips → Spine → Spine1 → Spine2 → Neck → Head, shoulders on
 * Spine2, legs on the hips). Mixamo's end bones (`HeadTop_End`, `LeftToe_End`, each finger's `…4`)
 * are added joints without skin weight, so a Mixamo clip's tracks for them find a bone too.
 */
import { FINGERS, fingerJointName } from '../finger-joint-names';
import { pascal, presetNames, SIDES, type ExtraJoint, type SkeletonPresetTable } from './preset-table';

export const MIXAMO_PREFIX = 'mixamorig:';

const CENTER: Record<string, string> = { hips: 'Hips', spine: 'Spine', chest: 'Spine1', upper_chest: 'Spine2', neck: 'Neck', head: 'Head' };
const SIDED: Record<string, string> = {
  shoulder: 'Shoulder', upper_arm: 'Arm', lower_arm: 'ForeArm', hand: 'Hand',
  upper_leg: 'UpLeg', lower_leg: 'Leg', foot: 'Foot', toes: 'ToeBase',
};

const NAMES = presetNames({
  center: (joint) => MIXAMO_PREFIX + CENTER[joint]!,
  sided: (side, part) => MIXAMO_PREFIX + pascal(side) + SIDED[part]!,
  // Mixamo counts each finger's joints 1..3 from the root, the thumb's first being its metacarpal.
  finger: (side, finger, k) => `${MIXAMO_PREFIX}${pascal(side)}Hand${finger === 'little' ? 'Pinky' : pascal(finger)}${k + 1}`,
});
const m = (name: string): string => MIXAMO_PREFIX + name;

/**
 * The end bones, at the tips of their chains: the head's at the top of the mesh above the head
 * (hair and hats included, as Mixamo places it); a toe's and a finger's continue the chain's last
 * segment. The toe tip lies about 0.6 of the ankle-to-ball length past the ball (an adult foot:
 * ankle to ball ~15 cm, ball to toe tip ~9 cm); a fingertip about as far past the last knuckle as
 * that knuckle is from the one before (the distal phalanx with its pad is about as long as the
 * middle one). A finger whose joints were not fitted gets no end bone (its segment is missing).
 */
const EXTRA_JOINTS: readonly ExtraJoint[] = [
  { name: m('HeadTop_End'), parent: m('Head'), placement: { topAbove: m('Head') } },
  ...SIDES.map((side): ExtraJoint => ({
    name: m(`${pascal(side)}Toe_End`),
    parent: NAMES[`${side}_toes`]!,
    placement: { past: [NAMES[`${side}_foot`]!, NAMES[`${side}_toes`]!], fraction: 0.6 },
  })),
  ...SIDES.flatMap((side) =>
    FINGERS.map((finger): ExtraJoint => {
      const [, second, third] = ([0, 1, 2] as const).map((k) => NAMES[fingerJointName(side, finger, k)]!);
      return { name: third!.replace(/3$/, '4'), parent: third!, placement: { past: [second!, third!], fraction: 1 } };
    }),
  ),
];

export const MIXAMO_PRESET: SkeletonPresetTable = { names: NAMES, extraJoints: EXTRA_JOINTS };
