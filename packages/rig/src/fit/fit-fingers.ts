/**
 * Fingers for a fitted biped: a thumb and four fingers of three joints each per hand, when the
 * hand's fingers are separable; a mitten, a fist or a claw keeps its one hand bone.
 *
 * The body's voxel grid (80 cells on the longest side, ~2.5 cm on a 2 m human) is coarser than the
 * gap between two fingers, so each hand is analysed on its own at a resolution set by the hand:
 * the mesh beyond a plane across the forearm (`hand-region.ts`, capped so it voxelises solid) is
 * voxelised at ~1/90 of its length (no finer than the mesh's short edges, down to 1/64), and the body's own machinery runs on that small grid: distance
 * field, TEASAR medial tree, and `traceLimb`, which walks from each extremity back until the
 * cross-section grows (a finger entering the palm). Digits are the extremities beyond the wrist
 * that are thinner than the forearm and long compared with the hand; five separable ones (air
 * between neighbours) make a thumb and four fingers, four a thumb and three fingers (a cartoon or
 * robot hand); anything else (a mitten: one, a mitten with a thumb: two, a held gun) keeps one
 * bone, because a wrong finger (a prop, a cuff) animates worse than none.
 *
 * Slicing along the hand's axis and counting separated cross-sections was the alternative; it needs
 * the hand's orientation, and a thumb pointing forward (across the slices) or a curled finger
 * crosses a slice twice. The medial tree follows each digit wherever it points.
 *
 * Which is the thumb: the digit whose root (where it enters the palm) is nearest the wrist along
 * the hand's axis, as in every primate hand; the others are ordered across the hand from the
 * thumb's side (index first). Joints go along each digit's smoothed medial path, from
 * its root (the knuckle; for the thumb, its base in the palm: the metacarpal joint) to its tip,
 * at the bones' typical length shares.
 */
import { withDefaults, type Mesh } from '@rigforge/mesh';
import { FINGERS, fingerJointName, type Finger } from '../finger-joint-names';
import { computeDistanceField, neighbourOffsets } from './distance-field';
import { buildMedialTree } from './medial-tree';
import { handRegion } from './hand-region';
import { peakProminences } from './hand-tips';
import { arcLengths, pointAtFraction } from './polyline';
import { traceLimb, type Limb, type ShapeAnalysis } from './shape-analysis';
import type { SkeletonBuilder } from './skeleton-builder';
import { dist, sub, type Vec3 } from './vec3';
import { solidVoxels, voxelCoordinates } from './solid-voxels';
import { voxelAt, voxelCenter, voxelizeMesh, voxelTriangles, type VoxelGrid } from './voxel-grid';
import { meshDetailResolution } from '../skinning/voxelize-within-budget';
import { keepComponentWasm } from './wasm/keep-component-wasm';

export interface FitFingersOptions {
  /** Voxels along the hand region's length (wrist cut → fingertip). */
  resolution?: number;
  /** Mirror-average the two hands' fingers (the body is mirror-symmetric). */
  symmetric?: boolean;
  /** The hands to fit (a stub arm's hand is a stand-in at its root, with no fingers to find). */
  sides?: ReadonlyArray<'left' | 'right'>;
  /**
   * Fewest voxels along the hand region's length when the grid is sized to the mesh's detail: a
   * hand is voxelised no finer than its short edges (`meshDetailResolution`), down to this.
   */
  minDetailResolution?: number;
  /**
   * Least prominence of the hand surface's fourth tip (`peakProminences`, over the hand region's
   * length) for the finger search to run; below it the hand keeps one bone without its grid and
   * medial tree. 0: always search.
   */
  minTipProminence?: number;
}

