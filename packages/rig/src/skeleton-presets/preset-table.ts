/**
 * The shape of one skeleton naming preset: how each of our biped joints is named, and what the
 * target tool's skeleton has beyond a rename (joints it adds, joints it hangs elsewhere). The
 * tables are data; apply-skeleton-preset.ts is the one place that applies them.
 */
import { FINGERS, fingerJointName, type Finger } from '../finger-joint-names';
import { BIPED_JOINTS } from '../fit/fit-biped';

/** Where an added joint stands, by the preset's names of joints already present. */
export type ExtraJointPlacement =
  /** At that joint's rest position. */
  | { at: string }
  /** On the segment from the first joint to the second, that fraction of the way (0..1). */
  | { between: readonly [string, string]; fraction: number }
  /** Straight below that joint, on the floor (the lowest point of the mesh). */
  | { floorBelow: string }
  /** Straight above that joint, at the top of the mesh (its highest point): Mixamo's `HeadTop_End`. */
  | { topAbove: string }
  /**
   * Past the second joint, continuing the segment from the first: `fraction` of that segment's
   * length beyond the second joint (1: as far again), never below the floor. For chain ends whose
   * tip is not a fitted joint (Mixamo's toe and finger ends): the tip is read off the chain's last
   * segment rather than searched for in the mesh, which cannot pick a neighbouring toe or finger.
   */
  | { past: readonly [string, string]; fraction: number };

/**
 * A joint the preset's skeleton has and our fit does not (Unreal's `root`, `spine_05`, `ik_*`
 * bones). It carries no skin weight and no clip track; it is added only when the joints its
 * placement, parent and adoptees name exist (fingers, for one, are fitted only when found).
 */
export interface ExtraJoint {
  name: string;
  /** The preset's name of its parent; null for a new root. */
  parent: string | null;
  placement: ExtraJointPlacement;
  /** Joints (preset names) re-hung under this one: it is inserted above them in the chain. */
  adopts?: readonly string[];
}

export interface SkeletonPresetTable {
  /** Our joint name → the preset's, for every biped joint (body and fingers). */
  names: Readonly<Record<string, string>>;
  /** Joints added after renaming, in order (a later one may name an earlier one). */
  extraJoints?: readonly ExtraJoint[];
  /**
   * The tool's bone-frame convention, for a tool whose clips store rotations local to its own
   * rest frames (Mixamo). Without it every joint rests with the world's axes (identity).
   */
  boneFrames?: BoneFrameConvention;
}

/** Joints by the preset's names: each joint's local +Y runs along its bone to its child. */
export interface BoneFrameConvention {
  /** The world direction the joint's +X leans toward; null keeps the world axes. */
  roll: (name: string) => readonly [number, number, number] | null;
  /** Joint → the child its +Y aims at, where the tool names one; others aim at the child most in line. */
  aim?: Readonly<Record<string, string>>;
}

export type Side = 'left' | 'right';
export const SIDES: readonly Side[] = ['left', 'right'];

/** Every joint name a biped fit can produce: the body, then both hands' fingers. */
export const BIPED_JOINT_NAMES: readonly string[] = [
  ...BIPED_JOINTS,
  ...SIDES.flatMap((side) => FINGERS.flatMap((finger) => ([0, 1, 2] as const).map((k) => fingerJointName(side, finger, k)))),
];

/**
 * Builds a preset's name table from a rule per kind of joint: `center` for unsided body joints
 * (`hips`), `sided` for sided ones (`upper_arm` of a side), `finger` for finger segments 0..2.
 */
export function presetNames(rules: {
  center: (joint: string) => string;
  sided: (side: Side, part: string) => string;
  finger: (side: Side, finger: Finger, segment: 0 | 1 | 2) => string;
}): Record<string, string> {
  const names: Record<string, string> = {};
  for (const joint of BIPED_JOINTS) {
    const sided = /^(left|right)_(.+)$/.exec(joint);
    names[joint] = sided ? rules.sided(sided[1] === 'left' ? 'left' : 'right', sided[2]!) : rules.center(joint);
  }
  for (const side of SIDES) {
    for (const finger of FINGERS) {
      for (const k of [0, 1, 2] as const) names[fingerJointName(side, finger, k)] = rules.finger(side, finger, k);
    }
  }
  return names;
}

/** `upper_arm` → `UpperArm`. */
export function pascal(snake: string): string {
  return snake.split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}
