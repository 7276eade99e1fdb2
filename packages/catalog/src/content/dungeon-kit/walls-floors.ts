/** The dungeon kit's snapping walls and floors, authored as code so they rebuild identically. */
import { box } from '../../geometry/box';
import { cylinder } from '../../geometry/cylinder';
import { extrude } from '../../geometry/extrude';
import { lathe } from '../../geometry/lathe';
import type { MaterialSpec } from '../../geometry/material-spec';
import type { MeshBuilder } from '../../geometry/mesh-builder';
import type { Random } from '../../geometry/random';
import type { Vec2 } from '../../geometry/shape';
import { translate } from '../../geometry/transforms';
import { defineAsset, type AssetDefinition } from '../asset-definition';
import { PALETTE } from '../palette';
import { beam, boxAt } from '../parts';

const PACK = 'dungeon-kit';
/** Kit pieces snap on a 2 m grid; walls are 3 m tall and 0.4 m thick. */
const GRID = 2;
const WALL_H = 3;
const WALL_T = 0.4;

function floorTiles(b: MeshBuilder, rng: Random, n: number, mats: MaterialSpec[], gap = 0.03): void {
  const s = GRID / n;
  b.add(boxAt(GRID, 0.06, GRID, [0, 0.03, 0]), PALETTE.darkStone);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
    const h = rng.range(0.03, 0.07);
    b.add(translate(box(s - gap, h, s - gap, { bevel: 0.012 }), -GRID / 2 + s * (i + 0.5), 0.05, -GRID / 2 + s * (j + 0.5)), rng.pick(mats));
  }
}

/** Staggered ashlar rows on both faces of a wall core. */
function blockWall(b: MeshBuilder, rng: Random, w: number, h: number, mats: MaterialSpec[], topJitter = 0): void {
  b.add(boxAt(w, h, WALL_T - 0.04, [0, h / 2, 0]), PALETTE.darkStone);
  const rowH = 0.375;
  const rows = Math.round(h / rowH);
  for (let r = 0; r < rows; r++) {
    let x = -w / 2;
    const stagger = r % 2 === 0 ? 0 : 0.25;
    let first = true;
    while (x < w / 2 - 0.01) {
      const bw = Math.min(first && stagger > 0 ? stagger : rng.range(0.4, 0.6), w / 2 - x);
      first = false;
      const top = topJitter > 0 ? h - rng.range(0, topJitter) * (1 - Math.abs(x) / w) : h;
      if (r * rowH + rowH * 0.5 < top) {
        b.add(translate(box(bw - 0.02, rowH - 0.02, WALL_T, { bevel: 0.02 }), x + bw / 2, r * rowH + 0.01, 0), rng.pick(mats));
      }
      x += bw;
    }
  }
}

function archOutline(w: number, h: number, spring: number, n = 8): Vec2[] {
  const pts: Vec2[] = [[-w / 2, 0], [w / 2, 0]];
  for (let i = 0; i <= n; i++) {
    const a = (i / n) * Math.PI;
    pts.push([(w / 2) * Math.cos(a), spring + (w / 2) * Math.sin(a)]);
  }
  void h;
  return pts;
}

/**
 * A wall cut by an opening. A window is a hole; a doorway reaches the floor, so it is cut into the
 * outline itself (a hole touching the outline is degenerate input for the triangulator).
 */
function wallWithOpening(b: MeshBuilder, hole: Vec2[], mat: MaterialSpec, trim: MaterialSpec): void {
  const wall: Vec2[] = [[-GRID / 2, 0], [GRID / 2, 0], [GRID / 2, WALL_H], [-GRID / 2, WALL_H]];
  const touchesFloor = hole.some(([, y]) => y < 0.01);
  if (touchesFloor) {
    const arch = hole.filter(([, y]) => y >= 0.01);
    const notch: Vec2[] = [[-GRID / 2, 0], ...[[arch[arch.length - 1]![0], 0] as Vec2], ...arch.slice().reverse(), [arch[0]![0], 0], [GRID / 2, 0], [GRID / 2, WALL_H], [-GRID / 2, WALL_H]];
    b.add(extrude(notch, WALL_T), mat);
  } else {
    b.add(extrude(wall, WALL_T, { holes: [hole] }), mat);
  }
  // A frame of trim stones around the opening.
  const n = hole.length;
  for (let i = 0; i < n; i++) {
    const [x0, y0] = hole[i]!;
    const [x1, y1] = hole[(i + 1) % n]!;
    if (y0 < 0.01 && y1 < 0.01) continue;
    const len = Math.hypot(x1 - x0, y1 - y0);
    const ang = Math.atan2(y1 - y0, x1 - x0);
    const piece = extrude([[0, -0.06], [len, -0.06], [len, 0.06], [0, 0.06]], WALL_T + 0.06);
    const c = Math.cos(ang);
    const s = Math.sin(ang);
    b.add({ positions: piece.positions.map((v, k) => (k % 3 === 0 ? x0 + v * c - piece.positions[k + 1]! * s : k % 3 === 1 ? y0 + piece.positions[k - 1]! * s + v * c : v)), indices: piece.indices }, trim);
  }
}