/**
 * `minDetailResolution` 64 was chosen leaving one artist out over 48, 56, 64 and 72 (the coarsest
 * at which no character of the other artists fits worse by more than 0.003 CD-J2J): only low-poly
 * hands are sized by their detail (the realistic hands' short edges are finer than 1/90), and at
 * 48 and 56 a low-poly hand whose fingers lie close (61 cells at its detail) loses them; see the
 * packages/rig/docs/speed.md ("Where the time goes", seventh round).
 *
 * `minTipProminence` 0.09: half the least fourth-tip prominence of a fingered hand on the dev set
 * (0.193, a realistic human's; the fingerless hands the test skips read 0–0.013), the rule "half
 * the least of the other artists' fingered hands" keeping every fingered hand with each artist
 * left out; see packages/rig/docs/speed.md ("Where the time goes", thirtieth round).
 */
export const FIT_FINGERS_DEFAULTS: Required<FitFingersOptions> = { resolution: 90, symmetric: true, sides: ['left', 'right'], minDetailResolution: 64, minTipProminence: 0.09 };

/**
 * Positions along a digit's root → tip medial path of its three joints. The phalanges of a
 * human finger are about 50 : 30 : 20 of the finger's bone length (the thumb's metacarpal and
 * two phalanges about 46 : 32 : 22); the mesh's tip adds the fingertip's pad, which moves the
 * joints towards the root.
 */
const FINGER_FRACTIONS = [0, 0.4, 0.7] as const;
/** Solid voxels above which the hand grid is coarsened (bounds the medial tree's cost). */
const MAX_SOLID_VOXELS = 40_000;

/** A hand's shape analysis and its solid voxels, ascending (`solidVoxels` of its grid). */
interface HandShape extends ShapeAnalysis {
  solidList: Int32Array;
}

interface FittedHand {
  side: 'left' | 'right';
  /** Joint positions per finger, root → tip. */
  fingers: Partial<Record<Finger, Vec3[]>>;
}

/**
 * Adds finger joints under `left_hand` / `right_hand` of a fitted biped when the hands have
 * separable fingers. Returns the sides that got fingers.
 */
export function fitFingers(mesh: Mesh, body: ShapeAnalysis, b: SkeletonBuilder, options: FitFingersOptions = {}): Array<'left' | 'right'> {
  const { resolution, symmetric, sides, minDetailResolution, minTipProminence } = withDefaults(FIT_FINGERS_DEFAULTS, options);
  const hands = new Map<'left' | 'right', FittedHand>();
  for (const side of sides) {
    const hand = `${side}_hand`, elbow = `${side}_lower_arm`;
    if (!b.has(hand) || !b.has(elbow)) continue;
    const fitted = fitHand(mesh, body, side, b.get(elbow), b.get(hand), resolution, minDetailResolution, minTipProminence);
    if (fitted) hands.set(side, fitted);
  }
  const left = hands.get('left'), right = hands.get('right');
  if (symmetric && body.symmetric && left && right && b.has('left_hand') && b.has('right_hand')) {
    // Average mirrored pairs, as for the body's joints, unless the hands are posed differently.
    const lh = b.get('left_hand'), rh = b.get('right_hand');
    const gap = 0.25 * Math.max(dist(lh, b.get('left_lower_arm')), dist(rh, b.get('right_lower_arm')));
    for (const f of FINGERS) {
      const lf = left.fingers[f], rf = right.fingers[f];
      if (!lf || !rf) continue;
      lf.forEach((l, k) => {
        const r = rf[k]!;
        if (Math.hypot(l[0] - body.cx + (r[0] - body.cx), l[1] - r[1], l[2] - r[2]) > gap) return;
        const x = (l[0] - r[0]) / 2, y = (l[1] + r[1]) / 2, z = (l[2] + r[2]) / 2;
        lf[k] = [body.cx + x, y, z];
        rf[k] = [body.cx - x, y, z];
      });
    }
  }
  for (const h of hands.values()) {
    for (const f of FINGERS) {
      let parent = `${h.side}_hand`;
      h.fingers[f]?.forEach((pos, k) => {
        const name = fingerJointName(h.side, f, k as 0 | 1 | 2);
        b.add(name, parent, pos);
        parent = name;
      });
    }
  }
  return [...hands.keys()];
}

