/**
 * Parts built one by one and layered in depth: the body in the middle plane, and each leg column
 * of a side picture built as its own part twice, at the body's left and right sides.
 *
 * Where the legs go: a leg hangs from the side of the body, so its outer side is flush with the
 * body's above the leg (the leg's middle plane at ±(body half-depth − leg half-depth), the body's
taken as its deepest in the leg's columns);
 * a leg as deep as the body stays in the middle. The two half-depths are the learned depth prior's,
 * measured on the parts themselves; the one constant, how far that offset is taken (`legSpread`: 1
 * flush), is the plan's learned spread (`depth-prior.ts` `depthLegSpread`, `scripts/fit-leg-spread.ts`).
 */
import type { Mesh } from '@rigforge/mesh';
import { buildClosedMesh, type ClosedMesh, type ClosedMeshFrame } from './build-closed-mesh';
import { ballProfile } from './ball-depth';
import { finsWingsProfile } from './fins-wings';
import { inflateSurface } from './inflate-surface';
import { distanceTransform } from './mask-ops';
import { findPairedParts, type PairedPartsRule } from './paired-parts';
import { findSideLegs } from './side-legs';
import { sideTrunkProfile, type SideTrunkDepth } from './side-trunk';
import { traceOutline } from './trace-outline';
import { triangulateOutline, type PlanarMesh } from './triangulate-outline';

export interface PartBuild {
  width: number;
  height: number;
  /** Mesh spacing in working pixels. */
  spacing: number;
  /** Inflation scale and width exponent of the depth profile (the learned prior, scaled). */
  thickness: number;
  exponent: number;
  /** Weight of the medial balls' sphere height in the profile (the prior's c, scaled; 0: none). */
  ballWeight: number;
  /** Profile each medial ball is lifted to (`ballHeights`' exponent: 2 a sphere). Default 2. */
  ballExponent?: number;
  /** The whole subject's height in working pixels (the profile is relative to it). */
  referenceLength: number;
  /**
   * How far apart a side picture's left and right legs stand, over flush with the body's sides: a
   * leg's middle plane at ±legSpread·(body half-depth − leg half-depth). Default 1 (flush).
   */
  legSpread?: number;
  /** The ball term's largest half-depth in pixels (a fish or flyer seen from the side, `fins-wings.ts`). Default none. */
  maxBallHeight?: number;
  /** The height scale of each part's balls off its trunk's axis (a flyer seen from the side: folded wings, `fins-wings.ts` `sideLateral`). Default none. */
  sideLateral?: number;
  /** The body part's trunk (its core) and its limbs (neck, head, tail) over their spheres (`side-trunk.ts`). Default none (as deep as wide). */
  trunk?: SideTrunkDepth;
  /** The body's paired parts at its top (ears, horns) built as left/right pairs (`paired-parts.ts`). Default none. */
  pairedParts?: PairedPartsRule;
  frame: ClosedMeshFrame;
  uv: (x: number, y: number) => [number, number];
  backUv: (x: number, y: number) => [number, number];
}

interface Part { closed: ClosedMesh; planar: PlanarMesh; heights: Float64Array }

function buildPart(mask: Uint8Array, b: PartBuild, isBody = false): Part | null {
  const polygons = traceOutline(mask, b.width, b.height, { maxEdge: b.spacing });
  if (polygons.length === 0) return null;
  const distance = distanceTransform(mask, b.width, b.height);
  const planar = triangulateOutline(polygons, { spacing: b.spacing, distance, width: b.width, height: b.height });
  if (planar.triangles.length === 0) return null;
  const added = !(b.ballWeight > 0) ? undefined : b.sideLateral !== undefined
    ? finsWingsProfile(planar.points, mask, distance, b.width, b.height, b.ballWeight, b.ballExponent ?? 2, 'side', { lateral: b.sideLateral })
    : isBody && b.trunk !== undefined
      ? sideTrunkProfile(planar.points, mask, distance, b.width, b.height, b.ballWeight, b.ballExponent ?? 2, b.trunk)
      : ballProfile(planar.points, distance, b.width, b.height, b.ballWeight, b.ballExponent ?? 2);
  if (added && b.maxBallHeight !== undefined) for (let i = 0; i < added.length; i++) added[i] = Math.min(added[i]!, b.maxBallHeight);
  const heights = inflateSurface(planar, b.thickness, { exponent: b.exponent, referenceLength: b.referenceLength, ...(added ? { added } : {}) });
  const closed = buildClosedMesh(planar, heights, { height: 1, uv: b.uv, backUv: b.backUv, frame: b.frame });
  return { closed, planar, heights };
}

