// Rules of anatomy for the non-biped plans, on procedural shapes (the suite needs no dev set):
// membrane wings, a quadruped's facing read from its body, legs found where they touch the
// ground, and a serpent's spine along the whole of its length.
import type { Mesh } from '@rigforge/mesh';
import { fitSkeleton } from '../src/fit-skeleton';
import { rotateMeshY } from '../src/rotate-mesh-y';
import { buildCreature } from '../testing/build-creature';
import { capsule, ellipsoid, primitiveContains, primitivesToMesh, type Primitive } from '../testing/creature-primitives';
import { measureJointError } from '../testing/measure-joint-error';

type P = readonly number[];
const joint = (r: ReturnType<typeof fitSkeleton>, name: string): P => {
  const j = r.skeleton.joints.find((q) => q.name === name);
  if (!j) throw new Error(`no joint ${name}`);
  return j.position;
};
const d = (a: P, b: P): number => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

describe('membrane wings', () => {
  /** A thin body along z between two pairs of thin, wide, flat wings (a butterfly, spread). */
  function butterfly(): Primitive[] {
    const prims: Primitive[] = [capsule([0, 0.1, -0.2], [0, 0.1, 0.2], 0.03, 'body'), ellipsoid([0, 0.11, 0.24], [0.035, 0.035, 0.035], 'head')];
    // Forewing and hindwing: 0.012 thick, about 0.4 across.
    for (const s of [1, -1]) prims.push(ellipsoid([0.2 * s, 0.1, 0.08], [0.2, 0.006, 0.12], 'wing'), ellipsoid([0.17 * s, 0.1, -0.1], [0.16, 0.006, 0.1], 'wing'));
    return prims;
  }

  test('a membrane flaps from its root: two joints per wing, the second out in the plate, and no wing corner taken for a tail or a leg', () => {
    const prims = butterfly();
    const { mesh } = primitivesToMesh(prims);
    const r = fitSkeleton(mesh, 'avian');
    const names = r.skeleton.joints.map((j) => j.name);
    expect(names.filter((n) => /wing/.test(n)).sort()).toEqual(['left_wing_1', 'left_wing_2', 'right_wing_1', 'right_wing_2']);
    expect(names.filter((n) => /leg|foot|toes/.test(n))).toEqual([]);
    // The abdomen may be rigged as a tail, on the midline; no wing corner is one.
    for (const name of names.filter((n) => /tail/.test(n))) expect(Math.abs(joint(r, name)[0]!)).toBeLessThan(0.04);
    for (const side of ['left', 'right']) {
      const root = joint(r, `${side}_wing_1`), mid = joint(r, `${side}_wing_2`);
      // The root at the body (within a body radius or two of the midline), the second joint out in
      // the plate but well short of its far edge (the span is about 0.4).
      expect(Math.abs(root[0]!)).toBeLessThan(0.07);
      expect(d(root, mid)).toBeGreaterThan(0.08);
      expect(d(root, mid)).toBeLessThan(0.3);
      expect(prims.some((p) => p.part === 'wing' && primitiveContains(p, mid, 0.02))).toBe(true);
    }
    // The body chain lies on the body, not out in the wings.
    for (const name of ['hips', 'spine', 'chest']) expect(Math.abs(joint(r, name)[0]!)).toBeLessThan(0.04);
  });

  test('a flat flyer (wings spread in one plane) is read by anatomy: the body along its length, head in front, wings out to their tips', () => {
    const prims = butterfly();
    const { mesh } = primitivesToMesh(prims);
    const r = fitSkeleton(mesh, 'avian');
    const onBody = (p: P): boolean => prims.some((q) => q.part !== 'wing' && primitiveContains(q, p, 0.01));
    // The body chain runs along the body from the abdomen to the head, not bunched at one point
    // (the medial tree's root) or out across the wings.
    const chain = ['hips', 'spine', 'chest', 'neck', 'head'].map((n) => joint(r, n));
    for (const p of chain) expect(onBody(p)).toBe(true);
    for (let i = 1; i < chain.length; i++) expect(chain[i]![2]!).toBeGreaterThanOrEqual(chain[i - 1]![2]!);
    expect(d(chain[0]!, chain[4]!)).toBeGreaterThan(0.2);
    expect(joint(r, 'head')[2]).toBeGreaterThan(0.15);
    // Each wing's chain reaches out along the full span: its leaf bone ends near the plate's far
    // edge (the forewing reaches x = 0.4), not a third of the way out.
    for (const side of ['left', 'right']) {
      const names = r.skeleton.joints.map((j) => j.name);
      const last = names.indexOf(`${side}_wing_2`);
      const tip = r.leafTips.find((t) => t.joint === last)?.tip;
      expect(tip).toBeDefined();
      expect(Math.abs(tip![0])).toBeGreaterThan(0.32);
      expect(Math.abs(joint(r, `${side}_wing_1`)[2]! - joint(r, 'chest')[2]!)).toBeLessThan(0.06);
    }
    expect(r.report.warnings.some((w) => /head not found/.test(w))).toBe(false);
  });

  test('legs only where there are legs: a flat flyer with legs hanging under its body gets them', () => {
    const prims = butterfly();
    for (const s of [1, -1]) prims.push(capsule([0.02 * s, 0.08, 0.02], [0.06 * s, -0.08, 0.05], 0.008, 'leg'));
    const { mesh } = primitivesToMesh(prims);
    const r = fitSkeleton(mesh, 'avian');
    for (const side of ['left', 'right']) {
      const foot = joint(r, `${side}_foot`);
      expect(foot[1]).toBeLessThan(0.03);
      expect(Math.sign(foot[0]!)).toBe(side === 'left' ? 1 : -1);
    }
  });
});

