/** Collects placed shapes and materials into one mesh, so each asset is a list of parts. */
import { withDefaults, type Mesh, type MeshGroup } from '@rigforge/mesh';
import type { Shape } from './shape';
import { toMeshMaterial, type MaterialSpec } from './material-spec';

export interface MeshBuildOptions {
  /** Move the result so its lowest point is y = 0 and its bounds are centred on x and z. Default true. */
  ground?: boolean;
}

export const MESH_BUILD_DEFAULTS: Required<MeshBuildOptions> = { ground: true };

/** Triangles with less area than this (m²) are dropped: lathe poles, collapsed quads. */
const MIN_AREA2 = 1e-12;

/**
 * Collects shapes with materials and merges them into one `Mesh`.
 *
 * Flat shading: every triangle gets its own three vertices carrying the face normal. The low-poly
 * look wants hard facets, and glTF has no "flat" switch; the alternative (welded vertices and
 * normals computed by the viewer) would smooth a 6-sided barrel into a blurry blob. The cost is
 * ~3 vertices per triangle, a few kB per asset at these triangle counts.
 *
 * Triangles are grouped by material in order of first use, one group per material.
 */
export class MeshBuilder {
  private readonly materials: MaterialSpec[] = [];
  private readonly parts: Map<string, Shape[]> = new Map();

  /** Adds a shape drawn with `material`; materials are matched by name. */
  add(shape: Shape, material: MaterialSpec): this {
    const known = this.materials.find((m) => m.name === material.name);
    if (!known) {
      this.materials.push(material);
      this.parts.set(material.name, []);
    } else if (known.color !== material.color || known.metallic !== material.metallic || known.roughness !== material.roughness) {
      throw new Error(`catalog: material "${material.name}" added twice with different settings`);
    }
    this.parts.get(material.name)!.push(shape);
    return this;
  }

  build(options: MeshBuildOptions = {}): Mesh {
    const { ground } = withDefaults(MESH_BUILD_DEFAULTS, options);
    const pos: number[] = [];
    const nrm: number[] = [];
    const groups: MeshGroup[] = [];
    const usedMaterials: MaterialSpec[] = [];
    for (const mat of this.materials) {
      const start = pos.length / 3;
      for (const shape of this.parts.get(mat.name)!) {
        const p = shape.positions;
        const ix = shape.indices;
        for (let t = 0; t + 2 < ix.length; t += 3) {
          const a = ix[t]! * 3;
          const b = ix[t + 1]! * 3;
          const c = ix[t + 2]! * 3;
          const ux = p[b]! - p[a]!, uy = p[b + 1]! - p[a + 1]!, uz = p[b + 2]! - p[a + 2]!;
          const vx = p[c]! - p[a]!, vy = p[c + 1]! - p[a + 1]!, vz = p[c + 2]! - p[a + 2]!;
          const nx = uy * vz - uz * vy;
          const ny = uz * vx - ux * vz;
          const nz = ux * vy - uy * vx;
          const len = Math.hypot(nx, ny, nz);
          if (!(len * len > MIN_AREA2 * 4)) continue;
          for (const v of [a, b, c]) {
            pos.push(p[v]!, p[v + 1]!, p[v + 2]!);
            nrm.push(nx / len, ny / len, nz / len);
          }
        }
      }
      const count = pos.length / 3 - start;
      if (count > 0) {
        groups.push({ materialIndex: usedMaterials.length, start, count });
        usedMaterials.push(mat);
      }
    }
    const positions = new Float32Array(pos);
    if (ground && positions.length > 0) {
      const min = [Infinity, Infinity, Infinity];
      const max = [-Infinity, -Infinity, -Infinity];
      for (let i = 0; i < positions.length; i += 3) {
        for (let k = 0; k < 3; k++) {
          min[k] = Math.min(min[k]!, positions[i + k]!);
          max[k] = Math.max(max[k]!, positions[i + k]!);
        }
      }
      const off = [-(min[0]! + max[0]!) / 2, -min[1]!, -(min[2]! + max[2]!) / 2];
      for (let i = 0; i < positions.length; i += 3) {
        for (let k = 0; k < 3; k++) positions[i + k] = positions[i + k]! + off[k]!;
      }
    }
    const indices = new Uint32Array(positions.length / 3);
    for (let i = 0; i < indices.length; i++) indices[i] = i;
    return {
      positions,
      normals: new Float32Array(nrm),
      indices,
      groups,
      materials: usedMaterials.map(toMeshMaterial),
    };
  }
}
