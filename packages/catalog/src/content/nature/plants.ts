/** The nature pack's plants, authored as code so they rebuild identically. */
import { cone, cylinder } from '../../geometry/cylinder';
import { icosphere } from '../../geometry/icosphere';
import { lathe } from '../../geometry/lathe';
import type { MaterialSpec } from '../../geometry/material-spec';
import type { MeshBuilder } from '../../geometry/mesh-builder';
import type { Random } from '../../geometry/random';
import type { Shape, Vec3 } from '../../geometry/shape';
import { sphere } from '../../geometry/sphere';
import { displace, rotateY, rotateZ, scale, translate } from '../../geometry/transforms';
import { defineAsset, type AssetDefinition } from '../asset-definition';
import { PALETTE } from '../palette';
import { rod } from '../parts';

const PACK = 'nature';

function blob(rng: Random, r: number, at: Vec3, squash = 0.85): Shape {
  const s = displace(scale(icosphere(r, 1), 1, squash, 1), ([x, y, z]) => {
    const k = 1 + rng.range(-0.12, 0.12);
    return [x * k, y * k, z * k];
  });
  return translate(s, at[0], at[1], at[2]);
}

function pine(b: MeshBuilder, rng: Random, h: number, tiers: number, leaves: MaterialSpec, snow = false): void {
  const trunkH = h * 0.25;
  b.add(cylinder(h * 0.045, trunkH + h * 0.1, { segments: 6, radiusTop: h * 0.03 }), PALETTE.bark);
  const crown = h - trunkH;
  for (let i = 0; i < tiers; i++) {
    const t = i / tiers;
    const r = h * 0.26 * (1 - t * 0.65);
    const y = trunkH + crown * t * 0.82;
    const tier = rotateY(cone(r, crown * (0.45 - t * 0.1), { segments: 7 }), rng.range(0, 1));
    b.add(translate(tier, 0, y, 0), leaves);
    if (snow) b.add(translate(rotateY(cone(r * 0.45, crown * (0.45 - t * 0.1) * 0.45, { segments: 7 }), rng.range(0, 1)), 0, y + crown * (0.45 - t * 0.1) * 0.56, 0), PALETTE.whitePaint);
  }
}

function roundTree(b: MeshBuilder, rng: Random, h: number, leaves: MaterialSpec, bark: MaterialSpec, blobs: number): void {
  const trunkH = h * 0.45;
  b.add(cylinder(h * 0.05, trunkH + h * 0.15, { segments: 6, radiusTop: h * 0.03 }), bark);
  const cr = h * 0.28;
  b.add(blob(rng, cr, [0, trunkH + cr * 0.9, 0]), leaves);
  for (let i = 0; i < blobs; i++) {
    const a = (i / blobs) * Math.PI * 2 + rng.range(0, 0.5);
    b.add(blob(rng, cr * rng.range(0.55, 0.75), [Math.cos(a) * cr * 0.75, trunkH + cr * rng.range(0.6, 1.2), Math.sin(a) * cr * 0.75]), leaves);
  }
  for (let i = 0; i < 2; i++) {
    const a = rng.range(0, Math.PI * 2);
    b.add(rod([0, trunkH * 0.8, 0], [Math.cos(a) * cr * 0.6, trunkH + cr * 0.4, Math.sin(a) * cr * 0.6], h * 0.015, 5), bark);
  }
}

function deadTree(b: MeshBuilder, rng: Random, h: number): void {
  b.add(cylinder(h * 0.06, h * 0.7, { segments: 6, radiusTop: h * 0.025 }), PALETTE.deadWood);
  for (let i = 0; i < 5; i++) {
    const a = (i / 5) * Math.PI * 2 + rng.range(0, 0.8);
    const y = h * rng.range(0.35, 0.65);
    const len = h * rng.range(0.22, 0.38);
    const end: Vec3 = [Math.cos(a) * len, y + len * rng.range(0.4, 0.9), Math.sin(a) * len];
    b.add(rod([0, y, 0], end, h * 0.022, 5, h * 0.006), PALETTE.deadWood);
    const a2 = a + rng.range(-0.9, 0.9);
    b.add(rod(end, [end[0] + Math.cos(a2) * len * 0.4, end[1] + len * 0.35, end[2] + Math.sin(a2) * len * 0.4], h * 0.008, 4, h * 0.003), PALETTE.deadWood);
  }
}

