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
 */
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

/** Known rig prefixes that carry no meaning for the role. */
const PREFIXES = /^(mixamorig\d*|bip0*1|jbipc|jbip|def|org)(?=[a-z])/;

export function bipedJointRole(name: string): string | null {
  let raw = name.trim();
  const cut = Math.max(raw.lastIndexOf(':'), raw.lastIndexOf('|'));
  if (cut >= 0) raw = raw.slice(cut + 1);
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
    const role = SIDED[key];
    return role ? `${side}_${role}` : null;
  }
  return UNSIDED[key] ?? null;
}
