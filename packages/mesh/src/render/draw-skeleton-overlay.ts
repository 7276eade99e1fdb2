/**
 * Draws a skeleton on top of a rendered image, X-ray style (no depth test), like Blender's "in
 * front" bone display: joints inside the body must stay visible for a rig to be judged at a glance.
 * Bones are thick segments, joints discs with a dark outline; coverage comes from the analytic
 * distance to the shape, which antialiases edges on top of the renderer's supersampling.
 */

/** A premultiplied linear RGBA float image. */
export interface RgbaFloatImage {
  width: number;
  height: number;
  data: Float32Array;
}

export interface OverlayJoint {
  /** Pixel coordinates (x right, y down); NaN skips the joint and its bones. */
  x: number;
  y: number;
  parent: number;
}

export interface SkeletonOverlayStyle {
  boneRadius: number;
  jointRadius: number;
  outline: number;
  boneColor: [number, number, number];
  jointColor: [number, number, number];
  rootColor: [number, number, number];
  outlineColor: [number, number, number];
}

export function drawSkeletonOverlay(image: RgbaFloatImage, joints: OverlayJoint[], style: SkeletonOverlayStyle): void {
  for (const j of joints) {
    const p = joints[j.parent];
    if (!p) continue;
    drawCapsule(image, p.x, p.y, j.x, j.y, style.boneRadius + style.outline, style.outlineColor, 0.9);
  }
  for (const j of joints) {
    const p = joints[j.parent];
    if (!p) continue;
    drawCapsule(image, p.x, p.y, j.x, j.y, style.boneRadius, style.boneColor, 0.95);
  }
  joints.forEach((j, i) => {
    drawCapsule(image, j.x, j.y, j.x, j.y, style.jointRadius + style.outline, style.outlineColor, 1);
    const color = j.parent < 0 || i === 0 ? style.rootColor : style.jointColor;
    drawCapsule(image, j.x, j.y, j.x, j.y, style.jointRadius, color, 1);
  });
}

/** Blends a capsule (segment a-b thickened by `radius`) with the given opacity. */
function drawCapsule(
  image: RgbaFloatImage,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  radius: number,
  color: [number, number, number],
  opacity: number,
): void {
  if (![ax, ay, bx, by].every(Number.isFinite)) return;
  const { width, height, data } = image;
  const minX = Math.max(0, Math.floor(Math.min(ax, bx) - radius - 1));
  const maxX = Math.min(width - 1, Math.ceil(Math.max(ax, bx) + radius + 1));
  const minY = Math.max(0, Math.floor(Math.min(ay, by) - radius - 1));
  const maxY = Math.min(height - 1, Math.ceil(Math.max(ay, by) + radius + 1));
  const dx = bx - ax, dy = by - ay;
  const len2 = dx * dx + dy * dy;
  // A pixel is drawn only nearer the segment than radius + 0.5 (coverage > 0), so nearer its line
  // than that: on a row, the pixels of the band |(p − a) × d| < (radius + 0.5)·|d| about the line,
  // widened by a pixel each side against rounding, hold every pixel drawn; the rest of the box (most
  // of a long slanted bone's) is skipped unread. The same pixels get the same values.
  const reach = (radius + 0.5) * Math.sqrt(len2);
  const banded = dy !== 0 && Number.isFinite(reach);
  for (let y = minY; y <= maxY; y++) {
    let x0 = minX, x1 = maxX;
    if (banded) {
      // px · dy − py · dx within ±reach, px = x + 0.5 − ax, py = y + 0.5 − ay.
      const py = y + 0.5 - ay;
      const e0 = (py * dx - reach) / dy, e1 = (py * dx + reach) / dy;
      const lo = Math.min(e0, e1) + ax - 0.5, hi = Math.max(e0, e1) + ax - 0.5;
      x0 = Math.max(minX, Math.floor(lo) - 1);
      x1 = Math.min(maxX, Math.ceil(hi) + 1);
    }
    for (let x = x0; x <= x1; x++) {
      const px = x + 0.5 - ax, py = y + 0.5 - ay;
      const s = len2 > 0 ? Math.min(1, Math.max(0, (px * dx + py * dy) / len2)) : 0;
      const ex = px - s * dx, ey = py - s * dy;
      const coverage = Math.min(1, Math.max(0, radius + 0.5 - Math.sqrt(ex * ex + ey * ey))) * opacity;
      if (coverage <= 0) continue;
      const o = 4 * (y * width + x);
      const keep = 1 - coverage;
      data[o] = color[0] * coverage + data[o]! * keep;
      data[o + 1] = color[1] * coverage + data[o + 1]! * keep;
      data[o + 2] = color[2] * coverage + data[o + 2]! * keep;
      data[o + 3] = coverage + data[o + 3]! * keep;
    }
  }
}
