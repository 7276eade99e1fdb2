/**
 * The test pose the contact sheet puts every rig in, per body plan, written against our joint
 * names (the README's skeleton table). Each operation is a rotation of one joint expressed in the
 * character's frame (+X = the character's left, +Y up, +Z forward, as the fitter expects), so it
 * means the same thing whatever local axes a GLB's bones carry; the Blender helper converts it
 * into the pose bone's local rotation. Joints a rig does not have are skipped.
 *
 * The torso (hips, spine, chest) is never rotated: anything that moves there in the posed tile is
 * a weight or joint error (a torso swinging with a leg, a head bending with a shoulder).
 */
import type { BodyPlan } from '../../src/body-plan';

/** A direction in the character's frame: +X left, +Y up, +Z forward. */
export type Vec3 = readonly [number, number, number];

export type PoseOp =
  /**
   * Rotate the bone (joint → its children) by `degrees` towards the first candidate not parallel
   * to it, never past it: a bone already within `degrees` of the candidate stops `stopShort`
   * degrees before it (default 0). A wing raised at rest is raised to short of the vertical, not
   * through it into its twin.
   */
  | { kind: 'bend'; towards: readonly Vec3[]; degrees: number; stopShort?: number }
  /**
   * Turn the bone so it points along `direction`. Only for bones whose ancestors stay at rest
   * (the upper arms): it makes "arms raised" the same for a T-pose and an A-pose.
   */
  | { kind: 'aim'; direction: Vec3 }
  /** Rotate by `degrees` about a fixed axis (right-handed), e.g. a head turning about +Y. */
  | { kind: 'turn'; axis: Vec3; degrees: number };

export type JointPoseOp = PoseOp & { joint: string };

interface PoseRule {
  /** A joint name, or a pattern for numbered chains (tail_1..4, spine_01..NN). */
  match: string | RegExp;
  op: PoseOp;
  /** The rule applies only when the rig has (true) or lacks (false) a joint of this role: a bird's wing elbow. */
  when?: { role: string; present: boolean };
}

const UP: Vec3 = [0, 1, 0];
const DOWN: Vec3 = [0, -1, 0];
const FORWARD: Vec3 = [0, 0, 1];
const BACK: Vec3 = [0, 0, -1];
const LEFT: Vec3 = [1, 0, 0];

const bend = (towards: Vec3 | Vec3[], degrees: number, stopShort?: number): PoseOp => ({
  kind: 'bend', towards: Array.isArray(towards[0]) ? (towards as Vec3[]) : [towards as Vec3], degrees,
  ...(stopShort === undefined ? {} : { stopShort }),
});
const turn = (degrees: number): PoseOp => ({ kind: 'turn', axis: UP, degrees });

/** Head turned, neck a little: a head that moves with a shoulder or the chest shows. */
const HEAD_TURN: PoseRule[] = [
  { match: 'neck', op: turn(15) },
  { match: 'head', op: turn(35) },
];

/** Curl a numbered tail up and to the left, a little per joint. */
const tailCurl = (pattern: RegExp, degrees: number): PoseRule =>
  ({ match: pattern, op: bend([[0.5, 0.87, 0], UP, LEFT], degrees) });

