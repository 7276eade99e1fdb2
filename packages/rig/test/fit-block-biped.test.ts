// Block-built bipeds (a big-headed mini, a toy): stub arms and legs, each a separate piece, only
// two to three of their own radii long. Their artists turn each block whole from where it meets
// the body, so the fit puts no elbow, wrist, knee or spine joint inside one: the chain's first
// joint sits at the block's root and the others stand in a step from it, carrying no weight.
// Procedural, so the suite needs no dev set.
import { PROCEDURAL_CLIPS } from '../src/body-plan';
import { fitSkeleton } from '../src/fit-skeleton';
import { makeProceduralClips } from '../src/procedural-clips';
import { RIG_ENGINE_PRESETS } from '../src/rig-engine-presets';
import { buildCreature, measureClipContact } from '../testing';
import { capsule, ellipsoid, primitivesToMesh, type Primitive } from '../testing/creature-primitives';

/** Height 1: block legs to 0.255 (no feet), torso 0.18–0.52, head 0.5–1, stub arms out from the chest's sides to x ±0.36. */
function blockMini(): Primitive[] {
  const prims: Primitive[] = [
    capsule([0, 0.3, 0], [0, 0.4, 0], 0.12, 'torso'),
    ellipsoid([0, 0.75, 0], [0.28, 0.25, 0.24], 'head'),
  ];
  for (const s of [1, -1]) {
    prims.push(
      capsule([0.09 * s, 0.2, 0], [0.09 * s, 0.055, 0], 0.055, 'leg'),
      capsule([0.16 * s, 0.42, 0], [0.3 * s, 0.36, 0], 0.06, 'arm'),
    );
  }
  return prims;
}

describe('block-built biped', () => {
  const r = fitSkeleton(primitivesToMesh(blockMini()).mesh, 'biped', RIG_ENGINE_PRESETS.fast.fit);
  const at = (name: string) => r.skeleton.joints.find((j) => j.name === name)!.position;
  const standIns = new Set(r.standInJoints.map((j) => r.skeleton.joints[j]!.name));
  const dist = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

  test('a stub arm turns from the inner face of its block; its elbow and wrist stand in beside it', () => {
    for (const [side, s] of [['left', 1], ['right', -1]] as const) {
      const upper = at(`${side}_upper_arm`);
      // The arm's piece starts at |x| = 0.10 (the capsule's inner cap); its tip is at 0.36.
      expect(s * upper[0]).toBeGreaterThan(0.07);
      expect(s * upper[0]).toBeLessThan(0.15);
      expect(dist(at(`${side}_hand`), upper)).toBeLessThan(0.05);
      expect(standIns.has(`${side}_lower_arm`) && standIns.has(`${side}_hand`)).toBe(true);
      expect(standIns.has(`${side}_upper_arm`)).toBe(false);
    }
  });

  test('a stub leg is one bone from the hip: the knee on the hip, the foot standing in down the block', () => {
    for (const side of ['left', 'right']) {
      const hip = at(`${side}_upper_leg`);
      expect(dist(at(`${side}_lower_leg`), hip)).toBeLessThan(0.05 * dist(hip, at(`${side}_foot`)));
      expect(at(`${side}_foot`)[1]).toBeLessThan(0.75 * hip[1]);
      expect(standIns.has(`${side}_foot`) && standIns.has(`${side}_toes`)).toBe(true);
      expect(standIns.has(`${side}_lower_leg`)).toBe(false);
    }
  });

  test('the torso is one block: its spine joints stack just above the hips, below the arms', () => {
    expect(at('hips')[1]).toBeLessThan(0.32);
    for (const name of ['spine', 'chest', 'upper_chest']) {
      expect(at(name)[1]).toBeGreaterThanOrEqual(at('hips')[1] - 1e-6);
      expect(at(name)[1]).toBeLessThan(at('hips')[1] + 0.06);
    }
    expect(at('neck')[1]).toBeGreaterThan(at('left_upper_arm')[1] - 0.05);
  });

  test('the ready clips still plant the feet and keep them above the ground', () => {
    for (const clip of makeProceduralClips(r.skeleton, 'biped', PROCEDURAL_CLIPS.biped)) {
      const m = measureClipContact(clip);
      expect(m.moves).toBe(true);
      expect(m.penetration).toBeLessThan(0.005);
      if (clip.name !== 'wave') expect(m.skate).toBeLessThan(0.02);
    }
  });

  test('a person-proportioned biped keeps its elbows and knees along the limbs, and no stand-ins', () => {
    const person = fitSkeleton(buildCreature('biped').mesh, 'biped', RIG_ENGINE_PRESETS.fast.fit);
    const p = (name: string) => person.skeleton.joints.find((j) => j.name === name)!.position;
    expect(person.standInJoints).toEqual([]);
    for (const side of ['left', 'right']) {
      expect(dist(p(`${side}_lower_arm`), p(`${side}_upper_arm`))).toBeGreaterThan(0.3 * dist(p(`${side}_hand`), p(`${side}_upper_arm`)));
      expect(dist(p(`${side}_lower_leg`), p(`${side}_upper_leg`))).toBeGreaterThan(0.3 * dist(p(`${side}_foot`), p(`${side}_upper_leg`)));
    }
  });
});
