/** The starter props' chests and containers, authored as code so they rebuild identically. */
import { cylinder } from '../../geometry/cylinder';
import { extrude } from '../../geometry/extrude';
import { icosphere } from '../../geometry/icosphere';
import { lathe } from '../../geometry/lathe';
import type { MaterialSpec } from '../../geometry/material-spec';
import type { MeshBuilder } from '../../geometry/mesh-builder';
import type { Random } from '../../geometry/random';
import { mergeShapes, type Shape, type Vec2 } from '../../geometry/shape';
import { displace, rotateX, rotateY, rotateZ, scale, translate } from '../../geometry/transforms';
import { torus } from '../../geometry/torus';
import { defineAsset, type AssetDefinition } from '../asset-definition';
import { PALETTE } from '../palette';
import { boxAt } from '../parts';

const PACK = 'starter-props';

/** A chest: box body, barrel-vaulted (or flat) lid, metal bands and a lock plate. */
function chest(b: MeshBuilder, w: number, d: number, body: MaterialSpec, band: MaterialSpec, vaulted: boolean): void {
  const h = d * 0.7;
  b.add(boxAt(w, h, d, [0, h / 2, 0], 0.01), body);
  const lidH = vaulted ? d * 0.35 : d * 0.15;
  const arch: Vec2[] = [];
  const n = 8;
  for (let i = 0; i <= n; i++) {
    const a = (i / n) * Math.PI;
    arch.push([(d / 2) * Math.cos(a), vaulted ? lidH * Math.sin(a) : i === 0 || i === n ? 0 : lidH]);
  }
  if (!vaulted) arch.splice(1, n - 1, [d / 2, lidH], [-d / 2, lidH]);
  const lid = translate(rotateY(extrude(arch, w), Math.PI / 2), 0, h, 0);
  b.add(lid, body);
  for (const x of [-w * 0.32, w * 0.32]) {
    b.add(boxAt(0.05, h + 0.004, d + 0.02, [x, h / 2, 0]), band);
    b.add(translate(rotateY(extrude(arch.map(([a, c]) => [a * 1.04, c * 1.04 + 0.004]), 0.05), Math.PI / 2), x, h - 0.002, 0), band);
  }
  b.add(boxAt(0.1, 0.12, 0.03, [0, h - 0.02, d / 2 + 0.01]), PALETTE.gold);
}

/** A sack: a squashed, jittered geodesic blob with a tied neck; parts are returned for placing. */
function sack(rng: Random, w: number, h: number): { cloth: Shape; tie: Shape } {
  let body = scale(icosphere(0.5, 2), w, h * 0.85, w * 0.85);
  body = displace(body, ([x, y, z]) => {
    const k = 1 + rng.range(-0.04, 0.04);
    // Flatten the bottom so it sits, and pinch the top toward the neck.
    const yy = Math.max(y, -h * 0.32);
    const pinch = yy > 0 ? 1 - 0.35 * (yy / (h * 0.42)) : 1;
    return [x * k * pinch, yy, z * k * pinch];
  });
  const cloth = mergeShapes(
    translate(body, 0, h * 0.32, 0),
    translate(cylinder(w * 0.12, h * 0.12, { segments: 6, radiusTop: w * 0.18 }), 0, h * 0.66, 0),
  );
  return { cloth, tie: translate(torus(w * 0.12, 0.015, 8, 4), 0, h * 0.68, 0) };
}

function addSack(b: MeshBuilder, rng: Random, w: number, h: number, cloth: MaterialSpec, place: (s: Shape) => Shape = (s) => s): void {
  const parts = sack(rng, w, h);
  b.add(place(parts.cloth), cloth);
  b.add(place(parts.tie), PALETTE.oak);
}

/** A thin-walled vessel revolved from an outer profile: the wall turns back down inside. */
function vessel(outer: Vec2[], wall: number, segments: number): ReturnType<typeof lathe> {
  const inner = outer.slice(1).reverse().map(([r, y]): Vec2 => [Math.max(0, r - wall), Math.max(wall, y)]);
  return lathe([[0, 0], ...outer, ...inner, [0, wall]], segments);
}

function pot(b: MeshBuilder, outer: Vec2[], mat: MaterialSpec, segments = 12): void {
  b.add(vessel(outer, 0.015, segments), mat);
}

