/** Measures how much grid work a mesh would cost, so a hostile file is refused before it holds a worker. */
import { emptyBounds, extendBounds, longestBoundsSide } from '../bounding-box';
import type { Mesh } from '../mesh-model';

export interface RasterWork {
  /** Σ over triangles of the grid cells their bounding boxes cover, `resolution` cells on the long side. */
  cells: number;
  /** Σ over triangles of the largest of their three axis-aligned bounding-rectangle areas, in cells². */
  pixels: number;
}

/**
 * The work of every stage that walks each triangle's bounding box on a grid: the voxelisers of
 * the skeleton fit and the skinning (3D, ~128 cells on the long side), the thumbnail rasteriser
 * (2D, ~1000 pixels). Their cost is not the triangle count but the boxes' sizes: a real mesh's
 * triangles are a cell or two wide, while 199k random triangles spanning the model (a "soup")
 * cover ~10^4 cells each, and that, not their count, is why such a file held a worker for 65 s
 * (48 s rasterising the thumbnail, 27 s voxelising). Measured in one pass, no allocation.
 */
export function estimateRasterWork(mesh: Mesh, resolution: number, pixelResolution: number): RasterWork {
  const { indices } = mesh;
  const meter = new RasterWorkMeter(mesh.positions, longestSide(mesh.positions, indices), resolution, pixelResolution);
  if (!meter.scaled) return { cells: indices.length / 3, pixels: indices.length / 3 };
  for (let t = 0; t + 2 < indices.length; t += 3) meter.add(indices[t]!, indices[t + 1]!, indices[t + 2]!);
  return { cells: meter.cells, pixels: meter.pixels };
}

/**
 * The longest side of the bounding box of the vertices `indices` use, or of every vertex when
 * `indices` is omitted (a bound at least as large, so work measured with it is never more).
 */
export function longestSide(positions: Float32Array, indices?: Uint32Array): number {
  return longestBoundsSide(extendBounds(emptyBounds(), positions, indices));
}

/** Sums the grid work of triangles one at a time (the one formula of `RasterWork`). */
export class RasterWorkMeter {
  cells = 0;
  pixels = 0;
  /** False for a flat-zero model (no extent): there is no grid to scale to. */
  readonly scaled: boolean;
  private readonly k3: number;
  private readonly k2: number;

  constructor(
    private readonly positions: Float32Array,
    longest: number,
    resolution: number,
    pixelResolution: number,
  ) {
    this.scaled = longest > 0;
    this.k3 = resolution / longest;
    this.k2 = pixelResolution / longest;
  }

  add(a3: number, b3: number, c3: number): void {
    const p = this.positions;
    const a = a3 * 3, b = b3 * 3, c = c3 * 3;
    const dx = Math.max(p[a]!, p[b]!, p[c]!) - Math.min(p[a]!, p[b]!, p[c]!);
    const dy = Math.max(p[a + 1]!, p[b + 1]!, p[c + 1]!) - Math.min(p[a + 1]!, p[b + 1]!, p[c + 1]!);
    const dz = Math.max(p[a + 2]!, p[b + 2]!, p[c + 2]!) - Math.min(p[a + 2]!, p[b + 2]!, p[c + 2]!);
    const { k3, k2 } = this;
    this.cells += (dx * k3 + 1) * (dy * k3 + 1) * (dz * k3 + 1);
    const px = dx * k2 + 1, py = dy * k2 + 1, pz = dz * k2 + 1;
    this.pixels += Math.max(px * py, py * pz, px * pz);
  }
}
