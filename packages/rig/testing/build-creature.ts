/**
 * Procedural test creatures, one per body plan, built from capsules and ellipsoids with the
 * joints an animator would place in them (the ground truth for CD-J2J). All face +Z with +Y up,
 * in metres. Each names a limb joint to bend in the deformation check, the parts that must follow
 * the bend and the parts that must stay put.
 */
import type { Mesh, Skeleton } from '@rigforge/mesh';
import type { BodyPlan } from '../src/body-plan';
import type { Vec3 } from '../src/fit/vec3';
import { capsule, ellipsoid, primitiveContains, primitivesToMesh, type Primitive } from './creature-primitives';

export interface Creature {
  bodyPlan: BodyPlan;
  name: string;
  mesh: Mesh;
  /** Part name of every vertex. */
  vertexParts: string[];
  primitives: Primitive[];
  truth: Skeleton;
  bend: { joint: string; axis: Vec3; moving: string[]; fixed: string[] };
  contains: (p: readonly number[], eps?: number) => boolean;
}

type JointSpec = [name: string, parent: string | null, pos: Vec3];

const mx = (p: Vec3): Vec3 => [-p[0], p[1], p[2]];
const sideOf = (name: string, side: 'left' | 'right'): string => name.replace('SIDE', side);

function skeletonOf(specs: JointSpec[]): Skeleton {
  const index = new Map<string, number>();
  return {
    joints: specs.map(([name, parent, pos], i) => {
      index.set(name, i);
      const p = parent === null ? -1 : index.get(parent);
      if (p === undefined) throw new Error(`harness: parent ${parent} of ${name} must come first`);
      return { name, parent: p, position: [pos[0], pos[1], pos[2]] };
    }),
  };
}

/** Adds a left (+X) and a mirrored right copy of parts and joints written with SIDE. */
function bothSides(prims: Primitive[], joints: JointSpec[], leftPrims: Primitive[], leftJoints: JointSpec[]): void {
  for (const side of ['left', 'right'] as const) {
    const f = side === 'left' ? (p: Vec3) => p : mx;
    for (const p of leftPrims) {
      const part = sideOf(p.part, side);
      prims.push(p.kind === 'capsule' ? capsule(f(p.a), f(p.b), p.r, part) : ellipsoid(f(p.c), p.radii, part));
    }
    for (const [n, parent, pos] of leftJoints) joints.push([sideOf(n, side), parent && sideOf(parent, side), f(pos)]);
  }
}

function finish(bodyPlan: BodyPlan, name: string, prims: Primitive[], joints: JointSpec[], bend: Creature['bend'], detail: number): Creature {
  const { mesh, vertexParts } = primitivesToMesh(prims, detail);
  return {
    bodyPlan, name, mesh, vertexParts, primitives: prims, truth: skeletonOf(joints), bend,
    contains: (p, eps = 0) => prims.some((q) => primitiveContains(q, p, eps)),
  };
}

/** Rotates a left-side point about the z axis through `pivot` by `deg` (negative = down). */
function swing(p: Vec3, pivot: Vec3, deg: number): Vec3 {
  const a = (deg * Math.PI) / 180;
  const dx = p[0] - pivot[0], dy = p[1] - pivot[1];
  return [pivot[0] + dx * Math.cos(a) - dy * Math.sin(a), pivot[1] + dx * Math.sin(a) + dy * Math.cos(a), p[2]];
}

/**
 * A T-pose left hand with five separate digits (palm down, thumb forward): a palm, four fingers
 * along +X about 11 mm apart (the hand's grid merges narrower gaps; see fit-fingers.ts), and a thumb pointing forward and out. Parts are named after the
 * finger joints (`SIDE_index` …) so tests can find each digit's vertices.
 */