export const CONTACT_SHEET_POSES: Record<BodyPlan, PoseRule[]> = {
  biped: [
    // Arms raised up and out (whatever the rest pose), elbows bent 90° in the body's plane (the
    // forearms over the head, readable from the front), wrists 40° down.
    { match: 'left_upper_arm', op: { kind: 'aim', direction: [0.45, 0.85, 0.25] } },
    { match: 'right_upper_arm', op: { kind: 'aim', direction: [-0.45, 0.85, 0.25] } },
    { match: 'left_lower_arm', op: bend([UP, FORWARD], 90) },
    { match: 'right_lower_arm', op: bend([UP, FORWARD], 90) },
    { match: 'left_hand', op: bend([DOWN, FORWARD], 40) },
    { match: 'right_hand', op: bend([DOWN, FORWARD], 40) },
    ...HEAD_TURN,
    // Left leg lifted forward, right leg swung back, both knees bent 90° backwards.
    { match: 'left_upper_leg', op: bend(FORWARD, 70) },
    { match: 'right_upper_leg', op: bend(BACK, 30) },
    { match: 'left_lower_leg', op: bend(BACK, 90) },
    { match: 'right_lower_leg', op: bend(BACK, 90) },
    tailCurl(/^tail_\d+$/, 30),
  ],
  quadruped: [
    // Diagonal pair lifted: front left and back right forward, their lower legs bent 90° back.
    { match: 'front_left_upper_leg', op: bend(FORWARD, 50) },
    { match: 'front_left_lower_leg', op: bend(BACK, 90) },
    { match: 'back_right_upper_leg', op: bend(FORWARD, 45) },
    { match: 'back_right_lower_leg', op: bend(BACK, 90) },
    { match: 'neck', op: bend(UP, 20) },
    { match: 'head', op: turn(35) },
    tailCurl(/^tail_\d+$/, 30),
  ],
  hexapod: [
    // Front left and middle right legs lifted, their tibiae bent 90° forward.
    { match: 'leg_front_left_femur', op: bend(UP, 45) },
    { match: 'leg_front_left_tibia', op: bend([FORWARD, UP], 90) },
    { match: 'leg_middle_right_femur', op: bend(UP, 45) },
    { match: 'leg_middle_right_tibia', op: bend([FORWARD, UP], 90) },
    { match: 'head', op: turn(30) },
    { match: /^abdomen_\d+$/, op: bend(UP, 20) },
  ],
  octopod: [
    { match: 'leg_1_left_femur', op: bend(UP, 45) },
    { match: 'leg_1_left_tibia', op: bend([FORWARD, UP], 90) },
    { match: 'leg_3_right_femur', op: bend(UP, 45) },
    { match: 'leg_3_right_tibia', op: bend([FORWARD, UP], 90) },
    { match: 'head', op: turn(30) },
    { match: /^abdomen_\d+$/, op: bend(UP, 20) },
  ],
  avian: [
    // Wings raised, their elbows folded 90° forward; left leg lifted, both knees bent. A wing
    // raised at rest (a butterfly's, folded up over its back) stops 15° short of the vertical:
    // its twin lies mirrored across the body's mid-plane, and past the vertical the two cross.
    { match: 'left_wing_1', op: bend(UP, 45, 15) },
    { match: 'right_wing_1', op: bend(UP, 45, 15) },
    { match: 'left_wing_2', op: bend([FORWARD, UP], 90), when: { role: 'left_wing_3', present: true } },
    { match: 'right_wing_2', op: bend([FORWARD, UP], 90), when: { role: 'right_wing_3', present: true } },
    // A membrane (wing_1 and wing_2 only: a butterfly's) has no elbow to fold: folded forward
    // 90°, the two outer halves meet in front of the body and cross. Its outer part curls up.
    { match: 'left_wing_2', op: bend(UP, 20, 15), when: { role: 'left_wing_3', present: false } },
    { match: 'right_wing_2', op: bend(UP, 20, 15), when: { role: 'right_wing_3', present: false } },
    { match: 'left_upper_leg', op: bend(FORWARD, 60) },
    { match: 'left_lower_leg', op: bend(BACK, 90) },
    { match: 'right_lower_leg', op: bend(BACK, 90) },
    ...HEAD_TURN,
    tailCurl(/^tail_\d+$/, 30),
  ],
  serpentine: [
    // The whole body coiled sideways, the head turned further.
    { match: /^spine_\d+$/, op: bend([LEFT, UP], 15) },
    { match: 'head', op: turn(30) },
  ],
  aquatic: [
    // Tail swept to the left, pectoral fins raised, head turned.
    { match: 'head', op: turn(30) },
    { match: 'spine_3', op: bend([LEFT, UP], 15) },
    tailCurl(/^tail_\d+$/, 25),
    { match: /^pectoral_(left|right)_1$/, op: bend(UP, 40) },
    { match: 'dorsal_1', op: bend(LEFT, 30) },
  ],
  others: [
    // Every other branch lifted at its first two joints; the rest stay as a reference.
    { match: /^branch_\d*[02468]_1$/, op: bend([UP, FORWARD], 30) },
    { match: /^branch_\d*[02468]_2$/, op: bend([UP, FORWARD], 45) },
  ],
};

/**
 * The concrete operations for one rig: every rule applied to the joints it matches, in rule order.
 * `roleOf` maps a joint's own name to our name for it (identity for our rigs; a role map for an
 * artist's rig); the operation keeps the joint's own name.
 */
export function resolvePose(
  plan: BodyPlan,
  jointNames: readonly string[],
  roleOf: (name: string) => string | undefined = (name) => name,
): JointPoseOp[] {
  const roles = jointNames.map((joint) => ({ joint, role: roleOf(joint) }));
  const ops: JointPoseOp[] = [];
  for (const rule of CONTACT_SHEET_POSES[plan]) {
    if (rule.when && roles.some(({ role }) => role === rule.when!.role) !== rule.when.present) continue;
    for (const { joint, role } of roles) {
      if (role === undefined) continue;
      const hit = typeof rule.match === 'string' ? role === rule.match : rule.match.test(role);
      if (hit) ops.push({ ...rule.op, joint });
    }
  }
  return ops;
}
