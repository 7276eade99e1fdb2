/**
 * Synthetic input images for the tests and the benchmark, drawn from analytic shapes so the true
 * subject mask is known exactly. Edges are anti-aliased by 4×4 supersampling, like real artwork.
 */
import sharp from 'sharp';

export type Shape = (x: number, y: number) => boolean;
export type Paint = (x: number, y: number) => [number, number, number];

export interface Drawn {
  width: number;
  height: number;
  /** 8-bit RGBA. */
  rgba: Uint8Array;
  /** 1 where the pixel is at least half covered by the shape. */
  truth: Uint8Array;
}

const disc = (cx: number, cy: number, r: number): Shape => (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const box = (x0: number, y0: number, x1: number, y1: number): Shape => (x, y) => x >= x0 && x <= x1 && y >= y0 && y <= y1;
const capsule = (ax: number, ay: number, bx: number, by: number, r: number): Shape => (x, y) => {
  const dx = bx - ax, dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return (x - ax - t * dx) ** 2 + (y - ay - t * dy) ** 2 <= r * r;
};
const union = (...shapes: Shape[]): Shape => (x, y) => shapes.some((s) => s(x, y));
const minus = (a: Shape, b: Shape): Shape => (x, y) => a(x, y) && !b(x, y);

const ellipse = (cx: number, cy: number, rx: number, ry: number): Shape => (x, y) => ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;

/**
 * A four-legged animal seen from its side, head to the right: body, neck and head, a tail, and a
 * leg (0.06 wide, standing on y = 0.85) at each of `legs`' left edges; one piece.
 */
export function sideAnimal(legs: readonly number[]): Shape {
  return union(
    ellipse(0.47, 0.45, 0.27, 0.12), capsule(0.68, 0.42, 0.8, 0.26, 0.06), ellipse(0.84, 0.24, 0.09, 0.07),
    capsule(0.22, 0.42, 0.06, 0.28, 0.035), ...legs.map((x0) => box(x0, 0.5, x0 + 0.06, 0.85)),
  );
}

/** The side animal with an ear standing on its head (the silhouette's highest part, 0.036 wide). */
export function earedSideAnimal(legs: readonly number[]): Shape {
  return union(sideAnimal(legs), capsule(0.84, 0.2, 0.86, 0.09, 0.018));
}

/** A figure in unit coordinates (0..1): head, torso, hands on hips (two enclosed holes), legs. */
export const character: Shape = minus(
  union(
    disc(0.5, 0.17, 0.1),
    capsule(0.5, 0.3, 0.5, 0.58, 0.12),
    capsule(0.42, 0.3, 0.25, 0.42, 0.045), capsule(0.25, 0.42, 0.39, 0.55, 0.045),
    capsule(0.58, 0.3, 0.75, 0.42, 0.045), capsule(0.75, 0.42, 0.61, 0.55, 0.045),
    capsule(0.44, 0.6, 0.38, 0.92, 0.06), capsule(0.56, 0.6, 0.62, 0.92, 0.06),
  ),
  disc(0.5, 0.4, 0.035), // a buckle hole through the torso
);
/** A ring with a bar through it: a logo with two holes. */
export const logo: Shape = union(minus(disc(0.5, 0.5, 0.32), disc(0.5, 0.5, 0.2)), box(0.2, 0.46, 0.8, 0.54));
/** A five-pointed star. */
export const star: Shape = (x, y) => {
  const dx = x - 0.5, dy = y - 0.52;
  const r = Math.hypot(dx, dy);
  const a = Math.atan2(dy, dx) + Math.PI / 2;
  const k = Math.cos(((a % ((2 * Math.PI) / 5)) + (2 * Math.PI) / 5) % ((2 * Math.PI) / 5) - Math.PI / 5);
  return r <= 0.38 * (0.55 + 0.45 * k * k * k * k);
};

/** A figure seen from the front in a T-pose: head on a neck, torso, arms out level, two legs standing on y = 0.92. */
export const tPoseFigure: Shape = union(
  disc(0.5, 0.13, 0.08), box(0.47, 0.18, 0.53, 0.25),
  capsule(0.5, 0.33, 0.5, 0.52, 0.11),
  capsule(0.4, 0.3, 0.1, 0.3, 0.035), capsule(0.6, 0.3, 0.9, 0.3, 0.035),
  box(0.4, 0.55, 0.47, 0.92), box(0.53, 0.55, 0.6, 0.92),
);
/** A stocky mini: a big head on a short neck, a torso 0.4 wide and 0.3 tall, stubby arms and legs. */
export const stockyFigure: Shape = union(
  disc(0.5, 0.22, 0.17), box(0.46, 0.38, 0.54, 0.43),
  box(0.3, 0.43, 0.7, 0.73),
  capsule(0.3, 0.48, 0.14, 0.56, 0.05), capsule(0.7, 0.48, 0.86, 0.56, 0.05),
  box(0.34, 0.73, 0.47, 0.92), box(0.53, 0.73, 0.66, 0.92),
);
/** A figure whose two arms float beside its body without touching it: three separate pieces. */
export const armsApart: Shape = union(
  disc(0.5, 0.2, 0.1),
  capsule(0.5, 0.35, 0.5, 0.85, 0.12),
  capsule(0.22, 0.35, 0.22, 0.7, 0.06),
  capsule(0.78, 0.35, 0.78, 0.7, 0.06),
);
/**
 * A round figure with an antenna `px` pixels wide on top, for an image `size` pixels square. The
 * antenna's sides fall on pixel edges so it is exactly `px` pixels wide; it rises from y = 0.1.
 */
export function antennaFigure(size: number, px: number): Shape {
  const x0 = Math.round(size / 2) / size;
  return union(disc(0.5, 0.6, 0.3), box(x0, 0.1, x0 + px / size - 1e-6, 0.4));
}

export const characterPaint: Paint = (x, y) => (y < 0.27 ? [235, 190, 150] : y < 0.6 ? [40, 110, 200] : [60, 60, 70]);
export const logoPaint: Paint = (x) => (x < 0.5 ? [200, 30, 40] : [20, 60, 170]);

/** Rasterise a shape over a background (transparent when `background` is omitted). */
export function draw(shape: Shape, size: number | [number, number], paint: Paint, background?: Paint): Drawn {
  const [width, height] = typeof size === 'number' ? [size, size] : size;
  const s = Math.max(width, height);
  const rgba = new Uint8Array(width * height * 4);
  const truth = new Uint8Array(width * height);
  const n = 4;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let cover = 0;
      for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) if (shape((x + (i + 0.5) / n) / s, (y + (j + 0.5) / n) / s)) cover++;
      const a = cover / (n * n);
      const fg = paint((x + 0.5) / s, (y + 0.5) / s);
      const o = (y * width + x) * 4;
      truth[y * width + x] = a >= 0.5 ? 1 : 0;
      if (background) {
        const bg = background(x / Math.max(1, width - 1), y / Math.max(1, height - 1));
        for (let c = 0; c < 3; c++) rgba[o + c] = Math.round(fg[c]! * a + bg[c]! * (1 - a));
        rgba[o + 3] = 255;
      } else {
        for (let c = 0; c < 3; c++) rgba[o + c] = fg[c]!;
        rgba[o + 3] = Math.round(a * 255);
      }
    }
  }
  return { width, height, rgba, truth };
}

export async function encode(d: Drawn, format: 'png' | 'jpeg' | 'webp', quality = 90): Promise<Uint8Array> {
  const img = sharp(d.rgba, { raw: { width: d.width, height: d.height, channels: 4 } });
  const buf = format === 'png' ? await img.png().toBuffer()
    : format === 'jpeg' ? await img.flatten({ background: '#ffffff' }).jpeg({ quality }).toBuffer()
    : await img.webp({ quality, alphaQuality: 100 }).toBuffer();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}