function bush(b: MeshBuilder, rng: Random, r: number, leaves: MaterialSpec, berries?: MaterialSpec): void {
  const n = 4;
  b.add(blob(rng, r, [0, r * 0.7, 0], 0.75), leaves);
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2 + rng.range(0, 0.6);
    b.add(blob(rng, r * 0.65, [Math.cos(a) * r * 0.75, r * 0.5, Math.sin(a) * r * 0.75], 0.75), leaves);
  }
  if (berries) for (let i = 0; i < 9; i++) {
    const a = rng.range(0, Math.PI * 2);
    const e = rng.range(0.1, 1.1);
    b.add(translate(icosphere(r * 0.07, 0), Math.cos(a) * Math.cos(e) * r * 1.05, r * 0.65 + Math.sin(e) * r * 0.6, Math.sin(a) * Math.cos(e) * r * 1.05), berries);
  }
}

function grass(b: MeshBuilder, rng: Random, blades: number, h: number, mat: MaterialSpec): void {
  for (let i = 0; i < blades; i++) {
    const a = rng.range(0, Math.PI * 2);
    const d = rng.range(0, 0.08);
    const lean = rng.range(0.1, 0.5);
    b.add(rod([Math.cos(a) * d, 0, Math.sin(a) * d], [Math.cos(a) * (d + h * lean), h * rng.range(0.6, 1), Math.sin(a) * (d + h * lean)], 0.012, 3, 0.001), mat);
  }
}

function flowers(b: MeshBuilder, rng: Random, petal: MaterialSpec, count: number): void {
  for (let i = 0; i < count; i++) {
    const a = rng.range(0, Math.PI * 2);
    const d = i === 0 ? 0 : rng.range(0.05, 0.15);
    const h = rng.range(0.2, 0.35);
    const top: Vec3 = [Math.cos(a) * d, h, Math.sin(a) * d];
    b.add(rod([top[0] * 0.6, 0, top[2] * 0.6], top, 0.005, 3), PALETTE.grass);
    b.add(translate(scale(icosphere(0.035, 0), 1, 0.45, 1), top[0], top[1], top[2]), petal);
    b.add(translate(icosphere(0.014, 0), top[0], top[1] + 0.012, top[2]), PALETTE.yellowPaint);
  }
  grass(b, rng, 6, 0.15, PALETTE.grass);
}

function mushroom(b: MeshBuilder, rng: Random, h: number, cap: MaterialSpec, n: number): void {
  for (let i = 0; i < n; i++) {
    const s = i === 0 ? 1 : rng.range(0.4, 0.7);
    const a = rng.range(0, Math.PI * 2);
    const d = i === 0 ? 0 : h * 0.6;
    const x = Math.cos(a) * d;
    const z = Math.sin(a) * d;
    b.add(translate(cylinder(h * 0.12 * s, h * s, { segments: 7, radiusTop: h * 0.09 * s }), x, 0, z), PALETTE.cream);
    b.add(translate(lathe([[0, 0], [h * 0.45 * s, 0], [h * 0.4 * s, h * 0.15 * s], [h * 0.22 * s, h * 0.32 * s], [0, h * 0.38 * s]], 9), x, h * s * 0.92, z), cap);
  }
}

