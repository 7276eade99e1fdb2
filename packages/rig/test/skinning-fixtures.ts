/**
 * Procedural meshes and skeletons for the skinning tests and the skinning benchmark:
 * capsules (closed, sphere-swept segments) unioned into limbs and bodies, with known skeletons.
 */
import type { Joint, Mesh, Skeleton } from '@rigforge/mesh';

export type Vec3 = [number, number, number];

export interface CapsuleOptions {
  /** Segments around the axis. */
  around?: number;
  /** Rings per hemispherical cap. */
  capRings?: number;
  /** Rings along the cylinder (≥ 1). */
  rows?: number;
  /** Leave the caps off (an open tube, e.g. a sleeve). */
  open?: boolean;
}

function frame(axis: Vec3): [Vec3, Vec3] {
  const helper: Vec3 = Math.abs(axis[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0];
  const u = normalize(cross(axis, helper));
  return [u, cross(axis, u)];
}
function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}
function normalize(a: Vec3): Vec3 {
  const l = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
}

/** A closed capsule around segment a→b with radius r (or an open tube when `open`). */
export function capsule(a: Vec3, b: Vec3, r: number, options: CapsuleOptions = {}): Mesh {
  const around = options.around ?? 16;
  const capRings = options.capRings ?? 6;
  const rows = Math.max(1, options.rows ?? 8);
  const axis = normalize([b[0] - a[0], b[1] - a[1], b[2] - a[2]]);
  const [u, w] = frame(axis);
  const rings: { c: Vec3; rho: number }[] = [];
  const at = (p: Vec3, s: number): Vec3 => [p[0] + axis[0] * s, p[1] + axis[1] * s, p[2] + axis[2] * s];
  if (!options.open) for (let i = 1; i < capRings; i++) {
    const t = (i / capRings) * (Math.PI / 2);
    rings.push({ c: at(b, r * Math.cos(t)), rho: r * Math.sin(t) });
  }
  for (let i = 0; i <= rows; i++) {
    const t = 1 - i / rows;
    rings.push({ c: [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t], rho: r });
  }
  if (!options.open) for (let i = 1; i < capRings; i++) {
    const t = Math.PI / 2 + (i / capRings) * (Math.PI / 2);
    rings.push({ c: at(a, r * Math.cos(t)), rho: r * Math.sin(t) });
  }
  const positions: number[] = [];
  const indices: number[] = [];
  for (const ring of rings) {
    for (let j = 0; j < around; j++) {
      const phi = (j / around) * 2 * Math.PI;
      const cu = Math.cos(phi) * ring.rho, cw = Math.sin(phi) * ring.rho;
      positions.push(ring.c[0] + u[0] * cu + w[0] * cw, ring.c[1] + u[1] * cu + w[1] * cw, ring.c[2] + u[2] * cu + w[2] * cw);
    }
  }
  for (let i = 0; i + 1 < rings.length; i++) {
    for (let j = 0; j < around; j++) {
      const a0 = i * around + j, a1 = i * around + ((j + 1) % around);
      const b0 = a0 + around, b1 = a1 + around;
      indices.push(a0, b0, a1, a1, b0, b1);
    }
  }
  if (!options.open) {
    const top = positions.length / 3;
    positions.push(...at(b, r));
    const bottom = top + 1;
    positions.push(...at(a, -r));
    const last = (rings.length - 1) * around;
    for (let j = 0; j < around; j++) {
      indices.push(top, j, (j + 1) % around);
      indices.push(bottom, last + ((j + 1) % around), last + j);
    }
  }
  return { positions: new Float32Array(positions), indices: new Uint32Array(indices), groups: [], materials: [] };
}

/** A closed axis-aligned box from `lo` to `hi` (12 triangles, outward). */
export function box(lo: Vec3, hi: Vec3): Mesh {
  const corners = [0, 1, 2, 3, 4, 5, 6, 7].flatMap((i) => [(i & 1 ? hi : lo)[0], (i & 2 ? hi : lo)[1], (i & 4 ? hi : lo)[2]]);
  const indices = [0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4, 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5];
  return { positions: Float32Array.from(corners), indices: Uint32Array.from(indices), groups: [], materials: [] };
}

/** Concatenate meshes into one (parts stay disconnected, as in a real multi-part asset). */
export function mergeMeshes(parts: Mesh[]): Mesh {
  const vCount = parts.reduce((s, m) => s + m.positions.length, 0);
  const iCount = parts.reduce((s, m) => s + m.indices.length, 0);
  const positions = new Float32Array(vCount);
  const indices = new Uint32Array(iCount);
  let vo = 0, io = 0;
  for (const m of parts) {
    positions.set(m.positions, vo);
    for (let i = 0; i < m.indices.length; i++) indices[io + i] = m.indices[i]! + vo / 3;
    vo += m.positions.length;
    io += m.indices.length;
  }
  return { positions, indices, groups: [], materials: [] };
}

/** Every triangle gets its own three vertices, as a flat-shaded export does. */
export function unweld(mesh: Mesh): Mesh {
  const positions = new Float32Array(mesh.indices.length * 3);
  const indices = new Uint32Array(mesh.indices.length);
  for (let i = 0; i < mesh.indices.length; i++) {
    const v = mesh.indices[i]!;
    positions[3 * i] = mesh.positions[3 * v]!;
    positions[3 * i + 1] = mesh.positions[3 * v + 1]!;
    positions[3 * i + 2] = mesh.positions[3 * v + 2]!;
    indices[i] = i;
  }
  return { positions, indices, groups: [], materials: [] };
}

