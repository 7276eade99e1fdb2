/** The town street pack's benches and street furniture, authored as code so they rebuild identically. */
import { box } from '../../geometry/box';
import { cone, cylinder } from '../../geometry/cylinder';
import { extrude } from '../../geometry/extrude';
import { icosphere } from '../../geometry/icosphere';
import { lathe } from '../../geometry/lathe';
import type { MaterialSpec } from '../../geometry/material-spec';
import type { MeshBuilder } from '../../geometry/mesh-builder';
import { rotateY, scale, translate } from '../../geometry/transforms';
import { defineAsset, type AssetDefinition } from '../asset-definition';
import { PALETTE } from '../palette';
import { boxAt, rod } from '../parts';

const PACK = 'town-street';

function parkBench(b: MeshBuilder, len: number, slats: MaterialSpec, frame: MaterialSpec, back: boolean): void {
  for (const x of [-len / 2 + 0.1, len / 2 - 0.1]) {
    b.add(translate(rotateY(extrude([[-0.22, 0], [-0.16, 0], [-0.16, 0.38], [0.2, 0.38], [0.2, 0], [0.26, 0], [0.26, 0.44], [-0.22, 0.44]], 0.05), Math.PI / 2), x, 0, 0), frame);
    if (back) b.add(rod([x, 0.4, -0.2], [x, 0.85, -0.28], 0.025, 5), frame);
  }
  for (let i = 0; i < 4; i++) b.add(boxAt(len, 0.035, 0.1, [0, 0.46, -0.17 + i * 0.115], 0.006), slats);
  if (back) for (let i = 0; i < 3; i++) b.add(boxAt(len, 0.1, 0.03, [0, 0.55 + i * 0.12, -0.23 - i * 0.02], 0.006), slats);
}

function bin(b: MeshBuilder, mat: MaterialSpec, lid: MaterialSpec): void {
  b.add(lathe([[0, 0], [0.24, 0], [0.27, 0.85], [0, 0.85]], 12), mat);
  for (const y of [0.2, 0.6]) b.add(translate(cylinder(0.265, 0.04, { segments: 12 }), 0, y, 0), lid);
  b.add(translate(lathe([[0, 0], [0.29, 0], [0.29, 0.04], [0.15, 0.12], [0, 0.13]], 12), 0, 0.85, 0), lid);
}

function bollard(b: MeshBuilder, h: number, mat: MaterialSpec, stripe?: MaterialSpec): void {
  b.add(lathe([[0, 0], [0.12, 0], [0.1, 0.08], [0.09, h - 0.08], [0.07, h - 0.02], [0, h]], 10), mat);
  if (stripe) b.add(translate(cylinder(0.094, 0.06, { segments: 10 }), 0, h - 0.22, 0), stripe);
}

function hydrant(b: MeshBuilder, mat: MaterialSpec): void {
  b.add(lathe([[0, 0], [0.16, 0], [0.16, 0.05], [0.12, 0.08], [0.11, 0.55], [0.14, 0.58], [0.14, 0.62], [0.1, 0.64], [0.08, 0.74], [0.03, 0.78], [0, 0.78]], 10), mat);
  for (const s of [-1, 1]) b.add(rod([0, 0.45, 0], [s * 0.19, 0.45, 0], 0.045, 8), mat);
  b.add(rod([0, 0.4, 0], [0, 0.4, 0.18], 0.06, 8), PALETTE.steel);
}

