/** Extruded outlines (with holes) for the catalog content: signs, arches, panels. */
import { withDefaults } from '@rigforge/mesh';
import earcut from 'earcut';
import type { Shape, Vec2 } from './shape';

export interface ExtrudeOptions {
  /** Inner outlines cut through the prism (windows, arches, letter counters). Default none. */
  holes?: Vec2[][];
}

export const EXTRUDE_DEFAULTS: Required<ExtrudeOptions> = { holes: [] };

/**
 * A prism: a polygon in the XY plane (y up, as drawn) pushed `depth` along Z, centred on z = 0.
 * Outline and holes may be given in either winding; they are normalised (outline
 * counter-clockwise, holes clockwise) so side walls face out of the solid. Caps are triangulated
 * with earcut, which handles concave outlines and holes; ear clipping of our own would need hole
 * bridging and is where hand-written triangulators usually break.
 */
export function extrude(outline: Vec2[], depth: number, options: ExtrudeOptions = {}): Shape {
  const holes = withDefaults(EXTRUDE_DEFAULTS, options).holes.map((h) => (area(h) > 0 ? h.slice().reverse() : h));
  const outer = area(outline) < 0 ? outline.slice().reverse() : outline;
  const rings = [outer, ...holes];
  const flat: number[] = [];
  const holeIndices: number[] = [];
  for (const [i, ring] of rings.entries()) {
    if (i > 0) holeIndices.push(flat.length / 2);
    for (const [x, y] of ring) flat.push(x, y);
  }
  const tris = earcut(flat, holeIndices, 2);
  const n = flat.length / 2;
  const hz = depth / 2;
  const positions: number[] = [];
  const indices: number[] = [];
  for (let i = 0; i < n; i++) positions.push(flat[i * 2]!, flat[i * 2 + 1]!, hz);
  for (let i = 0; i < n; i++) positions.push(flat[i * 2]!, flat[i * 2 + 1]!, -hz);
  for (let t = 0; t < tris.length; t += 3) {
    let a = tris[t]!;
    let b = tris[t + 1]!;
    const c = tris[t + 2]!;
    const cr = (flat[b * 2]! - flat[a * 2]!) * (flat[c * 2 + 1]! - flat[a * 2 + 1]!) -
      (flat[b * 2 + 1]! - flat[a * 2 + 1]!) * (flat[c * 2]! - flat[a * 2]!);
    if (cr < 0) [a, b] = [b, a];
    indices.push(a, b, c); // front (+z) counter-clockwise
    indices.push(c + n, b + n, a + n); // back (−z)
  }
  let start = 0;
  for (const ring of rings) {
    for (let k = 0; k < ring.length; k++) {
      const i0 = start + k;
      const i1 = start + ((k + 1) % ring.length);
      // With the outline CCW and holes CW, the solid is on the left of each edge: the wall
      // front0 → back0 → back1 faces right, i.e. out of the solid.
      indices.push(i0, i0 + n, i1 + n, i0, i1 + n, i1);
    }
    start += ring.length;
  }
  return { positions, indices };
}

/** Signed area of a polygon; positive when counter-clockwise. */
function area(ring: Vec2[]): number {
  let s = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x0, y0] = ring[i]!;
    const [x1, y1] = ring[(i + 1) % ring.length]!;
    s += x0 * y1 - x1 * y0;
  }
  return s / 2;
}
