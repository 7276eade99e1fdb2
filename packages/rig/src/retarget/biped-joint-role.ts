/**
 * Names the biped role of a joint name from the common humanoid rigs: Mixamo
 * (`mixamorig:LeftForeArm`), Unity Humanoid (`LeftLowerArm`), Unreal (`lowerarm_l`, `spine_01`),
 * VRM/our own snake_case (`left_lower_arm`), Blender (`forearm.L`). Returns our joint name
 * (`left_lower_arm`) or null.
 *
 * Approach: strip namespace prefixes (`a:b`, `a|b`), find the side as a `left`/`right` word or a
 * single `l`/`r` token separated by `_ . - space` (or a leading `Left`/`Right` in CamelCase),
 * remove it, squash the rest to lower-case letters and digits and look it up in a synonym table.
 * A table, not fuzzy matching: a wrong guess (a finger mapped to a hand) ruins a clip silently,
 * a missing one is reported.
 *
 * Fingers: Mixamo `LeftHandIndex1..3` (4 is the tip's end site, dropped), Unity Humanoid
 * `LeftIndexProximal/Intermediate/Distal`, Unreal `index_01_l..03`, Blender Rigify
 * `f_index.01.L..03` (`thumb.01.L`), little finger = pinky. The thumb's first joint is its
 * metacarpal, which Unity Humanoid (and VRM 0.x) call `ThumbProximal` and VRM 1.0 calls
 * `ThumbMetacarpal`: a CamelCase `LeftThumbProximal` is read the Unity way, while our own
 * snake_case names (VRM 1.0, `left_thumb_proximal`) always map to themselves.
 */
import { FINGERS, FINGER_SEGMENTS, OWN_FINGER_JOINT, type Finger } from '../finger-joint-names';
import { presetJointRole } from '../skeleton-presets/skeleton-preset-tables';

const UNSIDED: Record<string, string> = {
  hips: 'hips', hip: 'hips', pelvis: 'hips',
  spine: 'spine', spine1: 'chest', spine2: 'upper_chest', chest: 'chest', upperchest: 'upper_chest',
  neck: 'neck', neck1: 'neck', head: 'head',
};

const SIDED: Record<string, string> = {
  shoulder: 'shoulder', clavicle: 'shoulder', collar: 'shoulder', collarbone: 'shoulder',
  arm: 'upper_arm', upperarm: 'upper_arm', uparm: 'upper_arm',
  forearm: 'lower_arm', lowerarm: 'lower_arm',
  hand: 'hand', wrist: 'hand',
  upleg: 'upper_leg', upperleg: 'upper_leg', thigh: 'upper_leg', femur: 'upper_leg',
  leg: 'lower_leg', lowerleg: 'lower_leg', calf: 'lower_leg', shin: 'lower_leg', knee: 'lower_leg',
  foot: 'foot', ankle: 'foot',
  toebase: 'toes', toes: 'toes', toe: 'toes', ball: 'toes',
};

/** Finger synonyms: squashed name (side removed) → our finger role (side added by the caller). */
const FINGER_SIDED: Record<string, string> = (() => {
  const table: Record<string, string> = {};
  const three = (finger: Finger): readonly string[] => FINGER_SEGMENTS[finger].map((s) => `${finger}_${s}`);
  for (const finger of FINGERS) {
    const roles = three(finger);
    const names = finger === 'little' ? ['little', 'pinky'] : [finger];
    roles.forEach((role, k) => {
      for (const n of names) {
        table[`hand${n}${k + 1}`] = role; // Mixamo
        table[`${n}0${k + 1}`] = role; // Unreal, Rigify thumb
        table[`f${n}0${k + 1}`] = role; // Rigify fingers
        table[`${n}${['proximal', 'intermediate', 'distal'][k]}`] = role; // Unity Humanoid, VRM 0.x
      }
    });
  }
  return table;
})();

/** Known rig prefixes that carry no meaning for the role. */
const PREFIXES = /^(mixamorig\d*|bip0*1|jbipc|jbip|def|org)(?=[a-z])/;

export function bipedJointRole(name: string): string | null {
  // The names our skeleton presets write are read from their tables first (one truth): a clip
  // made on a rig we wrote maps back exactly, the joints a preset adds (Unreal's spine_05) to none.
  const preset = presetJointRole(name.trim());
  if (preset !== undefined) return preset;
  let raw = name.trim();
  const cut = Math.max(raw.lastIndexOf(':'), raw.lastIndexOf('|'));
  if (cut >= 0) raw = raw.slice(cut + 1);
  if (OWN_FINGER_JOINT.test(raw)) return raw;
  // Unreal's zero-padded spine: spine_01 is the first spine joint, unlike Mixamo's Spine1.
  const padded = /^spine[ _.-]?0(\d)$/i.exec(raw);
  if (padded) return ['spine', 'spine', 'chest', 'upper_chest'][Number(padded[1])] ?? null;

  let side: 'left' | 'right' | null = null;
  let rest = raw;
  const camel = /^(Left|Right)(?=[A-Z_ .-])/.exec(rest);
  if (camel) {
    side = camel[1] === 'Left' ? 'left' : 'right';
    rest = rest.slice(camel[0].length);
  } else {
    const lower = rest.toLowerCase();
    const token = /(^|[ _.-])(left|right|l|r)(?=$|[ _.-])/.exec(lower);
    if (token) {
      side = token[2]!.startsWith('l') ? 'left' : 'right';
      rest = rest.slice(0, token.index) + rest.slice(token.index + token[0].length);
    } else if (/^(left|right)/.test(lower)) {
      side = lower.startsWith('left') ? 'left' : 'right';
      rest = rest.slice(side.length);
    }
  }
  let key = rest.toLowerCase().replace(/[^a-z0-9]/g, '');
  key = key.replace(PREFIXES, '');
  if (side) {
    const role = SIDED[key] ?? FINGER_SIDED[key];
    return role ? `${side}_${role}` : null;
  }
  return UNSIDED[key] ?? null;
}