function fitHand(mesh: Mesh, body: ShapeAnalysis, side: 'left' | 'right', elbow: Vec3, wrist: Vec3, resolution: number, minDetailResolution: number, minTipProminence: number): FittedHand | null {
  const forearm = dist(elbow, wrist);
  if (!(forearm > 0)) return null;
  const axis = sub(wrist, elbow).map((x) => x / forearm) as Vec3;
  // Cut halfway down the forearm: behind the wrist whether the fitted hand joint sits at the
  // wrist or nearer the knuckles, and far enough from the fingers that the cap never touches them.
  const origin: Vec3 = [(elbow[0] + wrist[0]) / 2, (elbow[1] + wrist[1]) / 2, (elbow[2] + wrist[2]) / 2];
  const onSide = { cx: body.cx, left: side === 'left' };
  const along = (q: Vec3): number => (q[0] - origin[0]) * axis[0] + (q[1] - origin[1]) * axis[1] + (q[2] - origin[2]) * axis[2];
  let region = handRegion(mesh, origin, axis, 1.5 * forearm, onSide);
  if (!region) return null;
  // The cheap pre-test: four digits need four tips standing out of the hand's surface; a mitten
  // has one or two, and its grid and medial tree would find nothing.
  if (minTipProminence > 0 && peakProminences(region.mesh, origin, region.length, 4)[3]! < minTipProminence) return null;
  let shape = solidHand(region.mesh, region.length / resolution, region.length / minDetailResolution, origin, axis);
  if (!shape) return null;
  // Other parts within reach (a thigh beside a hanging hand) stretch the region and coarsen its
  // grid; the hand's own piece ends at its fingertips. Redo the region up to there.
  let length = reachOf(shape, origin, axis);
  if (length < 0.8 * region.length) {
    region = handRegion(mesh, origin, axis, 1.5 * forearm, onSide, length + 2 * shape.cell);
    const again = region && solidHand(region.mesh, length / resolution, length / minDetailResolution, origin, axis);
    if (!again) return null;
    shape = again;
    length = reachOf(shape, origin, axis);
  }

  const limbs: Limb[] = shape.tree.branches.map((br) => traceLimb(shape, br.tip));
  const candidates = limbs.filter((l) =>
    along(l.tipPos) > 0.3 * length &&
    l.length > 0.08 * length &&
    l.length > 3 * l.radius * shape.cell &&
    l.radius < 0.8 * shape.maxDt &&
    along(l.tipPos) > along(l.entryPos),
  ).sort((a, b) => b.length - a.length);
  // Five digits make a hand; four (a cartoon or robot hand: a thumb and three fingers) get the
  // thumb, index, middle and ring finger; fewer is a mitten or a claw.
  for (const count of [5, 4]) {
    if (candidates.length < count) continue;
    const fingers = nameDigits(candidates.slice(0, count), shape, along);
    if (fingers) return { side, fingers };
  }
  return null;
}

