/**
 * Triangulation of the outline polygons into a 2D mesh fit for inflation.
 *
 * earcut triangulates each polygon with its holes; interior Steiner points on a hexagonal lattice
 * (spacing `spacing`, kept at least half a spacing away from the outline) give the inflated surface
 * vertices to bend at, and earcut's `refine` (Lawson flips) turns the ear-clipped fans into a
 * constrained Delaunay triangulation, so triangles are close to equilateral. A conforming Delaunay
 * mesher (Triangle, CGAL) would grade the size too, but none is available as a small, permissively
 * licensed JS dependency, and the lattice already gives an even sampling.
 *
 * Two repairs make the later front/back closing manifold: an interior edge whose two ends both lie
 * on the outline (a chord across a narrow part) would get zero height and be shared by four
 * triangles once the sheets are joined, so it is split at its midpoint; a triangle whose three
 * corners all lie on the outline gets a centre vertex for the same reason.
 */
import earcut, { refine } from 'earcut';
import type { OutlinePolygon } from './trace-outline';

export interface TriangulateOutlineOptions {
  /** Target distance between interior vertices, in pixels. */
  spacing: number;
  /** Distance from each pixel centre to the outline (distance transform of the mask) and its size. */
  distance: Float32Array;
  width: number;
  height: number;
}

export interface PlanarMesh {
  /** x, y per vertex, in pixel-edge coordinates of the working image. */
  points: Float64Array;
  /** Three indices per triangle, counter-clockwise in image coordinates (x right, y down). */
  triangles: Uint32Array;
  /** 1 for vertices on the outline (they get zero height and are shared by front and back). */
  boundary: Uint8Array;
}

/** Triangulate outline polygons (with holes) plus interior lattice points. */
export function triangulateOutline(polygons: OutlinePolygon[], options: TriangulateOutlineOptions): PlanarMesh {
  const { spacing, distance, width, height } = options;
  const lattice = latticePoints(spacing, distance, width, height);
  const points: number[] = [];
  const triangles: number[] = [];
  for (const polygon of polygons) {
    const coords: number[] = [];
    const holes: number[] = [];
    polygon.rings.forEach((ring, r) => {
      if (r > 0) holes.push(coords.length / 2);
      for (const p of ring) coords.push(p[0], p[1]);
    });
    for (let i = 0; i < lattice.length; i += 2) {
      const x = lattice[i]!;
      const y = lattice[i + 1]!;
      if (!insidePolygon(polygon, x, y)) continue;
      holes.push(coords.length / 2);
      coords.push(x, y);
    }
    const tris = earcut(coords, holes, 2);
    refine(tris, coords, 2);
    const base = points.length / 2;
    for (const c of coords) points.push(c);
    for (const t of tris) triangles.push(base + t);
  }
  const mesh = new TriangleSoup(points, triangles);
  mesh.orientCounterClockwise();
  mesh.splitChords();
  mesh.splitOutlineTriangles();
  return mesh.compact();
}

function latticePoints(spacing: number, distance: Float32Array, width: number, height: number): number[] {
  const out: number[] = [];
  const rowStep = (spacing * Math.sqrt(3)) / 2;
  // Pixel-centre distances overstate the distance to the pixel-edge outline by about half a pixel.
  const margin = 0.5 * spacing + 0.5;
  let row = 0;
  for (let y = rowStep / 2; y < height; y += rowStep, row++) {
    for (let x = (row % 2 === 0 ? spacing / 2 : spacing); x < width; x += spacing) {
      const d = distance[Math.floor(y) * width + Math.floor(x)] ?? 0;
      // A tiny deterministic jitter: earcut drops exactly collinear ring vertices, and the copies
      // it makes when bridging lattice points in one row would be collinear, leaving T-junctions.
      if (d > margin) out.push(x + jitter(out.length) * spacing, y + jitter(out.length + 1) * spacing);
    }
  }
  return out;
}

/** A pseudo-random offset in ±0.005, fixed per index so runs are reproducible. */
export function jitter(i: number): number {
  const h = Math.sin(i * 12.9898 + 78.233) * 43758.5453;
  return (h - Math.floor(h) - 0.5) * 0.01;
}

