import { quatFromAxisAngle, quatMultiply, quatRotate, sampleTrack, type AnimationClip, type Quat, type Skeleton, type Vec3 } from '@rigforge/mesh';
import { computeSkinWeights } from '../src/compute-skin-weights';
import { FINGERS, fingerJointName } from '../src/finger-joint-names';
import { fitSkeleton } from '../src/fit-skeleton';
import { handGridResolution } from '../src/fit/fit-fingers';
import { buildCreature, buildFingeredBiped, type Creature } from '../testing/build-creature';
import { primitiveContains } from '../testing/creature-primitives';
import { retargetClip } from '../src/retarget-clip';

let creature: Creature;
let skeleton: Skeleton;
beforeAll(() => {
  creature = buildFingeredBiped();
  skeleton = fitSkeleton(creature.mesh, 'biped').skeleton;
});

const at = (s: Skeleton, name: string): Vec3 => {
  const j = s.joints.find((x) => x.name === name);
  if (!j) throw new Error(`no joint ${name}`);
  return j.position;
};
const dist = (a: Vec3, b: Vec3): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** A 1 × 0.2 × 0.2 bar cut into `segments` slabs along x (a third of its edges 1/segments long). */
function bar(segments: number): { positions: Float32Array; indices: Uint32Array; groups: []; materials: [] } {
  const pos: number[] = [];
  const idx: number[] = [];
  for (let i = 0; i <= segments; i++) for (const [y, z] of [[0, 0], [0.2, 0], [0.2, 0.2], [0, 0.2]]) pos.push(i / segments, y!, z!);
  for (let i = 0; i < segments; i++) {
    for (let k = 0; k < 4; k++) {
      const a = i * 4 + k, b = i * 4 + ((k + 1) % 4), c = a + 4, d = b + 4;
      idx.push(a, b, d, a, d, c);
    }
  }
  return { positions: new Float32Array(pos), indices: new Uint32Array(idx), groups: [], materials: [] };
}

describe('hand grid resolution', () => {
  test('a finely tessellated region gets the cells asked for; a coarse one its detail, down to the floor', () => {
    // 1/90 cells, floor 1/64: the fine bar's short edges (1/400) are finer than the cells.
    expect(handGridResolution(bar(400), 1 / 90, 1 / 64)).toBe(90);
    // 20 slabs: short edges 1/20 of the bar's length, coarser than the floor's cells.
    expect(handGridResolution(bar(20), 1 / 90, 1 / 64)).toBe(64);
    // Between the two (75 slabs: a third of its edges are 1/75 of its length), the grid follows
    // the mesh's short edges.
    const mid = handGridResolution(bar(75), 1 / 90, 1 / 64);
    expect(mid).toBeGreaterThanOrEqual(75);
    expect(mid).toBeLessThanOrEqual(76);
  });
});

