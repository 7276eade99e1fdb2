/** The dungeon kit's props, authored as code so they rebuild identically. */
import { box } from '../../geometry/box';
import { cone, cylinder } from '../../geometry/cylinder';
import { extrude } from '../../geometry/extrude';
import { icosphere } from '../../geometry/icosphere';
import type { MaterialSpec } from '../../geometry/material-spec';
import type { MeshBuilder } from '../../geometry/mesh-builder';
import type { Vec2 } from '../../geometry/shape';
import { rotateX, rotateY, rotateZ, scale, translate } from '../../geometry/transforms';
import { torus } from '../../geometry/torus';
import { defineAsset, type AssetDefinition } from '../asset-definition';
import { PALETTE } from '../palette';
import { boxAt, rod } from '../parts';

const PACK = 'dungeon-kit';

function coffin(b: MeshBuilder, wood: MaterialSpec, open: boolean): void {
  const outline: Vec2[] = [[-0.22, -1], [0.22, -1], [0.32, 0.45], [0.2, 1], [-0.2, 1], [-0.32, 0.45]];
  const body = rotateX(extrude(outline, 0.45), Math.PI / 2);
  b.add(translate(body, 0, 0.225, 0), wood);
  const lid = rotateX(extrude(outline.map(([x, y]) => [x * 1.06, y * 1.03] as Vec2), 0.06), Math.PI / 2);
  if (open) b.add(translate(rotateY(lid, 0.5), 0.35, 0.48, 0.1), wood);
  else b.add(translate(lid, 0, 0.48, 0), wood);
  b.add(translate(rotateX(extrude([[-0.03, -0.25], [0.03, -0.25], [0.03, 0.1], [0.12, 0.1], [0.12, 0.16], [0.03, 0.16], [0.03, 0.25], [-0.03, 0.25], [-0.03, 0.16], [-0.12, 0.16], [-0.12, 0.1], [-0.03, 0.1]], 0.02), Math.PI / 2), open ? 0.35 : 0, open ? 0.52 : 0.52, open ? -0.1 : -0.1), PALETTE.brass);
}

function tombstone(b: MeshBuilder, w: number, h: number, mat: MaterialSpec, cross: boolean): void {
  if (cross) {
    b.add(translate(box(0.12, h, 0.12, { bevel: 0.01 }), 0, 0.1, 0), mat);
    b.add(boxAt(w, 0.12, 0.12, [0, 0.1 + h * 0.72, 0], 0.01), mat);
  } else {
    const pts: Vec2[] = [[-w / 2, 0], [w / 2, 0]];
    for (let i = 0; i <= 6; i++) {
      const a = (i / 6) * Math.PI;
      pts.push([(w / 2) * Math.cos(a), h - w / 2 + (w / 2) * Math.sin(a)]);
    }
    b.add(translate(rotateX(extrude(pts, 0.14), -0.06), 0, 0.1, 0), mat);
  }
  b.add(box(w + 0.15, 0.12, 0.35, { bevel: 0.02 }), PALETTE.darkStone);
}

function cage(b: MeshBuilder, r: number, h: number, bars: number): void {
  b.add(cylinder(r + 0.05, 0.08, { segments: bars }), PALETTE.iron);
  b.add(translate(cylinder(r + 0.05, 0.08, { segments: bars }), 0, h, 0), PALETTE.iron);
  b.add(translate(cone(r + 0.05, 0.3, { segments: bars }), 0, h + 0.08, 0), PALETTE.iron);
  b.add(translate(rotateX(torus(0.08, 0.015, 8, 4), Math.PI / 2), 0, h + 0.45, 0), PALETTE.iron);
  for (let i = 0; i < bars; i++) {
    const a = (i / bars) * Math.PI * 2;
    b.add(rod([Math.cos(a) * r, 0.08, Math.sin(a) * r], [Math.cos(a) * r, h, Math.sin(a) * r], 0.018, 4), PALETTE.iron);
  }
}

function skull(): ReturnType<typeof icosphere>[] {
  return [translate(scale(icosphere(0.1, 1), 0.85, 0.9, 1), 0, 0.1, 0), translate(box(0.1, 0.06, 0.08, { bevel: 0.01 }), 0, 0.01, 0.06)];
}

