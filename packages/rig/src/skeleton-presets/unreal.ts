/**
 * `unreal`: the UE5 mannequin's names and hierarchy (`root` → `pelvis` → `spine_01` … `spine_05`
 * → `neck_01` → `neck_02` → `head`; `clavicle_l` on `spine_05`; `thigh_l` → `calf_l` → `foot_l` →
 * `ball_l`; `thumb_01_l`, `index_metacarpal_l` → `index_01_l` …; `ik_foot_*` and `ik_hand_*`), so
 * the engine's IK retargeter and mannequin animations find the chains by name.
 *
 * Our three spine joints and neck become spine_01..03 and neck_01 (the names an Unreal 4 skeleton
 * and our retargeter read alike); the mannequin's spine_04, spine_05, neck_02, the finger
 * metacarpals, the twist bones, `root` and the IK bones are added joints without skin weight
 * (a later change could move the limbs' weight onto the twist bones). The mannequin's corrective
 * bones are not added (the engine's post-process rig drives them from the body's bones).
 */
import { presetNames, type ExtraJoint, type SkeletonPresetTable } from './preset-table';

const CENTER: Record<string, string> = { hips: 'pelvis', spine: 'spine_01', chest: 'spine_02', upper_chest: 'spine_03', neck: 'neck_01', head: 'head' };
const SIDED: Record<string, string> = {
  shoulder: 'clavicle', upper_arm: 'upperarm', lower_arm: 'lowerarm', hand: 'hand',
  upper_leg: 'thigh', lower_leg: 'calf', foot: 'foot', toes: 'ball',
};
const s = (side: 'left' | 'right'): string => (side === 'left' ? 'l' : 'r');

/** The four fingers that have a metacarpal joint in the mannequin (the thumb's first joint is it). */
const METACARPAL_FINGERS = ['index', 'middle', 'ring', 'pinky'] as const;

const EXTRA_JOINTS: readonly ExtraJoint[] = [
  // The mannequin's root sits on the floor under the pelvis and carries the root motion.
  { name: 'root', parent: null, placement: { floorBelow: 'pelvis' }, adopts: ['pelvis'] },
  // Two more spine joints between the upper chest and the neck; the clavicles hang on the top one.
  { name: 'spine_04', parent: 'spine_03', placement: { between: ['spine_03', 'neck_01'], fraction: 1 / 3 } },
  { name: 'spine_05', parent: 'spine_04', placement: { between: ['spine_03', 'neck_01'], fraction: 2 / 3 }, adopts: ['neck_01', 'clavicle_l', 'clavicle_r'] },
  { name: 'neck_02', parent: 'neck_01', placement: { between: ['neck_01', 'head'], fraction: 0.5 }, adopts: ['head'] },
  ...(['l', 'r'] as const).flatMap((side) =>
    METACARPAL_FINGERS.map((finger): ExtraJoint => ({
      name: `${finger}_metacarpal_${side}`,
      parent: `hand_${side}`,
      placement: { between: [`hand_${side}`, `${finger}_01_${side}`], fraction: 0.3 },
      adopts: [`${finger}_01_${side}`],
    })),
  ),
  // Two twist bones along each limb segment, children of the segment's joint. Epic publishes no
  // table of their rest positions; a public rebuild of the mannequin's skeleton puts the upper
  // arm's, thigh's and calf's twist_01 at 1/3 and twist_02 at 2/3 of the segment from its joint.
  // The forearm's order is reported both ways (that rebuild: 01 near the elbow; a public rename
  // table for another skeleton: "the lower arm twists are swapped", 01 near the wrist, as in the
  // UE4 mannequin, whose one lowerarm_twist_01 sits by the wrist); we follow the latter. The
  // bones carry no weight or track, so their place along the segment only shows in the editor.
  ...(['l', 'r'] as const).flatMap((side) =>
    ([
      ['upperarm', 'lowerarm', [1 / 3, 2 / 3]],
      ['lowerarm', 'hand', [2 / 3, 1 / 3]],
      ['thigh', 'calf', [1 / 3, 2 / 3]],
      ['calf', 'foot', [1 / 3, 2 / 3]],
    ] as const).flatMap(([segment, next, fractions]) =>
      fractions.map((fraction, i): ExtraJoint => ({
        name: `${segment}_twist_0${i + 1}_${side}`,
        parent: `${segment}_${side}`,
        placement: { between: [`${segment}_${side}`, `${next}_${side}`], fraction },
      })),
    ),
  ),
  // IK target bones: copies of the feet and hands under root, as the mannequin has them.
  { name: 'ik_foot_root', parent: 'root', placement: { at: 'root' } },
  { name: 'ik_foot_l', parent: 'ik_foot_root', placement: { at: 'foot_l' } },
  { name: 'ik_foot_r', parent: 'ik_foot_root', placement: { at: 'foot_r' } },
  { name: 'ik_hand_root', parent: 'root', placement: { at: 'root' } },
  { name: 'ik_hand_gun', parent: 'ik_hand_root', placement: { at: 'hand_r' } },
  { name: 'ik_hand_l', parent: 'ik_hand_gun', placement: { at: 'hand_l' } },
  { name: 'ik_hand_r', parent: 'ik_hand_gun', placement: { at: 'hand_r' } },
];

export const UNREAL_PRESET: SkeletonPresetTable = {
  names: presetNames({
    center: (joint) => CENTER[joint]!,
    sided: (side, part) => `${SIDED[part]!}_${s(side)}`,
    finger: (side, finger, k) => `${finger === 'little' ? 'pinky' : finger}_0${k + 1}_${s(side)}`,
  }),
  extraJoints: EXTRA_JOINTS,
};
