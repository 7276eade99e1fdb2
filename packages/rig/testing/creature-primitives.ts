/**
 * Closed triangle meshes of capsules and ellipsoids, with an exact inside test, to assemble test
 * creatures. Each primitive is watertight on its own; a creature is their (overlapping) union,
 * which is also what many real assets look like (armour over bodies, separate eyes and teeth).
 */
import type { Mesh } from '@rigforge/mesh';
import type { Vec3 } from '../src/fit/vec3';

export type Primitive =
  | { kind: 'capsule'; a: Vec3; b: Vec3; r: number; part: string }
  | { kind: 'ellipsoid'; c: Vec3; radii: Vec3; part: string };

export function capsule(a: Vec3, b: Vec3, r: number, part: string): Primitive {
  return { kind: 'capsule', a, b, r, part };
}

export function ellipsoid(c: Vec3, radii: Vec3, part: string): Primitive {
  return { kind: 'ellipsoid', c, radii, part };
}

/** True when the point lies inside the primitive (or on its surface, within `eps`). */
export function primitiveContains(p: Primitive, q: readonly number[], eps = 0): boolean {
  if (p.kind === 'ellipsoid') {
    const s = ((q[0]! - p.c[0]) / (p.radii[0] + eps)) ** 2 + ((q[1]! - p.c[1]) / (p.radii[1] + eps)) ** 2 + ((q[2]! - p.c[2]) / (p.radii[2] + eps)) ** 2;
    return s <= 1;
  }
  const ab = [p.b[0] - p.a[0], p.b[1] - p.a[1], p.b[2] - p.a[2]];
  const aq = [q[0]! - p.a[0], q[1]! - p.a[1], q[2]! - p.a[2]];
  const l2 = ab[0]! ** 2 + ab[1]! ** 2 + ab[2]! ** 2 || 1;
  const t = Math.max(0, Math.min(1, (aq[0]! * ab[0]! + aq[1]! * ab[1]! + aq[2]! * ab[2]!) / l2));
  const d = Math.hypot(aq[0]! - ab[0]! * t, aq[1]! - ab[1]! * t, aq[2]! - ab[2]! * t);
  return d <= p.r + eps;
}

interface Part { positions: number[]; indices: number[] }

/** A latitude/longitude sphere whose southern half is centred on `a` and northern on `b`. */
function sphereLike(rings: number, segments: number, at: (lat: number, lon: number) => Vec3): Part {
  const positions: number[] = [];
  const indices: number[] = [];
  const ringStart: number[] = [];
  // South pole, rings, north pole.
  positions.push(...at(-Math.PI / 2, 0));
  for (let i = 1; i < rings; i++) {
    ringStart.push(positions.length / 3);
    const lat = -Math.PI / 2 + (Math.PI * i) / rings;
    for (let j = 0; j < segments; j++) positions.push(...at(lat, (2 * Math.PI * j) / segments));
  }
  const north = positions.length / 3;
  positions.push(...at(Math.PI / 2, 0));
  const first = ringStart[0]!;
  for (let j = 0; j < segments; j++) indices.push(0, first + ((j + 1) % segments), first + j);
  for (let i = 0; i + 1 < ringStart.length; i++) {
    const r0 = ringStart[i]!, r1 = ringStart[i + 1]!;
    for (let j = 0; j < segments; j++) {
      const j1 = (j + 1) % segments;
      indices.push(r0 + j, r0 + j1, r1 + j1, r0 + j, r1 + j1, r1 + j);
    }
  }
  const last = ringStart[ringStart.length - 1]!;
  for (let j = 0; j < segments; j++) indices.push(north, last + j, last + ((j + 1) % segments));
  return { positions, indices };
}

function primitiveMesh(p: Primitive, detail: number): Part {
  const segments = Math.max(6, Math.round(16 * detail));
  const rings = Math.max(4, Math.round(12 * detail)) & ~1;
  if (p.kind === 'ellipsoid') {
    return sphereLike(rings, segments, (lat, lon) => [
      p.c[0] + p.radii[0] * Math.cos(lat) * Math.cos(lon),
      p.c[1] + p.radii[1] * Math.sin(lat),
      p.c[2] - p.radii[2] * Math.cos(lat) * Math.sin(lon),
    ]);
  }
  const axis: Vec3 = [p.b[0] - p.a[0], p.b[1] - p.a[1], p.b[2] - p.a[2]];
  const len = Math.hypot(...axis) || 1;
  const w: Vec3 = [axis[0] / len, axis[1] / len, axis[2] / len];
  const helper: Vec3 = Math.abs(w[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0];
  const u0: Vec3 = [w[1] * helper[2] - w[2] * helper[1], w[2] * helper[0] - w[0] * helper[2], w[0] * helper[1] - w[1] * helper[0]];
  const ul = Math.hypot(...u0);
  const u: Vec3 = [u0[0] / ul, u0[1] / ul, u0[2] / ul];
  const v: Vec3 = [w[1] * u[2] - w[2] * u[1], w[2] * u[0] - w[0] * u[2], w[0] * u[1] - w[1] * u[0]];
  // Odd ring count puts the equator between two rings, so the cylinder is one band of quads;
  // we insert it by splitting the sphere at lat = 0 into two hemispheres centred on a and b.
  const half = rings / 2;
  return sphereLike(rings + 1, segments, (lat, lon) => {
    // Map the (rings+1) latitudes so that ring `half` sits at a's equator and `half+1` at b's.
    const i = Math.round(((lat + Math.PI / 2) / Math.PI) * (rings + 1));
    const southern = i <= half;
    const la = southern ? -Math.PI / 2 + (Math.PI / 2) * (i / half) : (Math.PI / 2) * ((i - half - 1) / half);
    const c = southern ? p.a : p.b;
    const cl = Math.cos(la), sl = Math.sin(la);
    const cs = Math.cos(lon), sn = Math.sin(lon);
    return [
      c[0] + p.r * (cl * (cs * u[0] + sn * v[0]) + sl * w[0]),
      c[1] + p.r * (cl * (cs * u[1] + sn * v[1]) + sl * w[1]),
      c[2] + p.r * (cl * (cs * u[2] + sn * v[2]) + sl * w[2]),
    ];
  });
}

/** Merges primitive meshes into one Mesh, with the part name of every vertex. */
export function primitivesToMesh(prims: Primitive[], detail = 1): { mesh: Mesh; vertexParts: string[] } {
  const positions: number[] = [];
  const indices: number[] = [];
  const vertexParts: string[] = [];
  for (const p of prims) {
    const m = primitiveMesh(p, detail);
    const base = positions.length / 3;
    for (const v of m.positions) positions.push(v);
    for (const i of m.indices) indices.push(base + i);
    for (let k = 0; k < m.positions.length / 3; k++) vertexParts.push(p.part);
  }
  return {
    mesh: { positions: Float32Array.from(positions), indices: Uint32Array.from(indices), groups: [], materials: [] },
    vertexParts,
  };
}
