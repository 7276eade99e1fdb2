/** Moving, turning and scaling shapes without mutating them, so one shape can be placed many times. */
import type { Shape, Vec3 } from './shape';

/**
 * Placement of shapes: every function returns a new shape and leaves its input untouched, so one
 * template (a plank, a leg) can be placed many times.
 */

function mapPoints(shape: Shape, f: (x: number, y: number, z: number) => Vec3): Shape {
  const positions = new Array<number>(shape.positions.length);
  for (let i = 0; i < shape.positions.length; i += 3) {
    const [x, y, z] = f(shape.positions[i]!, shape.positions[i + 1]!, shape.positions[i + 2]!);
    positions[i] = x;
    positions[i + 1] = y;
    positions[i + 2] = z;
  }
  return { positions, indices: shape.indices.slice() };
}

/** Moves a shape by an offset. */
export function translate(shape: Shape, x: number, y: number, z: number): Shape {
  return mapPoints(shape, (px, py, pz) => [px + x, py + y, pz + z]);
}

/**
 * Scales a shape about the origin. A mirroring scale (odd number of negative factors) also flips
 * the winding, so the faces keep pointing outwards.
 */
export function scale(shape: Shape, sx: number, sy: number = sx, sz: number = sx): Shape {
  const out = mapPoints(shape, (x, y, z) => [x * sx, y * sy, z * sz]);
  if (sx * sy * sz < 0) {
    for (let i = 0; i < out.indices.length; i += 3) {
      const b = out.indices[i + 1]!;
      out.indices[i + 1] = out.indices[i + 2]!;
      out.indices[i + 2] = b;
    }
  }
  return out;
}

/** Rotates a shape about the X axis (right-handed, radians). */
export function rotateX(shape: Shape, angle: number): Shape {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return mapPoints(shape, (x, y, z) => [x, y * c - z * s, y * s + z * c]);
}

/** Rotates a shape about the Y (up) axis (right-handed, radians). */
export function rotateY(shape: Shape, angle: number): Shape {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return mapPoints(shape, (x, y, z) => [x * c + z * s, y, -x * s + z * c]);
}

/** Rotates a shape about the Z axis (right-handed, radians). */
export function rotateZ(shape: Shape, angle: number): Shape {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return mapPoints(shape, (x, y, z) => [x * c - y * s, x * s + y * c, z]);
}

/** Moves each vertex by a function of its position (noise, bending, tapering). */
export function displace(shape: Shape, f: (p: Vec3, index: number) => Vec3): Shape {
  let n = 0;
  return mapPoints(shape, (x, y, z) => f([x, y, z], n++));
}

/** Places a shape: scale, then rotate about X, Y, Z in that order, then translate. */
export function place(
  shape: Shape,
  at: Vec3,
  options: { rotate?: Vec3; scale?: Vec3 } = {},
): Shape {
  let s = shape;
  if (options.scale) s = scale(s, options.scale[0], options.scale[1], options.scale[2]);
  if (options.rotate) {
    if (options.rotate[0]) s = rotateX(s, options.rotate[0]);
    if (options.rotate[1]) s = rotateY(s, options.rotate[1]);
    if (options.rotate[2]) s = rotateZ(s, options.rotate[2]);
  }
  return translate(s, at[0], at[1], at[2]);
}
