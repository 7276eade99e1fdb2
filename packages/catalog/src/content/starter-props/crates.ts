/** The starter props' crates, authored as code so they rebuild identically. */
import type { MaterialSpec } from '../../geometry/material-spec';
import type { MeshBuilder } from '../../geometry/mesh-builder';
import { rotateY, translate } from '../../geometry/transforms';
import { defineAsset, type AssetDefinition } from '../asset-definition';
import { PALETTE } from '../palette';
import { beam, boxAt } from '../parts';

const PACK = 'starter-props';

interface CrateStyle {
  panel: MaterialSpec;
  frame: MaterialSpec;
  braces: boolean;
  corners: boolean;
  slats: number;
}

/** A framed wooden crate: inset panels, an edge frame, optional diagonal braces and iron corners. */
function crate(b: MeshBuilder, w: number, h: number, d: number, s: CrateStyle, at: [number, number, number] = [0, 0, 0], turn = 0): void {
  const place = (shape: ReturnType<typeof boxAt>) => translate(rotateY(shape, turn), at[0], at[1], at[2]);
  const t = Math.min(w, h, d) * 0.09;
  if (s.slats > 0) {
    // Slatted sides: horizontal boards with gaps, over a dark core that reads as the inside.
    b.add(place(boxAt(w - t * 1.6, h - t * 1.6, d - t * 1.6, [0, h / 2, 0])), PALETTE.darkWood);
    const gap = (h - 2 * t) / s.slats;
    for (let i = 0; i < s.slats; i++) {
      const y = t + gap * (i + 0.5);
      b.add(place(boxAt(w - t, gap * 0.7, d - t * 0.6, [0, y, 0])), s.panel);
      b.add(place(boxAt(w - t * 0.6, gap * 0.7, d - t, [0, y, 0])), s.panel);
    }
  } else {
    b.add(place(boxAt(w - t * 0.5, h - t * 0.5, d - t * 0.5, [0, h / 2, 0])), s.panel);
  }
  const hx = w / 2 - t / 2;
  const hz = d / 2 - t / 2;
  for (const sx of [-1, 1]) for (const sz of [-1, 1]) b.add(place(boxAt(t, h, t, [sx * hx, h / 2, sz * hz], t * 0.15)), s.frame);
  for (const y of [t / 2, h - t / 2]) {
    for (const sz of [-1, 1]) b.add(place(boxAt(w - 2 * t, t, t, [0, y, sz * hz], t * 0.15)), s.frame);
    for (const sx of [-1, 1]) b.add(place(boxAt(t, t, d - 2 * t, [sx * hx, y, 0], t * 0.15)), s.frame);
  }
  if (s.braces) {
    for (const sz of [-1, 1]) {
      const z = sz * (d / 2 - t * 0.3);
      b.add(place(beam([-hx, t, z], [hx, h - t, z], t * 0.9, t * 0.6)), s.frame);
    }
    for (const sx of [-1, 1]) {
      const x = sx * (w / 2 - t * 0.3);
      b.add(place(beam([x, t, -hz], [x, h - t, hz], t * 0.6, t * 0.9)), s.frame);
    }
  }
  if (s.corners) {
    const c = t * 1.5;
    for (const sx of [-1, 1]) for (const sz of [-1, 1]) for (const y of [c / 2 - 0.005, h - c / 2 + 0.005]) {
      b.add(place(boxAt(c, c, c, [sx * (w / 2 - c / 2 + 0.005), y, sz * (d / 2 - c / 2 + 0.005)])), PALETTE.iron);
    }
  }
}

const plain: CrateStyle = { panel: PALETTE.pine, frame: PALETTE.oak, braces: false, corners: false, slats: 0 };

export const CRATES: AssetDefinition[] = [
  defineAsset(PACK, 'crate-small', 'Small Crate', 'crates', (b) => crate(b, 0.5, 0.5, 0.5, { ...plain, braces: true })),
  defineAsset(PACK, 'crate-medium', 'Medium Crate', 'crates', (b) => crate(b, 0.8, 0.8, 0.8, { ...plain, braces: true })),
  defineAsset(PACK, 'crate-large', 'Large Crate', 'crates', (b) => crate(b, 1.2, 1.1, 1.2, { ...plain, braces: true, corners: true })),
  defineAsset(PACK, 'crate-long', 'Long Crate', 'crates', (b) => crate(b, 1.6, 0.6, 0.7, { ...plain, corners: true })),
  defineAsset(PACK, 'crate-slatted', 'Slatted Crate', 'crates', (b) => crate(b, 0.7, 0.6, 0.7, { ...plain, slats: 4 })),
  defineAsset(PACK, 'crate-dark-reinforced', 'Reinforced Dark Crate', 'crates', (b) =>
    crate(b, 0.9, 0.9, 0.9, { panel: PALETTE.darkWood, frame: PALETTE.weatheredWood, braces: true, corners: true, slats: 0 })),
  defineAsset(PACK, 'crate-painted-green', 'Green Painted Crate', 'crates', (b) =>
    crate(b, 0.75, 0.6, 0.75, { panel: PALETTE.greenPaint, frame: PALETTE.darkWood, braces: false, corners: true, slats: 0 })),
  defineAsset(PACK, 'crate-stack', 'Crate Stack', 'crates', (b, rng) => {
    crate(b, 0.8, 0.8, 0.8, { ...plain, braces: true }, [-0.42, 0, 0], rng.range(-0.1, 0.1));
    crate(b, 0.7, 0.7, 0.7, { ...plain, slats: 3 }, [0.40, 0, 0.05], rng.range(-0.2, 0.2));
    crate(b, 0.6, 0.6, 0.6, { ...plain, corners: true }, [-0.3, 0.8, 0.02], rng.range(-0.3, 0.3));
  }),
  defineAsset(PACK, 'crate-stack-tall', 'Tall Crate Stack', 'crates', (b, rng) => {
    let y = 0;
    for (const size of [0.9, 0.75, 0.6]) {
      crate(b, size, size, size, { ...plain, braces: size > 0.7, corners: size < 0.7 }, [rng.range(-0.05, 0.05), y, rng.range(-0.05, 0.05)], rng.range(-0.35, 0.35));
      y += size;
    }
  }),
];
