/** The town street pack's fences, authored as code so they rebuild identically. */
import { box } from '../../geometry/box';
import { cone, cylinder } from '../../geometry/cylinder';
import { extrude } from '../../geometry/extrude';
import type { MaterialSpec } from '../../geometry/material-spec';
import type { MeshBuilder } from '../../geometry/mesh-builder';
import type { Random } from '../../geometry/random';
import { translate } from '../../geometry/transforms';
import { defineAsset, type AssetDefinition } from '../asset-definition';
import { PALETTE } from '../palette';
import { boxAt } from '../parts';

const PACK = 'town-street';

function picket(b: MeshBuilder, len: number, h: number, mat: MaterialSpec): void {
  for (const x of [-len / 2 + 0.05, len / 2 - 0.05]) b.add(boxAt(0.09, h + 0.1, 0.09, [x, (h + 0.1) / 2, 0], 0.01), mat);
  for (const y of [h * 0.25, h * 0.75]) b.add(boxAt(len, 0.07, 0.03, [0, y, -0.05]), mat);
  const n = Math.round(len / 0.14);
  for (let i = 0; i < n; i++) {
    const x = -len / 2 + (i + 0.5) * (len / n);
    b.add(translate(extrude([[-0.04, 0], [0.04, 0], [0.04, h - 0.06], [0, h], [-0.04, h - 0.06]], 0.02), x, 0.04, -0.025), mat);
  }
}

function rails(b: MeshBuilder, rng: Random, len: number, n: number, mat: MaterialSpec): void {
  for (const x of [-len / 2, 0, len / 2]) b.add(translate(cylinder(0.06, 1.1, { segments: 6, phase: rng.range(0, 1) }), x, 0, 0), mat);
  for (let i = 0; i < n; i++) b.add(boxAt(len + 0.1, 0.1, 0.05, [0, 0.35 + i * (0.6 / Math.max(1, n - 1)), 0.07]), mat);
}

function iron(b: MeshBuilder, len: number, h: number, spearTips: boolean): void {
  for (const x of [-len / 2, len / 2]) {
    b.add(translate(box(0.12, h + 0.15, 0.12, { bevel: 0.01 }), x, 0, 0), PALETTE.blackPaint);
    b.add(translate(cone(0.08, 0.1, { segments: 4, phase: Math.PI / 4 }), x, h + 0.15, 0), PALETTE.blackPaint);
  }
  for (const y of [0.15, h - 0.1]) b.add(boxAt(len, 0.04, 0.03, [0, y, 0]), PALETTE.blackPaint);
  const n = Math.round(len / 0.12);
  for (let i = 1; i < n; i++) {
    const x = -len / 2 + i * (len / n);
    b.add(translate(cylinder(0.012, h, { segments: 4 }), x, 0.05, 0), PALETTE.blackPaint);
    if (spearTips) b.add(translate(cone(0.03, 0.08, { segments: 4 }), x, h + 0.05, 0), PALETTE.gold);
  }
}

function stoneWall(b: MeshBuilder, rng: Random, len: number, h: number): void {
  b.add(boxAt(len, h - 0.05, 0.4, [0, (h - 0.05) / 2, 0]), PALETTE.darkStone);
  for (let r = 0; r < Math.round(h / 0.22); r++) {
    let x = -len / 2;
    while (x < len / 2 - 0.02) {
      const w = Math.min(rng.range(0.22, 0.45), len / 2 - x);
      b.add(translate(box(w - 0.02, 0.2, 0.44, { bevel: 0.03 }), x + w / 2, r * 0.22, rng.range(-0.02, 0.02)), rng.pick([PALETTE.stone, PALETTE.sandstone, PALETTE.mossStone]));
      x += w;
    }
  }
  b.add(boxAt(len + 0.04, 0.08, 0.48, [0, h + 0.04 - 0.05 + 0.06, 0], 0.02), PALETTE.concrete);
}

export const FENCES: AssetDefinition[] = [
  defineAsset(PACK, 'fence-picket-white', 'White Picket Fence', 'fences', (b) => picket(b, 2, 0.9, PALETTE.whitePaint)),
  defineAsset(PACK, 'fence-picket-wood', 'Wooden Picket Fence', 'fences', (b) => picket(b, 2, 1.1, PALETTE.pine)),
  defineAsset(PACK, 'fence-picket-short', 'Short Picket Fence', 'fences', (b) => picket(b, 1, 0.6, PALETTE.weatheredWood)),
  defineAsset(PACK, 'fence-rail-two', 'Two-Rail Fence', 'fences', (b, rng) => rails(b, rng, 2.4, 2, PALETTE.weatheredWood)),
  defineAsset(PACK, 'fence-rail-three', 'Three-Rail Fence', 'fences', (b, rng) => rails(b, rng, 2.4, 3, PALETTE.oak)),
  defineAsset(PACK, 'fence-iron', 'Iron Railing', 'fences', (b) => iron(b, 2, 1.2, false)),
  defineAsset(PACK, 'fence-iron-spears', 'Iron Railing with Spear Tips', 'fences', (b) => iron(b, 2, 1.6, true)),
  defineAsset(PACK, 'wall-low-stone', 'Low Stone Wall', 'fences', (b, rng) => stoneWall(b, rng, 2, 0.7)),
  defineAsset(PACK, 'wall-garden-stone', 'Garden Stone Wall', 'fences', (b, rng) => stoneWall(b, rng, 3, 1.1)),
  defineAsset(PACK, 'gate-wooden', 'Wooden Gate', 'fences', (b) => {
    picket(b, 1.2, 1.0, PALETTE.oak);
    b.add(translate(box(1.05, 0.07, 0.03), 0, 0.55, -0.06), PALETTE.oak);
    b.add(boxAt(0.05, 0.05, 0.04, [0.45, 0.6, 0.02]), PALETTE.iron);
  }),
  defineAsset(PACK, 'hedge', 'Hedge', 'fences', (b, rng) => {
    for (let i = 0; i < 4; i++) b.add(translate(box(0.5, rng.range(0.95, 1.1), 0.6, { bevel: 0.1 }), -0.75 + i * 0.5, 0, rng.range(-0.03, 0.03)), PALETTE.darkLeaves);
  }),
];
