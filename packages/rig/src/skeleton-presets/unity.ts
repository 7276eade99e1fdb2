/**
 * `unity`: Unity's HumanBodyBones names (`Hips`, `LeftUpperArm`, `LeftIndexProximal`), which the
 * Humanoid avatar's automatic mapping matches without a manual step. Unity's thumb has no
 * metacarpal: its three joints are Proximal, Intermediate and Distal, from the root, like the
 * other fingers'. The hierarchy is ours (and Unity's): Hips → Spine → Chest → UpperChest.
 */
import { pascal, presetNames, type SkeletonPresetTable } from './preset-table';

const FINGER_SEGMENTS = ['Proximal', 'Intermediate', 'Distal'] as const;

export const UNITY_PRESET: SkeletonPresetTable = {
  names: presetNames({
    center: (joint) => pascal(joint),
    sided: (side, part) => pascal(side) + pascal(part),
    finger: (side, finger, k) => pascal(side) + pascal(finger) + FINGER_SEGMENTS[k],
  }),
};
