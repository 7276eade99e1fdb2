/** The town street pack's lamps and lanterns, authored as code so they rebuild identically. */
import { box } from '../../geometry/box';
import { cylinder } from '../../geometry/cylinder';
import { icosphere } from '../../geometry/icosphere';
import { lathe } from '../../geometry/lathe';
import type { MaterialSpec } from '../../geometry/material-spec';
import type { MeshBuilder } from '../../geometry/mesh-builder';
import { translate } from '../../geometry/transforms';
import { defineAsset, type AssetDefinition } from '../asset-definition';
import { PALETTE } from '../palette';
import { rod } from '../parts';

const PACK = 'town-street';

function lantern(b: MeshBuilder, x: number, y: number, z: number, s: number, metal: MaterialSpec): void {
  b.add(translate(cylinder(0.1 * s, 0.03 * s, { segments: 4, phase: Math.PI / 4 }), x, y, z), metal);
  b.add(translate(cylinder(0.09 * s, 0.22 * s, { segments: 4, phase: Math.PI / 4, radiusTop: 0.11 * s }), x, y + 0.03 * s, z), PALETTE.glass);
  b.add(translate(icosphere(0.05 * s, 1), x, y + 0.12 * s, z), PALETTE.flame);
  b.add(translate(cylinder(0.15 * s, 0.1 * s, { segments: 4, phase: Math.PI / 4, radiusTop: 0.02 * s }), x, y + 0.25 * s, z), metal);
}

function lampPost(b: MeshBuilder, h: number, metal: MaterialSpec, arms: number): void {
  b.add(lathe([[0, 0], [0.16, 0], [0.14, 0.1], [0.09, 0.2], [0.06, 0.5], [0.05, h], [0, h]], 8), metal);
  if (arms === 0) lantern(b, 0, h, 0, 1.4, metal);
  for (let i = 0; i < arms; i++) {
    const s = i === 0 ? 1 : -1;
    b.add(rod([0, h - 0.3, 0], [s * 0.45, h - 0.1, 0], 0.025, 5), metal);
    lantern(b, s * 0.45, h - 0.45, 0, 1.2, metal);
  }
}

export const TOWN_LIGHTING: AssetDefinition[] = [
  defineAsset(PACK, 'lamp-post-classic', 'Classic Lamp Post', 'lighting', (b) => lampPost(b, 3.2, PALETTE.blackPaint, 0)),
  defineAsset(PACK, 'lamp-post-double', 'Double Lamp Post', 'lighting', (b) => lampPost(b, 3.6, PALETTE.iron, 2)),
  defineAsset(PACK, 'lamp-post-green', 'Green Lamp Post', 'lighting', (b) => lampPost(b, 2.8, PALETTE.greenPaint, 1)),
  defineAsset(PACK, 'street-light-modern', 'Modern Street Light', 'lighting', (b) => {
    b.add(cylinder(0.1, 6, { segments: 8, radiusTop: 0.06 }), PALETTE.steel);
    b.add(rod([0, 5.9, 0], [1.3, 6.1, 0], 0.05, 6), PALETTE.steel);
    b.add(translate(box(0.6, 0.1, 0.25, { bevel: 0.02 }), 1.35, 6.0, 0), PALETTE.steel);
    b.add(translate(box(0.5, 0.02, 0.2), 1.35, 5.99, 0), PALETTE.wax);
  }),
  defineAsset(PACK, 'lantern-standing', 'Lantern', 'lighting', (b) => lantern(b, 0, 0, 0, 1.3, PALETTE.brass)),
  defineAsset(PACK, 'lantern-iron', 'Iron Lantern', 'lighting', (b) => {
    lantern(b, 0, 0, 0, 1.6, PALETTE.iron);
    b.add(translate(lathe([[0.04, 0], [0.055, 0.01], [0.04, 0.02]], 8), 0, 0.44, 0), PALETTE.iron);
  }),
  defineAsset(PACK, 'bollard-light', 'Bollard Light', 'lighting', (b) => {
    b.add(cylinder(0.1, 0.75, { segments: 10 }), PALETTE.blackPaint);
    b.add(translate(cylinder(0.095, 0.12, { segments: 10 }), 0, 0.75, 0), PALETTE.wax);
    b.add(translate(cylinder(0.12, 0.04, { segments: 10, radiusTop: 0.08 }), 0, 0.87, 0), PALETTE.blackPaint);
  }),
];
