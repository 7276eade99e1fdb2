/**
 * Multi-frame walk clips for retargeting tests and the foot-contact script: a humanoid walk on the
 * Mixamo-named skeleton of buildHumanoidClip, and a four-legged walk on a skeleton named the way a
 * biped-template animal rig is (3ds Max Biped/CAT: front legs as arms, hind legs as legs). Both
 * face +Z with +Y up, in metres, walk forward along +Z, and keep their lowest foot exactly on the
 * floor (the hips bob to do it): the source's own feet never go below the floor.
 */
import {
  quatFromAxisAngle,
  quatMultiply,
  quatRotate,
  type AnimationClip,
  type AnimationJoint,
  type AnimationTrack,
  type Quat,
  type Vec3,
} from '@rigforge/mesh';
import { buildHumanoidClip } from '@rigforge/mesh/testing';

const DEG = Math.PI / 180;

interface LegSpec {
  /** Joint indices: upper leg, lower leg, foot, toe. */
  chain: [number, number, number, number];
  /** Gait phase offset, in cycles. */
  phase: number;
}

/**
 * Builds `frames` keys over `duration` seconds: each leg swings about X (thigh ±`swing`°, knee
 * flexed up to `knee`° in the swing half), the hips advance at `speed` m/s along +Z and are set
 * each frame so the lowest foot or toe joint sits at its rest height.
 */
function walk(skeleton: AnimationJoint[], name: string, hips: number, legs: LegSpec[], o: { frames: number; duration: number; swing: number; knee: number; speed: number }): AnimationClip {
  const times = Float32Array.from({ length: o.frames }, (_, f) => (o.duration * f) / (o.frames - 1));
  const rot = new Map<number, Float32Array>();
  for (const leg of legs) for (const j of leg.chain.slice(0, 2)) rot.set(j, new Float32Array(o.frames * 4));
  const hipsValues = new Float32Array(o.frames * 3);
  const restWorld = worldPositions(skeleton, new Map());
  const floor = Math.min(...legs.flatMap((l) => l.chain.slice(2).map((j) => restWorld[j]![1])));
  for (let f = 0; f < o.frames; f++) {
    const local = new Map<number, Quat>();
    for (const leg of legs) {
      const phase = 2 * Math.PI * (times[f]! / o.duration + leg.phase);
      const thigh = -o.swing * DEG * Math.sin(phase);
      const knee = (5 + o.knee * Math.max(0, Math.sin(phase - 0.6))) * DEG;
      local.set(leg.chain[0], quatFromAxisAngle([1, 0, 0], thigh));
      local.set(leg.chain[1], quatFromAxisAngle([1, 0, 0], knee));
    }
    for (const [j, q] of local) rot.get(j)!.set(q, f * 4);
    const posed = worldPositions(skeleton, local);
    const low = Math.min(...legs.flatMap((l) => l.chain.slice(2).map((j) => posed[j]![1])));
    const rest = skeleton[hips]!.rest.translation;
    hipsValues.set([rest[0], rest[1] + (floor - low), rest[2] + o.speed * times[f]!], f * 3);
  }
  const tracks: AnimationTrack[] = [...rot].map(([joint, values]) => ({ joint, path: 'rotation', times, values, interpolation: 'LINEAR' }));
  tracks.push({ joint: hips, path: 'translation', times, values: hipsValues, interpolation: 'LINEAR' });
  return { name, duration: o.duration, skeleton, tracks };
}

/** World positions with the given local rotations (others identity; rest rotations identity). */
function worldPositions(skeleton: AnimationJoint[], local: Map<number, Quat>): Vec3[] {
  const rot: Quat[] = [];
  const pos: Vec3[] = [];
  skeleton.forEach((j, k) => {
    const l = local.get(k) ?? [0, 0, 0, 1];
    if (j.parent < 0) {
      rot[k] = l;
      pos[k] = [...j.rest.translation];
      return;
    }
    rot[k] = quatMultiply(rot[j.parent]!, l);
    const o = quatRotate(rot[j.parent]!, j.rest.translation);
    pos[k] = [pos[j.parent]![0] + o[0], pos[j.parent]![1] + o[1], pos[j.parent]![2] + o[2]];
  });
  return pos;
}

