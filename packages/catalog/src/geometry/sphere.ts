/** UV spheres for the catalog content. */
import { lathe } from './lathe';
import type { Shape, Vec2 } from './shape';

/**
 * A UV sphere centred on the origin: a lathe of a half circle, so poles come out as fans.
 * `rings` is the number of latitude bands (≥ 2), `segments` the number of longitudes.
 */
export function sphere(radius: number, segments = 8, rings = 6): Shape {
  const n = Math.max(2, Math.floor(rings));
  const profile: Vec2[] = [];
  for (let i = 0; i <= n; i++) {
    const phi = -Math.PI / 2 + (i / n) * Math.PI;
    profile.push([i === 0 || i === n ? 0 : radius * Math.cos(phi), radius * Math.sin(phi)]);
  }
  return lathe(profile, segments);
}