const FINGER_ROWS: Array<[finger: string, z: number, length: number]> = [
  ['index', 0.039, 0.07], ['middle', 0.013, 0.08], ['ring', -0.013, 0.075], ['little', -0.039, 0.06],
];
const FINGERED_HAND: Primitive[] = [
  // The palm: three side-by-side capsules (a flat slab that turns with the arm, unlike an
  // axis-aligned ellipsoid).
  ...[-0.03, 0, 0.03].map((z) => capsule([0.745, 1.4, z], [0.825, 1.4, z], 0.02, 'SIDE_hand')),
  ...FINGER_ROWS.map(([f, z, len]) => capsule([0.835, 1.4, z], [0.84 + len, 1.4, z], 0.0075, `SIDE_${f}`)),
  capsule([0.765, 1.397, 0.05], [0.805, 1.392, 0.1], 0.009, 'SIDE_thumb'),
];
const FINGERED_HAND_JOINTS: JointSpec[] = [
  ['SIDE_thumb_metacarpal', 'SIDE_hand', [0.75, 1.398, 0.03]],
  ['SIDE_thumb_proximal', 'SIDE_thumb_metacarpal', [0.772, 1.396, 0.059]],
  ['SIDE_thumb_distal', 'SIDE_thumb_proximal', [0.79, 1.394, 0.082]],
  ...FINGER_ROWS.flatMap(([f, z, len]): JointSpec[] => [
    [`SIDE_${f}_proximal`, 'SIDE_hand', [0.84, 1.4, z]],
    [`SIDE_${f}_intermediate`, `SIDE_${f}_proximal`, [0.84 + 0.45 * len, 1.4, z]],
    [`SIDE_${f}_distal`, `SIDE_${f}_intermediate`, [0.84 + 0.75 * len, 1.4, z]],
  ]),
];

function biped(detail: number, armAngle = 0, fingers = false): Creature {
  const sh: Vec3 = [0.17, 1.4, 0];
  const arm = (p: Vec3): Vec3 => swing(p, sh, armAngle);
  const prims: Primitive[] = [
    ellipsoid([0, 0.95, 0], [0.16, 0.12, 0.11], 'torso'),
    capsule([0, 0.95, 0], [0, 1.25, 0], 0.13, 'torso'),
    ellipsoid([0, 1.27, 0], [0.19, 0.23, 0.12], 'torso'),
    capsule([0, 1.45, 0], [0, 1.6, 0], 0.05, 'neck'),
    ellipsoid([0, 1.7, 0.01], [0.09, 0.12, 0.1], 'head'),
  ];
  const joints: JointSpec[] = [
    ['hips', null, [0, 0.95, 0]],
    ['spine', 'hips', [0, 1.07, 0]],
    ['chest', 'spine', [0, 1.2, 0]],
    ['upper_chest', 'chest', [0, 1.33, 0]],
    ['neck', 'upper_chest', [0, 1.47, 0]],
    ['head', 'neck', [0, 1.6, 0]],
  ];
  bothSides(prims, joints, [
    capsule(arm([0.17, 1.4, 0]), arm([0.45, 1.4, 0]), 0.05, 'SIDE_upper_arm'),
    capsule(arm([0.45, 1.4, 0]), arm([0.72, 1.4, 0]), 0.042, 'SIDE_forearm'),
    ...(fingers
      ? FINGERED_HAND.map((q) => (q.kind === 'capsule' ? capsule(arm(q.a), arm(q.b), q.r, q.part) : ellipsoid(arm(q.c), q.radii, q.part)))
      : armAngle === 0
      ? [ellipsoid([0.8, 1.4, 0], [0.085, 0.025, 0.045], 'SIDE_hand')]
      : [capsule(arm([0.74, 1.4, 0]), arm([0.86, 1.4, 0]), 0.03, 'SIDE_hand')]),
    capsule([0.1, 0.9, 0], [0.1, 0.5, 0], 0.075, 'SIDE_thigh'),
    capsule([0.1, 0.5, 0], [0.1, 0.09, 0], 0.055, 'SIDE_shin'),
    capsule([0.1, 0.05, -0.03], [0.1, 0.045, 0.17], 0.045, 'SIDE_foot'),
  ], [
    ['SIDE_shoulder', 'upper_chest', [0.08, 1.4, 0]],
    ['SIDE_upper_arm', 'SIDE_shoulder', arm([0.17, 1.4, 0])],
    ['SIDE_lower_arm', 'SIDE_upper_arm', arm([0.45, 1.4, 0])],
    ['SIDE_hand', 'SIDE_lower_arm', arm([0.72, 1.4, 0])],
    ['SIDE_upper_leg', 'hips', [0.1, 0.9, 0]],
    ['SIDE_lower_leg', 'SIDE_upper_leg', [0.1, 0.5, 0]],
    ['SIDE_foot', 'SIDE_lower_leg', [0.1, 0.09, 0]],
    ['SIDE_toes', 'SIDE_foot', [0.1, 0.045, 0.11]],
    ...(fingers ? FINGERED_HAND_JOINTS.map(([n, parent, pos]): JointSpec => [n, parent, arm(pos)]) : []),
  ]);
  return finish('biped', (fingers ? 'humanoid-fingers' : 'humanoid') + (armAngle ? '-a-pose' : ''), prims, joints, { joint: 'left_lower_arm', axis: [0, 0, 1], moving: ['left_hand'], fixed: ['torso', 'head', 'right_hand'] }, detail);
}

