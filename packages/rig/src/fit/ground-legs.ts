/**
 * Legs found where the body touches the ground. The medial tree misses short legs under a big
 * body (a sheep's under its wool, a ram's hind legs): the cover of the thick trunk swallows them
 * before they become branches. But every leg that stands ends in a ground contact, so the legs
 * are read bottom-up: each separate patch of solid on the lowest layers is a foot, and its leg is
 * the column of solid above it, followed layer by layer until its cross-section swells into the
 * body or meets another leg's (where the legs join the trunk).
 */
import type { Limb, ShapeAnalysis } from './shape-analysis';
import { smoothPolyline } from './polyline';
import type { Vec3 } from './vec3';

export interface GroundLegsOptions {
  /** Layers above the lowest solid one, as a share of the grid's height, that count as ground. */
  contact?: number;
  /** A layer whose cross-section is this many times the leg's median so far is the body. */
  swell?: number;
}

export const GROUND_LEGS_DEFAULTS: Required<GroundLegsOptions> = { contact: 0.06, swell: 2.5 };

/** Columns of solid standing on the ground, as limbs from where they join the body down to the foot. */
export function groundLegs(shape: ShapeAnalysis, options: GroundLegsOptions = {}): Limb[] {
  const o = { ...GROUND_LEGS_DEFAULTS, ...options };
  const { grid } = shape;
  const { nx, ny, nz, solid } = grid;
  const at = (x: number, y: number, z: number): number => x + nx * (y + ny * z);
  let y0 = -1;
  for (let y = 0; y < ny && y0 < 0; y++) {
    for (let z = 0; z < nz && y0 < 0; z++) for (let x = 0; x < nx; x++) if (solid[at(x, y, z)]) { y0 = y; break; }
  }
  if (y0 < 0) return [];
  // Feet: 8-connected patches (in x, z) of solid on the ground layers.
  const contactLayers = Math.max(1, Math.round(o.contact * ny));
  const cell = (x: number, z: number): number => x + nx * z;
  const ground = new Uint8Array(nx * nz);
  for (let y = y0; y < Math.min(ny, y0 + contactLayers); y++) {
    for (let z = 0; z < nz; z++) for (let x = 0; x < nx; x++) if (solid[at(x, y, z)]) ground[cell(x, z)] = 1;
  }
  const owner = new Int32Array(nx * nz).fill(-1);
  const feet: number[][] = [];
  for (let c = 0; c < ground.length; c++) {
    if (!ground[c] || owner[c]! >= 0) continue;
    const patch = floodLayer(c, (d) => ground[d] === 1 && owner[d]! < 0, nx, nz);
    for (const d of patch) owner[d] = feet.length;
    feet.push(patch);
  }
  if (feet.length < 2) return [];
  // Up each leg, all legs a layer at a time: a leg's next cross-section is the solid of that layer
  // reached from its last one (a leg may lean a voxel per layer). It stops where it swells into
  // the body or runs into another leg.
  interface Trace { region: number[]; centres: Vec3[]; areas: number[]; done: boolean }
  const traces: Trace[] = feet.map((f) => ({ region: f, centres: [], areas: [], done: false }));
  const yc = (y: number): number => grid.origin[1] + (y + 0.5) * grid.cell;
  const centreOf = (region: number[], y: number): Vec3 => {
    let sx = 0, sz = 0;
    for (const c of region) { sx += c % nx; sz += Math.floor(c / nx); }
    return [grid.origin[0] + (sx / region.length + 0.5) * grid.cell, yc(y), grid.origin[2] + (sz / region.length + 0.5) * grid.cell];
  };
  traces.forEach((t) => { t.centres.push(centreOf(t.region, y0)); t.areas.push(t.region.length); });
  for (let y = y0 + 1; y < ny && traces.some((t) => !t.done); y++) {
    const inLayer = (c: number): boolean => solid[at(c % nx, y, Math.floor(c / nx))] === 1;
    const next = traces.map((t) => {
      if (t.done) return [];
      const seeds = new Set<number>();
      for (const c of t.region) {
        const x = c % nx, z = Math.floor(c / nx);
        for (let dz = -1; dz <= 1; dz++) for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx, zz = z + dz;
          if (xx >= 0 && zz >= 0 && xx < nx && zz < nz && inLayer(cell(xx, zz))) seeds.add(cell(xx, zz));
        }
      }
      const seen = new Set<number>();
      for (const s of seeds) if (!seen.has(s)) for (const d of floodLayer(s, inLayer, nx, nz, seen)) seen.add(d);
      return [...seen];
    });
    const claimed = new Map<number, number>();
    next.forEach((region, k) => { for (const c of region) claimed.set(c, claimed.has(c) ? -1 : k); });
    traces.forEach((t, k) => {
      if (t.done) return;
      const region = next[k]!;
      const median = [...t.areas].sort((a, b) => a - b)[Math.floor(t.areas.length / 2)]!;
      const shared = region.some((c) => claimed.get(c) === -1);
      // A hoof or a paw is narrower than the leg above it: the first layers may widen freely.
      const swells = t.areas.length >= 3 && region.length > o.swell * Math.max(median, 2);
      if (region.length === 0 || shared || swells) { t.done = true; return; }
      t.region = region;
      t.centres.push(centreOf(region, y));
      t.areas.push(region.length);
    });
  }
  const legs: Limb[] = [];
  for (const t of traces) {
    // However short (a sheep's stubs under its wool), a contact beside the mirror plane is a foot.
    // Legs stand beside the mirror plane, in pairs; a contact on it is a tail or a belly lying
    // on the ground (or two feet pressed together, which cannot be told apart).
    const medianArea0 = [...t.areas].sort((a, b) => a - b)[Math.floor(t.areas.length / 2)]!;
    if (Math.abs(t.centres[0]![0] - shape.cx) < Math.sqrt(medianArea0 / Math.PI) * grid.cell) continue;
    const points = smoothPolyline([...t.centres].reverse(), 2);
    let length = 0;
    for (let i = 1; i < points.length; i++) length += Math.hypot(points[i]![0] - points[i - 1]![0], points[i]![1] - points[i - 1]![1], points[i]![2] - points[i - 1]![2]);
    const tipPos = points[points.length - 1]!;
    // The foot's voxel stands in for a medial tip (the leg is a real part of the shape); the
    // leg has no path to the tree's root.
    const ix = Math.floor((tipPos[0] - grid.origin[0]) / grid.cell), iz = Math.floor((tipPos[2] - grid.origin[2]) / grid.cell);
    legs.push({
      tip: at(Math.min(nx - 1, Math.max(0, ix)), y0, Math.min(nz - 1, Math.max(0, iz))),
      tipPos, toRoot: [], entry: 0, entryPos: points[0]!, points,
      radius: Math.sqrt(medianArea0 / Math.PI), length,
    });
  }
  return legs;
}

/** The 8-connected cells of one layer reachable from `start` through cells that pass `ok`. */
function floodLayer(start: number, ok: (c: number) => boolean, nx: number, nz: number, seen = new Set<number>()): number[] {
  const out: number[] = [];
  const stack = [start];
  const mine = new Set<number>([start]);
  while (stack.length) {
    const c = stack.pop()!;
    out.push(c);
    const x = c % nx, z = Math.floor(c / nx);
    for (let dz = -1; dz <= 1; dz++) for (let dx = -1; dx <= 1; dx++) {
      const xx = x + dx, zz = z + dz;
      if (xx < 0 || zz < 0 || xx >= nx || zz >= nz) continue;
      const d = xx + nx * zz;
      if (mine.has(d) || seen.has(d) || !ok(d)) continue;
      mine.add(d);
      stack.push(d);
    }
  }
  return out;
}