/** A humanoid walk cycle (Mixamo names): 1 s, 31 keys, thighs ±30°, knees up to 60°, 1.2 m/s. */
export function buildHumanoidWalk(name = 'walk', options: { swing?: number; knee?: number; speed?: number } = {}): AnimationClip {
  const { clip } = buildHumanoidClip({ restRotations: false });
  const at = (n: string): number => clip.skeleton.findIndex((j) => j.name === `mixamorig:${n}`);
  const legs: LegSpec[] = (['Left', 'Right'] as const).map((s, i) => ({
    chain: [at(`${s}UpLeg`), at(`${s}Leg`), at(`${s}Foot`), at(`${s}ToeBase`)],
    phase: i / 2,
  }));
  return walk(clip.skeleton, name, 0, legs, { frames: 31, duration: 1, swing: options.swing ?? 30, knee: options.knee ?? 60, speed: options.speed ?? 1.2 });
}

/**
 * A four-legged walk on a 0.9 m tall dog-like skeleton with biped-template names (`Bip01 Pelvis`,
 * `Bip01 L UpperArm` … `Bip01 L Finger0` for the front legs, `Bip01 L Thigh` … `Bip01 L Toe0` for
 * the hind legs, `Bip01 Tail1..2`): a lateral-sequence walk, 1 s, 31 keys, 0.8 m/s.
 */
export function buildQuadrupedWalk(name = 'dog_walk'): AnimationClip {
  const specs: Array<[string, string | null, Vec3]> = [
    ['Bip01 Pelvis', null, [0, 0.62, -0.3]],
    ['Bip01 Spine', 'Bip01 Pelvis', [0, 0.64, -0.05]],
    ['Bip01 Spine1', 'Bip01 Spine', [0, 0.66, 0.15]],
    ['Bip01 Spine2', 'Bip01 Spine1', [0, 0.66, 0.3]],
    ['Bip01 Neck', 'Bip01 Spine2', [0, 0.78, 0.42]],
    ['Bip01 Head', 'Bip01 Neck', [0, 0.9, 0.52]],
    ['Bip01 Tail1', 'Bip01 Pelvis', [0, 0.62, -0.42]],
    ['Bip01 Tail2', 'Bip01 Tail1', [0, 0.55, -0.6]],
  ];
  for (const [side, x] of [['L', 0.1], ['R', -0.1]] as const) {
    specs.push(
      [`Bip01 ${side} UpperArm`, 'Bip01 Spine2', [x, 0.55, 0.3]],
      [`Bip01 ${side} Forearm`, `Bip01 ${side} UpperArm`, [x, 0.3, 0.28]],
      [`Bip01 ${side} Hand`, `Bip01 ${side} Forearm`, [x, 0.06, 0.3]],
      [`Bip01 ${side} Finger0`, `Bip01 ${side} Hand`, [x, 0.01, 0.36]],
      [`Bip01 ${side} Thigh`, 'Bip01 Pelvis', [x, 0.55, -0.3]],
      [`Bip01 ${side} Calf`, `Bip01 ${side} Thigh`, [x, 0.3, -0.26]],
      [`Bip01 ${side} Foot`, `Bip01 ${side} Calf`, [x, 0.06, -0.32]],
      [`Bip01 ${side} Toe0`, `Bip01 ${side} Foot`, [x, 0.01, -0.26]],
    );
  }
  const index = new Map<string, number>();
  const skeleton: AnimationJoint[] = specs.map(([n, parent, pos], i) => {
    index.set(n, i);
    const p = parent === null ? -1 : index.get(parent)!;
    const pp: Vec3 = p >= 0 ? specs[p]![2] : [0, 0, 0];
    return { name: n, parent: p, rest: { translation: [pos[0] - pp[0], pos[1] - pp[1], pos[2] - pp[2]], rotation: [0, 0, 0, 1], scale: [1, 1, 1] } };
  });
  const leg = (a: string, b: string, c: string, d: string, phase: number): LegSpec => ({
    chain: [index.get(a)!, index.get(b)!, index.get(c)!, index.get(d)!],
    phase,
  });
  // Lateral sequence: left hind, left fore, right hind, right fore, a quarter cycle apart.
  const legs = [
    leg('Bip01 L Thigh', 'Bip01 L Calf', 'Bip01 L Foot', 'Bip01 L Toe0', 0),
    leg('Bip01 L UpperArm', 'Bip01 L Forearm', 'Bip01 L Hand', 'Bip01 L Finger0', 0.25),
    leg('Bip01 R Thigh', 'Bip01 R Calf', 'Bip01 R Foot', 'Bip01 R Toe0', 0.5),
    leg('Bip01 R UpperArm', 'Bip01 R Forearm', 'Bip01 R Hand', 'Bip01 R Finger0', 0.75),
  ];
  return walk(skeleton, name, 0, legs, { frames: 31, duration: 1, swing: 25, knee: 50, speed: 0.8 });
}