export const CONTAINERS: AssetDefinition[] = [
  defineAsset(PACK, 'chest-wooden', 'Wooden Chest', 'containers', (b) => chest(b, 0.9, 0.55, PALETTE.oak, PALETTE.iron, true)),
  defineAsset(PACK, 'chest-treasure', 'Treasure Chest', 'containers', (b) => chest(b, 0.8, 0.5, PALETTE.redPaint, PALETTE.gold, true)),
  defineAsset(PACK, 'chest-flat', 'Flat Lid Chest', 'containers', (b) => chest(b, 1.0, 0.5, PALETTE.darkWood, PALETTE.iron, false)),
  defineAsset(PACK, 'chest-small', 'Small Coffer', 'containers', (b) => chest(b, 0.45, 0.3, PALETTE.pine, PALETTE.brass, true)),
  defineAsset(PACK, 'sack-grain', 'Grain Sack', 'containers', (b, rng) => addSack(b, rng, 0.5, 0.7, PALETTE.burlap)),
  defineAsset(PACK, 'sack-small', 'Small Sack', 'containers', (b, rng) => addSack(b, rng, 0.35, 0.45, PALETTE.cream)),
  defineAsset(PACK, 'sack-pile', 'Sack Pile', 'containers', (b, rng) => {
    for (const [x, z, rot] of [[-0.3, 0, 0.2], [0.3, 0.05, -0.3], [0, -0.35, 1.2]] as const) {
      addSack(b, rng, 0.5, 0.65, PALETTE.burlap, (s) => translate(rotateY(s, rot), x, 0, z));
    }
    // One sack lies across the others.
    addSack(b, rng, 0.45, 0.55, PALETTE.cream, (s) => translate(rotateZ(translate(s, 0, -0.22, 0), 1.35), 0.05, 0.62, -0.1));
  }),
  defineAsset(PACK, 'bucket-wooden', 'Wooden Bucket', 'containers', (b) => {
    b.add(vessel([[0.14, 0], [0.17, 0.3]], 0.02, 10), PALETTE.pine);
    for (const y of [0.05, 0.24]) b.add(translate(cylinder(0.15 + y * 0.1 + 0.006, 0.025, { segments: 10, radiusTop: 0.15 + (y + 0.025) * 0.1 + 0.006 }), 0, y, 0), PALETTE.iron);
    b.add(translate(rotateX(torus(0.165, 0.008, 12, 3), Math.PI / 2), 0, 0.3, 0), PALETTE.iron);
  }),
  defineAsset(PACK, 'bucket-metal', 'Metal Bucket', 'containers', (b) => {
    b.add(vessel([[0.12, 0], [0.16, 0.28], [0.17, 0.29]], 0.01, 14), PALETTE.steel);
    b.add(translate(rotateX(torus(0.165, 0.007, 14, 3), Math.PI / 2), 0, 0.29, 0), PALETTE.iron);
  }),
  defineAsset(PACK, 'pot-clay', 'Clay Pot', 'containers', (b) => pot(b, [[0.12, 0], [0.2, 0.12], [0.19, 0.25], [0.12, 0.33], [0.14, 0.36]], PALETTE.clay)),
  defineAsset(PACK, 'amphora', 'Amphora', 'containers', (b) => {
    pot(b, [[0.06, 0], [0.09, 0.05], [0.2, 0.3], [0.17, 0.5], [0.07, 0.62], [0.06, 0.72], [0.09, 0.75]], PALETTE.clay);
    for (const sx of [-1, 1]) b.add(translate(rotateX(torus(0.06, 0.012, 8, 4), Math.PI / 2), sx * 0.11, 0.6, 0), PALETTE.clay);
  }),
  defineAsset(PACK, 'jar-glazed', 'Glazed Jar', 'containers', (b) => {
    pot(b, [[0.1, 0], [0.16, 0.1], [0.15, 0.3], [0.09, 0.36], [0.09, 0.4]], PALETTE.glazedBlue, 14);
    b.add(translate(cylinder(0.1, 0.03, { segments: 14 }), 0, 0.39, 0), PALETTE.oak);
  }),
  defineAsset(PACK, 'vase-tall', 'Tall Vase', 'containers', (b) => pot(b, [[0.08, 0], [0.13, 0.15], [0.1, 0.45], [0.06, 0.55], [0.1, 0.65]], PALETTE.glazedBlue, 10)),
  defineAsset(PACK, 'basket-woven', 'Woven Basket', 'containers', (b) => {
    b.add(vessel([[0.18, 0], [0.24, 0.22]], 0.015, 16), PALETTE.burlap);
    for (const y of [0.04, 0.1, 0.16]) b.add(translate(torus(0.185 + y * 0.27, 0.01, 16, 3), 0, y, 0), PALETTE.pine);
    b.add(translate(torus(0.24, 0.014, 16, 4), 0, 0.22, 0), PALETTE.oak);
  }),
];