/** Validates `digits` as one hand's separate digits and places their joints, or null. */
function nameDigits(digits: Limb[], shape: ShapeAnalysis, along: (q: Vec3) => number): FittedHand['fingers'] | null {
  const n = digits.length;
  const longest = Math.max(...digits.map((l) => l.length));
  if (digits.some((l) => l.length < 0.3 * longest)) return null;
  // Two extremities of one digit (a split fingertip: tips within about a digit's radius) are not
  // two fingers (neighbouring fingertips are two radii and a gap apart), and digits whose roots
  // are spread wider than the digits are long are not one hand (folds of a skirt).
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const a = digits[i]!, c = digits[j]!;
      if (dist(a.tipPos, c.tipPos) < 1.2 * Math.max(a.radius, c.radius) * shape.cell) return null;
      if (dist(a.entryPos, c.entryPos) > 1.5 * longest) return null;
    }
  const thumb = digits.reduce((best, l) => (along(l.entryPos) < along(best.entryPos) ? l : best));
  const others = orderFromThumb(digits.filter((l) => l !== thumb), thumb);
  // Separable means air between neighbours: the point halfway between two neighbouring digits,
  // three quarters of the way to their tips, is outside the solid. The corners of a held box or
  // the ridges of a mitten are joined by solid there.
  const chain = [thumb, ...others];
  for (let i = 0; i + 1 < chain.length; i++) {
    const a = pointAtFraction(chain[i]!.points, 0.75), c = pointAtFraction(chain[i + 1]!.points, 0.75);
    const v = voxelAt(shape.grid, [(a[0] + c[0]) / 2, (a[1] + c[1]) / 2, (a[2] + c[2]) / 2]);
    if (v >= 0 && shape.grid.solid[v]) return null;
  }
  const fingers: FittedHand['fingers'] = {};
  (['index', 'middle', 'ring', 'little'] as const).slice(0, others.length).forEach((f, i) => {
    const pts = straightenRoot(others[i]!.points);
    fingers[f] = FINGER_FRACTIONS.map((t) => pointAtFraction(pts, t));
  });
  // The thumb's path enters the palm at its base (the metacarpal joint): the same shares apply.
  fingers.thumb = FINGER_FRACTIONS.map((t) => pointAtFraction(thumb.points, t));
  return fingers;
}

/**
 * The four fingers from the thumb's side to the far side: each finger's midpoint measured across
 * the hand (perpendicular to the fingers' mean direction) towards the thumb. Distances to the
 * thumb alone mis-order a short little finger set back from the ring finger.
 */
function orderFromThumb(fingers: Limb[], thumb: Limb): Limb[] {
  const mids = fingers.map((l) => pointAtFraction(l.points, 0.5));
  const dir: Vec3 = [0, 0, 0];
  for (const l of fingers) {
    const d = sub(l.tipPos, l.entryPos);
    const n = Math.hypot(...d) || 1;
    for (let k = 0; k < 3; k++) dir[k] = dir[k]! + d[k]! / n;
  }
  const dn = Math.hypot(...dir) || 1;
  const a = dir.map((x) => x / dn) as Vec3;
  const centre: Vec3 = [0, 0, 0];
  for (const m of mids) for (let k = 0; k < 3; k++) centre[k] = centre[k]! + m[k]! / mids.length;
  const toThumb = sub(pointAtFraction(thumb.points, 0.5), centre);
  const t = toThumb[0] * a[0] + toThumb[1] * a[1] + toThumb[2] * a[2];
  const across: Vec3 = [toThumb[0] - a[0] * t, toThumb[1] - a[1] * t, toThumb[2] - a[2] * t];
  const score = (m: Vec3): number => (m[0] - centre[0]) * across[0] + (m[1] - centre[1]) * across[1] + (m[2] - centre[2]) * across[2];
  return fingers.map((l, i) => ({ l, s: score(mids[i]!) })).sort((x, y) => y.s - x.s).map((x) => x.l);
}

/**
 * The medial path of a finger bends into the palm's centre where the finger enters it; the
 * knuckle is on the finger's own line. The root is moved onto the line through the finger's
 * outer part (30%–100% of its length), level with where the path entered the palm.
 */
function straightenRoot(points: Vec3[]): Vec3[] {
  if (points.length < 3) return points;
  const arcs = arcLengths(points);
  const total = arcs[arcs.length - 1]!;
  const from = pointAtFraction(points, 0.3, arcs);
  const d = sub(points[points.length - 1]!, from);
  const n = Math.hypot(...d);
  if (!(n > 0)) return points;
  const u = d.map((x) => x / n) as Vec3;
  const r = sub(points[0]!, from);
  const t = r[0] * u[0] + r[1] * u[1] + r[2] * u[2];
  const root: Vec3 = [from[0] + u[0] * t, from[1] + u[1] * t, from[2] + u[2] * t];
  const keep = points.filter((_, i) => arcs[i]! >= 0.3 * total);
  return [root, ...keep];
}

