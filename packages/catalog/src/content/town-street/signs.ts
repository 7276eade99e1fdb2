/** The town street pack's signs, authored as code so they rebuild identically. */
import { box } from '../../geometry/box';
import { cylinder } from '../../geometry/cylinder';
import { extrude } from '../../geometry/extrude';
import type { MaterialSpec } from '../../geometry/material-spec';
import type { MeshBuilder } from '../../geometry/mesh-builder';
import type { Vec2 } from '../../geometry/shape';
import { rotateX, rotateY, translate } from '../../geometry/transforms';
import { torus } from '../../geometry/torus';
import { defineAsset, type AssetDefinition } from '../asset-definition';
import { PALETTE } from '../palette';
import { boxAt, rod } from '../parts';

const PACK = 'town-street';

function regular(n: number, r: number, phase = 0): Vec2[] {
  const pts: Vec2[] = [];
  for (let i = 0; i < n; i++) {
    const a = phase + (i / n) * Math.PI * 2;
    pts.push([r * Math.cos(a), r * Math.sin(a)]);
  }
  return pts;
}

/** A road sign: a pole and a plate with a white (or other) border, seen from +Z. */
function roadSign(b: MeshBuilder, plate: Vec2[], face: MaterialSpec, border: MaterialSpec, centreY = 2.1): void {
  b.add(cylinder(0.035, centreY + 0.1, { segments: 8 }), PALETTE.steel);
  b.add(translate(extrude(plate, 0.02), 0, centreY, 0.05), border);
  b.add(translate(extrude(plate.map(([x, y]) => [x * 0.85, y * 0.85] as Vec2), 0.02), 0, centreY, 0.062), face);
}

function arrowSign(): Vec2[] {
  return [[-0.45, -0.1], [0.3, -0.1], [0.45, 0], [0.3, 0.1], [-0.45, 0.1]];
}

function hangingSign(b: MeshBuilder, board: MaterialSpec, shape: 'rect' | 'round'): void {
  b.add(boxAt(0.15, 0.3, 0.05, [0, 2.6, -0.05]), PALETTE.darkWood);
  b.add(rod([0, 2.6, 0], [0, 2.6, 0.8], 0.02, 6), PALETTE.iron);
  for (const z of [0.2, 0.7]) b.add(rod([0, 2.6, z], [0, 2.45, z], 0.006, 3), PALETTE.iron);
  const outline: Vec2[] = shape === 'rect'
    ? [[-0.28, -0.2], [0.28, -0.2], [0.28, 0.2], [-0.28, 0.2]]
    : regular(12, 0.25);
  const plate = rotateY(extrude(outline, 0.04), Math.PI / 2);
  b.add(translate(plate, 0, 2.45 - (shape === 'rect' ? 0.2 : 0.25), 0.45), board);
  b.add(translate(rotateY(extrude(outline.map(([x, y]) => [x * 0.7, y * 0.7] as Vec2), 0.05), Math.PI / 2), 0, 2.45 - (shape === 'rect' ? 0.2 : 0.25), 0.45), PALETTE.gold);
}

