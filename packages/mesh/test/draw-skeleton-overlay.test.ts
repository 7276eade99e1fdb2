import { drawSkeletonOverlay, type OverlayJoint, type SkeletonOverlayStyle } from '../src/render/draw-skeleton-overlay';

/** A deterministic pseudo-random stream in [0, 1). */
function stream(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);
}

const STYLE: SkeletonOverlayStyle = {
  boneRadius: 4.4, jointRadius: 8, outline: 2.4,
  boneColor: [1, 0.42, 0.02], jointColor: [0.02, 0.35, 1], rootColor: [0.9, 0.05, 0.05], outlineColor: [0.02, 0.02, 0.02],
};

/**
 * The overlay as every pixel of each capsule's box asked in turn (what drawSkeletonOverlay did
 * before it skipped the pixels outside a bone's band): the oracle the drawn image must equal.
 */
function everyPixel(width: number, height: number, start: Float32Array, joints: OverlayJoint[], style: SkeletonOverlayStyle): Float32Array {
  const data = Float32Array.from(start);
  const capsule = (ax: number, ay: number, bx: number, by: number, radius: number, color: number[], opacity: number): void => {
    if (![ax, ay, bx, by].every(Number.isFinite)) return;
    const minX = Math.max(0, Math.floor(Math.min(ax, bx) - radius - 1)), maxX = Math.min(width - 1, Math.ceil(Math.max(ax, bx) + radius + 1));
    const minY = Math.max(0, Math.floor(Math.min(ay, by) - radius - 1)), maxY = Math.min(height - 1, Math.ceil(Math.max(ay, by) + radius + 1));
    const dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
    for (let y = minY; y <= maxY; y++) {
      for (let x = minX; x <= maxX; x++) {
        const px = x + 0.5 - ax, py = y + 0.5 - ay;
        const s = len2 > 0 ? Math.min(1, Math.max(0, (px * dx + py * dy) / len2)) : 0;
        const ex = px - s * dx, ey = py - s * dy;
        const coverage = Math.min(1, Math.max(0, radius + 0.5 - Math.sqrt(ex * ex + ey * ey))) * opacity;
        if (coverage <= 0) continue;
        const o = 4 * (y * width + x), keep = 1 - coverage;
        for (let c = 0; c < 3; c++) data[o + c] = color[c]! * coverage + data[o + c]! * keep;
        data[o + 3] = coverage + data[o + 3]! * keep;
      }
    }
  };
  for (const j of joints) if (joints[j.parent]) capsule(joints[j.parent]!.x, joints[j.parent]!.y, j.x, j.y, style.boneRadius + style.outline, style.outlineColor, 0.9);
  for (const j of joints) if (joints[j.parent]) capsule(joints[j.parent]!.x, joints[j.parent]!.y, j.x, j.y, style.boneRadius, style.boneColor, 0.95);
  joints.forEach((j, i) => {
    capsule(j.x, j.y, j.x, j.y, style.jointRadius + style.outline, style.outlineColor, 1);
    capsule(j.x, j.y, j.x, j.y, style.jointRadius, j.parent < 0 || i === 0 ? style.rootColor : style.jointColor, 1);
  });
  return data;
}

describe('drawSkeletonOverlay', () => {
  it('draws what asking every pixel of each bone\'s box draws, for bones at every slant', () => {
    const width = 160, height = 120;
    const rnd = stream(5);
    const start = Float32Array.from({ length: 4 * width * height }, () => (rnd() < 0.5 ? 0 : rnd()));
    // Random joints (some off the image), plus horizontal, vertical, nearly flat and zero-length bones.
    const joints: OverlayJoint[] = [{ x: 80, y: 60, parent: -1 }];
    for (let k = 1; k < 40; k++) joints.push({ x: -20 + 200 * rnd(), y: -20 + 160 * rnd(), parent: Math.floor(rnd() * k) });
    joints.push({ x: 20, y: 60, parent: 0 }, { x: 80, y: 5, parent: 0 }, { x: 150, y: 60.001, parent: 0 }, { x: 80, y: 60, parent: 0 });
    joints.push({ x: NaN, y: 3, parent: 0 }, { x: 10, y: 10, parent: joints.length });
    const image = { width, height, data: Float32Array.from(start) };
    drawSkeletonOverlay(image, joints, STYLE);
    const expected = everyPixel(width, height, start, joints, STYLE);
    expect(Buffer.from(image.data.buffer).equals(Buffer.from(expected.buffer))).toBe(true);
  });
});
