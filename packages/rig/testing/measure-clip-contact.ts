/**
 * Foot skate and ground penetration of a clip, measured on the clip alone (forward kinematics of
 * every key, nothing from the generator that made it): the feet are the joints named foot, toes,
 * toe or tarsus; each foot's leg length is its two bones above it. A foot is planted in a frame
 * when it is within 1% of its leg length of its rest height; over every run of planted frames,
 * skate is the farthest it gets from where the run began, as a fraction of leg length. The ground
 * is the rest skeleton's lowest joint; penetration is how far any joint goes below it, as a
 * fraction of the skeleton's height... or its largest extent for flat creatures.
 */
import type { AnimationClip, Vec3 } from '@rigforge/mesh';
import { clipFrames } from './clip-frames';

const FOOT = /(^|_)(foot|toes|toe|tarsus)$/;
const CONTACT = 0.01;
/** A standing foot is at least this share of its leg length below the leg's top at rest. */
const HANG = 0.1;

export interface ClipContact {
  /** Largest planted-foot travel over any contact, as a fraction of that foot's leg length. */
  skate: number;
  /** Frames × feet that were planted (0 for a clip that never touches down). */
  plantedSamples: number;
  /** Deepest any joint goes below the rest ground, as a fraction of the rest skeleton's extent. */
  penetration: number;
  frames: number;
  /** A joint's world positions changed between frames (the clip does animate). */
  moves: boolean;
}

export function measureClipContact(clip: AnimationClip): ClipContact {
  const sk = clip.skeleton;
  const posed = clipFrames(clip);
  const rest = posed.rest.map((w) => w.position);
  const dist = (a: Vec3, b: Vec3): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  const legOf = (k: number): number => {
    const p = sk[k]!.parent, g = sk[p]!.parent;
    return dist(rest[k]!, rest[p]!) + dist(rest[p]!, rest[g]!);
  };
  // A foot with no length of leg above it (joints fitted on one spot) has no scale to measure by.
  // A foot that does not hang below its leg's top at rest (a paw held up) stands on nothing: its
  // nearness to its own rest height says nothing about contact.
  const hangs = (k: number): boolean => rest[sk[sk[k]!.parent]!.parent]![1] - rest[k]![1] > HANG * legOf(k);
  const feet = sk.map((j, k) => k).filter((k) => FOOT.test(sk[k]!.name) && sk[k]!.parent >= 0 && sk[sk[k]!.parent]!.parent >= 0 && legOf(k) > 0 && hangs(k));
  const legLength = feet.map(legOf);
  const ground = Math.min(...rest.map((p) => p[1]));
  const extent = Math.max(...[0, 1, 2].map((c) => Math.max(...rest.map((p) => p[c]!)) - Math.min(...rest.map((p) => p[c]!))));
  const runStart: Array<Vec3 | null> = feet.map(() => null);
  let skate = 0, planted = 0, below = 0, moves = false;
  let first: Vec3[] | null = null;
  for (const pose of posed.frames) {
    const world = pose.map((w) => w.position);
    first ??= world;
    if (world.some((p, k) => dist(p, first![k]!) > 1e-6 * extent)) moves = true;
    below = Math.max(below, ground - Math.min(...world.map((p) => p[1])));
    feet.forEach((k, i) => {
      const p = world[k]!;
      if (p[1] - rest[k]![1] > CONTACT * legLength[i]!) { runStart[i] = null; return; }
      planted++;
      runStart[i] ??= p;
      skate = Math.max(skate, dist(p, runStart[i]!) / legLength[i]!);
    });
  }
  return { skate, plantedSamples: planted, penetration: extent > 0 ? below / extent : 0, frames: posed.frames.length, moves };
}
