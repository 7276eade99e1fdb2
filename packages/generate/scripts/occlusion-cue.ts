/**
 * How much front-to-back order a picture could show by occlusion, on the true meshes: where inside
 * the silhouette one part passes in front of another, and whether the picture marks that place with
 * an edge. A diagnosis of the cue a placement rule would read (an arm crossing the body, a head
 * before its trunk, wings behind it); nothing in the engine reads it.
 *
 *   npx tsx packages/generate/scripts/occlusion-cue.ts ../shared/rig-dev-set [--only id,id] [--plans biped,quadruped,avian] [--grid 256] [--jump 0.03]
 *
 * Per character, pictured as the benchmark pictures it (its most informative view, stood 1 tall):
 *  - the true mesh rasterised along the view axis (`rasterDepth`, `--grid` cells on the longer side);
 *    the visible surface of a cell is its nearest one to the camera;
 *  - an **occlusion step** is a pair of neighbouring covered cells whose visible surfaces differ by
 *    more than `--jump` heights (a smooth surface, even one turning away at 80°, moves far less over
 *    one cell): the nearer cell's part hides the farther one's there;
 *  - steps / outline: the steps' count over the silhouette's outline pairs (covered beside empty), how
 *    much inner boundary there is to read against the outer one;
 *  - hidden area: the share of covered cells within two cells behind a step (the occluded side);
 *  - edge rank: at each step, the benchmark picture's colour gradient (Sobel, summed over RGB) ranked
 *    among all the subject's inner pixels, averaged: 0.5 no edge to see, near 1 a clear one.
 *  - step height: the median depth jump at the steps (heights);
 *  - front side brighter: the share of steps whose nearer side is the brighter, three pixels either
 *    side (0.5: the shading does not tell which side is in front);
 *  - convexity right: an occluder's contour bulges away from it, so at a step the other steps within
 *    five cells lie, on the whole, on the nearer side; the share of the steps read (their neighbours'
 *    centroid clearly to one side) where that side is the truth's nearer one. The steps are the
 *    truth's, so this is the reading's ceiling given the edge: a reader also has to find the edge;
 *  - T-junction right: where a step meets the outline, the side whose outline runs on more nearly
 *    straight into the step read as in front (the share right, of the steps so read).
 */
import sharp from 'sharp';
import { layers } from './layer-oracle';
import { benchmarkPicture, mostInformativeView, PICTURE_PX, rasterDepth, readCharacterMesh, readManifest, turnToView, unitHeight, arg } from './dev-set-views';

/** Cells around a step whose fellow steps say which way the contour bends. */
const CONVEX_RADIUS = 10;
/** Cells around a T-junction whose step curve and outline branches are read. */
const JUNCTION_RADIUS = 6;

interface Row { id: string; plan: string; artist: string; view: string; steps: number; outline: number; hidden: number; edgeRank: number; stepHeight: number; frontBrighter: number; convex: number; convexRead: number; junction: number; junctions: number }

/** Colour gradient magnitude per pixel (Sobel on each of R, G, B, summed), 0 outside the subject's inner pixels. */
function gradient(rgba: Buffer, px: number): { g: Float64Array; inner: Uint8Array } {
  const g = new Float64Array(px * px);
  const inner = new Uint8Array(px * px);
  const a = (x: number, y: number) => rgba[(y * px + x) * 4 + 3]! >= 128;
  for (let y = 2; y < px - 2; y++) {
    for (let x = 2; x < px - 2; x++) {
      // inner: the pixel and its 5×5 neighbourhood all covered, so the outline's own edge is not read
      let all = true;
      for (let dy = -2; dy <= 2 && all; dy++) for (let dx = -2; dx <= 2 && all; dx++) if (!a(x + dx, y + dy)) all = false;
      if (!all) continue;
      inner[y * px + x] = 1;
      let sum = 0;
      for (let ch = 0; ch < 3; ch++) {
        const v = (dx: number, dy: number) => rgba[((y + dy) * px + x + dx) * 4 + ch]!;
        const gx = v(1, -1) + 2 * v(1, 0) + v(1, 1) - v(-1, -1) - 2 * v(-1, 0) - v(-1, 1);
        const gy = v(-1, 1) + 2 * v(0, 1) + v(1, 1) - v(-1, -1) - 2 * v(0, -1) - v(1, -1);
        sum += Math.hypot(gx, gy);
      }
      g[y * px + x] = sum;
    }
  }
  return { g, inner };
}

