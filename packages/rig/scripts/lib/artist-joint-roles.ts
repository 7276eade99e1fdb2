/**
 * Maps an artist's joint name to ours by role, for the contact sheet's `--artist` comparison. Only
 * the plain naming the dev set's artist uses (`UpperArm.L`, `FrontUpLeg.R`, `Tail3`, `Head`) is
 * understood; anything else has no role and stays at rest. A sketch for eyeballing, not a
 * retargeting map.
 */
const SIDED: Record<string, string> = {
  upperarm: '{side}_upper_arm',
  lowerarm: '{side}_lower_arm',
  hand: '{side}_hand',
  upperleg: '{side}_upper_leg',
  lowerleg: '{side}_lower_leg',
  frontupperleg: 'front_{side}_upper_leg',
  frontupleg: 'front_{side}_upper_leg',
  frontlowerleg: 'front_{side}_lower_leg',
  frontlowleg: 'front_{side}_lower_leg',
  backupperleg: 'back_{side}_upper_leg',
  backupleg: 'back_{side}_upper_leg',
  backlowerleg: 'back_{side}_lower_leg',
  backlowleg: 'back_{side}_lower_leg',
};

export function artistJointRole(name: string): string | undefined {
  const sided = /^(.+?)[._]([LR])$/.exec(name);
  if (sided) {
    const pattern = SIDED[sided[1]!.toLowerCase()];
    return pattern?.replace('{side}', sided[2] === 'L' ? 'left' : 'right');
  }
  const base = name.toLowerCase();
  if (base === 'head') return 'head';
  if (base === 'neck' || base === 'neck1') return 'neck';
  const tail = /^tail(\d+)$/.exec(base);
  return tail ? `tail_${tail[1]}` : undefined;
}