describe('quadruped facing', () => {
  test('a quadruped facing -Z gets its head and front legs at -Z, as well as one facing +Z', () => {
    const creature = buildCreature('quadruped');
    const base = fitSkeleton(creature.mesh, 'quadruped');
    const turned = rotateMeshY(creature.mesh, 180);
    const r = fitSkeleton(turned, 'quadruped');
    expect(joint(r, 'head')[2]).toBeLessThan(-0.3);
    expect(joint(r, 'tail_4')[2]).toBeGreaterThan(0.3);
    expect(joint(r, 'front_left_foot')[2]!).toBeLessThan(joint(r, 'back_left_foot')[2]!);
    // Its left is at -x once turned: left is the animal's own left.
    const truth = { joints: creature.truth.joints.map((j) => ({ ...j, position: [-j.position[0], j.position[1], -j.position[2]] as [number, number, number] })) };
    const err = measureJointError(truth, r.skeleton, turned);
    expect(err).toBeLessThan(measureJointError(creature.truth, base.skeleton, creature.mesh) + 0.005);
  });
});

describe('quadruped facing, upright neck', () => {
  test('a long neck held upright marks the head end, even facing -Z with a tail along the body', () => {
    const prims: Primitive[] = [
      capsule([0, 0.6, -0.3], [0, 0.6, 0.3], 0.15, 'body'),
      capsule([0, 0.7, -0.3], [0, 1.3, -0.38], 0.06, 'neck'),
      ellipsoid([0, 1.35, -0.45], [0.06, 0.06, 0.11], 'head'),
      capsule([0, 0.62, 0.42], [0, 0.45, 0.75], 0.03, 'tail'),
    ];
    for (const s of [1, -1]) for (const z of [0.25, -0.25]) prims.push(capsule([0.09 * s, 0.55, z], [0.1 * s, 0.04, z], 0.045, 'leg'));
    const { mesh } = primitivesToMesh(prims);
    const r = fitSkeleton(mesh, 'quadruped');
    expect(joint(r, 'head')[2]).toBeLessThan(-0.3);
    expect(joint(r, 'head')[1]).toBeGreaterThan(0.85);
    expect(joint(r, 'tail_4')[2]).toBeGreaterThan(0.5);
  });
});

describe('quadruped ears', () => {
  const withParts = (extra: Primitive[]): Mesh => primitivesToMesh([...buildCreature('quadruped').primitives, ...extra]).mesh;
  const ears = (r: ReturnType<typeof fitSkeleton>): string[] => r.skeleton.joints.map((j) => j.name).filter((n) => /^ear_/.test(n));

  test('ears standing out sideways behind the head joint (a monkey\'s) get a chain each, from the head out to near the tip', () => {
    const r = fitSkeleton(withParts([1, -1].map((s) => capsule([0.05 * s, 0.76, 0.43], [0.17 * s, 0.79, 0.41], 0.018, 'ear'))), 'quadruped');
    expect(ears(r).sort()).toEqual(['ear_left_1', 'ear_left_2', 'ear_left_3', 'ear_right_1', 'ear_right_2', 'ear_right_3']);
    for (const [side, s] of [['left', 1], ['right', -1]] as const) {
      expect(s * joint(r, `ear_${side}_1`)[0]!).toBeLessThan(0.08);
      expect(s * joint(r, `ear_${side}_3`)[0]!).toBeGreaterThan(0.12);
    }
  });

  test('horns reaching out sideways over and ahead of the head joint get none', () => {
    const r = fitSkeleton(withParts([1, -1].map((s) => capsule([0.04 * s, 0.8, 0.5], [0.2 * s, 0.84, 0.56], 0.02, 'horn'))), 'quadruped');
    expect(ears(r)).toEqual([]);
  });
});

