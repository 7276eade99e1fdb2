/**
 * The finger joints of the biped plan, named like the rest of it: VRM 1.0 humanoid bone names in
 * snake_case (`leftThumbMetacarpal` → `left_thumb_metacarpal`). Each finger has three joints,
 * listed root → tip; the thumb's first joint is its metacarpal (at the base of the thumb, inside
 * the palm), the other fingers' first joint is the knuckle.
 */
export const FINGERS = ['thumb', 'index', 'middle', 'ring', 'little'] as const;
export type Finger = (typeof FINGERS)[number];

export const FINGER_SEGMENTS: Record<Finger, readonly [string, string, string]> = {
  thumb: ['metacarpal', 'proximal', 'distal'],
  index: ['proximal', 'intermediate', 'distal'],
  middle: ['proximal', 'intermediate', 'distal'],
  ring: ['proximal', 'intermediate', 'distal'],
  little: ['proximal', 'intermediate', 'distal'],
};

/** `fingerJointName('left', 'index', 0)` = `left_index_proximal`. */
export function fingerJointName(side: 'left' | 'right', finger: Finger, segment: 0 | 1 | 2): string {
  return `${side}_${finger}_${FINGER_SEGMENTS[finger][segment]}`;
}

/** Our own finger joint names, exactly (so a rig we wrote always maps back onto itself). */
export const OWN_FINGER_JOINT = /^(left|right)_(thumb_(metacarpal|proximal|distal)|(index|middle|ring|little)_(proximal|intermediate|distal))$/;