function cactus(b: MeshBuilder, h: number, arms: number): void {
  const r = h * 0.09;
  const mat = PALETTE.greenPaint;
  b.add(lathe([[0, 0], [r, 0], [r, h - r], [r * 0.6, h - r * 0.2], [0, h]], 8), mat);
  for (let i = 0; i < arms; i++) {
    const side = i % 2 === 0 ? 1 : -1;
    const y = h * (0.35 + i * 0.15);
    const out = r * 2.4;
    b.add(rod([0, y, 0], [side * out, y, 0], r * 0.6, 6), mat);
    b.add(translate(lathe([[0, 0], [r * 0.6, 0], [r * 0.6, h * 0.3], [0, h * 0.3 + r * 0.5]], 6), side * out, y - r * 0.3, 0), mat);
  }
  b.add(translate(cylinder(r * 1.05, 0.02, { segments: 8 }), 0, 0, 0), PALETTE.sandstone);
}

function stump(b: MeshBuilder, rng: Random, r: number, h: number): void {
  b.add(lathe([[0, 0], [r * 1.35, 0], [r * 1.05, h * 0.25], [r, h], [r * 0.85, h], [0, h]], 8), PALETTE.bark);
  b.add(translate(cylinder(r * 0.85, 0.01, { segments: 8 }), 0, h - 0.005, 0), PALETTE.pine);
  for (let i = 0; i < 3; i++) {
    const a = (i / 3) * Math.PI * 2 + rng.range(0, 1);
    b.add(rod([Math.cos(a) * r * 0.8, r * 0.3, Math.sin(a) * r * 0.8], [Math.cos(a) * r * 2, 0.01, Math.sin(a) * r * 2], r * 0.22, 5, r * 0.06), PALETTE.bark);
  }
}

function log(b: MeshBuilder, len: number, r: number, mossy: boolean): void {
  const body = rotateZ(cylinder(r, len, { segments: 8 }), Math.PI / 2);
  b.add(translate(body, len / 2, r, 0), PALETTE.bark);
  for (const x of [-len / 2 - 0.004, len / 2 - 0.006]) b.add(translate(rotateZ(cylinder(r * 0.85, 0.01, { segments: 8 }), Math.PI / 2), x + 0.01, r, 0), PALETTE.pine);
  if (mossy) b.add(translate(scale(sphere(1, 8, 4), len * 0.3, r * 0.35, r * 0.9), -len * 0.1, r * 1.85, 0), PALETTE.moss);
}