function quadruped(detail: number): Creature {
  const prims: Primitive[] = [
    capsule([0, 0.5, -0.28], [0, 0.5, 0.28], 0.13, 'torso'),
    capsule([0, 0.55, 0.3], [0, 0.7, 0.42], 0.065, 'neck'),
    ellipsoid([0, 0.74, 0.48], [0.075, 0.075, 0.1], 'head'),
    capsule([0, 0.71, 0.55], [0, 0.7, 0.64], 0.04, 'head'),
    capsule([0, 0.55, -0.38], [0, 0.68, -0.62], 0.028, 'tail'),
  ];
  const joints: JointSpec[] = [
    ['hips', null, [0, 0.5, -0.24]],
    ['spine_1', 'hips', [0, 0.5, -0.08]],
    ['spine_2', 'spine_1', [0, 0.5, 0.08]],
    ['chest', 'spine_2', [0, 0.5, 0.24]],
    ['neck', 'chest', [0, 0.58, 0.33]],
    ['head', 'neck', [0, 0.72, 0.45]],
    ['tail_1', 'hips', [0, 0.55, -0.38]],
    ['tail_2', 'tail_1', [0, 0.6, -0.46]],
    ['tail_3', 'tail_2', [0, 0.64, -0.54]],
    ['tail_4', 'tail_3', [0, 0.67, -0.6]],
  ];
  bothSides(prims, joints, [
    capsule([0.08, 0.45, 0.24], [0.08, 0.25, 0.26], 0.045, 'front_SIDE_upper'),
    capsule([0.08, 0.25, 0.26], [0.08, 0.05, 0.24], 0.035, 'front_SIDE_lower'),
    capsule([0.08, 0.035, 0.24], [0.08, 0.035, 0.31], 0.035, 'front_SIDE_paw'),
    capsule([0.08, 0.45, -0.24], [0.08, 0.26, -0.28], 0.05, 'back_SIDE_upper'),
    capsule([0.08, 0.26, -0.28], [0.08, 0.05, -0.25], 0.035, 'back_SIDE_lower'),
    capsule([0.08, 0.035, -0.25], [0.08, 0.035, -0.18], 0.035, 'back_SIDE_paw'),
  ], [
    ['front_SIDE_upper_leg', 'chest', [0.08, 0.45, 0.24]],
    ['front_SIDE_lower_leg', 'front_SIDE_upper_leg', [0.08, 0.25, 0.26]],
    ['front_SIDE_foot', 'front_SIDE_lower_leg', [0.08, 0.05, 0.24]],
    ['front_SIDE_toe', 'front_SIDE_foot', [0.08, 0.035, 0.29]],
    ['back_SIDE_upper_leg', 'hips', [0.08, 0.45, -0.24]],
    ['back_SIDE_lower_leg', 'back_SIDE_upper_leg', [0.08, 0.26, -0.28]],
    ['back_SIDE_foot', 'back_SIDE_lower_leg', [0.08, 0.05, -0.25]],
    ['back_SIDE_toe', 'back_SIDE_foot', [0.08, 0.035, -0.2]],
  ]);
  return finish('quadruped', 'dog', prims, joints, { joint: 'front_left_lower_leg', axis: [1, 0, 0], moving: ['front_left_paw'], fixed: ['torso', 'head', 'tail'] }, detail);
}

/** A jointed leg from four points (root, knee, ankle, tip) as three capsules and four joints. */
function leg(name: string, parent: string, pts: [Vec3, Vec3, Vec3, Vec3], r: number): { prims: Primitive[]; joints: JointSpec[] } {
  const seg = ['coxa', 'femur', 'tibia', 'tarsus'];
  return {
    prims: [0, 1, 2].map((i) => capsule(pts[i]!, pts[i + 1]!, r * (1 - 0.15 * i), `${name}_${i + 1}`)),
    joints: pts.map((p, i) => [`${name}_${seg[i]}`, i === 0 ? parent : `${name}_${seg[i - 1]}`, p] as JointSpec),
  };
}