function pillarRound(b: MeshBuilder, h: number, r: number, mat: MaterialSpec): void {
  b.add(lathe([[0, 0], [r * 1.4, 0], [r * 1.4, 0.2], [r * 1.15, 0.3], [r, 0.35], [r, h - 0.35], [r * 1.15, h - 0.3], [r * 1.4, h - 0.2], [r * 1.4, h], [0, h]], 10), mat);
}

const stoneMats = [PALETTE.stone, PALETTE.darkStone, PALETTE.concrete];

export const WALLS_FLOORS: AssetDefinition[] = [
  defineAsset(PACK, 'floor-stone-tiles', 'Stone Floor Tiles', 'dungeon_walls_floors', (b, rng) => floorTiles(b, rng, 4, [PALETTE.stone, PALETTE.concrete])),
  defineAsset(PACK, 'floor-large-slabs', 'Large Slab Floor', 'dungeon_walls_floors', (b, rng) => floorTiles(b, rng, 2, [PALETTE.stone, PALETTE.darkStone], 0.04)),
  defineAsset(PACK, 'floor-cobbles', 'Cobblestone Floor', 'dungeon_walls_floors', (b, rng) => floorTiles(b, rng, 8, [PALETTE.stone, PALETTE.darkStone, PALETTE.sandstone], 0.04)),
  defineAsset(PACK, 'floor-mossy', 'Mossy Floor', 'dungeon_walls_floors', (b, rng) => floorTiles(b, rng, 4, [PALETTE.stone, PALETTE.mossStone, PALETTE.moss])),
  defineAsset(PACK, 'floor-wood-planks', 'Wooden Plank Floor', 'dungeon_walls_floors', (b, rng) => {
    b.add(boxAt(GRID, 0.04, GRID, [0, 0.02, 0]), PALETTE.darkWood);
    for (let i = 0; i < 10; i++) b.add(boxAt(0.19, 0.05, GRID, [-GRID / 2 + 0.1 + i * 0.2, 0.065, 0], 0.01), rng.pick([PALETTE.oak, PALETTE.pine, PALETTE.weatheredWood]));
  }),
  defineAsset(PACK, 'floor-grate', 'Iron Floor Grate', 'dungeon_walls_floors', (b, rng) => {
    floorTiles(b, rng, 4, [PALETTE.stone]);
    for (let i = 0; i < 7; i++) b.add(boxAt(0.04, 0.05, 0.9, [-0.42 + i * 0.14, 0.11, 0]), PALETTE.iron);
    for (const z of [-0.45, 0.45]) b.add(boxAt(0.96, 0.05, 0.06, [0, 0.11, z]), PALETTE.iron);
  }),
  defineAsset(PACK, 'wall-stone', 'Stone Wall', 'dungeon_walls_floors', (b, rng) => blockWall(b, rng, GRID, WALL_H, stoneMats)),
  defineAsset(PACK, 'wall-stone-mossy', 'Mossy Stone Wall', 'dungeon_walls_floors', (b, rng) => blockWall(b, rng, GRID, WALL_H, [PALETTE.stone, PALETTE.mossStone, PALETTE.moss])),
  defineAsset(PACK, 'wall-sandstone', 'Sandstone Wall', 'dungeon_walls_floors', (b, rng) => blockWall(b, rng, GRID, WALL_H, [PALETTE.sandstone, PALETTE.concrete])),
  defineAsset(PACK, 'wall-brick', 'Brick Wall', 'dungeon_walls_floors', (b, rng) => blockWall(b, rng, GRID, WALL_H, [PALETTE.brick, PALETTE.clay])),
  defineAsset(PACK, 'wall-broken', 'Broken Wall', 'dungeon_walls_floors', (b, rng) => blockWall(b, rng, GRID, WALL_H, stoneMats, 2.2)),
  defineAsset(PACK, 'wall-half', 'Half Wall', 'dungeon_walls_floors', (b, rng) => blockWall(b, rng, GRID, 1.5, stoneMats)),
  defineAsset(PACK, 'wall-doorway', 'Arched Doorway', 'dungeon_walls_floors', (b) => wallWithOpening(b, archOutline(1.1, 2.4, 1.7), PALETTE.stone, PALETTE.darkStone)),
  defineAsset(PACK, 'wall-window', 'Wall with Window', 'dungeon_walls_floors', (b) => wallWithOpening(b, archOutline(0.6, 1.8, 1.7).map(([x, y]) => [x, y < 0.01 ? 1.2 : y] as Vec2), PALETTE.stone, PALETTE.sandstone)),
  defineAsset(PACK, 'wall-gate', 'Wall with Wide Gate', 'dungeon_walls_floors', (b) => wallWithOpening(b, archOutline(1.5, 2.6, 1.6, 10), PALETTE.darkStone, PALETTE.stone)),
  defineAsset(PACK, 'pillar-square', 'Square Pillar', 'dungeon_walls_floors', (b) => {
    b.add(box(0.6, 0.25, 0.6, { bevel: 0.03 }), PALETTE.darkStone);
    b.add(translate(box(0.45, WALL_H - 0.5, 0.45, { bevel: 0.03 }), 0, 0.25, 0), PALETTE.stone);
    b.add(translate(box(0.6, 0.25, 0.6, { bevel: 0.03 }), 0, WALL_H - 0.25, 0), PALETTE.darkStone);
  }),
  defineAsset(PACK, 'pillar-round', 'Round Pillar', 'dungeon_walls_floors', (b) => pillarRound(b, WALL_H, 0.25, PALETTE.stone)),
  defineAsset(PACK, 'pillar-broken', 'Broken Pillar', 'dungeon_walls_floors', (b, rng) => {
    pillarRound(b, 1.4, 0.25, PALETTE.sandstone);
    b.add(translate(cylinder(0.22, 0.3, { segments: 10 }), rng.range(0.6, 0.8), 0, 0.3), PALETTE.sandstone);
  }),
  defineAsset(PACK, 'stairs-stone', 'Stone Stairs', 'dungeon_walls_floors', (b) => {
    for (let i = 0; i < 6; i++) b.add(translate(box(GRID, 0.25 * (i + 1), 0.333, { bevel: 0.015 }), 0, 0, GRID / 2 - 0.333 * (i + 0.5)), i % 2 ? PALETTE.stone : PALETTE.concrete);
  }),
  defineAsset(PACK, 'stairs-narrow', 'Narrow Stairs', 'dungeon_walls_floors', (b) => {
    for (let i = 0; i < 8; i++) b.add(translate(box(1, 0.19 * (i + 1), 0.25, { bevel: 0.01 }), 0, 0, 1 - 0.25 * (i + 0.5)), PALETTE.darkStone);
    b.add(boxAt(0.15, 1.7, GRID, [-0.575, 0.85, 0]), PALETTE.stone);
  }),
  defineAsset(PACK, 'stairs-wooden', 'Wooden Stairs', 'dungeon_walls_floors', (b) => {
    for (let i = 0; i < 6; i++) b.add(boxAt(1.2, 0.05, 0.32, [0, 0.25 * (i + 1) - 0.025, GRID / 2 - 0.333 * (i + 0.5)]), PALETTE.oak);
    for (const x of [-0.63, 0.63]) b.add(beam([x, 0.05, GRID / 2 - 0.05], [x, 1.45, -GRID / 2 + 0.2], 0.06, 0.22), PALETTE.darkWood);
    for (const x of [-0.63, 0.63]) b.add(boxAt(0.06, 1.5, 0.06, [x, 0.75, -GRID / 2 + 0.1]), PALETTE.darkWood);
  }),
];
