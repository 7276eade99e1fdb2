/** The starter props' furniture, authored as code so they rebuild identically. */
import { cylinder } from '../../geometry/cylinder';
import type { MaterialSpec } from '../../geometry/material-spec';
import type { MeshBuilder } from '../../geometry/mesh-builder';
import type { Random } from '../../geometry/random';
import { translate } from '../../geometry/transforms';
import { defineAsset, type AssetDefinition } from '../asset-definition';
import { PALETTE } from '../palette';
import { boxAt, rod } from '../parts';

const PACK = 'starter-props';

function table(b: MeshBuilder, w: number, d: number, h: number, wood: MaterialSpec, stretchers: boolean): void {
  const top = 0.05;
  b.add(boxAt(w, top, d, [0, h - top / 2, 0], 0.01), wood);
  const leg = 0.07;
  const lx = w / 2 - leg;
  const lz = d / 2 - leg;
  for (const sx of [-1, 1]) for (const sz of [-1, 1]) b.add(boxAt(leg, h - top, leg, [sx * lx, (h - top) / 2, sz * lz]), wood);
  b.add(boxAt(w - leg * 2.5, 0.08, d - leg * 2.5, [0, h - top - 0.04, 0]), wood);
  if (stretchers) for (const sz of [-1, 1]) b.add(boxAt(w - leg * 2, 0.04, 0.04, [0, 0.15, sz * lz]), wood);
}

function chair(b: MeshBuilder, wood: MaterialSpec, seatMat: MaterialSpec, slats: number, armrests: boolean): void {
  const s = 0.45;
  const seatH = 0.45;
  const leg = 0.04;
  const l = s / 2 - leg / 2;
  for (const sx of [-1, 1]) {
    b.add(boxAt(leg, seatH, leg, [sx * l, seatH / 2, l]), wood);
    b.add(boxAt(leg, 0.95, leg, [sx * l, 0.475, -l]), wood); // back legs run up into the backrest
  }
  b.add(boxAt(s, 0.04, s, [0, seatH + 0.02, 0], 0.008), seatMat);
  for (let i = 0; i < slats; i++) {
    const y = 0.62 + (i * 0.28) / Math.max(1, slats - 1);
    b.add(boxAt(s - leg, 0.05, 0.02, [0, slats === 1 ? 0.8 : y, -l]), wood);
  }
  b.add(boxAt(s + 0.02, 0.04, 0.04, [0, 0.95, -l], 0.008), wood);
  for (const sx of [-1, 1]) b.add(boxAt(0.03, 0.03, s - leg, [sx * l, 0.15, 0]), wood);
  if (armrests) for (const sx of [-1, 1]) {
    b.add(boxAt(0.05, 0.03, s, [sx * (l + 0.01), 0.68, 0], 0.006), wood);
    b.add(boxAt(0.03, 0.22, 0.03, [sx * l, 0.57, l]), wood);
  }
}

function stool(b: MeshBuilder, h: number, wood: MaterialSpec, legs: number): void {
  const r = 0.17;
  b.add(translate(cylinder(r, 0.04, { segments: 10 }), 0, h - 0.04, 0), wood);
  for (let i = 0; i < legs; i++) {
    const a = (i / legs) * Math.PI * 2;
    b.add(rod([Math.cos(a) * r * 1.25, 0, Math.sin(a) * r * 1.25], [Math.cos(a) * r * 0.6, h - 0.04, Math.sin(a) * r * 0.6], 0.02, 5), wood);
  }
}

