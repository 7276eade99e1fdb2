// The contact sheet's pose table (scripts/lib/contact-sheet-poses.ts): pure name matching, so the
// rendering script (Blender, dev set) can stay out of the suite.
import { artistJointRole } from '../scripts/lib/artist-joint-roles';
import { CONTACT_SHEET_POSES, resolvePose } from '../scripts/lib/contact-sheet-poses';
import { BODY_PLANS } from '../src/body-plan';
import { buildCreature } from '../testing';

describe('contact sheet poses', () => {
  it('poses limbs and head on every plan, never the torso', () => {
    for (const plan of BODY_PLANS) {
      // The test creatures carry the fitter's names (the README's skeleton table), except the
      // starfish, whose arms the fitter calls branch_<b>_<i>.
      const names = plan === 'others'
        ? ['root', 'branch_0_1', 'branch_0_2', 'branch_0_3', 'branch_1_1', 'branch_1_2']
        : buildCreature(plan).truth.joints.map((j) => j.name);
      const ops = resolvePose(plan, names);
      expect(ops.length).toBeGreaterThan(0);
      for (const op of ops) {
        expect(names).toContain(op.joint);
        expect(['hips', 'spine', 'chest', 'upper_chest', 'thorax', 'cephalothorax']).not.toContain(op.joint);
      }
    }
  });

  it('skips joints a rig does not have and expands numbered chains', () => {
    const ops = resolvePose('quadruped', ['hips', 'head', 'tail_1', 'tail_2', 'tail_3', 'front_left_upper_leg']);
    expect(ops.map((o) => o.joint)).toEqual(['front_left_upper_leg', 'head', 'tail_1', 'tail_2', 'tail_3']);
    expect(resolvePose('serpentine', ['head', 'spine_01', 'spine_17']).map((o) => o.joint)).toEqual(['spine_01', 'spine_17', 'head']);
  });

  it('folds a bird\'s wing at its elbow and curls a membrane (no wing_3) up, raised short of the vertical', () => {
    const bird = resolvePose('avian', ['chest', 'left_wing_1', 'left_wing_2', 'left_wing_3']);
    expect(bird.find((o) => o.joint === 'left_wing_2')).toMatchObject({ kind: 'bend', degrees: 90, towards: [[0, 0, 1], [0, 1, 0]] });
    const membrane = resolvePose('avian', ['chest', 'left_wing_1', 'left_wing_2']);
    expect(membrane.filter((o) => o.joint === 'left_wing_2')).toEqual([{ joint: 'left_wing_2', kind: 'bend', towards: [[0, 1, 0]], degrees: 20, stopShort: 15 }]);
    expect(membrane.find((o) => o.joint === 'left_wing_1')).toMatchObject({ stopShort: 15 });
  });

  it('has a rule list for every body plan', () => {
    expect(Object.keys(CONTACT_SHEET_POSES).sort()).toEqual([...BODY_PLANS].sort());
  });

  it('poses an artist rig through roles and keeps the artist names', () => {
    const names = ['Hips', 'UpperArm.L', 'LowerArm.R', 'FrontUpLeg.L', 'Tail2', 'Head', 'Index2.L'];
    expect(names.map(artistJointRole)).toEqual([undefined, 'left_upper_arm', 'right_lower_arm', 'front_left_upper_leg', 'tail_2', 'head', undefined]);
    expect(resolvePose('biped', names, artistJointRole).map((o) => o.joint)).toEqual(['UpperArm.L', 'LowerArm.R', 'Head', 'Tail2']);
  });
});