export function scaleMesh(mesh: Mesh, s: number): Mesh {
  return { ...mesh, positions: mesh.positions.map((x) => x * s) };
}
export function scaleSkeleton(skeleton: Skeleton, s: number): Skeleton {
  return { joints: skeleton.joints.map((j) => ({ ...j, position: [j.position[0] * s, j.position[1] * s, j.position[2] * s] })) };
}

/** Build a skeleton from (name, parent name, position) rows. */
export function skeletonOf(rows: [string, string | null, Vec3][]): Skeleton {
  const names = rows.map((r) => r[0]);
  const joints: Joint[] = rows.map(([name, parent, position]) => ({ name, parent: parent === null ? -1 : names.indexOf(parent), position }));
  return { joints };
}

export interface Body {
  mesh: Mesh;
  skeleton: Skeleton;
}

/**
 * A humanoid about 1.8 units tall (metres), facing +Z: capsules for torso, head, arms and legs,
 * legs apart by a clear gap; `detail` multiplies the tessellation (triangles grow ~detail²).
 */
export function humanoid(detail = 1): Body {
  const around = Math.max(8, Math.round(16 * detail));
  const rows = Math.max(2, Math.round(8 * detail));
  const capRings = Math.max(3, Math.round(6 * detail));
  const o = { around, rows, capRings };
  const skeleton = skeletonOf([
    ['hips', null, [0, 1.0, 0]],
    ['spine', 'hips', [0, 1.15, 0]],
    ['chest', 'spine', [0, 1.3, 0]],
    ['neck', 'chest', [0, 1.5, 0]],
    ['head', 'neck', [0, 1.6, 0]],
    ['l_shoulder', 'chest', [0.08, 1.45, 0]],
    ['l_upper_arm', 'l_shoulder', [0.2, 1.45, 0]],
    ['l_forearm', 'l_upper_arm', [0.48, 1.45, 0]],
    ['l_hand', 'l_forearm', [0.74, 1.45, 0]],
    ['r_shoulder', 'chest', [-0.08, 1.45, 0]],
    ['r_upper_arm', 'r_shoulder', [-0.2, 1.45, 0]],
    ['r_forearm', 'r_upper_arm', [-0.48, 1.45, 0]],
    ['r_hand', 'r_forearm', [-0.74, 1.45, 0]],
    ['l_upper_leg', 'hips', [0.1, 0.95, 0]],
    ['l_lower_leg', 'l_upper_leg', [0.1, 0.52, 0]],
    ['l_foot', 'l_lower_leg', [0.1, 0.08, 0]],
    ['r_upper_leg', 'hips', [-0.1, 0.95, 0]],
    ['r_lower_leg', 'r_upper_leg', [-0.1, 0.52, 0]],
    ['r_foot', 'r_lower_leg', [-0.1, 0.08, 0]],
  ]);
  const parts = [
    capsule([0, 0.98, 0], [0, 1.42, 0], 0.16, o), // torso
    capsule([0, 1.5, 0], [0, 1.68, 0], 0.1, o), // neck + head
    capsule([0.12, 1.45, 0], [0.82, 1.45, 0], 0.05, o), // left arm
    capsule([-0.12, 1.45, 0], [-0.82, 1.45, 0], 0.05, o), // right arm
    capsule([0.1, 0.95, 0], [0.1, 0.05, 0], 0.065, o), // left leg, gap of 0.07 to the right one
    capsule([-0.1, 0.95, 0], [-0.1, 0.05, 0], 0.065, o), // right leg
  ];
  return { mesh: mergeMeshes(parts), skeleton };
}

export function jointIndex(skeleton: Skeleton, name: string): number {
  const i = skeleton.joints.findIndex((j) => j.name === name);
  if (i < 0) throw new Error(`no joint ${name}`);
  return i;
}

/** The weight of joint j at vertex v (0 when it is not among the vertex's influences). */
export function weightOf(skin: { joints: Uint16Array; weights: Float32Array }, v: number, j: number): number {
  let w = 0;
  for (let k = 0; k < 4; k++) if (skin.joints[4 * v + k] === j) w += skin.weights[4 * v + k]!;
  return w;
}

/** Add three-joint finger chains (five per hand) so the skeleton has ~50 joints, as a real hand rig. */
export function withFingers(body: Body): Body {
  const rows: [string, string | null, Vec3][] = body.skeleton.joints.map((j) => [
    j.name,
    j.parent >= 0 ? body.skeleton.joints[j.parent]!.name : null,
    j.position,
  ]);
  const parts = [body.mesh];
  for (const side of [1, -1]) {
    const hand = side > 0 ? 'l_hand' : 'r_hand';
    for (let f = 0; f < 5; f++) {
      const z = (f - 2) * 0.012;
      let parent = hand;
      for (let s = 0; s < 3; s++) {
        const name = `${hand}_f${f}_${s}`;
        rows.push([name, parent, [side * (0.78 + 0.025 * s), 1.45, z]]);
        parent = name;
      }
    }
  }
  return { mesh: mergeMeshes(parts), skeleton: skeletonOf(rows) };
}