describe('fingers', () => {
  it('gives a hand with five separate digits a thumb and four fingers of three joints, each inside its digit, root to tip', () => {
    for (const side of ['left', 'right'] as const) {
      const hand = at(skeleton, `${side}_hand`);
      for (const finger of FINGERS) {
        const names = [0, 1, 2].map((k) => fingerJointName(side, finger, k as 0 | 1 | 2));
        const pos = names.map((n) => at(skeleton, n));
        // Chained to the hand, root → tip: each joint farther from the hand than the last.
        const parentOf = (n: string): string => skeleton.joints[skeleton.joints.find((j) => j.name === n)!.parent]!.name;
        expect(names.map(parentOf)).toEqual([`${side}_hand`, names[0], names[1]]);
        expect(dist(pos[1]!, hand)).toBeGreaterThan(dist(pos[0]!, hand));
        expect(dist(pos[2]!, hand)).toBeGreaterThan(dist(pos[1]!, hand));
        // The outer joints lie inside that digit (the thumb is found as a thumb, the order holds).
        const digit = creature.primitives.find((p) => p.part === `${side}_${finger}`)!;
        expect(primitiveContains(digit, pos[2]!, 0.003)).toBe(true);
        if (finger !== 'thumb') expect(primitiveContains(digit, pos[1]!, 0.003)).toBe(true);
        // Near the joints the hand was built with: within 3 cm past the root, 4 cm at the root
        // (inside the palm, where the digit's path bends in).
        names.forEach((n, k) => expect(dist(pos[k]!, at(creature.truth, n))).toBeLessThan(k === 0 ? 0.04 : 0.03));
      }
    }
    expect(skeleton.joints).toHaveLength(22 + 30);
  });

  it('finds the fingers of hands hanging in an A-pose too', () => {
    const a = buildFingeredBiped(1, 45);
    const fitted = fitSkeleton(a.mesh, 'biped').skeleton;
    expect(fitted.joints).toHaveLength(22 + 30);
    for (const finger of FINGERS) {
      for (const k of [1, 2] as const) {
        const n = fingerJointName('left', finger, k);
        expect(dist(at(fitted, n), at(a.truth, n))).toBeLessThan(0.03);
      }
    }
  });

  it('keeps one hand bone for a mitten hand', () => {
    const mitten = fitSkeleton(buildCreature('biped').mesh, 'biped').skeleton;
    expect(mitten.joints.filter((j) => /_(thumb|index|middle|ring|little)_/.test(j.name))).toEqual([]);
    expect(mitten.joints).toHaveLength(22);
  });

  it('gives finger vertices to their finger joints', () => {
    const skin = computeSkinWeights(creature.mesh, skeleton);
    for (const finger of FINGERS.filter((f) => f !== 'thumb')) {
      const mine = new Set([0, 1, 2].map((k) => skeleton.joints.findIndex((j) => j.name === fingerJointName('left', finger, k as 0 | 1 | 2))));
      let owned = 0, total = 0;
      creature.vertexParts.forEach((part, v) => {
        if (part !== `left_${finger}`) return;
        total++;
        let best = 0;
        for (let k = 1; k < 4; k++) if (skin.weights[v * 4 + k]! > skin.weights[v * 4 + best]!) best = k;
        if (mine.has(skin.joints[v * 4 + best]!)) owned++;
      });
      expect(owned / total).toBeGreaterThan(0.8);
    }
  });

  it('drives the finger joints from a clip with finger tracks (Mixamo and Unity names)', () => {
    // The source: our skeleton with the left index named as Mixamo and the left thumb as Unity
    // Humanoid; the clip curls the index's root joint 60° downwards.
    const rename: Record<string, string> = {
      left_index_proximal: 'mixamorig:LeftHandIndex1', left_index_intermediate: 'mixamorig:LeftHandIndex2', left_index_distal: 'mixamorig:LeftHandIndex3',
      left_thumb_metacarpal: 'LeftThumbProximal', left_thumb_proximal: 'LeftThumbIntermediate', left_thumb_distal: 'LeftThumbDistal',
    };
    const joints = skeleton.joints.map((j) => ({
      name: rename[j.name] ?? j.name,
      parent: j.parent,
      rest: { translation: (j.parent >= 0 ? [0, 1, 2].map((k) => j.position[k]! - skeleton.joints[j.parent]!.position[k]!) : [...j.position]) as Vec3, rotation: [0, 0, 0, 1] as Quat, scale: [1, 1, 1] as Vec3 },
    }));
    const index = joints.findIndex((j) => j.name === 'mixamorig:LeftHandIndex1');
    const curl = quatFromAxisAngle([0, 0, 1], -Math.PI / 3);
    const clip: AnimationClip = {
      name: 'curl', duration: 1, skeleton: joints,
      tracks: [{ joint: index, path: 'rotation', times: new Float32Array([0, 1]), values: new Float32Array([0, 0, 0, 1, ...curl]), interpolation: 'LINEAR' }],
    };
    const result = retargetClip(clip, skeleton);
    expect(result.mapped).toEqual(expect.arrayContaining([
      { source: 'mixamorig:LeftHandIndex1', target: 'left_index_proximal' },
      { source: 'LeftThumbProximal', target: 'left_thumb_metacarpal' },
      { source: 'LeftThumbDistal', target: 'left_thumb_distal' },
    ]));
    // Posed at the end: the index tip went down, the middle finger stayed.
    const world = (t: number): Vec3[] => {
      const rot: Quat[] = [];
      const pos: Vec3[] = [];
      skeleton.joints.forEach((j, k) => {
        let local: Quat = [0, 0, 0, 1];
        let offset: Vec3 = j.parent >= 0 ? [0, 1, 2].map((i) => j.position[i]! - skeleton.joints[j.parent]!.position[i]!) as Vec3 : j.position;
        for (const track of result.clip.tracks.filter((x) => x.joint === k)) {
          const v = sampleTrack(track, t);
          if (track.path === 'rotation') local = [v[0]!, v[1]!, v[2]!, v[3]!];
          if (track.path === 'translation') offset = [v[0]!, v[1]!, v[2]!];
        }
        if (j.parent < 0) { rot[k] = local; pos[k] = offset; return; }
        rot[k] = quatMultiply(rot[j.parent]!, local);
        const o = quatRotate(rot[j.parent]!, offset);
        pos[k] = [pos[j.parent]![0] + o[0], pos[j.parent]![1] + o[1], pos[j.parent]![2] + o[2]];
      });
      return pos;
    };
    const i = (n: string): number => skeleton.joints.findIndex((j) => j.name === n);
    const [rest, end] = [world(0), world(1)];
    expect(rest[i('left_index_distal')]![1] - end[i('left_index_distal')]![1]).toBeGreaterThan(0.02);
    expect(dist(rest[i('left_middle_distal')]!, end[i('left_middle_distal')]!)).toBeLessThan(1e-4);
  });
});