describe('legs where there are legs', () => {
  /** A big woolly body on four short stubs (a sheep): the trunk's medial cover swallows them. */
  function stubbyQuadruped(): Primitive[] {
    const prims: Primitive[] = [
      ellipsoid([0, 0.44, 0], [0.42, 0.32, 0.55], 'body'),
      ellipsoid([0, 0.62, 0.58], [0.13, 0.13, 0.16], 'head'),
    ];
    for (const s of [1, -1]) for (const z of [0.3, -0.3]) prims.push(capsule([0.17 * s, 0.16, z], [0.17 * s, 0.06, z], 0.06, 'leg'));
    return prims;
  }

  test('short legs under a big body are found from their ground contacts', () => {
    const prims = stubbyQuadruped();
    const { mesh } = primitivesToMesh(prims);
    const r = fitSkeleton(mesh, 'quadruped');
    expect(r.report.warnings.join('\n')).not.toMatch(/leg not found/);
    for (const [fb, z] of [['front', 0.3], ['back', -0.3]] as const) {
      for (const [side, x] of [['left', 0.17], ['right', -0.17]] as const) {
        const foot = joint(r, `${fb}_${side}_foot`);
        expect(Math.abs(foot[0]! - x)).toBeLessThan(0.06);
        expect(Math.abs(foot[2]! - z)).toBeLessThan(0.08);
        expect(foot[1]).toBeLessThan(0.15);
      }
    }
  });

  test('a head set straight on the body gets its neck between chest and head, the spine runs nearer the back than the belly, and a tail the shape lacks gets two joints', () => {
    const { mesh } = primitivesToMesh(stubbyQuadruped());
    const r = fitSkeleton(mesh, 'quadruped');
    const chest = joint(r, 'chest'), neck = joint(r, 'neck'), head = joint(r, 'head');
    expect(neck[2]).toBeGreaterThan(chest[2]!);
    expect(neck[2]).toBeLessThan(head[2]!);
    // The body runs from y 0.12 to 0.76 (its deepest point at 0.44): the spine lies above the middle.
    for (const name of ['hips', 'spine_1', 'spine_2', 'chest']) expect(joint(r, name)[1]).toBeGreaterThan(0.47);
    expect(r.skeleton.joints.map((j) => j.name).filter((n) => /^tail_/.test(n))).toEqual(['tail_1', 'tail_2']);
  });
});

describe('a lone pair of feet', () => {
  test('feet on the ground with no other legs found are hind feet when they stand nearer the tail\'s root than the neck', () => {
    // A crouching body with a long tail along the ground, its forelegs tucked in (no contact).
    const prims: Primitive[] = [
      ellipsoid([0, 0.3, 0], [0.16, 0.16, 0.3], 'body'),
      ellipsoid([0, 0.36, 0.38], [0.1, 0.1, 0.12], 'head'),
      capsule([0, 0.25, -0.28], [0, 0.05, -1.1], 0.035, 'tail'),
    ];
    for (const s of [1, -1]) prims.push(capsule([0.14 * s, 0.2, -0.15], [0.14 * s, 0.05, -0.12], 0.05, 'hind leg'));
    const { mesh } = primitivesToMesh(prims);
    const r = fitSkeleton(mesh, 'quadruped');
    for (const [side, s] of [['left', 1], ['right', -1]] as const) {
      const foot = joint(r, `back_${side}_foot`);
      expect(foot[0]! * s).toBeGreaterThan(0.07);
      expect(Math.abs(foot[2]! + 0.13)).toBeLessThan(0.08);
      expect(foot[1]).toBeLessThan(0.15);
    }
  });
});