function shelf(b: MeshBuilder, rng: Random, w: number, h: number, levels: number, wood: MaterialSpec, books: boolean): void {
  const d = 0.35;
  const t = 0.03;
  for (const sx of [-1, 1]) b.add(boxAt(t, h, d, [sx * (w / 2 - t / 2), h / 2, 0]), wood);
  b.add(boxAt(w, h, 0.015, [0, h / 2, -d / 2 + 0.0075]), wood);
  const gap = (h - t) / levels;
  for (let i = 0; i <= levels; i++) b.add(boxAt(w - 2 * t, t, d, [0, t / 2 + i * gap, 0]), wood);
  if (!books) return;
  const colours = [PALETTE.redCloth, PALETTE.blueCloth, PALETTE.greenPaint, PALETTE.cream, PALETTE.darkWood];
  for (let i = 0; i < levels; i++) {
    let x = -w / 2 + t + 0.01;
    const y0 = t + i * gap;
    while (x < w / 2 - t - 0.06) {
      const bw = rng.range(0.025, 0.06);
      if (rng.next() < 0.12) { x += bw * 2; continue; }
      const bh = Math.min(gap - 0.03, rng.range(0.16, 0.28));
      const bd = rng.range(0.18, 0.25);
      b.add(boxAt(bw, bh, bd, [x + bw / 2, y0 + bh / 2, -d / 2 + bd / 2 + 0.03]), rng.pick(colours));
      x += bw + 0.003;
    }
  }
}

function cabinet(b: MeshBuilder, w: number, h: number, d: number, wood: MaterialSpec, doors: number, drawers: number): void {
  b.add(boxAt(w, h - 0.08, d, [0, 0.08 + (h - 0.08) / 2, 0], 0.01), wood);
  b.add(boxAt(w + 0.04, 0.03, d + 0.03, [0, h + 0.015, 0.0], 0.008), wood);
  for (const sx of [-1, 1]) for (const sz of [-1, 1]) b.add(boxAt(0.05, 0.08, 0.05, [sx * (w / 2 - 0.04), 0.04, sz * (d / 2 - 0.04)]), PALETTE.darkWood);
  const front = d / 2 + 0.008;
  const drawerH = 0.18;
  for (let i = 0; i < drawers; i++) {
    const y = h - 0.04 - drawerH / 2 - i * (drawerH + 0.02);
    b.add(boxAt(w - 0.08, drawerH, 0.02, [0, y, front], 0.005), PALETTE.pine);
    b.add(boxAt(0.1, 0.02, 0.03, [0, y, front + 0.02]), PALETTE.brass);
  }
  const top = h - 0.04 - drawers * (drawerH + 0.02);
  const bottom = 0.12;
  if (doors > 0 && top - bottom > 0.15) {
    const dw = (w - 0.08) / doors;
    for (let i = 0; i < doors; i++) {
      const x = -w / 2 + 0.04 + dw * (i + 0.5);
      b.add(boxAt(dw - 0.02, top - bottom, 0.02, [x, (top + bottom) / 2, front], 0.005), PALETTE.pine);
      const knobX = x + (i % 2 === 0 ? 1 : -1) * (dw / 2 - 0.06);
      b.add(boxAt(0.03, 0.03, 0.03, [knobX, (top + bottom) / 2, front + 0.02]), PALETTE.brass);
    }
  }
}

function bed(b: MeshBuilder, w: number, blanket: MaterialSpec): void {
  const l = 2.0;
  b.add(boxAt(w, 0.25, l, [0, 0.25, 0]), PALETTE.oak);
  for (const sx of [-1, 1]) for (const sz of [-1, 1]) b.add(boxAt(0.08, 0.2, 0.08, [sx * (w / 2 - 0.04), 0.1, sz * (l / 2 - 0.04)]), PALETTE.oak);
  b.add(boxAt(w + 0.04, 0.9, 0.08, [0, 0.45, -l / 2 - 0.04], 0.015), PALETTE.darkWood);
  b.add(boxAt(w + 0.04, 0.55, 0.08, [0, 0.275, l / 2 + 0.04], 0.015), PALETTE.darkWood);
  b.add(boxAt(w - 0.06, 0.18, l - 0.06, [0, 0.46, 0], 0.04), PALETTE.cream);
  b.add(boxAt(w - 0.02, 0.05, l * 0.62, [0, 0.56, l * 0.19], 0.02), blanket);
  const pillows = w > 1.2 ? [-w / 4, w / 4] : [0];
  for (const x of pillows) b.add(boxAt(Math.min(0.6, w * 0.7), 0.1, 0.32, [x, 0.6, -l / 2 + 0.25], 0.04), PALETTE.wax);
}

