/** Surfaces of revolution, the base of the round catalog shapes. */
import { withDefaults } from '@rigforge/mesh';
import type { Shape, Vec2 } from './shape';

export interface LatheOptions {
  /** Angle of the first segment, radians; π/segments turns a 4-sided lathe into an axis-aligned square. Default 0. */
  phase?: number;
}

export const LATHE_DEFAULTS: Required<LatheOptions> = { phase: 0 };

/**
 * Revolves a profile of `[radius, y]` points about the Y axis. The profile runs bottom to top
 * (outward faces then point away from the axis); points on the axis (radius 0) make the caps,
 * so `[[0,0],[r,0],[r,h],[0,h]]` is a closed cylinder. The zero-area triangles that meet at the
 * axis are left in: `MeshBuilder` drops degenerate triangles for every shape in one place.
 * Cylinders, cones, spheres and tori are all lathes.
 */
export function lathe(profile: Vec2[], segments: number, options: LatheOptions = {}): Shape {
  const { phase } = withDefaults(LATHE_DEFAULTS, options);
  const seg = Math.max(3, Math.floor(segments));
  const positions: number[] = [];
  const indices: number[] = [];
  for (const [r, y] of profile) {
    for (let j = 0; j < seg; j++) {
      // Angle runs so that (d profile) × (d angle) points outwards.
      const a = phase + (j / seg) * Math.PI * 2;
      positions.push(r * Math.cos(a), y, r * Math.sin(a));
    }
  }
  for (let i = 0; i + 1 < profile.length; i++) {
    for (let j = 0; j < seg; j++) {
      const a = i * seg + j;
      const b = (i + 1) * seg + j;
      const c = i * seg + ((j + 1) % seg);
      const d = (i + 1) * seg + ((j + 1) % seg);
      indices.push(a, b, c, b, d, c);
    }
  }
  return { positions, indices };
}