/**
 * Voxels along the longest side of a hand region's grid: cells of `cell`, but no finer than the
 * mesh's detail (its short edges, `meshDetailResolution`: a low-poly hand's digits are a few edges
 * across, and cells finer than those resolve nothing it has) and no coarser than `coarsest`; 16 to
 * 256. The hand's grid is most of the finger fit's cost (voxels, distance field, medial tree).
 */
export function handGridResolution(region: Mesh, cell: number, coarsest: number): number {
  const p = region.positions;
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < p.length; i += 3)
    for (let k = 0; k < 3; k++) { lo[k] = Math.min(lo[k]!, p[i + k]!); hi[k] = Math.max(hi[k]!, p[i + k]!); }
  const extent = Math.max(hi[0]! - lo[0]!, hi[1]! - lo[1]!, hi[2]! - lo[2]!);
  const detail = Math.max(Math.ceil(extent / coarsest), Math.ceil(meshDetailResolution(p, region.indices)));
  return Math.min(256, Math.max(16, Math.min(Math.ceil(extent / cell), detail)));
}

/**
 * Voxelises the capped hand region at `cell` (`handGridResolution`), keeps the solid piece attached to the forearm cut
 * (a thigh or a prop within reach is another piece) and analyses it like a body. The body's
 * voxeliser closes holes of about two voxels, which also fills the gap between two fingers a few
 * voxels apart; the hand is first voxelised without that closing, and with it only when the
 * region then floods hollow (an open sleeve, a missing facet).
 */
function solidHand(region: Mesh, cell: number, coarsest: number, origin: Vec3, axis: Vec3): HandShape | null {
  let res = handGridResolution(region, cell, coarsest);
  // Read once for every grid below (the budget's retries, the closing pass).
  const triangles = voxelTriangles(region);
  for (const closeHoles of [false, true]) {
    let grid: VoxelGrid, cells: Int32Array;
    for (;;) {
      grid = voxelizeMesh(region, { resolution: res, closeHoles }, triangles);
      // The solid voxels, once: their count decides a coarser grid, and every pass below (the cut's
      // seed, the piece kept, the distance field, the thickest voxel, the medial tree, the reach)
      // visits only them, in index order, as the scans of the whole grid they replace did.
      cells = solidVoxels(grid.solid);
      if (cells.length <= MAX_SOLID_VOXELS || res <= 32) break;
      res = Math.max(32, Math.floor(res * Math.cbrt(MAX_SOLID_VOXELS / cells.length) * 0.97));
    }
    const seed = cutSeed(grid, cells, origin, axis);
    if (seed < 0) return null;
    const solidList = keepComponent(grid, seed, cells);
    const dt = computeDistanceField(grid, solidList);
    // Air is 0 in the distance field, so the solid voxels' largest is the grid's.
    let maxDt = 0;
    for (let s = 0; s < solidList.length; s++) { const d = dt[solidList[s]!]!; if (d > maxDt) maxDt = d; }
    // A region that voxelised as a shell has no thickness to read.
    if (maxDt < 3) continue;
    const tree = buildMedialTree(grid, dt, { maxBranches: 24 }, solidList);
    return {
      grid, dt, maxDt, tree,
      cx: 0, symmetry: 0, symmetric: false,
      cell: grid.cell,
      size: [grid.max[0] - grid.min[0], grid.max[1] - grid.min[1], grid.max[2] - grid.min[2]],
      min: [...grid.min],
      max: [...grid.max],
      center: (v) => voxelCenter(grid, v),
      solidList,
    };
  }
  return null;
}

/**
 * The piece attached to the cut: the solid voxel nearest a point just past the cut on the axis
 * (−1: none), over the grid's solid voxels `cells` (ascending). voxelCenter's arithmetic inline (an
 * array per solid voxel was a fifth of solidHand's time): the same centres, met in the same order
 * as a scan of the grid, so the same voxel on a tie.
 */
