/**
 * The ready-made clips the rigger makes for each body plan (POST /v1/rigs `animations`), one
 * table: the rig engine generates exactly these, the wire contract accepts and lists these
 * (GET /v1/rigs/animations), both importing it from here.
 */
import type { BodyPlan } from './body-plan';

export const PROCEDURAL_CLIPS = {
  biped: ['idle', 'walk', 'run', 'jump'],
  quadruped: ['idle', 'walk', 'trot', 'gallop'],
  hexapod: ['walk'],
  octopod: ['walk'],
  avian: ['flap', 'glide'],
  serpentine: ['slither'],
  aquatic: ['swim'],
  others: ['idle'],
} as const satisfies Record<BodyPlan, readonly string[]>;

export type ProceduralClipName = (typeof PROCEDURAL_CLIPS)[BodyPlan][number];

/** Every clip name of any plan, each once, in table order. */
export const PROCEDURAL_CLIP_NAMES = [...new Set(Object.values(PROCEDURAL_CLIPS).flat())] as ProceduralClipName[];

/** One line per clip: what it shows (for the docs, the listing endpoint and tool descriptions). */
export const PROCEDURAL_CLIP_DESCRIPTIONS: Record<BodyPlan, Record<string, string>> = {
  biped: { idle: 'standing, breathing, feet planted', walk: 'walk cycle, alternating legs', run: 'run cycle with a flight phase', jump: 'crouch, jump straight up, land' },
  quadruped: { idle: 'standing, breathing, tail sway', walk: 'lateral-sequence walk', trot: 'diagonal-pair trot', gallop: 'transverse gallop' },
  hexapod: { walk: 'alternating tripod walk' },
  octopod: { walk: 'wave walk, one leg per side lifted at a time' },
  avian: { flap: 'standing wing flaps, feet planted', glide: 'wings spread and banking, legs tucked' },
  serpentine: { slither: 'lateral undulation travelling down the body' },
  aquatic: { swim: 'tail-beat swim with fin strokes' },
  others: { idle: 'gentle sway and breathing' },
};
