/** The starter props' tools, authored as code so they rebuild identically. */
import { extrude } from '../../geometry/extrude';
import type { MeshBuilder } from '../../geometry/mesh-builder';
import { rotateX, rotateY, translate } from '../../geometry/transforms';
import { defineAsset, type AssetDefinition } from '../asset-definition';
import { PALETTE } from '../palette';
import { boxAt, rod } from '../parts';

const PACK = 'starter-props';

/**
 * Hand tools lie on the ground along X, as they would be dropped in a scene; heads are kept at
 * least 5 cm tall so each stands out in a thumbnail.
 */
function handle(b: MeshBuilder, length: number, radius = 0.018, x0 = 0): void {
  // Chunky low-poly handles (≥ 5 cm thick) so every tool reads at thumbnail size.
  const r = Math.max(radius, 0.026);
  b.add(rod([x0, r, 0], [x0 + length, r, 0], r, 6), PALETTE.oak);
}

export const TOOLS: AssetDefinition[] = [
  defineAsset(PACK, 'hammer', 'Hammer', 'tools', (b) => {
    handle(b, 0.32, 0.015);
    b.add(boxAt(0.045, 0.045, 0.13, [0.33, 0.03, 0], 0.004), PALETTE.steel);
  }),
  defineAsset(PACK, 'sledgehammer', 'Sledgehammer', 'tools', (b) => {
    handle(b, 0.85, 0.02);
    b.add(boxAt(0.09, 0.09, 0.22, [0.86, 0.045, 0], 0.01), PALETTE.iron);
  }),
  defineAsset(PACK, 'axe', 'Axe', 'tools', (b) => {
    handle(b, 0.7, 0.018);
    const blade = extrude([[0, -0.03], [0.1, -0.07], [0.12, 0.0], [0.1, 0.07], [0, 0.03]], 0.018);
    // The blade lies flat: its outline is drawn in XY and turned down onto the ground plane.
    b.add(translate(rotateX(blade, -Math.PI / 2), 0.62, 0.02, 0.02), PALETTE.steel);
    b.add(boxAt(0.06, 0.06, 0.05, [0.66, 0.03, 0]), PALETTE.iron);
  }),
  defineAsset(PACK, 'pickaxe', 'Pickaxe', 'tools', (b) => {
    handle(b, 0.8, 0.02);
    const head = extrude([[-0.3, 0], [-0.05, 0.035], [0.05, 0.035], [0.3, 0], [0.05, -0.02], [-0.05, -0.02]], 0.035);
    b.add(translate(rotateY(rotateX(head, -Math.PI / 2), Math.PI / 2), 0.8, 0.02, 0), PALETTE.iron);
  }),
  defineAsset(PACK, 'shovel', 'Shovel', 'tools', (b) => {
    handle(b, 0.9, 0.018);
    b.add(boxAt(0.12, 0.03, 0.04, [0.02, 0.018, 0]), PALETTE.oak);
    const blade = extrude([[0, -0.11], [0.22, -0.12], [0.3, 0], [0.22, 0.12], [0, 0.11]], 0.012);
    b.add(translate(rotateX(blade, -Math.PI / 2), 0.9, 0.02, 0), PALETTE.steel);
  }),
  defineAsset(PACK, 'rake', 'Rake', 'tools', (b) => {
    handle(b, 1.3, 0.016);
    b.add(boxAt(0.03, 0.03, 0.42, [1.3, 0.03, 0]), PALETTE.iron);
    for (let i = 0; i < 10; i++) b.add(rod([1.3, 0.02, -0.19 + i * 0.042], [1.37, 0.006, -0.19 + i * 0.042], 0.006, 4), PALETTE.iron);
  }),
  defineAsset(PACK, 'pitchfork', 'Pitchfork', 'tools', (b) => {
    handle(b, 1.2, 0.018);
    b.add(boxAt(0.03, 0.025, 0.2, [1.2, 0.02, 0]), PALETTE.iron);
    for (const z of [-0.09, -0.03, 0.03, 0.09]) b.add(rod([1.2, 0.02, z], [1.45, 0.02, z * 1.1], 0.007, 4, 0.002), PALETTE.iron);
  }),
  defineAsset(PACK, 'broom', 'Broom', 'tools', (b) => {
    handle(b, 1.0, 0.015);
    b.add(rod([1.3, 0.045, 0], [0.98, 0.045, 0], 0.045, 8, 0.02), PALETTE.burlap);
  }),
  defineAsset(PACK, 'toolbox', 'Toolbox', 'tools', (b) => {
    b.add(boxAt(0.5, 0.2, 0.22, [0, 0.1, 0], 0.01), PALETTE.redPaint);
    b.add(boxAt(0.52, 0.03, 0.24, [0, 0.2, 0], 0.005), PALETTE.redPaint);
    for (const x of [-0.12, 0.12]) b.add(boxAt(0.02, 0.08, 0.02, [x, 0.25, 0]), PALETTE.iron);
    b.add(boxAt(0.26, 0.02, 0.03, [0, 0.29, 0]), PALETTE.blackPaint);
    b.add(boxAt(0.06, 0.04, 0.01, [0, 0.17, 0.115]), PALETTE.steel);
  }),
];
