/**
 * A solid voxelisation of a triangle mesh.
 *
 * Approaches considered: ray parity per column (exact for one watertight shell, but wrong where
 * parts overlap — armour over a body, a union of primitives — because parity flips twice) and
 * surface rasterisation plus a flood fill of the outside. We use the latter: triangles are
 * sampled at under half a cell, the outside is flood-filled (6-connected) from the padded border,
 * and everything the outside does not reach is solid; small holes are closed morphologically. Overlapping and self-intersecting parts
 * come out as one solid; an open mesh degrades to its (still connected) shell.
 *
 * The grid is centred on the mesh's bounding box so that a mesh symmetric about its box centre
 * gives a voxel grid symmetric under x -> nx-1-x.
 *
 * Skinning keeps its own rasteriser (`skinning/skin-voxel-grid.ts`: exact triangle/box overlap,
 * surface and interior states, 128 cells) and shares only the flood fill (`../voxel/flood-outside`);
 * why two is written at the top of that file.
 */
import { withDefaults, type Mesh } from '@rigforge/mesh';
import { floodOutside } from '../voxel/flood-outside';
import { voxelizeSolidWasm } from './wasm/voxelize-mesh-wasm';

export interface VoxelGrid {
  nx: number;
  ny: number;
  nz: number;
  /** World position of the corner of voxel (0,0,0). */
  origin: [number, number, number];
  /** Edge length of one voxel, in mesh units. */
  cell: number;
  /** 1 = solid (surface or interior), 0 = outside. Index = x + nx*(y + ny*z). */
  solid: Uint8Array;
  /** Bounding box of the referenced, non-degenerate geometry. */
  min: [number, number, number];
  max: [number, number, number];
}

export interface VoxelizeMeshOptions {
  /** Voxels along the longest bounding-box axis. */
  resolution?: number;
  /**
   * Close holes up to about two voxels (see below). A closed mesh can skip it to keep gaps of a
   * few voxels open (between fingers).
   */
  closeHoles?: boolean;
  /**
   * WebAssembly (`wasm/voxelize-mesh.wat`: the same cells, faster) or this file's JavaScript (its
   * reference, and the fallback where WebAssembly is missing).
   */
  kernel?: 'js' | 'wasm';
}

export const VOXELIZE_MESH_DEFAULTS: Required<VoxelizeMeshOptions> = { resolution: 80, closeHoles: true, kernel: 'wasm' };

const PAD = 2;

/**
 * The triangles a voxelisation rasterises (referenced, distinct corners, finite, not collinear)
 * and their bounding box: the same at every resolution, so a caller that voxelises one mesh at
 * several resolutions (a budget's probe, then the grid) reads them once.
 */
export interface VoxelTriangles {
  /** 1 per triangle that carries surface. */
  triOk: Uint8Array;
  min: [number, number, number];
  max: [number, number, number];
  /**
   * Triangles whose zero-area test fell within a relative 1e-9 of its bar, kept or not (absent:
   * not counted). A copy of the mesh turned by a signed permutation computes the same squared
   * components in another order, which can move the test's sums by a few ulps only, so where this
   * is 0 the turned copy keeps the same triangles (fit/turned-voxel-triangles.ts).
   */
  nearBar?: number;
}

/**
 * The mesh's `VoxelTriangles`. Each triangle's corners are read once into locals and the box kept
 * in six locals: the same tests and the same comparisons in the same order (per axis, corners a,
 * b, c, triangle by triangle) as a loop over the corners' three axes, so the same triangles and box
 * bit for bit (test/voxel-triangles.test.ts keeps that loop as its reference). A 60k-triangle
 * human's legs gate reads this once per up axis it stands the model on.
 */
export function voxelTriangles(mesh: Mesh): VoxelTriangles {
  // The loops run on the arrays alone (a thin reader of the mesh object: see fit/hand-region.ts's handRegion).
  return voxelTrianglesOf(mesh.positions, mesh.indices);
}