function hexapod(detail: number): Creature {
  const prims: Primitive[] = [
    ellipsoid([0, 0.12, 0.27], [0.045, 0.045, 0.045], 'head'),
    ellipsoid([0, 0.12, 0.12], [0.055, 0.05, 0.11], 'torso'),
    ellipsoid([0, 0.13, -0.13], [0.075, 0.065, 0.15], 'abdomen'),
  ];
  const joints: JointSpec[] = [
    ['thorax', null, [0, 0.12, 0.12]],
    ['abdomen_1', 'thorax', [0, 0.13, -0.03]],
    ['abdomen_2', 'abdomen_1', [0, 0.13, -0.13]],
    ['abdomen_3', 'abdomen_2', [0, 0.13, -0.24]],
    ['head', 'thorax', [0, 0.12, 0.24]],
    ['head_end', 'head', [0, 0.12, 0.29]],
  ];
  const lp: Primitive[] = [];
  const lj: JointSpec[] = [];
  (['front', 'middle', 'rear'] as const).forEach((row, k) => {
    const z0 = [0.19, 0.12, 0.05][k]!;
    const dz = [0.06, 0, -0.06][k]!;
    const l = leg(`leg_${row}_SIDE`, 'thorax', [[0.04, 0.1, z0], [0.15, 0.2, z0 + dz * 0.5], [0.26, 0.1, z0 + dz], [0.31, 0.01, z0 + dz * 1.3]], 0.014);
    lp.push(...l.prims);
    lj.push(...l.joints);
  });
  bothSides(prims, joints, lp, lj);
  return finish('hexapod', 'insect', prims, joints, { joint: 'leg_middle_left_femur', axis: [0, 0, 1], moving: ['leg_middle_left_3'], fixed: ['torso', 'head', 'abdomen'] }, detail);
}

function octopod(detail: number): Creature {
  const prims: Primitive[] = [
    ellipsoid([0, 0.12, 0.06], [0.075, 0.05, 0.085], 'torso'),
    ellipsoid([0, 0.15, -0.14], [0.1, 0.085, 0.12], 'abdomen'),
  ];
  const joints: JointSpec[] = [
    ['cephalothorax', null, [0, 0.12, 0.06]],
    ['abdomen_1', 'cephalothorax', [0, 0.14, -0.05]],
    ['abdomen_2', 'abdomen_1', [0, 0.15, -0.14]],
    ['abdomen_3', 'abdomen_2', [0, 0.15, -0.23]],
    ['head', 'cephalothorax', [0, 0.12, 0.11]],
    ['head_end', 'head', [0, 0.12, 0.135]],
  ];
  const lp: Primitive[] = [];
  const lj: JointSpec[] = [];
  [55, 20, -15, -45].forEach((deg, k) => {
    const a = (deg * Math.PI) / 180;
    const d: Vec3 = [Math.cos(a), 0, Math.sin(a)];
    const root: Vec3 = [0.05 * d[0], 0.11, 0.06 + 0.05 * d[2]];
    const at = (s: number, y: number): Vec3 => [root[0] + d[0] * s, y, root[2] + d[2] * s];
    const l = leg(`leg_${k + 1}_SIDE`, 'cephalothorax', [root, at(0.14, 0.22), at(0.28, 0.12), at(0.36, 0.012)], 0.012);
    lp.push(...l.prims);
    lj.push(...l.joints);
  });
  bothSides(prims, joints, lp, lj);
  return finish('octopod', 'spider', prims, joints, { joint: 'leg_2_left_femur', axis: [0, 1, 0], moving: ['leg_2_left_3'], fixed: ['torso', 'abdomen'] }, detail);
}