/** The largest half-depth (pixels) of a part's vertices inside a box of the picture. */
function deepestIn(part: Part, x0: number, x1: number, y0: number, y1: number): number {
  let best = 0;
  const { points } = part.planar;
  for (let v = 0; v < points.length / 2; v++) {
    const x = points[v * 2]!, y = points[v * 2 + 1]!;
    if (x >= x0 && x <= x1 + 1 && y >= y0 && y <= y1 + 1) best = Math.max(best, part.heights[v]!);
  }
  return best;
}

function shifted(closed: ClosedMesh, dz: number): ClosedMesh {
  const positions = closed.mesh.positions.slice();
  for (let i = 2; i < positions.length; i += 3) positions[i] = positions[i]! + dz;
  return { mesh: { ...closed.mesh, positions }, weld: closed.weld };
}

/** One mesh of closed parts (each stays closed; `weld` maps into the merged vertex numbering). */
export function mergeClosedMeshes(parts: readonly ClosedMesh[]): ClosedMesh {
  const vertices = parts.reduce((n, p) => n + p.weld.length, 0);
  const indexCount = parts.reduce((n, p) => n + p.mesh.indices.length, 0);
  const positions = new Float32Array(vertices * 3), normals = new Float32Array(vertices * 3), uvs = new Float32Array(vertices * 2);
  const indices = new Uint32Array(indexCount), weld = new Uint32Array(vertices);
  let v = 0, t = 0;
  for (const { mesh, weld: w } of parts) {
    positions.set(mesh.positions, v * 3);
    normals.set(mesh.normals ?? new Float32Array(w.length * 3), v * 3);
    uvs.set(mesh.uvs ?? new Float32Array(w.length * 2), v * 2);
    for (let i = 0; i < mesh.indices.length; i++) indices[t + i] = mesh.indices[i]! + v;
    for (let i = 0; i < w.length; i++) weld[v + i] = w[i]! + v;
    v += w.length; t += mesh.indices.length;
  }
  const mesh: Mesh = { positions, normals, uvs, indices, groups: [{ materialIndex: 0, start: 0, count: indices.length }], materials: [] };
  return { mesh, weld };
}

/**
 * The side picture's legs rebuilt as left/right pairs (`inside`: the mask's distance transform,
 * which the caller already has). A picture showing one column per pair (the
 * near leg hiding the far one) gets each column twice, at both sides; a picture showing every leg
 * apart (two neighbouring columns per pair) gets one of each neighbouring two at each side. Null
 * when it shows no leg column or a count that fits neither (the legs stay as drawn).
 */
export function layerSideLegs(mask: Uint8Array, inside: Float32Array, b: PartBuild, legPairs: number): { closed: ClosedMesh; legs: number } | null {
  if (legPairs <= 0) return null;
  const found = findSideLegs(mask, b.width, b.height, {}, inside);
  const columns = found.legs.length;
  const hidden = columns > 0 && columns <= legPairs;
  if (!hidden && columns !== 2 * legPairs) return null;
  // Ears and horns: taken off the body as the legs are, each built twice at the body's sides.
  let top = b.height, bottom = -1;
  for (let i = 0; i < mask.length; i++) if (mask[i]) { const y = Math.floor(i / b.width); top = Math.min(top, y); bottom = Math.max(bottom, y); }
  const paired = b.pairedParts ? findPairedParts(found.body, b.width, b.height, b.pairedParts.maxWidth, top, bottom - top + 1, found.overlap) : { body: found.body, parts: [] };
  const body = buildPart(paired.body, b, true);
  if (!body) return null;
  const parts: ClosedMesh[] = [body.closed];
  for (const p of paired.parts) {
    const part = buildPart(p.mask, b);
    if (!part) continue;
    const bodyHalf = deepestIn(body, p.joint.x0, p.joint.x1, p.joint.y0, p.joint.y1);
    const partHalf = part.heights.reduce((m, h) => Math.max(m, h), 0);
    const offset = (b.pairedParts?.spread ?? 1) * Math.max(0, bodyHalf - partHalf) * b.frame.scale;
    parts.push(shifted(part.closed, offset), shifted(part.closed, -offset));
  }
  const byX = [...found.legs].sort((p, q) => p.left + p.right - q.left - q.right);
  for (const [k, leg] of byX.entries()) {
    const part = buildPart(leg.mask, b);
    if (!part) return null;
    // The body's half-depth above the leg: where the leg hangs from (the whole column above it, as
    // a leg near the end of the body hangs from where the body is deep, not from its thin edge).
    const bodyHalf = deepestIn(body, leg.left, leg.right, 0, leg.top);
    const legHalf = part.heights.reduce((m, h) => Math.max(m, h), 0);
    const offset = (b.legSpread ?? 1) * Math.max(0, bodyHalf - legHalf) * b.frame.scale;
    if (hidden) parts.push(shifted(part.closed, offset), shifted(part.closed, -offset));
    else parts.push(shifted(part.closed, k % 2 === 0 ? offset : -offset));
  }
  return { closed: mergeClosedMeshes(parts), legs: hidden ? 2 * columns : columns };
}