export const STREET_FURNITURE: AssetDefinition[] = [
  defineAsset(PACK, 'park-bench', 'Park Bench', 'street_furniture', (b) => parkBench(b, 1.8, PALETTE.oak, PALETTE.blackPaint, true)),
  defineAsset(PACK, 'park-bench-green', 'Green Park Bench', 'street_furniture', (b) => parkBench(b, 1.6, PALETTE.greenPaint, PALETTE.iron, true)),
  defineAsset(PACK, 'bench-backless', 'Backless Bench', 'street_furniture', (b) => parkBench(b, 1.4, PALETTE.pine, PALETTE.steel, false)),
  defineAsset(PACK, 'trash-bin-green', 'Green Trash Bin', 'street_furniture', (b) => bin(b, PALETTE.greenPaint, PALETTE.iron)),
  defineAsset(PACK, 'trash-bin-metal', 'Metal Trash Bin', 'street_furniture', (b) => bin(b, PALETTE.steel, PALETTE.steel)),
  defineAsset(PACK, 'bollard-black', 'Black Bollard', 'street_furniture', (b) => bollard(b, 0.9, PALETTE.blackPaint, PALETTE.gold)),
  defineAsset(PACK, 'bollard-concrete', 'Concrete Bollard', 'street_furniture', (b) => bollard(b, 0.6, PALETTE.concrete)),
  defineAsset(PACK, 'bollard-striped', 'Striped Bollard', 'street_furniture', (b) => bollard(b, 1.0, PALETTE.yellowPaint, PALETTE.blackPaint)),
  defineAsset(PACK, 'fire-hydrant-red', 'Red Fire Hydrant', 'street_furniture', (b) => hydrant(b, PALETTE.redPaint)),
  defineAsset(PACK, 'fire-hydrant-yellow', 'Yellow Fire Hydrant', 'street_furniture', (b) => hydrant(b, PALETTE.yellowPaint)),
  defineAsset(PACK, 'mailbox-post', 'Post Mailbox', 'street_furniture', (b) => {
    b.add(box(0.08, 1.0, 0.08), PALETTE.oak);
    b.add(translate(rotateY(extrude([[-0.12, 0], [0.12, 0], [0.12, 0.14], [0.06, 0.22], [-0.06, 0.22], [-0.12, 0.14]], 0.45), Math.PI / 2), 0, 1.0, 0), PALETTE.bluePaint);
    b.add(boxAt(0.02, 0.14, 0.04, [0.13, 1.2, 0.15]), PALETTE.redPaint);
  }),
  defineAsset(PACK, 'mailbox-pillar', 'Pillar Post Box', 'street_furniture', (b) => {
    b.add(lathe([[0, 0], [0.28, 0], [0.28, 0.1], [0.24, 0.12], [0.24, 1.3], [0.28, 1.35], [0.22, 1.5], [0, 1.55]], 14), PALETTE.redPaint);
    b.add(boxAt(0.25, 0.04, 0.04, [0, 1.15, 0.24]), PALETTE.blackPaint);
  }),
  defineAsset(PACK, 'planter-square', 'Square Planter', 'street_furniture', (b, rng) => {
    b.add(box(0.8, 0.5, 0.8, { bevel: 0.03 }), PALETTE.concrete);
    b.add(translate(box(0.7, 0.02, 0.7), 0, 0.49, 0), PALETTE.soil);
    for (let i = 0; i < 4; i++) b.add(translate(scale(icosphere(0.22, 1), 1, 0.8, 1), rng.range(-0.18, 0.18), 0.62, rng.range(-0.18, 0.18)), PALETTE.leaves);
  }),
  defineAsset(PACK, 'planter-round', 'Round Flower Planter', 'street_furniture', (b, rng) => {
    b.add(lathe([[0, 0], [0.3, 0], [0.42, 0.45], [0.38, 0.45], [0, 0.4]], 12), PALETTE.clay);
    for (let i = 0; i < 7; i++) {
      const a = rng.range(0, Math.PI * 2);
      const d = rng.range(0, 0.28);
      b.add(translate(icosphere(0.06, 0), Math.cos(a) * d, 0.5 + rng.range(0, 0.1), Math.sin(a) * d), rng.pick([PALETTE.redPaint, PALETTE.yellowPaint, PALETTE.whitePaint]));
    }
    b.add(translate(scale(icosphere(0.36, 1), 1, 0.35, 1), 0, 0.42, 0), PALETTE.leaves);
  }),
  defineAsset(PACK, 'traffic-cone', 'Traffic Cone', 'street_furniture', (b) => {
    b.add(box(0.4, 0.03, 0.4), PALETTE.orangePlastic);
    b.add(translate(cone(0.15, 0.7, { segments: 12 }), 0, 0.03, 0), PALETTE.orangePlastic);
    b.add(translate(cylinder(0.112, 0.1, { segments: 12, radiusTop: 0.09 }), 0, 0.26, 0), PALETTE.whitePaint);
  }),
  defineAsset(PACK, 'traffic-cone-small', 'Small Traffic Cone', 'street_furniture', (b) => {
    b.add(box(0.26, 0.02, 0.26), PALETTE.orangePlastic);
    b.add(translate(cone(0.1, 0.45, { segments: 10 }), 0, 0.02, 0), PALETTE.orangePlastic);
  }),
  defineAsset(PACK, 'road-barrier', 'Road Barrier', 'street_furniture', (b) => {
    for (const x of [-0.8, 0.8]) {
      b.add(translate(box(0.3, 0.06, 0.5), x, 0, 0), PALETTE.blackPaint);
      b.add(translate(box(0.06, 1.0, 0.06), x, 0.06, 0), PALETTE.whitePaint);
    }
    for (const y of [0.55, 0.85]) {
      b.add(boxAt(1.8, 0.18, 0.03, [0, y, 0.05]), PALETTE.redPaint);
      for (let i = 0; i < 6; i++) b.add(boxAt(0.15, 0.18, 0.035, [-0.75 + i * 0.3, y, 0.05]), PALETTE.whitePaint);
    }
  }),
  defineAsset(PACK, 'jersey-barrier', 'Concrete Barrier', 'street_furniture', (b) => b.add(translate(rotateY(extrude([[-0.3, 0], [0.3, 0], [0.3, 0.08], [0.12, 0.3], [0.1, 0.8], [-0.1, 0.8], [-0.12, 0.3], [-0.3, 0.08]], 2.0), Math.PI / 2), 0, 0, 0), PALETTE.concrete)),
  defineAsset(PACK, 'bike-rack', 'Bike Rack', 'street_furniture', (b) => {
    for (let i = 0; i < 4; i++) {
      const x = -0.6 + i * 0.4;
      const hoop: [number, number][] = [];
      for (let k = 0; k <= 8; k++) hoop.push([0.3 * Math.cos((k / 8) * Math.PI), 0.45 + 0.3 * Math.sin((k / 8) * Math.PI)]);
      const inner = hoop.map(([u, v]) => [u * 0.85, 0.45 + (v - 0.45) * 0.85] as [number, number]).reverse();
      const outline: [number, number][] = [[0.3, 0], [0.3, 0.45], ...hoop.slice(1), [-0.3, 0], [-0.255, 0], [-0.255, 0.45], ...inner.slice(1, -1), [0.255, 0.45], [0.255, 0]];
      b.add(translate(rotateY(extrude(outline, 0.04), Math.PI / 2), x, 0, 0), PALETTE.steel);
    }
  }),
  defineAsset(PACK, 'bus-stop', 'Bus Shelter', 'street_furniture', (b) => {
    for (const x of [-1.4, 1.4]) for (const z of [-0.6, 0.6]) b.add(translate(box(0.08, 2.4, 0.08), x, 0, z), PALETTE.steel);
    b.add(translate(box(3.1, 0.08, 1.5, { bevel: 0.02 }), 0, 2.4, 0), PALETTE.steel);
    b.add(boxAt(2.8, 2.0, 0.03, [0, 1.3, -0.6]), PALETTE.glass);
    b.add(boxAt(0.03, 2.0, 1.2, [-1.4, 1.3, 0]), PALETTE.glass);
    parkBenchSeat(b);
  }),
  defineAsset(PACK, 'phone-booth', 'Phone Booth', 'street_furniture', (b) => {
    b.add(box(0.95, 0.1, 0.95), PALETTE.redPaint);
    for (const x of [-0.42, 0.42]) for (const z of [-0.42, 0.42]) b.add(translate(box(0.1, 2.3, 0.1), x, 0.1, z), PALETTE.redPaint);
    for (const [w, d, x, z] of [[0.75, 0.03, 0, 0.42], [0.75, 0.03, 0, -0.42], [0.03, 0.75, 0.42, 0], [0.03, 0.75, -0.42, 0]] as const) b.add(translate(box(w, 1.8, d), x, 0.35, z), PALETTE.glass);
    b.add(translate(lathe([[0.6, 0], [0.6, 0.1], [0.4, 0.25], [0, 0.3]], 4, { phase: Math.PI / 4 }), 0, 2.4, 0), PALETTE.redPaint);
  }),
];

function parkBenchSeat(b: MeshBuilder): void {
  b.add(boxAt(2.2, 0.05, 0.4, [0, 0.48, -0.35]), PALETTE.oak);
  for (const x of [-0.9, 0.9]) b.add(boxAt(0.06, 0.46, 0.3, [x, 0.23, -0.35]), PALETTE.steel);
}
