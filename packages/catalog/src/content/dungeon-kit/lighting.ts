/** The dungeon kit's light sources, authored as code so they rebuild identically. */
import { cone, cylinder } from '../../geometry/cylinder';
import { icosphere } from '../../geometry/icosphere';
import { lathe } from '../../geometry/lathe';
import type { MeshBuilder } from '../../geometry/mesh-builder';
import type { Random } from '../../geometry/random';
import { scale, translate } from '../../geometry/transforms';
import { defineAsset, type AssetDefinition } from '../asset-definition';
import { PALETTE } from '../palette';
import { boxAt, rod } from '../parts';

const PACK = 'dungeon-kit';

function flame(b: MeshBuilder, r: number, x: number, y: number, z: number): void {
  b.add(translate(scale(icosphere(r, 1), 1, 1.9, 1), x, y + r * 1.6, z), PALETTE.flame);
}

function candle(b: MeshBuilder, h: number, r: number, x = 0, z = 0, y0 = 0): void {
  b.add(translate(cylinder(r, h, { segments: 8 }), x, y0, z), PALETTE.wax);
  b.add(translate(cylinder(r * 0.1, 0.015, { segments: 4 }), x, y0 + h, z), PALETTE.blackPaint);
  flame(b, r * 0.45, x, y0 + h + 0.005, z);
}

function brazier(b: MeshBuilder, rng: Random, r: number, legs: number): void {
  b.add(translate(lathe([[0, 0], [r * 0.5, 0], [r, r * 0.55], [r * 0.92, r * 0.6], [0, r * 0.3]], 10), 0, r * 1.3, 0), PALETTE.iron);
  for (let i = 0; i < legs; i++) {
    const a = (i / legs) * Math.PI * 2;
    b.add(rod([Math.cos(a) * r * 0.9, 0, Math.sin(a) * r * 0.9], [Math.cos(a) * r * 0.5, r * 1.4, Math.sin(a) * r * 0.5], r * 0.06, 4), PALETTE.iron);
  }
  for (let i = 0; i < 5; i++) {
    const a = rng.range(0, Math.PI * 2);
    const d = rng.range(0, r * 0.4);
    b.add(translate(cone(r * rng.range(0.18, 0.3), r * rng.range(0.5, 0.9), { segments: 5 }), Math.cos(a) * d, r * 1.75, Math.sin(a) * d), PALETTE.flame);
  }
}

export const DUNGEON_LIGHTING: AssetDefinition[] = [
  defineAsset(PACK, 'torch-wall', 'Wall Torch', 'lighting', (b) => {
    b.add(boxAt(0.1, 0.2, 0.03, [0, 0.1, -0.2]), PALETTE.iron);
    b.add(rod([0, 0.1, -0.19], [0, 0.45, 0.0], 0.025, 6, 0.035), PALETTE.darkWood);
    b.add(translate(cylinder(0.045, 0.06, { segments: 6 }), 0, 0.4, -0.02), PALETTE.iron);
    b.add(translate(cone(0.06, 0.22, { segments: 6 }), 0, 0.45, 0.0), PALETTE.flame);
  }),
  defineAsset(PACK, 'torch-standing', 'Standing Torch', 'lighting', (b) => {
    b.add(cylinder(0.2, 0.05, { segments: 6, radiusTop: 0.15 }), PALETTE.iron);
    b.add(cylinder(0.03, 1.6, { segments: 6 }), PALETTE.darkWood);
    b.add(translate(lathe([[0, 0], [0.05, 0], [0.1, 0.15], [0, 0.1]], 6), 0, 1.5, 0), PALETTE.iron);
    b.add(translate(cone(0.08, 0.28, { segments: 6 }), 0, 1.6, 0), PALETTE.flame);
  }),
  defineAsset(PACK, 'brazier', 'Brazier', 'lighting', (b, rng) => brazier(b, rng, 0.35, 3)),
  defineAsset(PACK, 'brazier-large', 'Large Brazier', 'lighting', (b, rng) => brazier(b, rng, 0.6, 4)),
  defineAsset(PACK, 'candle', 'Candle', 'lighting', (b) => {
    b.add(cylinder(0.06, 0.015, { segments: 8 }), PALETTE.brass);
    candle(b, 0.15, 0.02, 0, 0, 0.015);
  }),
  defineAsset(PACK, 'candles-cluster', 'Candle Cluster', 'lighting', (b, rng) => {
    for (let i = 0; i < 6; i++) {
      const a = (i / 6) * Math.PI * 2 + rng.range(0, 0.5);
      const d = i === 0 ? 0 : rng.range(0.06, 0.13);
      candle(b, rng.range(0.06, 0.22), rng.range(0.015, 0.025), Math.cos(a) * d, Math.sin(a) * d);
    }
  }),
  defineAsset(PACK, 'candelabra', 'Candelabra', 'lighting', (b) => {
    b.add(lathe([[0, 0], [0.12, 0], [0.1, 0.03], [0.025, 0.06], [0.02, 0.55], [0, 0.55]], 8), PALETTE.gold);
    for (const x of [-0.18, 0, 0.18]) {
      if (x !== 0) b.add(rod([0, 0.4, 0], [x, 0.52, 0], 0.012, 5), PALETTE.gold);
      b.add(translate(cylinder(0.035, 0.03, { segments: 8 }), x, 0.52, 0), PALETTE.gold);
      candle(b, 0.16, 0.018, x, 0, 0.55);
    }
  }),
  defineAsset(PACK, 'chandelier', 'Iron Chandelier', 'lighting', (b) => {
    b.add(translate(lathe([[0.6, 0], [0.62, 0.02], [0.6, 0.05], [0.56, 0.02]], 16), 0, 0.2, 0), PALETTE.iron);
    for (let i = 0; i < 4; i++) {
      const a = (i / 4) * Math.PI * 2;
      b.add(rod([Math.cos(a) * 0.6, 0.22, Math.sin(a) * 0.6], [0, 0.9, 0], 0.01, 4), PALETTE.iron);
    }
    for (let i = 0; i < 8; i++) {
      const a = (i / 8) * Math.PI * 2;
      candle(b, 0.12, 0.02, Math.cos(a) * 0.6, Math.sin(a) * 0.6, 0.25);
    }
    b.add(cylinder(0.03, 0.2, { segments: 6 }), PALETTE.iron);
  }),
];
