/**
 * Collects named joints in any order and emits a Skeleton whose parents precede their children.
 * Also owns the two finishing rules every fitter shares: mirror-averaging of left/right pairs on
 * symmetric bodies and snapping every joint into the solid.
 */
import type { Skeleton } from '@rigforge/mesh';
import type { ShapeAnalysis } from './shape-analysis';
import type { Vec3 } from './vec3';
import { voxelAt } from './voxel-grid';

interface Node {
  name: string;
  parent: string | null;
  pos: Vec3;
}

export class SkeletonBuilder {
  private readonly nodes = new Map<string, Node>();

  add(name: string, parent: string | null, pos: Vec3): this {
    this.nodes.set(name, { name, parent, pos: [pos[0], pos[1], pos[2]] });
    return this;
  }

  has(name: string): boolean {
    return this.nodes.has(name);
  }

  get(name: string): Vec3 {
    const n = this.nodes.get(name);
    if (!n) throw new Error(`rig: no joint "${name}"`);
    return n.pos;
  }

  names(): string[] {
    return [...this.nodes.keys()];
  }

  /**
   * Mirror-averages joints whose names differ only by left/right about the plane x = cx. Pairs
   * farther than `maxGap` from being mirror images are left alone: a symmetric body in an
   * asymmetric pose (one arm raised) must not get both arms half-raised.
   */
  symmetrize(cx: number, maxGap = Infinity): void {
    for (const node of this.nodes.values()) {
      if (!/(^|_)left(_|$)/.test(node.name)) continue;
      const other = this.nodes.get(node.name.replace(/(^|_)left(_|$)/, '$1right$2'));
      if (!other) continue;
      const gap = Math.hypot(node.pos[0] - cx + (other.pos[0] - cx), node.pos[1] - other.pos[1], node.pos[2] - other.pos[2]);
      if (gap > maxGap) continue;
      const x = (node.pos[0] - cx + (cx - other.pos[0])) / 2;
      const y = (node.pos[1] + other.pos[1]) / 2;
      const z = (node.pos[2] + other.pos[2]) / 2;
      node.pos = [cx + x, y, z];
      other.pos = [cx - x, y, z];
    }
  }

  /** Puts joints on the plane x = cx when they have no side (spine, head, tail). */
  centreUnsided(cx: number): void {
    for (const node of this.nodes.values()) {
      if (!/(^|_)(left|right)(_|$)/.test(node.name)) node.pos = [cx, node.pos[1], node.pos[2]];
    }
  }

  /** Moves every joint outside the solid (or on its one-voxel shell) to the nearest interior voxel. */
  snapInside(shape: ShapeAnalysis): void {
    for (const node of this.nodes.values()) node.pos = snapInside(shape, node.pos);
  }

  build(): Skeleton {
    const order: Node[] = [];
    const placed = new Map<string, number>();
    const children = new Map<string | null, Node[]>();
    for (const n of this.nodes.values()) {
      const p = n.parent !== null && this.nodes.has(n.parent) ? n.parent : null;
      const list = children.get(p) ?? [];
      list.push(n);
      children.set(p, list);
    }
    const queue = [...(children.get(null) ?? [])];
    while (queue.length) {
      const n = queue.shift()!;
      placed.set(n.name, order.length);
      order.push(n);
      queue.push(...(children.get(n.name) ?? []));
    }
    return {
      joints: order.map((n) => ({
        name: n.name,
        parent: n.parent !== null && placed.has(n.parent) ? placed.get(n.parent)! : -1,
        position: [n.pos[0], n.pos[1], n.pos[2]],
      })),
    };
  }
}

/** Nearest point inside the solid: the point itself when its voxel is interior, else a voxel centre. */
export function snapInside(shape: ShapeAnalysis, p: Vec3): Vec3 {
  const { grid, dt } = shape;
  const v = voxelAt(grid, p);
  const interior = (i: number): boolean => i >= 0 && grid.solid[i] === 1 && dt[i]! >= 1.9;
  if (interior(v)) return p;
  // Nearest interior voxel; thin parts may have none deeper than the shell, and there the
  // thickest nearby shell voxel (the tube's middle) is the safest.
  const ix = Math.floor((p[0] - grid.origin[0]) / grid.cell);
  const iy = Math.floor((p[1] - grid.origin[1]) / grid.cell);
  const iz = Math.floor((p[2] - grid.origin[2]) / grid.cell);
  // A joint on the shell of a thin part (a fin, a flipper, an insect's leg: no interior at all)
  // stays on that part: only an interior voxel within two voxels may take it, not the body six
  // voxels away. Joints in the air search farther.
  const onShell = v >= 0 && grid.solid[v] === 1;
  for (const wantInterior of [true, false]) {
    let best = -1, bestScore = Infinity;
    for (let r = 1; r <= (wantInterior && onShell ? 2 : 6) && best < 0; r++) {
      for (let z = iz - r; z <= iz + r; z++)
        for (let y = iy - r; y <= iy + r; y++)
          for (let x = ix - r; x <= ix + r; x++) {
            if (x < 0 || y < 0 || z < 0 || x >= grid.nx || y >= grid.ny || z >= grid.nz) continue;
            const i = x + grid.nx * (y + grid.ny * z);
            if (!grid.solid[i] || (wantInterior && dt[i]! < 1.9)) continue;
            const c = shape.center(i);
            const d = Math.sqrt((c[0] - p[0]) ** 2 + (c[1] - p[1]) ** 2 + (c[2] - p[2]) ** 2) / grid.cell;
            const score = wantInterior ? d : d - 2 * dt[i]!;
            if (score < bestScore) { bestScore = score; best = i; }
          }
    }
    if (best >= 0) return shape.center(best);
  }
  if (v >= 0 && grid.solid[v]) return p;
  // Far from everything (a fallback template joint): the nearest solid voxel anywhere.
  let best = -1, bestD = Infinity;
  for (let i = 0; i < grid.solid.length; i++) {
    if (!grid.solid[i]) continue;
    const c = shape.center(i);
    const d = (c[0] - p[0]) ** 2 + (c[1] - p[1]) ** 2 + (c[2] - p[2]) ** 2;
    if (d < bestD) { bestD = d; best = i; }
  }
  return best >= 0 ? shape.center(best) : p;
}
