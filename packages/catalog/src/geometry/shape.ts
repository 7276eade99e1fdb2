/**
 * A shape is an indexed triangle set in local coordinates: what every primitive returns and every
 * transform takes. It carries no material and no normals; `MeshBuilder` assigns both when a shape
 * is added, so shapes stay cheap to build, copy and combine.
 */
export interface Shape {
  /** xyz per vertex. */
  positions: number[];
  /** Three vertex indices per triangle, counter-clockwise seen from outside. */
  indices: number[];
}

export type Vec2 = [number, number];
export type Vec3 = [number, number, number];

/** Concatenates shapes into one, renumbering indices. */
export function mergeShapes(...shapes: Shape[]): Shape {
  const positions: number[] = [];
  const indices: number[] = [];
  for (const s of shapes) {
    const base = positions.length / 3;
    for (const p of s.positions) positions.push(p);
    for (const i of s.indices) indices.push(i + base);
  }
  return { positions, indices };
}

/** Axis-aligned bounds of a shape; `min`/`max` are zero for an empty shape. */
export function shapeBounds(shape: Shape): { min: Vec3; max: Vec3 } {
  if (shape.positions.length === 0) return { min: [0, 0, 0], max: [0, 0, 0] };
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < shape.positions.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const v = shape.positions[i + k]!;
      if (v < min[k]!) min[k] = v;
      if (v > max[k]!) max[k] = v;
    }
  }
  return { min, max };
}