async function measure(dir: string): Promise<void> {
  const only = arg('--only')?.split(',');
  const plans = (arg('--plans') ?? 'biped,quadruped,avian').split(',');
  const grid = Number(arg('--grid') ?? 256);
  const jump = Number(arg('--jump') ?? 0.03);
  const rows: Row[] = [];
  console.log('| character | plan | artist | view | steps / outline | hidden area | edge rank at steps | step height (H) | front side brighter | convexity right (share of steps read) | T-junction right (steps read) |');
  console.log('|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const m of readManifest(dir)) {
    if (only ? !only.includes(m.id) : !plans.includes(m.bodyPlan)) continue;
    const mesh = await readCharacterMesh(dir, m.id);
    const view = mostInformativeView(mesh);
    const truth = unitHeight(turnToView(mesh, view));
    const r = rasterDepth(truth.positions, truth.indices, grid, 1);
    // visible surface: the camera is at +Z, so the largest z of a cell is what the picture shows
    const vis = r.far;
    const covered = (x: number, y: number) => x >= 0 && y >= 0 && x < r.w && y < r.h && Number.isFinite(vis[y * r.w + x]!);
    let steps = 0, outline = 0, coveredCount = 0;
    const behind = new Uint8Array(r.w * r.h);
    // each step's middle (cells) and the unit step from it towards its nearer (front) cell
    const stepCells: Array<[number, number, number, number]> = [];
    // each step's nearer and farther cell
    const stepSides: Array<[number, number]> = [];
    const heights: number[] = [];
    for (let y = 0; y < r.h; y++) {
      for (let x = 0; x < r.w; x++) {
        if (!covered(x, y)) continue;
        coveredCount++;
        for (const [dx, dy] of [[1, 0], [0, 1]] as const) {
          const nx = x + dx, ny = y + dy;
          if (!covered(nx, ny)) { outline++; continue; }
          const d = vis[y * r.w + x]! - vis[ny * r.w + nx]!;
          if (Math.abs(d) <= jump * r.height) continue;
          steps++;
          heights.push(Math.abs(d) / r.height);
          const [bx, by] = d > 0 ? [nx, ny] : [x, y];
          for (let k = 0; k < 2; k++) {
            const qx = bx + k * (d > 0 ? dx : -dx), qy = by + k * (d > 0 ? dy : -dy);
            if (covered(qx, qy)) behind[qy * r.w + qx] = 1;
          }
          stepCells.push([x + 0.5 + dx / 2, y + 0.5 + dy / 2, d > 0 ? -dx : dx, d > 0 ? -dy : dy]);
          stepSides.push(d > 0 ? [y * r.w + x, ny * r.w + nx] : [ny * r.w + nx, y * r.w + x]);
        }
        if (!covered(x - 1, y)) outline++;
        if (!covered(x, y - 1)) outline++;
      }
    }
    const hidden = behind.reduce((s, v) => s + v, 0) / Math.max(1, coveredCount);
    // the picture: its subject's alpha box is the raster's covered box (orthographic, same view)
    const { data } = await sharp(benchmarkPicture(truth)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const px = PICTURE_PX;
    let x0 = px, x1 = -1, y0 = px, y1 = -1;
    for (let y = 0; y < px; y++) for (let x = 0; x < px; x++) if (data[(y * px + x) * 4 + 3]! >= 128) { x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y); }
    const { g, inner } = gradient(data, px);
    const innerValues = [...g.filter((_, i) => inner[i])].sort((p, q) => p - q);
    const rank = (v: number): number => {
      let lo = 0, hi = innerValues.length;
      while (lo < hi) { const mid = (lo + hi) >> 1; if (innerValues[mid]! < v) lo = mid + 1; else hi = mid; }
      return lo / Math.max(1, innerValues.length);
    };
    let rankSum = 0, ranked = 0;
    const sx = (x1 - x0 + 1) / (r.w - 2), sy = (y1 - y0 + 1) / (r.h - 2);
    const lum = (x: number, y: number): number => {
      const qx = Math.round(x), qy = Math.round(y);
      if (qx < 0 || qy < 0 || qx >= px || qy >= px || !inner[qy * px + qx]) return NaN;
      const o = (qy * px + qx) * 4;
      return 0.2126 * data[o]! + 0.7152 * data[o + 1]! + 0.0722 * data[o + 2]!;
    };
    let frontBrighter = 0, sided = 0;
    for (const [cx, cy, fx, fy] of stepCells) {
      // the strongest gradient within a pixel-cell of the step (the raster and picture grids differ)
      const pxc = x0 + (cx - 1) * sx, pyc = y0 + (cy - 1) * sy;
      let best = -1;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const qx = Math.round(pxc + dx), qy = Math.round(pyc + dy);
          if (qx < 0 || qy < 0 || qx >= px || qy >= px || !inner[qy * px + qx]) continue;
          best = Math.max(best, g[qy * px + qx]!);
        }
      }
      // which side of the step is brighter, three pixels either way (the renderer's rim light brightens an occluder's turning edge)
      const lf = lum(pxc + 3 * fx, pyc + 3 * fy), lb = lum(pxc - 3 * fx, pyc - 3 * fy);
      if (Number.isFinite(lf) && Number.isFinite(lb) && lf !== lb) { sided++; if (lf > lb) frontBrighter++; }
      if (best < 0) continue;
      rankSum += rank(best);
      ranked++;
    }
    // convexity: an occluder's contour bulges away from it, so the steps near a step lie, on the
    // whole, on its nearer side; the share of steps whose neighbours' centroid (within CONVEX_RADIUS
    // cells) falls on the side the truth says is nearer, of those where it falls clearly to one side
    let convexRight = 0, convexRead = 0;
    const buckets = new Map<number, number[]>();
    const key = (x: number, y: number) => Math.floor(y / CONVEX_RADIUS) * 100000 + Math.floor(x / CONVEX_RADIUS);
    stepCells.forEach(([x, y], i) => { const k = key(x, y); buckets.set(k, [...(buckets.get(k) ?? []), i]); });
    for (const [x, y, fx, fy] of stepCells) {
      let sx2 = 0, sy2 = 0, n = 0;
      for (let by = -1; by <= 1; by++) {
        for (let bx = -1; bx <= 1; bx++) {
          for (const j of buckets.get(key(x + bx * CONVEX_RADIUS, y + by * CONVEX_RADIUS)) ?? []) {
            const [qx, qy] = stepCells[j]!;
            if (Math.hypot(qx - x, qy - y) > CONVEX_RADIUS) continue;
            sx2 += qx - x; sy2 += qy - y; n++;
          }
        }
      }
      if (n < 3) continue;
      const side = (sx2 * fx + sy2 * fy) / n;
      if (Math.abs(side) < 0.25) continue;
      convexRead++;
      if (side > 0) convexRight++;
    }
    // T-junctions: where a step reaches the outline, the occluder's outline runs on into the step
    // and the occluded's turns a corner. At each step within a cell of the outline, the direction
    // into the step curve (its steps' centroid within JUNCTION_RADIUS) against the directions of the
    // outline on either side (the outline cells of the nearer and of the farther piece, the pieces
    // the occlusion edges bound, `layers`): the side whose outline is the more nearly opposite, the
    // straighter continuation, is read as in front. The pieces are the truth's, so this is the
    // reading's ceiling given the edge and the two regions it parts.
    const label = layers(r, jump * r.height);
    const isOutline = (p: number): boolean => {
      const x = p % r.w, y = Math.floor(p / r.w);
      return covered(x, y) && (!covered(x + 1, y) || !covered(x - 1, y) || !covered(x, y + 1) || !covered(x, y - 1));
    };
    const nearOutline = (p: number): boolean => {
      const x = p % r.w, y = Math.floor(p / r.w);
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (!covered(x + dx, y + dy)) return true;
      return false;
    };
    let junctionRight = 0, junctionRead = 0;
    stepCells.forEach(([jx, jy], i) => {
      const [front, back] = stepSides[i]!;
      if (!nearOutline(front) && !nearOutline(back)) return;
      const lf = label[front]!, lb = label[back]!;
      if (lf === lb) return;
      let tx = 0, ty = 0, tn = 0;
      for (const [qx, qy] of stepCells) {
        const d = Math.hypot(qx - jx, qy - jy);
        if (d > JUNCTION_RADIUS || d < 1) continue;
        tx += qx - jx; ty += qy - jy; tn++;
      }
      const side = [[0, 0, 0], [0, 0, 0]];
      const R = Math.ceil(JUNCTION_RADIUS);
      for (let dy = -R; dy <= R; dy++) {
        for (let dx = -R; dx <= R; dx++) {
          const x = Math.floor(jx + dx), y = Math.floor(jy + dy);
          if (x < 0 || y < 0 || x >= r.w || y >= r.h || Math.hypot(x + 0.5 - jx, y + 0.5 - jy) > JUNCTION_RADIUS) continue;
          const p = y * r.w + x;
          if (!isOutline(p)) continue;
          const k = label[p] === lf ? 0 : label[p] === lb ? 1 : -1;
          if (k < 0) continue;
          side[k]![0]! += x + 0.5 - jx; side[k]![1]! += y + 0.5 - jy; side[k]![2]!++;
        }
      }
      if (tn < 3 || side[0]![2]! < 2 || side[1]![2]! < 2) return;
      const cos = (ax: number, ay: number, bx: number, by: number) => (ax * bx + ay * by) / (Math.hypot(ax, ay) * Math.hypot(bx, by) || 1);
      const cf = cos(tx, ty, side[0]![0]!, side[0]![1]!), cb = cos(tx, ty, side[1]![0]!, side[1]![1]!);
      if (Math.abs(cf - cb) < 0.05) return;
      junctionRead++;
      if (cf < cb) junctionRight++;
    });
    heights.sort((p, q) => p - q);
    const row: Row = { id: m.id, plan: m.bodyPlan, artist: m.artist, view, steps, outline, hidden, edgeRank: ranked ? rankSum / ranked : NaN, stepHeight: heights.length ? heights[heights.length >> 1]! : 0, frontBrighter: sided ? frontBrighter / sided : NaN, convex: convexRead ? convexRight / convexRead : NaN, convexRead: convexRead / Math.max(1, steps), junction: junctionRead ? junctionRight / junctionRead : NaN, junctions: junctionRead };
    rows.push(row);
    console.log(`| ${row.id} | ${row.plan} | ${row.artist} | ${row.view} | ${(steps / Math.max(1, outline)).toFixed(3)} | ${hidden.toFixed(3)} | ${Number.isNaN(row.edgeRank) ? '–' : row.edgeRank.toFixed(2)} (${ranked}) | ${row.stepHeight.toFixed(3)} | ${Number.isNaN(row.frontBrighter) ? '–' : row.frontBrighter.toFixed(2)} | ${Number.isNaN(row.convex) ? '–' : `${row.convex.toFixed(2)} (${row.convexRead.toFixed(2)})`} | ${Number.isNaN(row.junction) ? '–' : `${row.junction.toFixed(2)} (${row.junctions})`} |`);
  }
  const byArtist = new Map<string, Row[]>();
  for (const r of rows) byArtist.set(r.artist, [...(byArtist.get(r.artist) ?? []), r]);
  console.log('\n| artist | characters | steps / outline, median | with steps ≥ 0.05 of the outline | convexity right, median | T-junction right, median |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [a, rs] of byArtist) {
    const ratios = rs.map((r) => r.steps / Math.max(1, r.outline)).sort((p, q) => p - q);
    const convex = rs.map((r) => r.convex).filter((v) => !Number.isNaN(v)).sort((p, q) => p - q);
    console.log(`| ${a} | ${rs.length} | ${ratios[ratios.length >> 1]!.toFixed(3)} | ${ratios.filter((v) => v >= 0.05).length} | ${convex.length ? convex[convex.length >> 1]!.toFixed(2) : '–'} | ${(() => { const j = rs.map((r) => r.junction).filter((v) => !Number.isNaN(v)).sort((p, q) => p - q); return j.length ? j[j.length >> 1]!.toFixed(2) : '–'; })()} |`);
  }
}

const dir = process.argv[2];
if (!dir) {
  console.error('usage: occlusion-cue.ts <dev-set dir> [--only id,id] [--plans biped,quadruped,avian] [--grid 256] [--jump 0.03]');
  process.exit(2);
}
void measure(dir);
