/**
 * The part of a mesh beyond a plane across the forearm, as a closed surface for a fine solid
 * voxelisation of the hand alone: triangles clipped to the plane's distal side, kept when they
 * lie within a radius of the arm's axis and pass a side test, plus a fan across every loop the
 * plane cuts. Without the caps the outside flood would pour in through the cut sleeve and leave
 * only a shell, whose distance field cannot tell a finger from a palm.
 */
import type { Mesh } from '@rigforge/mesh';
import { findRoot, singletons, unite } from '../union-find';
import type { Vec3 } from './vec3';

export interface HandRegion {
  /** Clipped triangles plus caps; unreferenced positions are ignored by the voxeliser. */
  mesh: Mesh;
  /** Largest distance from the plane along the axis of a kept vertex. */
  length: number;
  /** Centre of each capped loop. */
  caps: Vec3[];
}


/** Which side of the body a hand's region keeps: points whose x is beyond `cx` towards `left` (x > cx) or not (x < cx). */
export interface HandSide {
  cx: number;
  left: boolean;
}

/**
 * `origin` and unit `axis` define the plane (kept side: (p − origin)·axis > 0); a triangle is kept
 * when all its clipped corners are within `radius` of the axis line, no farther than `reach`
 * along it, and on `side` of the body.
 *
 * The mesh's arrays and the vectors' components are read here and the clipping runs in
 * `clipHandRegion` on them alone: a rig calls this twice or four times, each time with a mesh
 * object of whichever shape the stages before made it (read, bounded, stood, turned), and the
 * optimised loop, specialised to the shapes it had seen, was thrown away at each new one and the
 * rest of that call ran in the interpreter (13 times in a process's first pass over the dev set,
 * up to ~40 ms a call on a 68k-triangle human against ~2.3 ms optimised); typed arrays and numbers
 * keep the loop's code for every mesh.
 */
export function handRegion(mesh: Mesh, origin: Vec3, axis: Vec3, radius: number, side: HandSide, reach = Infinity): HandRegion | null {
  return clipHandRegion(mesh.positions, mesh.indices, origin[0], origin[1], origin[2], axis[0], axis[1], axis[2], radius, side.cx, side.left, reach);
}

