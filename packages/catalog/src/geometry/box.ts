/** Bevelled boxes, the most used primitive of the catalog content. */
import { withDefaults } from '@rigforge/mesh';
import type { Shape, Vec3 } from './shape';

export interface BoxOptions {
  /** Chamfer width at every edge, metres; 0 = sharp box. Clamped below half the smallest side. Default 0. */
  bevel?: number;
}

export const BOX_DEFAULTS: Required<BoxOptions> = { bevel: 0 };

/**
 * A box standing on y = 0, centred on the Y axis.
 *
 * The bevel is a chamfer, not a rounded fillet: each corner becomes a triangle and each edge a
 * narrow quad (26 faces in all). One flat bevel strip catches a highlight in the flat-shaded
 * look at a fraction of the triangles a round bevel would need.
 */
export function box(width: number, height: number, depth: number, options: BoxOptions = {}): Shape {
  const hx = width / 2;
  const hy = height / 2;
  const hz = depth / 2;
  const b = Math.max(0, Math.min(withDefaults(BOX_DEFAULTS, options).bevel, hx * 0.49, hy * 0.49, hz * 0.49));
  const positions: number[] = [];
  const indices: number[] = [];
  const centre: Vec3 = [0, hy, 0];
  const add = (p: Vec3): number => {
    positions.push(p[0], p[1] + hy, p[2]);
    return positions.length / 3 - 1;
  };
  // Emits a convex planar polygon, turned so its normal points away from the box centre.
  const face = (ids: number[]): void => {
    const p = (i: number): Vec3 => [positions[i * 3]!, positions[i * 3 + 1]!, positions[i * 3 + 2]!];
    const a = p(ids[0]!);
    const bb = p(ids[1]!);
    const c = p(ids[2]!);
    const n = cross(sub(bb, a), sub(c, a));
    const fc: Vec3 = [0, 0, 0];
    for (const i of ids) {
      const q = p(i);
      fc[0] += q[0] / ids.length;
      fc[1] += q[1] / ids.length;
      fc[2] += q[2] / ids.length;
    }
    const order = dot(n, sub(fc, centre)) >= 0 ? ids : ids.slice().reverse();
    for (let k = 1; k + 1 < order.length; k++) indices.push(order[0]!, order[k]!, order[k + 1]!);
  };

  if (b === 0) {
    const v: number[] = [];
    for (const sx of [-1, 1]) for (const sy of [-1, 1]) for (const sz of [-1, 1]) v.push(add([sx * hx, sy * hy, sz * hz]));
    const at = (sx: number, sy: number, sz: number): number => v[((sx + 1) / 2) * 4 + ((sy + 1) / 2) * 2 + (sz + 1) / 2]!;
    face([at(1, -1, -1), at(1, 1, -1), at(1, 1, 1), at(1, -1, 1)]);
    face([at(-1, -1, -1), at(-1, 1, -1), at(-1, 1, 1), at(-1, -1, 1)]);
    face([at(-1, 1, -1), at(1, 1, -1), at(1, 1, 1), at(-1, 1, 1)]);
    face([at(-1, -1, -1), at(1, -1, -1), at(1, -1, 1), at(-1, -1, 1)]);
    face([at(-1, -1, 1), at(1, -1, 1), at(1, 1, 1), at(-1, 1, 1)]);
    face([at(-1, -1, -1), at(1, -1, -1), at(1, 1, -1), at(-1, 1, -1)]);
    return { positions, indices };
  }

  // Per corner, one point on each of the three faces that meet there.
  const px = new Map<string, number>();
  const py = new Map<string, number>();
  const pz = new Map<string, number>();
  const key = (sx: number, sy: number, sz: number): string => `${sx}${sy}${sz}`;
  for (const sx of [-1, 1]) for (const sy of [-1, 1]) for (const sz of [-1, 1]) {
    const k = key(sx, sy, sz);
    px.set(k, add([sx * hx, sy * (hy - b), sz * (hz - b)]));
    py.set(k, add([sx * (hx - b), sy * hy, sz * (hz - b)]));
    pz.set(k, add([sx * (hx - b), sy * (hy - b), sz * hz]));
    face([px.get(k)!, py.get(k)!, pz.get(k)!]);
  }
  const g = (m: Map<string, number>, sx: number, sy: number, sz: number): number => m.get(key(sx, sy, sz))!;
  for (const s of [-1, 1]) {
    face([g(px, s, -1, -1), g(px, s, 1, -1), g(px, s, 1, 1), g(px, s, -1, 1)]);
    face([g(py, -1, s, -1), g(py, 1, s, -1), g(py, 1, s, 1), g(py, -1, s, 1)]);
    face([g(pz, -1, -1, s), g(pz, 1, -1, s), g(pz, 1, 1, s), g(pz, -1, 1, s)]);
  }
  for (const s of [-1, 1]) for (const t of [-1, 1]) {
    // Edges along z (between x and y faces), along y (x and z), along x (y and z).
    face([g(px, s, t, -1), g(px, s, t, 1), g(py, s, t, 1), g(py, s, t, -1)]);
    face([g(px, s, -1, t), g(px, s, 1, t), g(pz, s, 1, t), g(pz, s, -1, t)]);
    face([g(py, -1, s, t), g(py, 1, s, t), g(pz, 1, s, t), g(pz, -1, s, t)]);
  }
  return { positions, indices };
}

function sub(a: Vec3, b: Vec3): Vec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}
function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}
function dot(a: Vec3, b: Vec3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
