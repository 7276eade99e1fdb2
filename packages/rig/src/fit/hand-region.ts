/**
 * The part of a mesh beyond a plane across the forearm, as a closed surface for a fine solid
 * voxelisation of the hand alone: triangles clipped to the plane's distal side, kept when they
 * lie within a radius of the arm's axis and pass a side test, plus a fan across every loop the
 * plane cuts. Without the caps the outside flood would pour in through the cut sleeve and leave
 * only a shell, whose distance field cannot tell a finger from a palm.
 */
import type { Mesh } from '@rigforge/mesh';
import { sub, type Vec3 } from './vec3';

export interface HandRegion {
  /** Clipped triangles plus caps; unreferenced positions are ignored by the voxeliser. */
  mesh: Mesh;
  /** Largest distance from the plane along the axis of a kept vertex. */
  length: number;
  /** Centre of each capped loop. */
  caps: Vec3[];
}

const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/**
 * `origin` and unit `axis` define the plane (kept side: (p − origin)·axis > 0); a triangle is kept
 * when all its clipped corners are within `radius` of the axis line, no farther than `reach`
 * along it, and pass `keep`.
 */
export function handRegion(mesh: Mesh, origin: Vec3, axis: Vec3, radius: number, keep: (p: Vec3) => boolean, reach = Infinity): HandRegion | null {
  const p = mesh.positions;
  const idx = mesh.indices;
  const out: number[] = [];
  const tris: number[] = [];
  const segments: Array<[Vec3, Vec3]> = [];
  let length = 0;
  const at = (v: number): Vec3 => [p[v * 3]!, p[v * 3 + 1]!, p[v * 3 + 2]!];
  const lateral = (q: Vec3): number => {
    const d = sub(q, origin);
    const t = dot(d, axis);
    return Math.sqrt(Math.max(0, dot(d, d) - t * t));
  };
  // The crossing of an edge is computed from its endpoints in a canonical order, so the two
  // triangles sharing an edge (even through split, duplicated vertices) give the same point.
  const crossing = (a: Vec3, ta: number, c: Vec3, tc: number): Vec3 => {
    const swap = ta > tc || (ta === tc && (a[0] > c[0] || (a[0] === c[0] && (a[1] > c[1] || (a[1] === c[1] && a[2] > c[2])))));
    const [u, tu, w, tw] = swap ? [c, tc, a, ta] : [a, ta, c, tc];
    const s = tu / (tu - tw);
    return [u[0] + (w[0] - u[0]) * s, u[1] + (w[1] - u[1]) * s, u[2] + (w[2] - u[2]) * s];
  };
  // Per-vertex distance along the axis and off it, once: most triangles are rejected on these.
  const nv = p.length / 3;
  const along = new Float32Array(nv);
  const off = new Float32Array(nv);
  for (let v = 0; v < nv; v++) {
    const dx = p[v * 3]! - origin[0], dy = p[v * 3 + 1]! - origin[1], dz = p[v * 3 + 2]! - origin[2];
    const t = dx * axis[0] + dy * axis[1] + dz * axis[2];
    along[v] = t;
    // Only read beyond the plane (along > 0): the vertices behind it skip the square root.
    if (along[v]! > 0) off[v] = Math.sqrt(Math.max(0, dx * dx + dy * dy + dz * dz - t * t));
  }
  for (let t = 0; t + 2 < idx.length; t += 3) {
    const a0 = idx[t]!, a1 = idx[t + 1]!, a2 = idx[t + 2]!;
    if (a0 >= nv || a1 >= nv || a2 >= nv) continue;
    if (along[a0]! <= 0 && along[a1]! <= 0 && along[a2]! <= 0) continue;
    // Clipping only shortens a triangle, so a corner off the cylinder beyond the plane rejects it.
    if ((along[a0]! > 0 && off[a0]! > radius) || (along[a1]! > 0 && off[a1]! > radius) || (along[a2]! > 0 && off[a2]! > radius)) continue;
    if (along[a0]! > reach || along[a1]! > reach || along[a2]! > reach) continue;
    const corners = [at(a0), at(a1), at(a2)];
    const ts = corners.map((c) => dot(sub(c, origin), axis));
    // Sutherland–Hodgman against the one plane.
    const poly: Vec3[] = [];
    const cut: Vec3[] = [];
    for (let k = 0; k < 3; k++) {
      const a = corners[k]!, c = corners[(k + 1) % 3]!;
      const ta = ts[k]!, tc = ts[(k + 1) % 3]!;
      if (ta > 0) poly.push(a);
      if ((ta > 0) !== (tc > 0)) {
        const x = crossing(a, ta, c, tc);
        poly.push(x);
        cut.push(x);
      }
    }
    if (poly.some((q) => lateral(q) > radius || !keep(q))) continue;
    for (const q of poly) length = Math.max(length, dot(sub(q, origin), axis));
    const base = out.length / 3;
    for (const q of poly) out.push(q[0], q[1], q[2]);
    for (let k = 1; k + 1 < poly.length; k++) tris.push(base, base + k, base + k + 1);
    if (cut.length === 2) segments.push([cut[0]!, cut[1]!]);
  }
  if (tris.length === 0 || length <= 0) return null;
  const caps = capLoops(segments, length * 1e-5);
  for (const loop of caps) {
    const c = out.length / 3;
    out.push(loop.centre[0], loop.centre[1], loop.centre[2]);
    for (const [a, b] of loop.segments) {
      const i = out.length / 3;
      out.push(a[0], a[1], a[2], b[0], b[1], b[2]);
      tris.push(c, i, i + 1);
    }
  }
  return {
    mesh: { positions: new Float32Array(out), indices: new Uint32Array(tris), groups: [], materials: [] },
    length,
    caps: caps.map((l) => l.centre),
  };
}

/** Groups cut segments into connected loops (shared endpoints) and gives each its centroid. */
function capLoops(segments: Array<[Vec3, Vec3]>, tolerance: number): Array<{ centre: Vec3; segments: Array<[Vec3, Vec3]> }> {
  const key = (q: Vec3): string => q.map((x) => Math.round(x / tolerance)).join(',');
  const parent = segments.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) { parent[i] = parent[parent[i]!]!; i = parent[i]!; }
    return i;
  };
  const owner = new Map<string, number>();
  segments.forEach((s, i) => {
    for (const q of s) {
      const k = key(q);
      const o = owner.get(k);
      if (o === undefined) owner.set(k, i);
      else parent[find(o)] = find(i);
    }
  });
  const loops = new Map<number, Array<[Vec3, Vec3]>>();
  segments.forEach((s, i) => {
    const r = find(i);
    const list = loops.get(r) ?? [];
    list.push(s);
    loops.set(r, list);
  });
  return [...loops.values()].map((segs) => {
    const c: Vec3 = [0, 0, 0];
    for (const [a, b] of segs) for (let k = 0; k < 3; k++) c[k] = c[k]! + (a[k]! + b[k]!) / (2 * segs.length);
    return { centre: c, segments: segs };
  });
}