function avian(detail: number): Creature {
  const prims: Primitive[] = [
    ellipsoid([0, 0.3, 0], [0.075, 0.075, 0.14], 'torso'),
    capsule([0, 0.34, 0.11], [0, 0.43, 0.16], 0.032, 'neck'),
    ellipsoid([0, 0.46, 0.18], [0.04, 0.04, 0.05], 'head'),
    capsule([0, 0.455, 0.22], [0, 0.45, 0.27], 0.012, 'head'),
    capsule([0, 0.3, -0.12], [0, 0.32, -0.26], 0.03, 'tail'),
  ];
  const joints: JointSpec[] = [
    ['hips', null, [0, 0.28, -0.02]],
    ['spine', 'hips', [0, 0.3, 0.03]],
    ['chest', 'spine', [0, 0.32, 0.07]],
    ['neck', 'chest', [0, 0.35, 0.115]],
    ['head', 'neck', [0, 0.44, 0.17]],
    ['tail_1', 'hips', [0, 0.3, -0.12]],
    ['tail_2', 'tail_1', [0, 0.32, -0.24]],
  ];
  bothSides(prims, joints, [
    capsule([0.05, 0.33, 0.02], [0.2, 0.35, 0], 0.03, 'SIDE_wing_1'),
    capsule([0.2, 0.35, 0], [0.34, 0.35, -0.03], 0.022, 'SIDE_wing_2'),
    capsule([0.34, 0.35, -0.03], [0.5, 0.34, -0.06], 0.016, 'SIDE_wing_3'),
    capsule([0.035, 0.25, 0], [0.04, 0.13, 0.02], 0.016, 'SIDE_leg_1'),
    capsule([0.04, 0.13, 0.02], [0.04, 0.03, 0], 0.012, 'SIDE_leg_2'),
    capsule([0.04, 0.02, -0.01], [0.04, 0.02, 0.07], 0.012, 'SIDE_foot'),
  ], [
    ['SIDE_wing_1', 'chest', [0.05, 0.33, 0.02]],
    ['SIDE_wing_2', 'SIDE_wing_1', [0.2, 0.35, 0]],
    ['SIDE_wing_3', 'SIDE_wing_2', [0.34, 0.35, -0.03]],
    ['SIDE_wing_tip', 'SIDE_wing_3', [0.48, 0.34, -0.06]],
    ['SIDE_upper_leg', 'hips', [0.035, 0.25, 0]],
    ['SIDE_lower_leg', 'SIDE_upper_leg', [0.04, 0.13, 0.02]],
    ['SIDE_foot', 'SIDE_lower_leg', [0.04, 0.03, 0]],
    ['SIDE_toes', 'SIDE_foot', [0.04, 0.02, 0.05]],
  ]);
  return finish('avian', 'bird', prims, joints, { joint: 'left_wing_2', axis: [0, 0, 1], moving: ['left_wing_3'], fixed: ['torso', 'head', 'tail'] }, detail);
}

function serpentine(detail: number): Creature {
  const at = (s: number): Vec3 => [0.12 * Math.sin(2 * Math.PI * 1.25 * s), 0.045, 0.9 - 1.8 * s];
  const radius = (s: number): number => (s < 0.7 ? 0.04 : 0.04 - (0.028 * (s - 0.7)) / 0.3);
  const prims: Primitive[] = [ellipsoid([at(0)[0], 0.05, 0.92], [0.05, 0.035, 0.07], 'head')];
  const n = 30;
  for (let i = 0; i < n; i++) {
    const s0 = i / n, s1 = (i + 1) / n;
    prims.push(capsule(at(s0), at(s1), radius(s1), s1 <= 0.3 ? 'front' : s0 >= 0.7 ? 'back' : 'middle'));
  }
  const joints: JointSpec[] = [];
  const count = 16;
  for (let i = 0; i < count; i++) {
    const s = 0.02 + (0.96 * i) / (count - 1);
    joints.push([i === 0 ? 'head' : `spine_${String(i).padStart(2, '0')}`, i === 0 ? null : i === 1 ? 'head' : `spine_${String(i - 1).padStart(2, '0')}`, at(s)]);
  }
  return finish('serpentine', 'snake', prims, joints, { joint: 'spine_08', axis: [0, 1, 0], moving: ['back'], fixed: ['front', 'head'] }, detail);
}