function insidePolygon(polygon: OutlinePolygon, x: number, y: number): boolean {
  let inside = false;
  for (const ring of polygon.rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** A growable triangle list with a directed-edge index, for local edits. */
class TriangleSoup {
  private readonly pts: number[];
  private readonly tris: number[];
  private readonly edges = new Map<number, number>();
  private static readonly KEY = 1 << 22;

  constructor(points: number[], triangles: number[]) {
    this.pts = points;
    this.tris = triangles;
  }

  orientCounterClockwise(): void {
    // earcut emits one winding for everything, so the total area decides; a per-triangle sign test
    // could misjudge a degenerate sliver and leave it inconsistent with its neighbours.
    let total = 0;
    for (let t = 0; t < this.tris.length; t += 3) total += this.area(t);
    for (let t = 0; t < this.tris.length; t += 3) {
      if (total < 0) { const b = this.tris[t + 1]!; this.tris[t + 1] = this.tris[t + 2]!; this.tris[t + 2] = b; }
    }
    this.edges.clear();
    for (let t = 0; t < this.tris.length; t += 3) this.index(t);
  }

  splitChords(): void {
    const boundary = this.boundaryVertices();
    const chords: Array<[number, number]> = [];
    for (const key of this.edges.keys()) {
      const a = Math.floor(key / TriangleSoup.KEY);
      const b = key % TriangleSoup.KEY;
      if (a < b && boundary[a] && boundary[b] && this.edges.has(b * TriangleSoup.KEY + a)) chords.push([a, b]);
    }
    for (const [a, b] of chords) {
      const t1 = this.edges.get(a * TriangleSoup.KEY + b);
      const t2 = this.edges.get(b * TriangleSoup.KEY + a);
      if (t1 === undefined || t2 === undefined) continue;
      const c = this.third(t1, a, b);
      const d = this.third(t2, b, a);
      const m = this.addPoint((this.pts[a * 2]! + this.pts[b * 2]!) / 2, (this.pts[a * 2 + 1]! + this.pts[b * 2 + 1]!) / 2);
      this.setTriangle(t1, a, m, c);
      this.addTriangle(m, b, c);
      this.setTriangle(t2, b, m, d);
      this.addTriangle(m, a, d);
    }
  }

  splitOutlineTriangles(): void {
    const boundary = this.boundaryVertices();
    const count = this.tris.length / 3;
    for (let t = 0; t < count; t++) {
      const a = this.tris[t * 3]!, b = this.tris[t * 3 + 1]!, c = this.tris[t * 3 + 2]!;
      if (!(boundary[a] && boundary[b] && boundary[c])) continue;
      const m = this.addPoint(
        (this.pts[a * 2]! + this.pts[b * 2]! + this.pts[c * 2]!) / 3,
        (this.pts[a * 2 + 1]! + this.pts[b * 2 + 1]! + this.pts[c * 2 + 1]!) / 3,
      );
      this.setTriangle(t * 3, a, b, m);
      this.addTriangle(b, c, m);
      this.addTriangle(c, a, m);
    }
  }

  /** Drop vertices no triangle uses (earcut skips duplicate and collinear outline points). */
  compact(): PlanarMesh {
    const n = this.pts.length / 2;
    const remap = new Int32Array(n).fill(-1);
    let next = 0;
    for (const v of this.tris) if (remap[v] === -1) remap[v] = next++;
    const points = new Float64Array(next * 2);
    for (let v = 0; v < n; v++) {
      const r = remap[v]!;
      if (r >= 0) { points[r * 2] = this.pts[v * 2]!; points[r * 2 + 1] = this.pts[v * 2 + 1]!; }
    }
    const triangles = Uint32Array.from(this.tris, (v) => remap[v]!);
    const oldBoundary = this.boundaryVertices();
    const boundary = new Uint8Array(next);
    for (let v = 0; v < n; v++) if (remap[v]! >= 0 && oldBoundary[v]) boundary[remap[v]!] = 1;
    return { points, triangles, boundary };
  }

  private boundaryVertices(): Uint8Array {
    const flags = new Uint8Array(this.pts.length / 2);
    for (const key of this.edges.keys()) {
      const a = Math.floor(key / TriangleSoup.KEY);
      const b = key % TriangleSoup.KEY;
      if (!this.edges.has(b * TriangleSoup.KEY + a)) { flags[a] = 1; flags[b] = 1; }
    }
    return flags;
  }

  private area(t: number): number {
    const a = this.tris[t]! * 2, b = this.tris[t + 1]! * 2, c = this.tris[t + 2]! * 2;
    const p = this.pts;
    return (p[b]! - p[a]!) * (p[c + 1]! - p[a + 1]!) - (p[c]! - p[a]!) * (p[b + 1]! - p[a + 1]!);
  }

  private third(t: number, a: number, b: number): number {
    for (let k = 0; k < 3; k++) {
      const v = this.tris[t + k]!;
      if (v !== a && v !== b) return v;
    }
    throw new Error('triangulate: corrupt edge index');
  }

  private addPoint(x: number, y: number): number {
    this.pts.push(x, y);
    return this.pts.length / 2 - 1;
  }

  private index(t: number): void {
    const a = this.tris[t]!, b = this.tris[t + 1]!, c = this.tris[t + 2]!;
    this.edges.set(a * TriangleSoup.KEY + b, t);
    this.edges.set(b * TriangleSoup.KEY + c, t);
    this.edges.set(c * TriangleSoup.KEY + a, t);
  }

  private setTriangle(t: number, a: number, b: number, c: number): void {
    const o0 = this.tris[t]!, o1 = this.tris[t + 1]!, o2 = this.tris[t + 2]!;
    for (const [p, q] of [[o0, o1], [o1, o2], [o2, o0]] as const) {
      if (this.edges.get(p * TriangleSoup.KEY + q) === t) this.edges.delete(p * TriangleSoup.KEY + q);
    }
    this.tris[t] = a; this.tris[t + 1] = b; this.tris[t + 2] = c;
    this.index(t);
  }

  private addTriangle(a: number, b: number, c: number): void {
    const t = this.tris.length;
    this.tris.push(a, b, c);
    this.index(t);
  }
}
