/**
 * Outline tracing: the subject mask becomes polygons (an outer ring plus hole rings each).
 *
 * Marching squares (d3-contour) on the mask after a 3×3 box blur: the blur turns the pixel
 * staircase into a field whose 0.5 level runs along the pixel edges on straight runs and cuts
 * corners diagonally, so the traced outline is smooth yet encloses the same area as the mask to
 * within a fraction of a pixel. Douglas–Peucker (tolerance ~0.35 px) then drops the points that sit
 * on straight runs, and long edges are split again to the mesh spacing so the seam is as fine as the
 * interior. d3-contour's output coordinates are pixel-edge coordinates (pixel i spans [i, i + 1]).
 */
import { contours } from 'd3-contour';
import { withDefaults } from '@rigforge/mesh';
import { simplifyRing } from './simplify-ring';

export interface TraceOutlineOptions {
  /** Douglas–Peucker tolerance in pixels. */
  tolerance?: number;
  /** Longest allowed outline edge in pixels (longer ones are split). */
  maxEdge?: number;
  /** Rings enclosing less than this many square pixels are dropped. */
  minArea?: number;
}

export const TRACE_OUTLINE_DEFAULTS: Required<TraceOutlineOptions> = {
  tolerance: 0.35,
  maxEdge: 8,
  minArea: 4,
};

/** A polygon: `rings[0]` is the outer boundary, the others are holes; points are [x, y] pixels. */
export interface OutlinePolygon {
  rings: Array<Array<[number, number]>>;
}

/** Trace the outline(s) of a binary mask. */
export function traceOutline(mask: Uint8Array, width: number, height: number, options: TraceOutlineOptions = {}): OutlinePolygon[] {
  const { tolerance, maxEdge, minArea } = withDefaults(TRACE_OUTLINE_DEFAULTS, options);
  // A one-pixel margin of background closes outlines that run along the image border.
  const pad = 2;
  const w = width + 2 * pad;
  const h = height + 2 * pad;
  const field = new Float64Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const sy = y + dy - pad;
        if (sy < 0 || sy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const sx = x + dx - pad;
          if (sx >= 0 && sx < width) sum += mask[sy * width + sx]!;
        }
      }
      field[y * w + x] = sum / 9;
    }
  }
  const multi = contours().size([w, h]).thresholds([0.5])(field as unknown as number[]);
  const out: OutlinePolygon[] = [];
  for (const polygon of multi[0]?.coordinates ?? []) {
    const rings: Array<Array<[number, number]>> = [];
    for (let r = 0; r < polygon.length; r++) {
      const shifted = polygon[r]!.map((p): [number, number] => [p[0]! - pad, p[1]! - pad]);
      const simple = simplifyRing(shifted, tolerance);
      if (simple.length < 3 || Math.abs(ringArea(simple)) < minArea) {
        if (r === 0) break;
        continue;
      }
      rings.push(splitLongEdges(simple, maxEdge));
    }
    if (rings.length > 0) out.push({ rings });
  }
  return out;
}

/** Signed shoelace area of a ring. */
export function ringArea(ring: ReadonlyArray<readonly [number, number]>): number {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) a += (ring[j]![0] - ring[i]![0]) * (ring[j]![1] + ring[i]![1]);
  return a / 2;
}

function splitLongEdges(ring: Array<[number, number]>, maxEdge: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % ring.length]!;
    out.push(a);
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const parts = Math.ceil(len / maxEdge);
    // Split points are nudged off the line by a hundredth of a pixel: earcut would drop exactly
    // collinear vertices and the seam would lose its resolution.
    const nx = len > 0 ? -(b[1] - a[1]) / len : 0;
    const ny = len > 0 ? (b[0] - a[0]) / len : 0;
    for (let k = 1; k < parts; k++) {
      const e = (k % 2 === 0 ? 0.01 : -0.01);
      out.push([a[0] + ((b[0] - a[0]) * k) / parts + nx * e, a[1] + ((b[1] - a[1]) * k) / parts + ny * e]);
    }
  }
  return out;
}
