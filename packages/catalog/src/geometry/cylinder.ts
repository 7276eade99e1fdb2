/** Cylinders and cones for the catalog content. */
import { withDefaults } from '@rigforge/mesh';
import { lathe } from './lathe';
import type { Shape } from './shape';

export interface CylinderOptions {
  /** Radius at the top; default = bottom radius. 0 makes a cone. */
  radiusTop?: number;
  /** Sides around the axis. Default 8 (low-poly). */
  segments?: number;
  /** Close the ends. Default true. */
  capped?: boolean;
  /** Rotation of the first side, radians. Default 0. */
  phase?: number;
}

export const CYLINDER_DEFAULTS: Required<Omit<CylinderOptions, 'radiusTop'>> = {
  segments: 8,
  capped: true,
  phase: 0,
};

/** A cylinder or frustum standing on y = 0, centred on the Y axis. */
export function cylinder(radius: number, height: number, options: CylinderOptions = {}): Shape {
  // radiusTop defaults to the call's own radius, so it is not in CYLINDER_DEFAULTS.
  const rt = options.radiusTop ?? radius;
  const { segments, capped, phase } = withDefaults(CYLINDER_DEFAULTS, options);
  const profile: [number, number][] = capped
    ? [[0, 0], [radius, 0], [rt, height], [0, height]]
    : [[radius, 0], [rt, height]];
  return lathe(profile, segments, { phase });
}

/** A cone standing on y = 0 with its apex at `height`. */
export function cone(radius: number, height: number, options: Omit<CylinderOptions, 'radiusTop'> = {}): Shape {
  return cylinder(radius, height, { ...options, radiusTop: 0 });
}

/** A frustum (truncated cone) standing on y = 0. */
export function frustum(
  radiusBottom: number,
  radiusTop: number,
  height: number,
  options: Omit<CylinderOptions, 'radiusTop'> = {},
): Shape {
  return cylinder(radiusBottom, height, { ...options, radiusTop });
}