function aquatic(detail: number): Creature {
  const prims: Primitive[] = [
    ellipsoid([0, 0, 0.08], [0.055, 0.11, 0.2], 'torso'),
    ellipsoid([0, 0, -0.1], [0.045, 0.09, 0.18], 'rear'),
    capsule([0, 0, -0.24], [0, 0, -0.38], 0.028, 'tail'),
    ellipsoid([0, 0, -0.44], [0.012, 0.1, 0.06], 'caudal'),
    ellipsoid([0, 0.14, -0.03], [0.01, 0.06, 0.07], 'dorsal'),
  ];
  const joints: JointSpec[] = [
    ['spine_2', null, [0, 0, 0]],
    ['spine_1', 'spine_2', [0, 0, 0.1]],
    ['head', 'spine_1', [0, 0, 0.2]],
    ['spine_3', 'spine_2', [0, 0, -0.1]],
    ['tail_1', 'spine_3', [0, 0, -0.2]],
    ['tail_2', 'tail_1', [0, 0, -0.3]],
    ['tail_3', 'tail_2', [0, 0, -0.38]],
    ['tail_4', 'tail_3', [0, 0, -0.46]],
    ['dorsal_1', 'spine_2', [0, 0.1, -0.03]],
    ['dorsal_2', 'dorsal_1', [0, 0.18, -0.03]],
  ];
  bothSides(prims, joints, [ellipsoid([0.09, -0.03, 0.1], [0.06, 0.01, 0.03], 'pectoral_SIDE')], [
    ['pectoral_SIDE_1', 'spine_1', [0.05, -0.03, 0.1]],
    ['pectoral_SIDE_2', 'pectoral_SIDE_1', [0.13, -0.03, 0.1]],
  ]);
  return finish('aquatic', 'fish', prims, joints, { joint: 'tail_1', axis: [0, 1, 0], moving: ['caudal'], fixed: ['torso'] }, detail);
}

function others(detail: number): Creature {
  const prims: Primitive[] = [ellipsoid([0, 0.04, 0], [0.1, 0.04, 0.1], 'torso')];
  const joints: JointSpec[] = [['root', null, [0, 0.04, 0]]];
  for (let k = 0; k < 5; k++) {
    const a = Math.PI / 2 + (2 * Math.PI * k) / 5;
    const d = (s: number): Vec3 => [Math.cos(a) * s, 0.04, Math.sin(a) * s];
    prims.push(capsule(d(0.05), d(0.2), 0.045, `arm_${k}_1`), capsule(d(0.2), d(0.36), 0.032, `arm_${k}_2`), capsule(d(0.36), d(0.5), 0.02, `arm_${k}_3`));
    [0.12, 0.24, 0.36, 0.47].forEach((s, i) => joints.push([`arm_${k}_${i + 1}`, i === 0 ? 'root' : `arm_${k}_${i}`, d(s)]));
  }
  return finish('others', 'starfish', prims, joints, { joint: 'arm_0_2', axis: [1, 0, 0], moving: ['arm_0_3'], fixed: ['torso'] }, detail);
}

const BUILDERS: Record<BodyPlan, (detail: number) => Creature> = {
  biped: (d) => biped(d), quadruped, hexapod, octopod, avian, serpentine, aquatic, others,
};

/**
 * The test creature of a body plan. `detail` scales the tessellation (1 ≈ 2–12k triangles
 * depending on the creature).
 */
export function buildCreature(bodyPlan: BodyPlan, detail = 1): Creature {
  return BUILDERS[bodyPlan](detail);
}

/**
 * A big-headed, short-limbed ("chibi") humanoid in an A-pose: the head is the thickest part, so
 * the medial tree's root sits in it and the head is no extremity of its own.
 */