describe('an animal standing up', () => {
  test('stands on its hind legs and holds its forelegs out: the forelegs are the raised side limbs', () => {
    // An upright body on two legs, arms held out sideways, a head on top, a tail on the ground.
    const prims: Primitive[] = [
      ellipsoid([0, 0.55, 0], [0.2, 0.3, 0.18], 'body'),
      ellipsoid([0, 0.95, 0.05], [0.14, 0.14, 0.14], 'head'),
      capsule([0, 0.3, -0.15], [0, 0.08, -0.6], 0.05, 'tail'),
    ];
    for (const s of [1, -1]) {
      prims.push(capsule([0.1 * s, 0.35, 0.02], [0.12 * s, 0.05, 0.05], 0.06, 'leg'), capsule([0.15 * s, 0.7, 0], [0.55 * s, 0.7, 0.05], 0.04, 'arm'));
    }
    const { mesh } = primitivesToMesh(prims);
    const r = fitSkeleton(mesh, 'quadruped');
    for (const [side, s] of [['left', 1], ['right', -1]] as const) {
      const hand = joint(r, `front_${side}_foot`), foot = joint(r, `back_${side}_foot`);
      expect(hand[0]! * s).toBeGreaterThan(0.35);
      expect(hand[1]).toBeGreaterThan(0.6);
      expect(foot[1]).toBeLessThan(0.2);
      expect(Math.abs(foot[0]!)).toBeLessThan(0.2);
    }
    // Its spine stands upright in the torso, from the legs' roots up to the arms', below the head.
    const spine = ['hips', 'spine_1', 'spine_2', 'chest'].map((n) => joint(r, n));
    for (const p of spine) expect(Math.abs(p[2]!)).toBeLessThan(0.15);
    for (let i = 1; i < spine.length; i++) expect(spine[i]![1]).toBeGreaterThan(spine[i - 1]![1]!);
    expect(spine[0]![1]).toBeLessThan(0.45);
    expect(spine[3]![1]).toBeLessThan(0.85);
  });
});

describe('a fish not lying along z', () => {
  test('its spine follows its longest axis (a file standing on its tail)', () => {
    const prims: Primitive[] = [ellipsoid([0, 0.5, 0], [0.12, 0.45, 0.1], 'body'), ellipsoid([0, 1.0, 0], [0.1, 0.1, 0.015], 'tail fin')];
    const { mesh } = primitivesToMesh(prims);
    const r = fitSkeleton(mesh, 'aquatic');
    const spine = r.skeleton.joints.filter((j) => /^(head|spine_\d|tail_\d)$/.test(j.name));
    const ys = spine.map((j) => j.position[1]);
    expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThan(0.5);
    for (const j of spine) expect(Math.hypot(j.position[0], j.position[2])).toBeLessThan(0.06);
  });
});

describe('serpent', () => {
  /** A long tube in an S on the ground, thicker at its head end (+x), as snakes are. */
  function serpent(): { prims: Primitive[]; centre: (t: number) => [number, number, number] } {
    const centre = (t: number): [number, number, number] => [-1.5 + 3 * t, 0.06, 0.35 * Math.sin(2 * Math.PI * t)];
    const prims: Primitive[] = [];
    const n = 24;
    for (let i = 0; i < n; i++) {
      const t0 = i / n, t1 = (i + 1) / n;
      prims.push(capsule(centre(t0), centre(t1), 0.035 + 0.02 * t1, 'body'));
    }
    return { prims, centre };
  }

  test('a long tube gets its spine chain along the whole length, inside it, evenly spaced, head at the thick end', () => {
    const { prims, centre } = serpent();
    const { mesh }: { mesh: Mesh } = primitivesToMesh(prims);
    const r = fitSkeleton(mesh, 'serpentine');
    const joints = r.skeleton.joints;
    expect(joints.length).toBeGreaterThanOrEqual(12);
    // One chain: each joint's parent is the one before it.
    joints.forEach((j, i) => expect(j.parent).toBe(i - 1));
    // Every joint near the tube's centre line (within its radius).
    const line = Array.from({ length: 401 }, (_, i) => centre(i / 400));
    const near = (p: P): { dist: number; t: number } => {
      let best = { dist: Infinity, t: 0 };
      line.forEach((q, i) => { const dd = d(p, q); if (dd < best.dist) best = { dist: dd, t: i / 400 }; });
      return best;
    };
    for (const j of joints) expect(near(j.position).dist).toBeLessThan(0.05);
    // From end to end: the chain covers the length, the head at the thick (+x) end.
    const ts = joints.map((j) => near(j.position).t);
    expect(ts[0]).toBeGreaterThan(0.93);
    expect(ts[ts.length - 1]).toBeLessThan(0.07);
    // Evenly spaced along the tube: no gap more than twice the mean.
    const gaps = ts.slice(1).map((t, i) => Math.abs(ts[i]! - t));
    const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
    for (const g of gaps) expect(g).toBeLessThan(2 * mean);
  });
});
