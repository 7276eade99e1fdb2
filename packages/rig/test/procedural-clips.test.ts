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

  it('refuses a clip that is not for the plan, naming the plan\'s clips', () => {
    expect(() => checkProceduralClips('serpentine', ['walk'])).toThrow(/"walk" is not a clip for rig type serpentine; its clips are slither/);
    expect(() => checkProceduralClips('biped', ['moonwalk'])).toThrow(/invalid_input|not a clip/);
    expect(checkProceduralClips('biped', ['walk', 'idle', 'walk'])).toEqual(['walk', 'idle']);
  });
});