function voxelTrianglesOf(p: Float32Array, idx: Uint32Array): VoxelTriangles {
  let minX = Infinity, minY = Infinity, minZ = Infinity;
  let maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  const vertexCount = p.length / 3;
  const triOk = new Uint8Array(idx.length / 3);
  // Every coordinate finite (the usual case) answers each triangle's finiteness at once. Its own
  // function: its loop, optimised on the stack inside this one before the triangle loop below had
  // type feedback, was thrown away on reaching that loop, which then ran in the interpreter (18
  // times in one pass over the dev set).
  const allFinite = allCoordinatesFinite(p);
  let nearBar = 0;
  for (let t = 0, tri = 0; t < idx.length; t += 3, tri++) {
    const a = idx[t]!, b = idx[t + 1]!, c = idx[t + 2]!;
    if (a >= vertexCount || b >= vertexCount || c >= vertexCount) continue;
    if (a === b || b === c || a === c) continue;
    const a3 = a * 3, b3 = b * 3, c3 = c * 3;
    const ax = p[a3]!, ay = p[a3 + 1]!, az = p[a3 + 2]!;
    const bx = p[b3]!, by = p[b3 + 1]!, bz = p[b3 + 2]!;
    const qx = p[c3]!, qy = p[c3 + 1]!, qz = p[c3 + 2]!;
    if (!allFinite && !(Number.isFinite(ax) && Number.isFinite(ay) && Number.isFinite(az) && Number.isFinite(bx) && Number.isFinite(by)
      && Number.isFinite(bz) && Number.isFinite(qx) && Number.isFinite(qy) && Number.isFinite(qz))) continue;
    // Zero-area (collinear) triangles carry no surface.
    const ux = bx - ax, uy = by - ay, uz = bz - az;
    const vx = qx - ax, vy = qy - ay, vz = qz - az;
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const scale = Math.max(ux * ux + uy * uy + uz * uz, vx * vx + vy * vy + vz * vz);
    const area2 = nx * nx + ny * ny + nz * nz, bar = 1e-14 * scale * scale;
    if (Math.abs(area2 - bar) <= 1e-9 * bar) nearBar++;
    if (area2 <= bar) continue;
    triOk[tri] = 1;
    if (ax < minX) minX = ax;
    if (ax > maxX) maxX = ax;
    if (ay < minY) minY = ay;
    if (ay > maxY) maxY = ay;
    if (az < minZ) minZ = az;
    if (az > maxZ) maxZ = az;
    if (bx < minX) minX = bx;
    if (bx > maxX) maxX = bx;
    if (by < minY) minY = by;
    if (by > maxY) maxY = by;
    if (bz < minZ) minZ = bz;
    if (bz > maxZ) maxZ = bz;
    if (qx < minX) minX = qx;
    if (qx > maxX) maxX = qx;
    if (qy < minY) minY = qy;
    if (qy > maxY) maxY = qy;
    if (qz < minZ) minZ = qz;
    if (qz > maxZ) maxZ = qz;
  }
  return { triOk, min: [minX, minY, minZ], max: [maxX, maxY, maxZ], nearBar };
}

function allCoordinatesFinite(p: Float32Array): boolean {
  for (let i = 0; i < p.length; i++) if (!Number.isFinite(p[i]!)) return false;
  return true;
}

/** Where {@link voxelizeMesh} puts the grid of a box: the cell's side, cells per axis, the origin. */
function voxelGridFrame(min: readonly number[], max: readonly number[], resolution: number): { cell: number; dims: [number, number, number]; origin: [number, number, number] } {
  const extent = Math.max(max[0]! - min[0]!, max[1]! - min[1]!, max[2]! - min[2]!, 1e-12);
  const cell = extent / resolution;
  const dims: number[] = [];
  const origin: [number, number, number] = [0, 0, 0];
  for (let k = 0; k < 3; k++) {
    const n = Math.ceil((max[k]! - min[k]!) / cell) + 1 + 2 * PAD;
    dims.push(n);
    origin[k] = (min[k]! + max[k]!) / 2 - (n * cell) / 2;
  }
  return { cell, dims: dims as [number, number, number], origin };
}

/**
 * Cells of the grid {@link voxelizeMesh} would make at `resolution` (an upper bound of its solid
 * voxels), without voxelising.
 */
export function voxelGridCells(triangles: VoxelTriangles, resolution: number): number {
  if (!Number.isFinite(triangles.min[0])) return 1;
  const [nx, ny, nz] = voxelGridFrame(triangles.min, triangles.max, resolution).dims;
  return nx * ny * nz;
}

/**
 * Rasterises the mesh's triangles and fills its interior; throws nothing for empty input.
 * `triangles`: the mesh's `voxelTriangles`, when the caller has them.
 */
