/** Rings for the catalog content (bands, handles, hoops). */
import { lathe } from './lathe';
import type { Shape, Vec2 } from './shape';

/**
 * A ring around the Y axis centred on the origin (from y = −tube to +tube): a lathe of a circle.
 * Barrel hoops, tyres, rings on posts.
 */
export function torus(radius: number, tube: number, segments = 12, tubeSegments = 4): Shape {
  const n = Math.max(3, Math.floor(tubeSegments));
  const profile: Vec2[] = [];
  for (let i = 0; i <= n; i++) {
    // Starts at the bottom and runs outward first, so the outer wall goes upwards (outward faces).
    const a = -Math.PI / 2 + (i / n) * Math.PI * 2;
    profile.push([radius + tube * Math.cos(a), tube * Math.sin(a)]);
  }
  return lathe(profile, segments);
}