export function buildChibiBiped(detail = 1): Creature {
  const prims: Primitive[] = [
    ellipsoid([0, 0.55, 0], [0.17, 0.2, 0.13], 'torso'),
    ellipsoid([0, 0.98, 0.02], [0.26, 0.25, 0.24], 'head'),
    capsule([0, 0.72, 0], [0, 0.76, 0], 0.07, 'neck'),
  ];
  const joints: JointSpec[] = [
    ['hips', null, [0, 0.45, 0]],
    ['spine', 'hips', [0, 0.52, 0]],
    ['chest', 'spine', [0, 0.6, 0]],
    ['upper_chest', 'chest', [0, 0.66, 0]],
    ['neck', 'upper_chest', [0, 0.73, 0]],
    ['head', 'neck', [0, 0.8, 0]],
  ];
  bothSides(prims, joints, [
    capsule([0.15, 0.66, 0], [0.3, 0.5, 0], 0.055, 'SIDE_upper_arm'),
    capsule([0.3, 0.5, 0], [0.42, 0.36, 0.02], 0.05, 'SIDE_forearm'),
    ellipsoid([0.46, 0.3, 0.03], [0.06, 0.06, 0.05], 'SIDE_hand'),
    capsule([0.08, 0.4, 0], [0.09, 0.2, 0], 0.075, 'SIDE_thigh'),
    capsule([0.09, 0.2, 0], [0.09, 0.07, 0], 0.065, 'SIDE_shin'),
    capsule([0.09, 0.05, -0.02], [0.09, 0.05, 0.12], 0.05, 'SIDE_foot'),
  ], [
    ['SIDE_shoulder', 'upper_chest', [0.07, 0.66, 0]],
    ['SIDE_upper_arm', 'SIDE_shoulder', [0.15, 0.66, 0]],
    ['SIDE_lower_arm', 'SIDE_upper_arm', [0.3, 0.5, 0]],
    ['SIDE_hand', 'SIDE_lower_arm', [0.42, 0.36, 0.02]],
    ['SIDE_upper_leg', 'hips', [0.08, 0.4, 0]],
    ['SIDE_lower_leg', 'SIDE_upper_leg', [0.09, 0.2, 0]],
    ['SIDE_foot', 'SIDE_lower_leg', [0.09, 0.07, 0]],
    ['SIDE_toes', 'SIDE_foot', [0.09, 0.05, 0.08]],
  ]);
  return finish('biped', 'chibi', prims, joints, { joint: 'left_lower_arm', axis: [0, 0, 1], moving: ['left_hand'], fixed: ['torso', 'head'] }, detail);
}

/** The humanoid in an A-pose: arms swung down by `degrees` (default 45) from the T-pose. */
export function buildAPoseBiped(detail = 1, degrees = 45): Creature {
  return biped(detail, -Math.abs(degrees));
}

/**
 * The humanoid with five separate fingers on each hand (and their joints in the truth), in a
 * T-pose or with the arms swung down by `degrees`.
 */
export function buildFingeredBiped(detail = 1, degrees = 0): Creature {
  return biped(detail, -Math.abs(degrees), true);
}

/**
 * The T-pose humanoid in clothing that widens the legs' cross-section away from the hips, where
 * a fitter reading the first widening would put them: `shorts` (wide legs ending at mid-thigh),
 * `skirt` (a solid bell from the waist to above the knees) or `belt` (a wide ring at the waist).
 * The joints are the undressed humanoid's.
 */
export function buildClothedBiped(clothing: 'shorts' | 'skirt' | 'belt', detail = 1): Creature {
  const base = biped(detail);
  const extra: Primitive[] = clothing === 'shorts'
    ? [capsule([0.1, 0.92, 0], [0.11, 0.7, 0], 0.1, 'left_thigh'), capsule([-0.1, 0.92, 0], [-0.11, 0.7, 0], 0.1, 'right_thigh')]
    : clothing === 'skirt'
      ? [ellipsoid([0, 0.78, 0], [0.24, 0.22, 0.16], 'torso')]
      : [ellipsoid([0, 0.97, 0], [0.2, 0.05, 0.15], 'torso')];
  const prims = [...base.primitives, ...extra];
  const { mesh, vertexParts } = primitivesToMesh(prims, detail);
  return {
    ...base, name: `humanoid-${clothing}`, mesh, vertexParts, primitives: prims,
    contains: (p, eps = 0) => prims.some((q) => primitiveContains(q, p, eps)),
  };
}

/**
 * The T-pose humanoid with five-fingered hands, dressed as people model them, in many loose pieces: hair over the head, two
 * eyes, a shirt and trousers over the body and legs, sleeves over the upper arms, a belt, shoes
 * and a backpack, each its own closed surface lying over or against the body (none joined to it).
 * Like an artist's file it has texture coordinates (a cylindrical wrap about the body's axis, its
 * vertices split along the wrap's seam as exporters split them, so welding has work) and three
 * materials over index ranges: the body, the clothing, the hair and eyes. The joints are the
 * undressed humanoid's. The rig workers' second warm-up input (tooling/examples/make-examples.ts
 * writes it at a detail over 8,000 welded vertices): a large mesh with clothing pieces and
 * materials runs the paths small meshes never reach (heat's threads, the piece rules on many
 * pieces, the leaf aiming over many voxels, the reader's and writer's per-material primitives).
 */