export function voxelizeMesh(mesh: Mesh, options: VoxelizeMeshOptions = {}, triangles: VoxelTriangles = voxelTriangles(mesh)): VoxelGrid {
  const { resolution, closeHoles, kernel } = withDefaults(VOXELIZE_MESH_DEFAULTS, options);
  const p = mesh.positions;
  const idx = mesh.indices;
  const { triOk } = triangles;
  // Copies: the grid owns its box (callers keep and spread it).
  const min: [number, number, number] = [...triangles.min];
  const max: [number, number, number] = [...triangles.max];
  if (!Number.isFinite(min[0])) {
    return { nx: 1, ny: 1, nz: 1, origin: [0, 0, 0], cell: 1, solid: new Uint8Array(1), min: [0, 0, 0], max: [0, 0, 0] };
  }
  const { cell, dims, origin } = voxelGridFrame(min, max, resolution);
  const [nx, ny, nz] = dims;
  const inv = 1 / cell;
  if (kernel === 'wasm') {
    const solid = voxelizeSolidWasm({ positions: p, indices: idx, triOk, dims, origin, inv, closeHoles });
    if (solid) return { nx, ny, nz, origin, cell, solid, min, max };
  }
  const nxy = nx * ny;
  const surface = new Uint8Array(nx * ny * nz);
  const ox = origin[0], oy = origin[1], oz = origin[2];
  const mark = (x: number, y: number, z: number): void => {
    const i = Math.floor((x - ox) * inv), j = Math.floor((y - oy) * inv), k = Math.floor((z - oz) * inv);
    surface[i + nx * j + nxy * k] = 1;
  };
  for (let t = 0; t < triOk.length; t++) {
    if (!triOk[t]) continue;
    const a = idx[t * 3]! * 3, b = idx[t * 3 + 1]! * 3, c = idx[t * 3 + 2]! * 3;
    const ax = p[a]!, ay = p[a + 1]!, az = p[a + 2]!;
    const ux = p[b]! - ax, uy = p[b + 1]! - ay, uz = p[b + 2]! - az;
    const vx = p[c]! - ax, vy = p[c + 1]! - ay, vz = p[c + 2]! - az;
    const longest = Math.sqrt(Math.max(ux * ux + uy * uy + uz * uz, vx * vx + vy * vy + vz * vz,
      (ux - vx) ** 2 + (uy - vy) ** 2 + (uz - vz) ** 2));
    const n = Math.max(1, Math.ceil((longest * inv) / 0.45));
    if (n === 1) {
      mark(ax, ay, az);
      mark(ax + ux, ay + uy, az + uz);
      mark(ax + vx, ay + vy, az + vz);
      mark(ax + (ux + vx) / 3, ay + (uy + vy) / 3, az + (uz + vz) / 3);
      continue;
    }
    for (let i = 0; i <= n; i++) {
      // a + u·s is the left operand of each sample's sum, so it is taken out of the row's loop
      // (the same doubles).
      const s = i / n;
      const bx = ax + ux * s, by = ay + uy * s, bz = az + uz * s;
      for (let j = 0; i + j <= n; j++) {
        const r = j / n;
        mark(bx + vx * r, by + vy * r, bz + vz * r);
      }
    }
  }
  // Real assets are rarely closed (eye sockets, neck and sleeve openings, seams). Holes up to
  // about two voxels are closed by flooding against a shell thickened by one voxel, then peeling
  // that extra layer off the solid again (a morphological closing).
  // The 3×3×3 element's index offsets, once. Samples lie in the mesh's box, which the padding
  // keeps at least two cells off the grid's border, so a surface voxel's neighbours are in range
  // (the inner layers' scan this replaces met every surface voxel).
  const element = new Int32Array(27);
  for (let dz = -1, e = 0; dz <= 1; dz++) for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) element[e++] = dx + nx * dy + nxy * dz;
  const cells = nx * ny * nz;
  const thick = new Uint8Array(surface);
  if (closeHoles) {
    for (let i = 0; i < cells; i++) {
      if (!surface[i]) continue;
      for (let e = 0; e < 27; e++) thick[i + element[e]!] = 1;
    }
  }
  const outside = floodOutside(thick, nx, ny, nz);
  const solid = new Uint8Array(cells);
  for (let i = 0; i < cells; i++) solid[i] = outside[i]! ^ 1;
  // Erode with the same 3×3×3 element, sparing the rasterised surface itself (a voxel of the
  // thickened shell, so within one voxel of the surface: its neighbours are in range).
  for (let i = 0; i < cells; i++) {
    if (!solid[i] || surface[i] || !thick[i]) continue;
    for (let e = 0; e < 27; e++) if (outside[i + element[e]!]) { solid[i] = 0; break; }
  }
  return { nx, ny, nz, origin, cell, solid, min, max };
}

/** World position of a voxel's centre. */
export function voxelCenter(grid: VoxelGrid, i: number): [number, number, number] {
  const x = i % grid.nx;
  const y = Math.floor(i / grid.nx) % grid.ny;
  const z = Math.floor(i / (grid.nx * grid.ny));
  return [
    grid.origin[0] + (x + 0.5) * grid.cell,
    grid.origin[1] + (y + 0.5) * grid.cell,
    grid.origin[2] + (z + 0.5) * grid.cell,
  ];
}

/** Index of the voxel containing a world point, or -1 outside the grid. */
export function voxelAt(grid: VoxelGrid, p: readonly number[]): number {
  const x = Math.floor((p[0]! - grid.origin[0]) / grid.cell);
  const y = Math.floor((p[1]! - grid.origin[1]) / grid.cell);
  const z = Math.floor((p[2]! - grid.origin[2]) / grid.cell);
  if (x < 0 || y < 0 || z < 0 || x >= grid.nx || y >= grid.ny || z >= grid.nz) return -1;
  return x + grid.nx * (y + grid.ny * z);
}
