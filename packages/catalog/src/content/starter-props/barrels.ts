/** The starter props' barrels, authored as code so they rebuild identically. */
import { cylinder } from '../../geometry/cylinder';
import { lathe } from '../../geometry/lathe';
import type { MaterialSpec } from '../../geometry/material-spec';
import type { MeshBuilder } from '../../geometry/mesh-builder';
import type { Vec2 } from '../../geometry/shape';
import { rotateX, rotateZ, translate } from '../../geometry/transforms';
import { defineAsset, type AssetDefinition } from '../asset-definition';
import { PALETTE } from '../palette';
import { beam, boxAt } from '../parts';

const PACK = 'starter-props';

interface BarrelStyle {
  radius: number;
  height: number;
  bulge: number;
  segments: number;
  hoops: number[];
  wood: MaterialSpec;
  hoop: MaterialSpec;
  open?: boolean;
}

/** Radius of a stave barrel at height y: ends narrower, belly wider (a sine arc). */
function barrelRadius(s: BarrelStyle, y: number): number {
  return s.radius + s.bulge * Math.sin((Math.PI * y) / s.height);
}

/** A stave barrel built upright from y = 0 (lie it down with `rotateZ`). */
function barrelShapes(b: MeshBuilder, s: BarrelStyle, transform: (x: ReturnType<typeof lathe>) => ReturnType<typeof lathe> = (x) => x): void {
  const rows = 6;
  const profile: Vec2[] = [[0, s.height * 0.04]];
  for (let i = 0; i <= rows; i++) {
    const y = (i / rows) * s.height;
    profile.push([barrelRadius(s, y), y]);
  }
  // Chime: the staves stand proud of the head by a few centimetres.
  const inner = s.radius * 0.9;
  const headY = s.open ? s.height * 0.85 : s.height * 0.96;
  profile.push([inner, s.height], [inner, headY], [0, headY]);
  b.add(transform(lathe(profile, s.segments)), s.wood);
  for (const f of s.hoops) {
    const y = f * s.height;
    const r = barrelRadius(s, y) + 0.012;
    b.add(transform(translate(cylinder(r, 0.045, { segments: s.segments }), 0, y - 0.0225, 0)), s.hoop);
  }
  if (s.open) b.add(transform(translate(cylinder(inner * 0.98, 0.01, { segments: s.segments }), 0, s.height * 0.78, 0)), PALETTE.water);
}

const oak: BarrelStyle = { radius: 0.26, height: 0.9, bulge: 0.05, segments: 12, hoops: [0.1, 0.3, 0.7, 0.9], wood: PALETTE.oak, hoop: PALETTE.iron };

function drum(b: MeshBuilder, paint: MaterialSpec): void {
  const r = 0.29;
  const h = 0.88;
  b.add(cylinder(r, h, { segments: 14 }), paint);
  for (const y of [0.01, h / 3, (2 * h) / 3, h - 0.03]) b.add(translate(cylinder(r + 0.012, 0.025, { segments: 14 }), 0, y, 0), paint);
  b.add(translate(cylinder(0.03, 0.015, { segments: 6 }), r * 0.55, h, 0), PALETTE.steel);
}

export const BARRELS: AssetDefinition[] = [
  defineAsset(PACK, 'barrel-oak', 'Oak Barrel', 'barrels', (b) => barrelShapes(b, oak)),
  defineAsset(PACK, 'barrel-dark', 'Dark Barrel', 'barrels', (b) => barrelShapes(b, { ...oak, wood: PALETTE.darkWood, hoop: PALETTE.rust })),
  defineAsset(PACK, 'barrel-tall', 'Tall Barrel', 'barrels', (b) => barrelShapes(b, { ...oak, radius: 0.24, height: 1.2, hoops: [0.08, 0.25, 0.5, 0.75, 0.92], wood: PALETTE.pine })),
  defineAsset(PACK, 'barrel-keg', 'Small Keg', 'barrels', (b) => barrelShapes(b, { ...oak, radius: 0.16, height: 0.45, bulge: 0.035, segments: 10, hoops: [0.15, 0.85], hoop: PALETTE.brass })),
  defineAsset(PACK, 'barrel-water', 'Water Barrel', 'barrels', (b) => barrelShapes(b, { ...oak, open: true, wood: PALETTE.weatheredWood })),
  defineAsset(PACK, 'barrel-half-tub', 'Half Barrel Tub', 'barrels', (b) => barrelShapes(b, { ...oak, radius: 0.34, height: 0.45, bulge: 0.02, segments: 14, hoops: [0.2, 0.8], open: true })),
  defineAsset(PACK, 'barrel-lying', 'Barrel on Stand', 'barrels', (b) => {
    const s = oak;
    // Barrel on its side on a two-beam cradle.
    barrelShapes(b, s, (x) => translate(rotateZ(x, Math.PI / 2), s.height / 2, 0.3, 0));
    for (const x of [-0.28, 0.28]) {
      b.add(boxAt(0.08, 0.12, 0.62, [x, 0.06, 0]), PALETTE.darkWood);
      for (const z of [-0.22, 0.22]) b.add(beam([x, 0.1, z], [x, 0.2, z * 0.6], 0.07), PALETTE.darkWood);
    }
  }),
  defineAsset(PACK, 'barrel-rolled', 'Fallen Barrel', 'barrels', (b) => {
    const s = { ...oak, wood: PALETTE.pine };
    barrelShapes(b, s, (x) => translate(rotateX(rotateZ(x, Math.PI / 2), 0.2), s.height / 2, s.radius + s.bulge, 0));
  }),
  defineAsset(PACK, 'drum-red', 'Red Oil Drum', 'barrels', (b) => drum(b, PALETTE.redPaint)),
  defineAsset(PACK, 'drum-blue', 'Blue Oil Drum', 'barrels', (b) => drum(b, PALETTE.bluePaint)),
  defineAsset(PACK, 'drum-rusty', 'Rusty Drum', 'barrels', (b) => drum(b, PALETTE.rust)),
];