export const FURNITURE: AssetDefinition[] = [
  defineAsset(PACK, 'table-square', 'Square Table', 'furniture', (b) => table(b, 0.9, 0.9, 0.75, PALETTE.oak, false)),
  defineAsset(PACK, 'table-long', 'Long Dining Table', 'furniture', (b) => table(b, 2.0, 0.9, 0.76, PALETTE.darkWood, true)),
  defineAsset(PACK, 'table-workbench', 'Workbench', 'furniture', (b) => {
    table(b, 1.6, 0.7, 0.9, PALETTE.pine, true);
    b.add(boxAt(0.3, 0.12, 0.2, [0.5, 0.96, 0.1], 0.01), PALETTE.iron);
  }),
  defineAsset(PACK, 'table-round', 'Round Table', 'furniture', (b) => {
    b.add(translate(cylinder(0.5, 0.05, { segments: 16 }), 0, 0.7, 0), PALETTE.oak);
    b.add(cylinder(0.06, 0.7, { segments: 8 }), PALETTE.darkWood);
    b.add(cylinder(0.3, 0.05, { segments: 12, radiusTop: 0.2 }), PALETTE.darkWood);
  }),
  defineAsset(PACK, 'chair-simple', 'Simple Chair', 'furniture', (b) => chair(b, PALETTE.oak, PALETTE.oak, 1, false)),
  defineAsset(PACK, 'chair-slatted', 'Slatted Chair', 'furniture', (b) => chair(b, PALETTE.darkWood, PALETTE.darkWood, 3, false)),
  defineAsset(PACK, 'chair-armchair', 'Cushioned Armchair', 'furniture', (b) => chair(b, PALETTE.darkWood, PALETTE.redCloth, 2, true)),
  defineAsset(PACK, 'stool-low', 'Low Stool', 'furniture', (b) => stool(b, 0.45, PALETTE.pine, 3)),
  defineAsset(PACK, 'stool-bar', 'Bar Stool', 'furniture', (b) => stool(b, 0.75, PALETTE.darkWood, 4)),
  defineAsset(PACK, 'bench-wooden', 'Wooden Bench', 'furniture', (b) => table(b, 1.5, 0.35, 0.45, PALETTE.oak, false)),
  defineAsset(PACK, 'bookshelf', 'Bookshelf', 'furniture', (b, rng) => shelf(b, rng, 1.0, 1.9, 5, PALETTE.darkWood, true)),
  defineAsset(PACK, 'shelf-empty', 'Open Shelf', 'furniture', (b, rng) => shelf(b, rng, 0.8, 1.2, 3, PALETTE.pine, false)),
  defineAsset(PACK, 'cabinet', 'Cupboard', 'furniture', (b) => cabinet(b, 0.9, 0.9, 0.45, PALETTE.oak, 2, 1)),
  defineAsset(PACK, 'dresser', 'Chest of Drawers', 'furniture', (b) => cabinet(b, 1.0, 0.95, 0.5, PALETTE.darkWood, 0, 4)),
  defineAsset(PACK, 'wardrobe', 'Wardrobe', 'furniture', (b) => cabinet(b, 1.2, 2.0, 0.6, PALETTE.darkWood, 2, 1)),
  defineAsset(PACK, 'bed-single', 'Single Bed', 'furniture', (b) => bed(b, 0.95, PALETTE.blueCloth)),
  defineAsset(PACK, 'bed-double', 'Double Bed', 'furniture', (b) => bed(b, 1.5, PALETTE.redCloth)),
];
