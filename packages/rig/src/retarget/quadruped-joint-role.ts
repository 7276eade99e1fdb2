/**
 * Names the quadruped role of a joint name: our own quadruped joint names (`front_left_upper_leg`,
 * `spine_1`, `tail_2`, as fitSkeleton's quadruped plan writes them) map to themselves; other rigs
 * are read by words: a side (`left`/`right`, or a lone `l`/`r`), front or hind (`front`, `fore`;
 * `back`, `hind`, `rear`) and a segment (`upper leg`/`thigh`, `lower leg`/`calf`/`shin`, `foot`/
 * `paw`/`hoof`, `toe`). Rigs built from a biped template (3ds Max CAT and Biped, Unity Humanoid
 * names on an animal) name the front legs as arms: `L UpperArm`, `LeftForeArm`, `L Hand`,
 * `L Finger0` are the front leg, `L Thigh`, `LeftLeg`, `L Foot`, `L Toe0` the hind leg.
 *
 * A word table, not fuzzy matching, for the reason bipedJointRole gives: a wrong guess ruins a
 * clip silently, a missing one is reported.
 */

const OWN = /^(hips|spine_[1-9]\d*|chest|neck|head|tail_[1-9]\d*|(front|back)_(left|right)_(upper_leg|lower_leg|foot|toe))$/;

type Segment = 'upper_leg' | 'lower_leg' | 'foot' | 'toe';

/** Squashed segment words → [segment, the pair it implies when the name says neither front nor hind]. */
const SEGMENTS: Record<string, [Segment, 'front' | 'back']> = {
  upperleg: ['upper_leg', 'back'], upleg: ['upper_leg', 'back'], thigh: ['upper_leg', 'back'], femur: ['upper_leg', 'back'], upper: ['upper_leg', 'back'], legupper: ['upper_leg', 'back'],
  lowerleg: ['lower_leg', 'back'], leg: ['lower_leg', 'back'], calf: ['lower_leg', 'back'], shin: ['lower_leg', 'back'], lower: ['lower_leg', 'back'], leglower: ['lower_leg', 'back'], knee: ['lower_leg', 'back'],
  foot: ['foot', 'back'], paw: ['foot', 'back'], hoof: ['foot', 'back'], ankle: ['foot', 'back'],
  toe: ['toe', 'back'], toes: ['toe', 'back'], toebase: ['toe', 'back'], toe0: ['toe', 'back'], toe01: ['toe', 'back'],
  upperarm: ['upper_leg', 'front'], arm: ['upper_leg', 'front'], humerus: ['upper_leg', 'front'],
  forearm: ['lower_leg', 'front'], lowerarm: ['lower_leg', 'front'],
  hand: ['foot', 'front'], wrist: ['foot', 'front'],
  finger: ['toe', 'front'], finger0: ['toe', 'front'], fingers: ['toe', 'front'], finger01: ['toe', 'front'],
};

const UNSIDED: Record<string, string> = {
  hips: 'hips', hip: 'hips', pelvis: 'hips', root: 'hips',
  // Spine, Spine1, Spine2 (3ds Max Biped, Mixamo) and spine_01..03 (Unreal) are three joints up the back.
  spine: 'spine_1', spine0: 'spine_1', spine1: 'spine_2', spine2: 'chest', spine01: 'spine_1', spine02: 'spine_2',
  spine3: 'chest', spine03: 'chest', chest: 'chest', ribcage: 'chest',
  neck: 'neck', neck1: 'neck', neck01: 'neck', head: 'head',
};

/** Rig prefixes that carry no meaning for the role. */
const PREFIX_WORDS = new Set(['bip', 'bip0', 'bip01', 'bip001', 'def', 'org', 'mixamorig', 'cat']);

export function quadrupedJointRole(name: string): string | null {
  let raw = name.trim();
  const cut = Math.max(raw.lastIndexOf(':'), raw.lastIndexOf('|'));
  if (cut >= 0) raw = raw.slice(cut + 1);
  if (OWN.test(raw)) return raw;
  // Words: CamelCase split, digits stay with their word (Toe0, Spine1); "ForeArm" is one word
  // first, or it would read as "front" + "arm" (the upper leg).
  const words = raw
    .replace(/fore[ _.-]?arm/gi, 'Lowerarm')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !PREFIX_WORDS.has(w));
  let side: 'left' | 'right' | null = null;
  let pair: 'front' | 'back' | null = null;
  const rest: string[] = [];
  for (const w of words) {
    if (w === 'left' || w === 'l') side = 'left';
    else if (w === 'right' || w === 'r') side = 'right';
    else if (w === 'front' || w === 'fore' || w === 'f') pair = 'front';
    else if (w === 'back' || w === 'hind' || w === 'rear' || w === 'b') pair = 'back';
    else rest.push(w);
  }
  const key = rest.join('');
  // A tail at any depth: tail, tail1, tail_01 → tail_1 (tail0 too: chains counted from zero
  // collide with it at tail1, which the retargeter reports).
  const tail = /^tail(\d*)$/.exec(key);
  if (tail && !side) return `tail_${Math.max(1, tail[1] ? Number(tail[1]) : 1)}`;
  if (!side) return pair ? null : (UNSIDED[key] ?? null);
  const segment = SEGMENTS[key];
  return segment ? `${pair ?? segment[1]}_${side}_${segment[0]}` : null;
}
