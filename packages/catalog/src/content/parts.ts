/** Part helpers the content files share, so each asset file describes shapes, not arithmetic. */
import { box } from '../geometry/box';
import { cylinder } from '../geometry/cylinder';
import type { Shape, Vec3 } from '../geometry/shape';
import { rotateY, rotateZ, translate } from '../geometry/transforms';

/** Small part helpers shared by the content files: placed boxes, rods and planks between points. */

/** A box centred on a point (primitives otherwise stand on y = 0). */
export function boxAt(w: number, h: number, d: number, at: Vec3, bevel = 0): Shape {
  return translate(box(w, h, d, { bevel }), at[0], at[1] - h / 2, at[2]);
}

/** Turns a shape built along +Y (from y = 0 to `length`) so it runs from `from` to `to`. */
export function alongSegment(shape: Shape, from: Vec3, to: Vec3): Shape {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const dz = to[2] - from[2];
  const len = Math.hypot(dx, dy, dz);
  const tilt = Math.acos(Math.max(-1, Math.min(1, dy / len)));
  const azimuth = Math.atan2(dz, dx);
  return translate(rotateY(rotateZ(shape, -tilt), -azimuth), from[0], from[1], from[2]);
}

/** A round rod (leg, handle, branch) from one point to another. */
export function rod(from: Vec3, to: Vec3, radius: number, segments = 6, radiusTop = radius): Shape {
  const len = Math.hypot(to[0] - from[0], to[1] - from[1], to[2] - from[2]);
  return alongSegment(cylinder(radius, len, { segments, radiusTop }), from, to);
}

/** A square-section beam from one point to another. */
export function beam(from: Vec3, to: Vec3, width: number, depth = width): Shape {
  const len = Math.hypot(to[0] - from[0], to[1] - from[1], to[2] - from[2]);
  return alongSegment(translate(box(width, len, depth), 0, 0, 0), from, to);
}