function cutSeed(grid: VoxelGrid, cells: Int32Array, origin: Vec3, axis: Vec3): number {
  const seedPos: Vec3 = [origin[0] + axis[0] * 2 * grid.cell, origin[1] + axis[1] * 2 * grid.cell, origin[2] + axis[2] * 2 * grid.cell];
  let seed = -1, best = Infinity;
  const { origin: o, cell: size } = grid;
  const xyz = voxelCoordinates(cells, grid.nx, grid.ny);
  for (let s = 0; s < cells.length; s++) {
    const i = cells[s]!;
    const x = xyz[3 * s]!, y = xyz[3 * s + 1]!, z = xyz[3 * s + 2]!;
    const dz = (o[2] + (z + 0.5) * size - seedPos[2]) ** 2;
    const dyz = (o[1] + (y + 0.5) * size - seedPos[1]) ** 2;
    const d = (o[0] + (x + 0.5) * size - seedPos[0]) ** 2 + dyz + dz;
    if (d < best) { best = d; seed = i; }
  }
  return seed;
}

/**
 * The farthest solid voxel's centre along the axis from `origin` (fitHand's `along`), over the
 * hand's solid voxels with the centre's and the projection's arithmetic inline: the same doubles
 * without an array per solid voxel.
 */
function reachOf(shape: HandShape, origin: Vec3, axis: Vec3): number {
  const { origin: o, cell } = shape.grid;
  const cells = shape.solidList;
  let reach = 0;
  const xyz = voxelCoordinates(cells, shape.grid.nx, shape.grid.ny);
  for (let s = 0; s < cells.length; s++) {
    const x = xyz[3 * s]!, y = xyz[3 * s + 1]!, z = xyz[3 * s + 2]!;
    const pz = (o[2] + (z + 0.5) * cell - origin[2]) * axis[2];
    const py = (o[1] + (y + 0.5) * cell - origin[1]) * axis[1];
    reach = Math.max(reach, (o[0] + (x + 0.5) * cell - origin[0]) * axis[0] + py + pz);
  }
  return reach;
}

/**
 * Clears every solid voxel not 26-connected to `seed` and returns the voxels kept, ascending.
 * The voxeliser's padding keeps solid voxels off the grid's border layer, so a solid voxel's 26
 * neighbours are all in the grid and are read by their index offsets, without bounds tests (which
 * voxels are reached does not depend on it). A reached voxel is marked 2 in the grid itself (no
 * grid-sized "seen" array), the queue holds at most the grid's solid voxels `cells` (ascending),
 * and only those are visited again to clear the unreached and keep the reached. `kernel`: `wasm`
 * (default) runs it in WebAssembly (the same grid and list), `js` the loops below (the reference it
 * is tested against; also the fallback where WebAssembly is missing).
 */
export function keepComponent(grid: VoxelGrid, seed: number, cells: Int32Array, kernel: 'js' | 'wasm' = 'wasm'): Int32Array {
  const { solid } = grid;
  const { delta } = neighbourOffsets(grid);
  // In WebAssembly (wasm/keep-component.wat): this walk and sweep, operation for operation.
  if (kernel === 'wasm') {
    const kept = keepComponentWasm(solid, cells, delta, seed);
    if (kept) return kept;
  }
  const queue = new Int32Array(cells.length);
  let head = 0, tail = 0;
  solid[seed] = 2;
  queue[tail++] = seed;
  while (head < tail) {
    const i = queue[head++]!;
    for (let k = 0; k < 26; k++) {
      const j = i + delta[k]!;
      if (solid[j] === 1) { solid[j] = 2; queue[tail++] = j; }
    }
  }
  // Reached (2) stays solid, the rest is cleared; the queue's room holds the kept list.
  let kept = 0;
  for (let s = 0; s < cells.length; s++) {
    const i = cells[s]!;
    if (solid[i] === 2) { solid[i] = 1; queue[kept++] = i; } else solid[i] = 0;
  }
  return queue.subarray(0, kept);
}