export const SIGNS: AssetDefinition[] = [
  defineAsset(PACK, 'sign-stop', 'Stop Sign', 'signs', (b) => roadSign(b, regular(8, 0.38, Math.PI / 8), PALETTE.redPaint, PALETTE.whitePaint)),
  defineAsset(PACK, 'sign-yield', 'Yield Sign', 'signs', (b) => roadSign(b, regular(3, 0.45, -Math.PI / 2), PALETTE.whitePaint, PALETTE.redPaint)),
  defineAsset(PACK, 'sign-speed-limit', 'Speed Limit Sign', 'signs', (b) => {
    roadSign(b, regular(20, 0.35), PALETTE.whitePaint, PALETTE.redPaint);
    b.add(translate(box(0.08, 0.22, 0.01), -0.07, 2.0, 0.075), PALETTE.blackPaint);
    b.add(translate(rotateX(torus(0.06, 0.02, 10, 4), Math.PI / 2), 0.07, 2.1, 0.075), PALETTE.blackPaint);
  }),
  defineAsset(PACK, 'sign-warning', 'Warning Sign', 'signs', (b) => {
    roadSign(b, regular(4, 0.4), PALETTE.yellowPaint, PALETTE.blackPaint);
    b.add(translate(box(0.05, 0.2, 0.01), 0, 2.05, 0.075), PALETTE.blackPaint);
    b.add(translate(box(0.05, 0.05, 0.01), 0, 1.97, 0.075), PALETTE.blackPaint);
  }),
  defineAsset(PACK, 'sign-parking', 'Parking Sign', 'signs', (b) => {
    roadSign(b, [[-0.3, -0.3], [0.3, -0.3], [0.3, 0.3], [-0.3, 0.3]], PALETTE.bluePaint, PALETTE.whitePaint);
    b.add(translate(extrude([[-0.1, -0.18], [-0.04, -0.18], [-0.04, -0.02], [0.06, -0.02], [0.12, 0.06], [0.06, 0.16], [-0.1, 0.16]], 0.01), 0, 2.1, 0.075), PALETTE.whitePaint);
  }),
  defineAsset(PACK, 'signpost-arrows', 'Direction Signpost', 'signs', (b) => {
    b.add(box(0.12, 2.4, 0.12, { bevel: 0.01 }), PALETTE.weatheredWood);
    const arrows: [number, number, MaterialSpec][] = [[2.1, 0.3, PALETTE.pine], [1.85, 2.2, PALETTE.oak], [1.6, -0.9, PALETTE.pine]];
    for (const [y, turn, mat] of arrows) b.add(translate(rotateY(translate(extrude(arrowSign(), 0.03), 0.4, 0, 0), turn), 0, y, 0), mat);
  }),
  defineAsset(PACK, 'signpost-single', 'Wooden Arrow Sign', 'signs', (b) => {
    b.add(box(0.1, 1.5, 0.1, { bevel: 0.01 }), PALETTE.oak);
    b.add(translate(extrude(arrowSign(), 0.03), 0.4, 1.3, 0.065), PALETTE.pine);
  }),
  defineAsset(PACK, 'sign-shop-hanging', 'Hanging Shop Sign', 'signs', (b) => hangingSign(b, PALETTE.darkWood, 'rect')),
  defineAsset(PACK, 'sign-tavern-round', 'Round Tavern Sign', 'signs', (b) => hangingSign(b, PALETTE.redPaint, 'round')),
  defineAsset(PACK, 'sign-street-name', 'Street Name Sign', 'signs', (b) => {
    b.add(cylinder(0.04, 2.8, { segments: 8 }), PALETTE.blackPaint);
    b.add(boxAt(0.8, 0.18, 0.03, [0.35, 2.6, 0.0]), PALETTE.greenPaint);
    b.add(translate(rotateY(translate(box(0.8, 0.18, 0.03), 0.35, 0, 0), Math.PI / 2), 0, 2.3, 0), PALETTE.bluePaint);
  }),
  defineAsset(PACK, 'sign-sandwich-board', 'Sandwich Board', 'signs', (b) => {
    const leg = extrude([[-0.3, 0], [0.3, 0], [0.3, 0.9], [-0.3, 0.9]], 0.03);
    for (const s of [-1, 1]) b.add(translate(rotateX(translate(leg, 0, -0.9, 0), s * 0.22), 0, 0.9, 0), PALETTE.blackPaint);
    for (const s of [-1, 1]) b.add(translate(rotateX(translate(extrude([[-0.24, 0.1], [0.24, 0.1], [0.24, 0.8], [-0.24, 0.8]], 0.04), 0, -0.9, s * 0.012), s * 0.22), 0, 0.9, 0), PALETTE.darkWood);
  }),
  defineAsset(PACK, 'billboard', 'Billboard', 'signs', (b) => {
    for (const x of [-1.5, 1.5]) b.add(translate(box(0.2, 3.2, 0.2), x, 0, 0), PALETTE.steel);
    b.add(boxAt(4.2, 2.0, 0.15, [0, 4.0, 0]), PALETTE.whitePaint);
    b.add(boxAt(3.6, 1.6, 0.16, [0, 4.0, 0.0]), PALETTE.bluePaint);
    b.add(boxAt(1.2, 0.8, 0.17, [-0.9, 4.0, 0]), PALETTE.yellowPaint);
    b.add(boxAt(4.2, 0.06, 0.6, [0, 3.03, 0.3]), PALETTE.steel);
  }),
];