function clipHandRegion(
  p: Float32Array, idx: Uint32Array, ox: number, oy: number, oz: number, ax: number, ay: number, az: number,
  radius: number, cx: number, left: boolean, reach: number,
): HandRegion | null {
  const out: number[] = [];
  const tris: number[] = [];
  const segments: Array<[Vec3, Vec3]> = [];
  let length = 0;
  // Per-vertex distance along the axis and off it, once: most triangles are rejected on these.
  const nv = p.length / 3;
  const along = new Float32Array(nv);
  const off = new Float32Array(nv);
  for (let v = 0; v < nv; v++) {
    const dx = p[v * 3]! - ox, dy = p[v * 3 + 1]! - oy, dz = p[v * 3 + 2]! - oz;
    const t = dx * ax + dy * ay + dz * az;
    along[v] = t;
    // Only read beyond the plane (along > 0): the vertices behind it skip the square root.
    if (along[v]! > 0) off[v] = Math.sqrt(Math.max(0, dx * dx + dy * dy + dz * dz - t * t));
  }
  // One triangle's corners and their distances along the axis, its clipped polygon (at most four
  // points) with each point's distance along the axis, and the point handed to `keep`: reused for
  // every triangle, scalars rather than arrays per corner (the arrays were most of this function's
  // time on a dense hand). The same doubles in the same order as the vectors' subtraction and dot product did, so the same polygons.
  const cs = new Float64Array(9), ts = new Float64Array(3);
  const poly = new Float64Array(12), polyT = new Float64Array(4);
  let polyN = 0, cut0 = -1, cut1 = -1;
  // The crossing of an edge is computed from its endpoints in a canonical order, so the two
  // triangles sharing an edge (even through split, duplicated vertices) give the same point.
  const pushCrossing = (a: number, c: number): void => {
    const ta = ts[a]!, tc = ts[c]!;
    const a0 = cs[3 * a]!, a1 = cs[3 * a + 1]!, a2 = cs[3 * a + 2]!, c0 = cs[3 * c]!, c1 = cs[3 * c + 1]!, c2 = cs[3 * c + 2]!;
    const swap = ta > tc || (ta === tc && (a0 > c0 || (a0 === c0 && (a1 > c1 || (a1 === c1 && a2 > c2)))));
    const u = swap ? c : a, w = swap ? a : c;
    const tu = ts[u]!, tw = ts[w]!;
    const s = tu / (tu - tw);
    const u0 = cs[3 * u]!, u1 = cs[3 * u + 1]!, u2 = cs[3 * u + 2]!;
    poly[3 * polyN] = u0 + (cs[3 * w]! - u0) * s;
    poly[3 * polyN + 1] = u1 + (cs[3 * w + 1]! - u1) * s;
    poly[3 * polyN + 2] = u2 + (cs[3 * w + 2]! - u2) * s;
    if (cut0 < 0) cut0 = polyN;
    else cut1 = polyN;
    polyN++;
  };
  for (let t = 0; t + 2 < idx.length; t += 3) {
    const a0 = idx[t]!, a1 = idx[t + 1]!, a2 = idx[t + 2]!;
    if (a0 >= nv || a1 >= nv || a2 >= nv) continue;
    if (along[a0]! <= 0 && along[a1]! <= 0 && along[a2]! <= 0) continue;
    // Clipping only shortens a triangle, so a corner off the cylinder beyond the plane rejects it.
    if ((along[a0]! > 0 && off[a0]! > radius) || (along[a1]! > 0 && off[a1]! > radius) || (along[a2]! > 0 && off[a2]! > radius)) continue;
    if (along[a0]! > reach || along[a1]! > reach || along[a2]! > reach) continue;
    for (let k = 0; k < 3; k++) {
      const v = k === 0 ? a0 : k === 1 ? a1 : a2;
      const x = p[v * 3]!, y = p[v * 3 + 1]!, z = p[v * 3 + 2]!;
      cs[3 * k] = x; cs[3 * k + 1] = y; cs[3 * k + 2] = z;
      ts[k] = (x - ox) * ax + (y - oy) * ay + (z - oz) * az;
    }
    // Sutherland–Hodgman against the one plane.
    polyN = 0; cut0 = -1; cut1 = -1;
    for (let k = 0; k < 3; k++) {
      const c = (k + 1) % 3;
      const ta = ts[k]!, tc = ts[c]!;
      if (ta > 0) {
        poly[3 * polyN] = cs[3 * k]!; poly[3 * polyN + 1] = cs[3 * k + 1]!; poly[3 * polyN + 2] = cs[3 * k + 2]!;
        polyN++;
      }
      if ((ta > 0) !== (tc > 0)) pushCrossing(k, c);
    }
    // Every point within the radius of the axis line and on the hand's side (lateral as before:
    // the offset's squared length less its squared projection).
    let inside = true;
    for (let q = 0; q < polyN && inside; q++) {
      const dx = poly[3 * q]! - ox, dy = poly[3 * q + 1]! - oy, dz = poly[3 * q + 2]! - oz;
      const tq = dx * ax + dy * ay + dz * az;
      polyT[q] = tq;
      if (Math.sqrt(Math.max(0, dx * dx + dy * dy + dz * dz - tq * tq)) > radius) { inside = false; break; }
      const x = poly[3 * q]!;
      if (!(left ? x > cx : x < cx)) inside = false;
    }
    if (!inside) continue;
    for (let q = 0; q < polyN; q++) length = Math.max(length, polyT[q]!);
    const base = out.length / 3;
    for (let q = 0; q < polyN; q++) out.push(poly[3 * q]!, poly[3 * q + 1]!, poly[3 * q + 2]!);
    for (let k = 1; k + 1 < polyN; k++) tris.push(base, base + k, base + k + 1);
    if (cut1 >= 0) segments.push([[poly[3 * cut0]!, poly[3 * cut0 + 1]!, poly[3 * cut0 + 2]!], [poly[3 * cut1]!, poly[3 * cut1 + 1]!, poly[3 * cut1 + 2]!]]);
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
  const parent = singletons(segments.length);
  const owner = new Map<string, number>();
  segments.forEach((s, i) => {
    for (const q of s) {
      const k = key(q);
      const o = owner.get(k);
      if (o === undefined) owner.set(k, i);
      else unite(parent, o, i);
    }
  });
  const loops = new Map<number, Array<[Vec3, Vec3]>>();
  segments.forEach((s, i) => {
    const r = findRoot(parent, i);
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
