/**
 * The skinning voxel grid of a triangle mesh: surface cells by exact triangle/box overlap (the
 * separating-axis test, so a closed surface is watertight in the grid and the flood fill cannot
 * leak), interior cells as everything the outside flood fill (6-connected, from the padded
 * border; shared with fitting in `../voxel/flood-outside`) cannot reach. Open meshes leak and stay
 * a shell of surface cells, which still carries geodesic distances along the surface; cavities
 * enclosed by clothing shells fill solid, which is what joins a jacket to the body under it.
 *
 * Why a second grid next to fitting's `fit/voxel-grid.ts` (they share the flood fill): the two
 * need different grids, and each engine's dev-set scores are tuned to its own.
 * - Skinning needs surface and interior told apart (SURFACE/INTERIOR states), every vertex inside
 *   a marked cell, vertex positions in grid units, and a watertight exact overlap at 128 cells
 *   so the geodesic Dijkstra never jumps a thin gap; the origin sits at the box minimum.
 * - Fitting needs a binary solid whose grid is centred on the bounding box (so a mirror-symmetric
 *   mesh gives a grid symmetric under x -> nx-1-x, which symmetrisation relies on), triangles
 *   sampled at under half a cell at 80 cells, and a morphological closing of small holes.
 * Replacing either rasteriser with the other would move the fitted joints or the weights that the
 * dev-set scores were tuned on, so they stay two, named apart, over one shared flood fill.
 *
 * Everything runs in grid units (the cell is 1), so the scale of the input never matters.
 */
import { withDefaults } from '@rigforge/mesh';
import { floodOutside } from '../voxel/flood-outside';
import { surfaceCellsWasm } from './wasm/skin-voxel-grid-wasm';

/** Options of {@link voxelizeSkinGrid}. */
export interface SkinVoxelGridOptions {
  /** Cells along the longest side of the bounding box. Default 128. */
  resolution?: number;
  /** Empty cells around the box, so the outside is connected and neighbours never wrap. Default 2. */
  padding?: number;
  /**
   * `wasm` (default) marks the triangles' surface cells in WebAssembly (wasm/skin-voxel-grid.wat,
   * the same cells bit for bit, faster), `js` with the loop below (the reference it is tested
   * against; also the fallback where WebAssembly is missing).
   */
  kernel?: 'js' | 'wasm';
}

export const SKIN_VOXEL_GRID_DEFAULTS: Required<SkinVoxelGridOptions> = { resolution: 128, padding: 2, kernel: 'wasm' };

export const EMPTY = 0;
export const SURFACE = 1;
export const INTERIOR = 2;

/** A regular grid; cell (i,j,k) spans origin + cell·[i,i+1)×[j,j+1)×[k,k+1). */
export interface SkinVoxelGrid {
  nx: number;
  ny: number;
  nz: number;
  origin: [number, number, number];
  /** Edge length of a cell in mesh units. */
  cell: number;
  /** EMPTY, SURFACE or INTERIOR per cell, index i + nx·(j + ny·k). */
  state: Uint8Array;
  /** Vertex positions in grid units. */
  gridPositions: Float32Array;
}

/** Where {@link voxelizeSkinGrid} puts its grid: cells per axis, the origin and the cell's side. */
export interface SkinGridFrame { dims: [number, number, number]; origin: [number, number, number]; cell: number }

/** The grid {@link voxelizeSkinGrid} would voxelise into, without voxelising (its cells bound its solid cells). */
export function skinGridFrame(positions: Float32Array, options: SkinVoxelGridOptions = {}): SkinGridFrame {
  const o = withDefaults(SKIN_VOXEL_GRID_DEFAULTS, options);
  const resolution = Math.max(4, Math.round(o.resolution));
  const pad = Math.max(1, Math.round(o.padding));
  const n = positions.length / 3;
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < n; i++) {
    for (let a = 0; a < 3; a++) {
      const v = positions[3 * i + a]!;
      if (v < min[a]!) min[a] = v;
      if (v > max[a]!) max[a] = v;
    }
  }
  const extent = [max[0]! - min[0]!, max[1]! - min[1]!, max[2]! - min[2]!];
  const longest = Math.max(extent[0]!, extent[1]!, extent[2]!);
  const cell = longest > 0 ? longest / resolution : 1;
  const dims = extent.map((e) => Math.max(1, Math.ceil(e / cell)) + 2 * pad + 1) as [number, number, number];
  const origin: [number, number, number] = [min[0]! - pad * cell, min[1]! - pad * cell, min[2]! - pad * cell];
  return { dims, origin, cell };
}