export const PLANTS: AssetDefinition[] = [
  defineAsset(PACK, 'pine-small', 'Small Pine', 'trees_plants', (b, rng) => pine(b, rng, 2.2, 3, PALETTE.darkLeaves)),
  defineAsset(PACK, 'pine-medium', 'Pine Tree', 'trees_plants', (b, rng) => pine(b, rng, 4.5, 4, PALETTE.darkLeaves)),
  defineAsset(PACK, 'pine-tall', 'Tall Pine', 'trees_plants', (b, rng) => pine(b, rng, 8, 6, PALETTE.darkLeaves)),
  defineAsset(PACK, 'pine-light', 'Young Spruce', 'trees_plants', (b, rng) => pine(b, rng, 3.2, 4, PALETTE.leaves)),
  defineAsset(PACK, 'pine-snowy', 'Snowy Pine', 'trees_plants', (b, rng) => pine(b, rng, 5, 5, PALETTE.darkLeaves, true)),
  defineAsset(PACK, 'tree-oak', 'Oak Tree', 'trees_plants', (b, rng) => roundTree(b, rng, 5, PALETTE.leaves, PALETTE.bark, 5)),
  defineAsset(PACK, 'tree-oak-small', 'Young Oak', 'trees_plants', (b, rng) => roundTree(b, rng, 3, PALETTE.lightLeaves, PALETTE.bark, 3)),
  defineAsset(PACK, 'tree-autumn', 'Autumn Tree', 'trees_plants', (b, rng) => roundTree(b, rng, 4.5, PALETTE.autumnLeaves, PALETTE.bark, 4)),
  defineAsset(PACK, 'tree-red-maple', 'Red Maple', 'trees_plants', (b, rng) => roundTree(b, rng, 4, PALETTE.redLeaves, PALETTE.darkWood, 4)),
  defineAsset(PACK, 'tree-birch', 'Birch Tree', 'trees_plants', (b, rng) => roundTree(b, rng, 5.5, PALETTE.lightLeaves, PALETTE.birchBark, 2)),
  defineAsset(PACK, 'tree-large', 'Large Broadleaf Tree', 'trees_plants', (b, rng) => roundTree(b, rng, 8, PALETTE.darkLeaves, PALETTE.bark, 7)),
  defineAsset(PACK, 'tree-dead', 'Dead Tree', 'trees_plants', (b, rng) => deadTree(b, rng, 3.5)),
  defineAsset(PACK, 'tree-dead-tall', 'Tall Dead Tree', 'trees_plants', (b, rng) => deadTree(b, rng, 6)),
  defineAsset(PACK, 'bush-round', 'Round Bush', 'trees_plants', (b, rng) => bush(b, rng, 0.5, PALETTE.leaves)),
  defineAsset(PACK, 'bush-large', 'Large Bush', 'trees_plants', (b, rng) => bush(b, rng, 0.9, PALETTE.darkLeaves)),
  defineAsset(PACK, 'bush-berries', 'Berry Bush', 'trees_plants', (b, rng) => bush(b, rng, 0.55, PALETTE.darkLeaves, PALETTE.redPaint)),
  defineAsset(PACK, 'bush-flowering', 'Flowering Bush', 'trees_plants', (b, rng) => bush(b, rng, 0.6, PALETTE.lightLeaves, PALETTE.wax)),
  defineAsset(PACK, 'grass-tuft', 'Grass Tuft', 'trees_plants', (b, rng) => grass(b, rng, 12, 0.3, PALETTE.grass)),
  defineAsset(PACK, 'grass-tall', 'Tall Grass', 'trees_plants', (b, rng) => grass(b, rng, 18, 0.7, PALETTE.lightLeaves)),
  defineAsset(PACK, 'grass-dry', 'Dry Grass', 'trees_plants', (b, rng) => grass(b, rng, 14, 0.45, PALETTE.burlap)),
  defineAsset(PACK, 'flowers-red', 'Red Flowers', 'trees_plants', (b, rng) => flowers(b, rng, PALETTE.redPaint, 5)),
  defineAsset(PACK, 'flowers-blue', 'Blue Flowers', 'trees_plants', (b, rng) => flowers(b, rng, PALETTE.bluePaint, 6)),
  defineAsset(PACK, 'flowers-white', 'White Flowers', 'trees_plants', (b, rng) => flowers(b, rng, PALETTE.whitePaint, 7)),
  defineAsset(PACK, 'mushroom-red', 'Red Toadstool', 'trees_plants', (b, rng) => mushroom(b, rng, 0.2, PALETTE.redPaint, 1)),
  defineAsset(PACK, 'mushroom-cluster', 'Mushroom Cluster', 'trees_plants', (b, rng) => mushroom(b, rng, 0.15, PALETTE.clay, 4)),
  defineAsset(PACK, 'mushroom-giant', 'Giant Mushroom', 'trees_plants', (b, rng) => mushroom(b, rng, 1.2, PALETTE.bluePaint, 3)),
  defineAsset(PACK, 'cactus-tall', 'Tall Cactus', 'trees_plants', (b) => cactus(b, 2.2, 2)),
  defineAsset(PACK, 'cactus-small', 'Small Cactus', 'trees_plants', (b) => cactus(b, 0.8, 1)),
  defineAsset(PACK, 'stump', 'Tree Stump', 'trees_plants', (b, rng) => stump(b, rng, 0.3, 0.4)),
  defineAsset(PACK, 'stump-wide', 'Wide Stump', 'trees_plants', (b, rng) => stump(b, rng, 0.5, 0.3)),
  defineAsset(PACK, 'log', 'Log', 'trees_plants', (b) => log(b, 2, 0.18, false)),
  defineAsset(PACK, 'log-mossy', 'Mossy Log', 'trees_plants', (b) => log(b, 2.6, 0.25, true)),
];
