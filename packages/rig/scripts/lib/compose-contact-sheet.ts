/**
 * Composes the contact sheet from the two layers Blender renders on a transparent film: a light
 * background, the meshes (with their labels) over it, then the skeletons over everything, so a
 * bone inside the body stays visible. Thin lines separate the characters.
 */
import { PNG } from 'pngjs';

export interface SheetGrid {
  /** Pixels per tile side; each character has a rest and a posed tile side by side. */
  tilePx: number;
  /** Pixels of the label strip above each pair of tiles. */
  labelPx: number;
}

const BACKGROUND = [238, 238, 240] as const;
const SEPARATOR = [170, 170, 175] as const;
/** The skeleton slightly see-through, so the surface under a bone still reads. */
const SKELETON_OPACITY = 0.9;

function over(dst: Buffer, src: Buffer, i: number, opacity: number): void {
  const a = (src[i + 3]! / 255) * opacity;
  if (a <= 0) return;
  for (let c = 0; c < 3; c++) dst[i + c] = Math.round(src[i + c]! * a + dst[i + c]! * (1 - a));
}

export function composeContactSheet(meshLayer: PNG, skeletonLayer: PNG, grid: SheetGrid): PNG {
  const { width, height } = meshLayer;
  if (skeletonLayer.width !== width || skeletonLayer.height !== height) {
    throw new Error(`layers differ in size: ${width}x${height} vs ${skeletonLayer.width}x${skeletonLayer.height}`);
  }
  const out = new PNG({ width, height });
  const pairPx = 2 * grid.tilePx;
  const rowPx = grid.tilePx + grid.labelPx;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      // A line between pairs (columns) and between rows; a dotted one between rest and posed.
      const edge = (x % pairPx === 0 && x > 0) || (y % rowPx === 0 && y > 0);
      const mid = x % pairPx === grid.tilePx && y % rowPx >= grid.labelPx && y % 4 < 2;
      const bg = edge || mid ? SEPARATOR : BACKGROUND;
      out.data[i] = bg[0];
      out.data[i + 1] = bg[1];
      out.data[i + 2] = bg[2];
      out.data[i + 3] = 255;
      over(out.data, meshLayer.data, i, 1);
      over(out.data, skeletonLayer.data, i, SKELETON_OPACITY);
    }
  }
  return out;
}