/** Voxelise a triangle mesh into surface and interior cells, for skinning. */
export function voxelizeSkinGrid(
  positions: Float32Array,
  indices: Uint32Array,
  options: SkinVoxelGridOptions = {},
): SkinVoxelGrid {
  const { dims, origin, cell } = skinGridFrame(positions, options);
  const [nx, ny, nz] = dims;
  const n = positions.length / 3;
  const state = new Uint8Array(nx * ny * nz);
  const g = new Float32Array(3 * n);
  for (let i = 0; i < n; i++) {
    g[3 * i] = (positions[3 * i]! - origin[0]) / cell;
    g[3 * i + 1] = (positions[3 * i + 1]! - origin[1]) / cell;
    g[3 * i + 2] = (positions[3 * i + 2]! - origin[2]) / cell;
    // Mark vertex cells directly so every vertex sits in a solid cell whatever rounding does.
    state[Math.floor(g[3 * i]!) + nx * (Math.floor(g[3 * i + 1]!) + ny * Math.floor(g[3 * i + 2]!))] = SURFACE;
  }
  const nxy = nx * ny;
  if (!(withDefaults(SKIN_VOXEL_GRID_DEFAULTS, options).kernel === 'wasm' && surfaceCellsWasm(g, indices, state, nx, nxy))) surfaceCells(g, indices, state, nx, nxy);
  fillInterior(state, nx, ny, nz);
  return { nx, ny, nz, origin, cell, state, gridPositions: g };
}

/**
 * Marks SURFACE every EMPTY cell of `state` (nx × ny × nz, nxy = nx·ny) that a triangle of
 * `indices` over the grid positions `g` overlaps (exact triangle/box separating-axis test): the
 * reference of wasm/skin-voxel-grid.wat.
 */
function surfaceCells(g: Float32Array, indices: Uint32Array, state: Uint8Array, nx: number, nxy: number): void {
  for (let t = 0; t < indices.length; t += 3) {
    const ia = 3 * indices[t]!, ib = 3 * indices[t + 1]!, ic = 3 * indices[t + 2]!;
    const ax = g[ia]!, ay = g[ia + 1]!, az = g[ia + 2]!;
    const bx = g[ib]!, by = g[ib + 1]!, bz = g[ib + 2]!;
    const cx = g[ic]!, cy = g[ic + 1]!, cz = g[ic + 2]!;
    const x0 = Math.floor(Math.min(ax, bx, cx)), x1 = Math.floor(Math.max(ax, bx, cx));
    const y0 = Math.floor(Math.min(ay, by, cy)), y1 = Math.floor(Math.max(ay, by, cy));
    const z0 = Math.floor(Math.min(az, bz, cz)), z1 = Math.floor(Math.max(az, bz, cz));
    if (x0 === x1 && y0 === y1 && z0 === z1) {
      state[x0 + nx * y0 + nxy * z0] = SURFACE;
      continue;
    }
    const e0x = bx - ax, e0y = by - ay, e0z = bz - az;
    const e1x = cx - bx, e1y = cy - by, e1z = cz - bz;
    const e2x = ax - cx, e2y = ay - cy, e2z = az - cz;
    const nrx = e0y * e1z - e0z * e1y, nry = e0z * e1x - e0x * e1z, nrz = e0x * e1y - e0y * e1x;
    const planeR = 0.5 * (Math.abs(nrx) + Math.abs(nry) + Math.abs(nrz));
    // The triangle/box test's separating axes are each edge × X, × Y and × Z (SAT against a unit
    // box centred on the cell); their half-widths once per triangle.
    const r0x = 0.5 * (Math.abs(e0z) + Math.abs(e0y)), r0y = 0.5 * (Math.abs(e0z) + Math.abs(e0x)), r0z = 0.5 * (Math.abs(e0y) + Math.abs(e0x));
    const r1x = 0.5 * (Math.abs(e1z) + Math.abs(e1y)), r1y = 0.5 * (Math.abs(e1z) + Math.abs(e1x)), r1z = 0.5 * (Math.abs(e1y) + Math.abs(e1x));
    const r2x = 0.5 * (Math.abs(e2z) + Math.abs(e2y)), r2y = 0.5 * (Math.abs(e2z) + Math.abs(e2x)), r2z = 0.5 * (Math.abs(e2y) + Math.abs(e2x));
    for (let k = z0; k <= z1; k++) {
      for (let j = y0; j <= y1; j++) {
        for (let i = x0; i <= x1; i++) {
          const idx = i + nx * j + nxy * k;
          if (state[idx] !== EMPTY) continue;
          const px = i + 0.5, py = j + 0.5, pz = k + 0.5;
          const vax = ax - px, vay = ay - py, vaz = az - pz;
          const d = nrx * vax + nry * vay + nrz * vaz;
          if (d > planeR || d < -planeR) continue;
          const vbx = bx - px, vby = by - py, vbz = bz - pz;
          const vcx = cx - px, vcy = cy - py, vcz = cz - pz;
          // Edge by edge, each edge's three axes in turn; any separating axis leaves the cell empty.
          // Written out: a helper called with the twelve doubles boxed them (most of a small rig's
          // skin-stage garbage).
          let p0 = e0z * vay - e0y * vaz, p1 = e0z * vby - e0y * vbz, p2 = e0z * vcy - e0y * vcz;
          if (Math.min(p0, p1, p2) > r0x || Math.max(p0, p1, p2) < -r0x) continue;
          p0 = -e0z * vax + e0x * vaz; p1 = -e0z * vbx + e0x * vbz; p2 = -e0z * vcx + e0x * vcz;
          if (Math.min(p0, p1, p2) > r0y || Math.max(p0, p1, p2) < -r0y) continue;
          p0 = e0y * vax - e0x * vay; p1 = e0y * vbx - e0x * vby; p2 = e0y * vcx - e0x * vcy;
          if (Math.min(p0, p1, p2) > r0z || Math.max(p0, p1, p2) < -r0z) continue;
          p0 = e1z * vay - e1y * vaz; p1 = e1z * vby - e1y * vbz; p2 = e1z * vcy - e1y * vcz;
          if (Math.min(p0, p1, p2) > r1x || Math.max(p0, p1, p2) < -r1x) continue;
          p0 = -e1z * vax + e1x * vaz; p1 = -e1z * vbx + e1x * vbz; p2 = -e1z * vcx + e1x * vcz;
          if (Math.min(p0, p1, p2) > r1y || Math.max(p0, p1, p2) < -r1y) continue;
          p0 = e1y * vax - e1x * vay; p1 = e1y * vbx - e1x * vby; p2 = e1y * vcx - e1x * vcy;
          if (Math.min(p0, p1, p2) > r1z || Math.max(p0, p1, p2) < -r1z) continue;
          p0 = e2z * vay - e2y * vaz; p1 = e2z * vby - e2y * vbz; p2 = e2z * vcy - e2y * vcz;
          if (Math.min(p0, p1, p2) > r2x || Math.max(p0, p1, p2) < -r2x) continue;
          p0 = -e2z * vax + e2x * vaz; p1 = -e2z * vbx + e2x * vbz; p2 = -e2z * vcx + e2x * vcz;
          if (Math.min(p0, p1, p2) > r2y || Math.max(p0, p1, p2) < -r2y) continue;
          p0 = e2y * vax - e2x * vay; p1 = e2y * vbx - e2x * vby; p2 = e2y * vcx - e2x * vcy;
          if (Math.min(p0, p1, p2) > r2z || Math.max(p0, p1, p2) < -r2z) continue;
          state[idx] = SURFACE;
        }
      }
    }
  }
}