export const DUNGEON_PROPS: AssetDefinition[] = [
  defineAsset(PACK, 'coffin', 'Coffin', 'dungeon_props', (b) => coffin(b, PALETTE.darkWood, false)),
  defineAsset(PACK, 'coffin-open', 'Open Coffin', 'dungeon_props', (b) => coffin(b, PALETTE.oak, true)),
  defineAsset(PACK, 'tombstone-round', 'Rounded Tombstone', 'dungeon_props', (b) => tombstone(b, 0.6, 0.9, PALETTE.stone, false)),
  defineAsset(PACK, 'tombstone-cross', 'Stone Cross', 'dungeon_props', (b) => tombstone(b, 0.5, 1.1, PALETTE.darkStone, true)),
  defineAsset(PACK, 'tombstone-small', 'Small Gravestone', 'dungeon_props', (b) => tombstone(b, 0.4, 0.55, PALETTE.mossStone, false)),
  defineAsset(PACK, 'cage-hanging', 'Iron Cage', 'dungeon_props', (b) => cage(b, 0.45, 1.5, 10)),
  defineAsset(PACK, 'cage-small', 'Small Cage', 'dungeon_props', (b) => cage(b, 0.25, 0.6, 8)),
  defineAsset(PACK, 'altar', 'Stone Altar', 'dungeon_props', (b) => {
    b.add(box(1.8, 0.2, 1.0, { bevel: 0.03 }), PALETTE.darkStone);
    b.add(translate(box(1.4, 0.7, 0.7, { bevel: 0.03 }), 0, 0.2, 0), PALETTE.stone);
    b.add(translate(box(1.6, 0.12, 0.85, { bevel: 0.03 }), 0, 0.9, 0), PALETTE.darkStone);
    b.add(translate(box(1.2, 0.015, 0.3, {}), 0, 1.02, 0), PALETTE.redCloth);
  }),
  defineAsset(PACK, 'skull', 'Skull', 'dungeon_props', (b) => { for (const s of skull()) b.add(s, PALETTE.bone); }),
  defineAsset(PACK, 'bone-pile', 'Bone Pile', 'dungeon_props', (b, rng) => {
    for (let i = 0; i < 9; i++) {
      const a = rng.range(0, Math.PI * 2);
      const d = rng.range(0, 0.3);
      const len = rng.range(0.25, 0.4);
      const cx = Math.cos(a) * d;
      const cz = Math.sin(a) * d;
      const t = rng.range(0, Math.PI);
      const y = 0.03 + i * 0.012;
      const p0: [number, number, number] = [cx - Math.cos(t) * len / 2, y, cz - Math.sin(t) * len / 2];
      const p1: [number, number, number] = [cx + Math.cos(t) * len / 2, y + rng.range(0, 0.05), cz + Math.sin(t) * len / 2];
      b.add(rod(p0, p1, 0.018, 5), PALETTE.bone);
      b.add(translate(icosphere(0.03, 0), ...p0), PALETTE.bone);
      b.add(translate(icosphere(0.03, 0), ...p1), PALETTE.bone);
    }
    for (const s of skull()) b.add(translate(rotateY(s, 0.6), 0.1, 0.07, 0.05), PALETTE.bone);
  }),
  defineAsset(PACK, 'weapon-rack', 'Weapon Rack', 'dungeon_props', (b) => {
    for (const x of [-0.6, 0.6]) b.add(boxAt(0.08, 1.5, 0.08, [x, 0.75, 0]), PALETTE.darkWood);
    for (const y of [0.3, 1.2]) b.add(boxAt(1.3, 0.08, 0.1, [0, y, 0]), PALETTE.darkWood);
    b.add(boxAt(1.4, 0.06, 0.5, [0, 0.03, 0]), PALETTE.darkWood);
    for (const x of [-0.4, -0.13, 0.13, 0.4]) {
      b.add(rod([x, 0.06, 0.1], [x, 1.1, 0.08], 0.015, 5), PALETTE.oak);
      b.add(translate(cone(0.04, 0.18, { segments: 4 }), x, 1.1, 0.08), PALETTE.steel);
    }
  }),
  defineAsset(PACK, 'spike-trap', 'Spike Trap', 'dungeon_props', (b) => {
    b.add(box(1.0, 0.06, 1.0, { bevel: 0.01 }), PALETTE.iron);
    for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) b.add(translate(cone(0.05, 0.3, { segments: 4 }), -0.36 + i * 0.24, 0.06, -0.36 + j * 0.24), PALETTE.steel);
  }),
  defineAsset(PACK, 'prison-door', 'Prison Door', 'dungeon_props', (b) => {
    for (let i = 0; i < 7; i++) b.add(boxAt(0.03, 2.1, 0.03, [-0.45 + i * 0.15, 1.05, 0]), PALETTE.iron);
    for (const y of [0.1, 1.0, 2.0]) b.add(boxAt(1.0, 0.06, 0.05, [0, y, 0]), PALETTE.iron);
    b.add(boxAt(0.1, 0.15, 0.08, [0.38, 1.0, 0.02]), PALETTE.rust);
  }),
  defineAsset(PACK, 'chains-post', 'Chained Post', 'dungeon_props', (b) => {
    b.add(box(0.25, 1.8, 0.25, { bevel: 0.02 }), PALETTE.darkWood);
    for (let i = 0; i < 8; i++) {
      const link = torus(0.04, 0.01, 8, 4);
      b.add(translate(i % 2 ? rotateZ(link, Math.PI / 2) : rotateX(link, Math.PI / 2), 0.14 + 0.0, 1.5 - i * 0.065, 0.14), PALETTE.iron);
    }
  }),
];
