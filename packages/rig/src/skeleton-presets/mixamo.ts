/**
 * `mixamo`: Mixamo's auto-rigger names and hierarchy (`mixamorig:Hips`, `mixamorig:LeftForeArm`,
 * `mixamorig:LeftHandIndex1`), so clips downloaded from Mixamo find their bones by name. Our
 * hierarchy already is Mixamo's (hips → Spine → Spine1 → Spine2 → Neck → Head, shoulders on
 * Spine2, legs on the hips). Mixamo's end bones (`HeadTop_End`, `LeftToe_End`, each finger's `…4`)
 * are added joints without skin weight, so a Mixamo clip's tracks for them find a bone too.
 *
 * Mixamo's clips store each bone's rotation relative to its rest frame, so the joints rest in
 * Mixamo's frames (boneFrames): +Y along the bone toward its child (a hand toward its middle
 * finger, the upper chest toward the neck); the hips keep the world's axes
 * (the character faces +Z, its left on +X); spine, neck and head have +X to the character's
 * left; legs and feet +X to its right; arms, hands and fingers +X back on the left side and
 * forward on the right (so +Z points down along a T-pose arm on both sides). The axes are read
 * off the pre-rotations of Mixamo's own FBX rigs; a fitted bone's direction replaces Mixamo's
 * (a spine that leans, an arm in an A-pose), the roll follows the rule. End bones continue their
 * parent's frame. Mixamo's thumbs roll their own way; ours follow the hand's rule.
 */
import { FINGERS, fingerJointName } from '../finger-joint-names';
import { pascal, presetNames, SIDES, type BoneFrameConvention, type ExtraJoint, type SkeletonPresetTable } from './preset-table';

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

/** Where each bone's +X leans in Mixamo's rest frames (see the header); null for the hips. */
function boneRoll(name: string): readonly [number, number, number] | null {
  if (name === m('Hips')) return null;
  const arm = /^mixamorig:(Left|Right)(Shoulder|Arm|ForeArm|Hand)/.exec(name);
  if (arm) return arm[1] === 'Left' ? [0, 0, -1] : [0, 0, 1];
  if (/^mixamorig:(Left|Right)(UpLeg|Leg|Foot|ToeBase|Toe_End)$/.test(name)) return [-1, 0, 0];
  return [1, 0, 0];
}

const BONE_FRAMES: BoneFrameConvention = {
  roll: boneRoll,
  aim: {
    [m('Spine2')]: m('Neck'),
    ...Object.fromEntries(SIDES.map((side) => [NAMES[`${side}_hand`]!, NAMES[fingerJointName(side, 'middle', 0)]!])),
  },
};

export const MIXAMO_PRESET: SkeletonPresetTable = { names: NAMES, extraJoints: EXTRA_JOINTS, boneFrames: BONE_FRAMES };