/** Mark every cell the outside cannot reach INTERIOR (the flood itself is the shared voxel core). */
function fillInterior(state: Uint8Array, nx: number, ny: number, nz: number): void {
  const outside = floodOutside(state, nx, ny, nz);
  for (let idx = 0; idx < state.length; idx++) {
    if (!outside[idx] && state[idx] === EMPTY) state[idx] = INTERIOR;
  }
}

/**
 * Whether the straight path from a surface point p to a point q re-enters the solid after leaving
 * it: Blender's bone-heat visibility (a ray from a vertex to its bone is blocked by a triangle it
 * enters from outside) on the voxel grid. Leaving the volume is allowed (a bone that pokes out of
 * a thin part is still seen), going back in through another part (the other leg) is not. The
 * first cell of the path is ignored: a path that grazes the surface hops between a vertex's own
 * surface cell and its empty neighbours.
 */
export function pathReentersSolid(grid: SkinVoxelGrid, px: number, py: number, pz: number, qx: number, qy: number, qz: number): boolean {
  const { nx, ny, nz, origin, cell, state } = grid;
  const dx = qx - px, dy = qy - py, dz = qz - pz;
  const length = Math.sqrt(dx * dx + dy * dy + dz * dz) / cell;
  const steps = Math.ceil(2 * length);
  let outside = false;
  const ox = origin[0], oy = origin[1], oz = origin[2];
  for (let s = 1; s <= steps; s++) {
    const t = s / steps;
    // The first cell's samples are skipped before their cell is looked up (its lookup is unused).
    if (t * length <= 1) continue;
    const i = Math.floor((px + t * dx - ox) / cell);
    const j = Math.floor((py + t * dy - oy) / cell);
    const k = Math.floor((pz + t * dz - oz) / cell);
    const solid = i >= 0 && j >= 0 && k >= 0 && i < nx && j < ny && k < nz && state[i + nx * (j + ny * k)] !== EMPTY;
    if (!solid) outside = true;
    else if (outside) return true;
  }
  return false;
}
