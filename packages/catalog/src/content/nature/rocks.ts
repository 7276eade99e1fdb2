/** The nature pack's rocks, authored as code so they rebuild identically. */
import { icosphere } from '../../geometry/icosphere';
import type { MaterialSpec } from '../../geometry/material-spec';
import type { MeshBuilder } from '../../geometry/mesh-builder';
import type { Random } from '../../geometry/random';
import type { Shape } from '../../geometry/shape';
import { displace, rotateY, scale, translate } from '../../geometry/transforms';
import { defineAsset, type AssetDefinition } from '../asset-definition';
import { PALETTE } from '../palette';

const PACK = 'nature';

/**
 * A rock: an icosphere scaled to proportions, each vertex pushed in or out at random, then the
 * underside flattened so it sits on the ground. Per-vertex jitter on a shared-vertex sphere keeps
 * the surface closed; a few large planar cuts would look more "chiselled" but need a convex hull.
 */
export function rock(rng: Random, sx: number, sy: number, sz: number, roughness = 0.18, detail = 1): Shape {
  let s = scale(icosphere(1, detail), sx, sy, sz);
  s = displace(s, ([x, y, z]) => {
    const k = 1 + rng.range(-roughness, roughness);
    return [x * k, Math.max(y * k, -sy * 0.35), z * k];
  });
  return translate(rotateY(s, rng.range(0, Math.PI * 2)), 0, sy * 0.35, 0);
}

function cluster(b: MeshBuilder, rng: Random, count: number, size: number, mat: MaterialSpec, spread: number): void {
  for (let i = 0; i < count; i++) {
    const r = size * rng.range(0.4, 1);
    const a = (i / count) * Math.PI * 2 + rng.range(-0.3, 0.3);
    const d = i === 0 ? 0 : spread * rng.range(0.6, 1);
    b.add(translate(rock(rng, r, r * rng.range(0.5, 0.9), r * rng.range(0.7, 1)), Math.cos(a) * d, 0, Math.sin(a) * d), mat);
  }
}

const stones: [string, string, MaterialSpec][] = [
  ['grey', 'Grey', PALETTE.stone],
  ['dark', 'Dark', PALETTE.darkStone],
  ['sandstone', 'Sandstone', PALETTE.sandstone],
];

export const ROCKS: AssetDefinition[] = [
  ...stones.flatMap(([slug, label, mat]) => [
    defineAsset(PACK, `boulder-${slug}`, `${label} Boulder`, 'rocks', (b, rng) => b.add(rock(rng, 0.9, 0.75, 0.8), mat)),
    defineAsset(PACK, `rock-${slug}-small`, `Small ${label} Rock`, 'rocks', (b, rng) => b.add(rock(rng, 0.3, 0.2, 0.25, 0.22), mat)),
    defineAsset(PACK, `rock-${slug}-flat`, `Flat ${label} Rock`, 'rocks', (b, rng) => b.add(rock(rng, 0.8, 0.22, 0.6, 0.15), mat)),
    defineAsset(PACK, `rock-cluster-${slug}`, `${label} Rock Cluster`, 'rocks', (b, rng) => cluster(b, rng, 5, 0.45, mat, 0.55)),
  ]),
  defineAsset(PACK, 'rock-spire', 'Rock Spire', 'rocks', (b, rng) => b.add(rock(rng, 0.5, 2.2, 0.45, 0.15), PALETTE.stone)),
  defineAsset(PACK, 'boulder-mossy', 'Mossy Boulder', 'rocks', (b, rng) => {
    b.add(rock(rng, 1.0, 0.8, 0.9), PALETTE.stone);
    b.add(translate(scale(rock(rng, 0.85, 0.35, 0.75, 0.1), 1, 1, 1), 0, 0.9, 0), PALETTE.moss);
  }),
  defineAsset(PACK, 'boulder-huge', 'Huge Boulder', 'rocks', (b, rng) => b.add(rock(rng, 2.2, 1.6, 1.9, 0.14, 2), PALETTE.darkStone)),
  defineAsset(PACK, 'pebbles', 'Pebbles', 'rocks', (b, rng) => cluster(b, rng, 9, 0.12, PALETTE.stone, 0.35)),
  defineAsset(PACK, 'rock-arch-pile', 'Stacked Stones', 'rocks', (b, rng) => {
    let y = 0;
    for (const r of [0.45, 0.35, 0.25, 0.16]) {
      const s = rock(rng, r, r * 0.45, r * 0.9, 0.1);
      b.add(translate(s, rng.range(-0.04, 0.04), y, rng.range(-0.04, 0.04)), PALETTE.sandstone);
      y += r * 0.45 * 1.15;
    }
  }),
];
