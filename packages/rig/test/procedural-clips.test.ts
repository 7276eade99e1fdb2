/**
 * Ready clips for every body plan, on the fast engine's fit of each plan's procedural creature:
 * measured on the clips themselves (testing/measure-clip-contact.ts), planted feet move less than
 * 2% of their leg length and nothing goes below the ground by more than 0.5% of the creature.
 */
import { PROCEDURAL_CLIPS, BODY_PLANS, type BodyPlan } from '../src/body-plan';
import { fitSkeleton } from '../src/fit-skeleton';
import { checkProceduralClips, makeProceduralClips } from '../src/procedural-clips';
import { RIG_ENGINE_PRESETS } from '../src/rig-engine-presets';
import { buildCreature, measureClipContact } from '../testing';
import { findLegChains } from '../src/clips/leg-chains';

/** Clips whose feet stand on the ground for part of the cycle (the others fly, swim or crawl). */
const STANDING = new Set(['biped/idle', 'biped/walk', 'biped/run', 'biped/jump', 'quadruped/idle', 'quadruped/walk', 'quadruped/trot', 'quadruped/gallop', 'hexapod/walk', 'octopod/walk', 'avian/flap']);

describe('procedural clips', () => {
  const fitted = new Map<BodyPlan, ReturnType<typeof fitSkeleton>['skeleton']>();
  const fit = (plan: BodyPlan) => {
    if (!fitted.has(plan)) fitted.set(plan, fitSkeleton(buildCreature(plan).mesh, plan, RIG_ENGINE_PRESETS.fast.fit).skeleton);
    return fitted.get(plan)!;
  };

  for (const plan of BODY_PLANS) {
    it(`${plan}: every clip keeps planted feet still and above the ground`, () => {
      const names = PROCEDURAL_CLIPS[plan];
      const clips = makeProceduralClips(fit(plan), plan, names);
      expect(clips.map((c) => c.name)).toEqual([...names]);
      for (const clip of clips) {
        const m = measureClipContact(clip);
        const label = `${plan}/${clip.name}`;
        // eslint-disable-next-line no-console
        console.log(`${label.padEnd(18)} skate ${(100 * m.skate).toFixed(3)}% leg  planted ${m.plantedSamples}  penetration ${(100 * m.penetration).toFixed(3)}%  frames ${m.frames}`);
        expect(m.moves).toBe(true);
        expect(m.frames).toBeGreaterThan(10);
        expect(m.penetration).toBeLessThan(0.005);
        if (STANDING.has(label)) {
          expect(m.plantedSamples).toBeGreaterThan(m.frames);
          expect(m.skate).toBeLessThan(0.02);
        }
      }
    });
  }

  /** The skeleton with `move` applied to a copy of every joint position. */
  const edited = (plan: BodyPlan, move: (name: string, p: [number, number, number], joints: ReturnType<typeof fitSkeleton>['skeleton']['joints']) => [number, number, number]) => {
    const sk = fit(plan);
    const joints = sk.joints.map((j) => ({ ...j, position: [...j.position] as [number, number, number] }));
    for (const j of joints) j.position = move(j.name, j.position, sk.joints);
    return { ...sk, joints };
  };

  it('a leg whose knee sits on its foot (a zero-length bone) still walks with its foot planted', () => {
    // Every foot and toe fitted onto its knee: each leg is one bone, hip to knee.
    const sk = edited('quadruped', (name, p, joints) => {
      const m = /^(\w+?_(?:left|right))_(foot|toe)$/.exec(name);
      return m ? [...joints.find((j) => j.name === `${m[1]}_lower_leg`)!.position] as [number, number, number] : p;
    });
    const chains = findLegChains(sk, 'quadruped', () => [0, 0, 1]);
    expect(chains.map((c) => c.b)).toEqual([0, 0, 0, 0]);
    for (const clip of makeProceduralClips(sk, 'quadruped', ['walk', 'trot', 'gallop'])) {
      const m = measureClipContact(clip);
      // Feet do stand (the gallop's 30% duty plants fewer samples than it has frames).
      expect(m.plantedSamples).toBeGreaterThan(m.frames / 2);
      expect(m.skate).toBeLessThan(0.02);
      expect(m.penetration).toBeLessThan(0.005);
    }
  });

  it('front legs held up above the hips are not planted and stay off the ground', () => {
    // The front legs mirrored up about their hips: feet above the shoulders.
    const sk = edited('quadruped', (name, p, joints) => {
      const m = /^(front_(?:left|right))_(lower_leg|foot|toe)$/.exec(name);
      if (!m) return p;
      const hip = joints.find((j) => j.name === `${m[1]}_upper_leg`)!.position;
      return [p[0], 2 * hip[1] - p[1], p[2]];
    });
    const chains = findLegChains(sk, 'quadruped', () => [0, 0, 1]);
    expect(chains.filter((c) => c.standing).map((c) => c.key).sort()).toEqual(['back_left', 'back_right']);
    const front = sk.joints.findIndex((j) => j.name === 'front_left_foot');
    for (const clip of makeProceduralClips(sk, 'quadruped', ['walk', 'gallop'])) {
      const m = measureClipContact(clip);
      expect(m.skate).toBeLessThan(0.02);
      expect(m.penetration).toBeLessThan(0.005);
      // The raised leg is left as fitted (no IK track turns it).
      expect(clip.tracks.some((t) => t.joint === sk.joints[front]!.parent && t.path === 'rotation')).toBe(false);
    }
  });

  it('refuses a clip that is not for the plan, naming the plan\'s clips', () => {
    expect(() => checkProceduralClips('serpentine', ['walk'])).toThrow(/"walk" is not a clip for rig type serpentine; its clips are slither/);
    expect(() => checkProceduralClips('biped', ['moonwalk'])).toThrow(/invalid_input|not a clip/);
    expect(checkProceduralClips('biped', ['walk', 'idle', 'walk'])).toEqual(['walk', 'idle']);
  });
});