export function buildDressedBiped(detail = 1): Creature {
  const base = biped(detail, 0, true);
  const hair: Primitive[] = [
    ellipsoid([0, 1.75, -0.015], [0.1, 0.09, 0.105], 'head'),
    ellipsoid([0.035, 1.72, 0.095], [0.014, 0.014, 0.01], 'head'),
    ellipsoid([-0.035, 1.72, 0.095], [0.014, 0.014, 0.01], 'head'),
  ];
  const clothing: Primitive[] = [
    ellipsoid([0, 1.22, 0], [0.205, 0.27, 0.135], 'torso'),
    ellipsoid([0, 0.97, 0], [0.175, 0.045, 0.125], 'torso'),
    ellipsoid([0, 1.22, -0.17], [0.13, 0.17, 0.06], 'torso'),
  ];
  for (const s of [1, -1]) {
    const side = s > 0 ? 'left' : 'right';
    clothing.push(
      capsule([0.2 * s, 1.4, 0], [0.36 * s, 1.4, 0], 0.06, `${side}_upper_arm`),
      capsule([0.1 * s, 0.9, 0], [0.1 * s, 0.52, 0], 0.085, `${side}_thigh`),
      capsule([0.1 * s, 0.48, 0], [0.1 * s, 0.14, 0], 0.065, `${side}_shin`),
      capsule([0.1 * s, 0.05, -0.04], [0.1 * s, 0.045, 0.18], 0.055, `${side}_foot`),
    );
  }
  const layers = [base.primitives, clothing, hair];
  const built = layers.map((prims) => primitivesToMesh(prims, detail));
  const vertexCount = built.reduce((n, b) => n + b.mesh.positions.length / 3, 0);
  const positions = new Float32Array(3 * vertexCount);
  const indices = new Uint32Array(built.reduce((n, b) => n + b.mesh.indices.length, 0));
  const groups: Mesh['groups'] = [];
  let v = 0, i = 0;
  built.forEach((b, materialIndex) => {
    positions.set(b.mesh.positions, 3 * v);
    for (let k = 0; k < b.mesh.indices.length; k++) indices[i + k] = b.mesh.indices[k]! + v;
    groups.push({ materialIndex, start: i, count: b.mesh.indices.length });
    v += b.mesh.positions.length / 3;
    i += b.mesh.indices.length;
  });
  // The wrap's u about the body's axis; a triangle across its seam (u jumping by over a half) takes
  // copies of its low-u corners at u + 1, as an exporter splits a UV seam.
  const wrap = (k: number): number => 0.5 + Math.atan2(positions[3 * k]!, positions[3 * k + 2]!) / (2 * Math.PI);
  const copies = new Map<number, number>();
  const extraOf = (k: number): number => {
    let c = copies.get(k);
    if (c === undefined) copies.set(k, (c = vertexCount + copies.size));
    return c;
  };
  for (let t = 0; t < indices.length; t += 3) {
    const u = [0, 1, 2].map((e) => wrap(indices[t + e]!));
    if (Math.max(...u) - Math.min(...u) <= 0.5) continue;
    for (let e = 0; e < 3; e++) if (u[e]! < 0.5) indices[t + e] = extraOf(indices[t + e]!);
  }
  const total = vertexCount + copies.size;
  const allPositions = new Float32Array(3 * total);
  allPositions.set(positions);
  const uvs = new Float32Array(2 * total);
  for (let k = 0; k < vertexCount; k++) {
    uvs[2 * k] = wrap(k);
    uvs[2 * k + 1] = 1 - positions[3 * k + 1]! / 1.9;
  }
  const vertexParts = built.flatMap((b) => b.vertexParts);
  for (const [k, c] of copies) {
    allPositions.set(positions.subarray(3 * k, 3 * k + 3), 3 * c);
    uvs[2 * c] = uvs[2 * k]! + 1;
    uvs[2 * c + 1] = uvs[2 * k + 1]!;
    vertexParts.push(vertexParts[k]!);
  }
  const material = (name: string, baseColor: [number, number, number, number]): Mesh['materials'][number] => ({ name, baseColor, metallic: 0, roughness: 0.8 });
  const mesh: Mesh = {
    positions: allPositions, indices, uvs, groups,
    materials: [material('body', [0.8, 0.62, 0.5, 1]), material('clothing', [0.2, 0.3, 0.6, 1]), material('hair', [0.15, 0.1, 0.05, 1])],
  };
  const prims = layers.flat();
  return {
    ...base, name: 'humanoid-dressed', mesh, vertexParts, primitives: prims,
    contains: (p, eps = 0) => prims.some((q) => primitiveContains(q, p, eps)),
  };
}
