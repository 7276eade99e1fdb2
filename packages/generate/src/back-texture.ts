/**
 * The back of the model: what the picture does not show, made from what it does. The front's
 * interior details (a face, buttons, a logo) must not reappear mirrored behind; the colours a part
 * has at its edge are the best guess for its hidden side (hair round the back of a head, the shirt
 * round a torso, fur round a body). So every texel deeper inside the subject than a thin rim band
 * takes the colour of the nearest texel of that band (a multi-source breadth-first flood inside the
 * subject, so it never crosses background), and the result is box-blurred inside so no streaks of
 * the flood show. The band starts a little inside the outline, past the anti-aliased edge and the
 * ink line a drawn character has. Texels outside the band's reach (thin parts) keep their colour.
 */
import { distanceTransform } from './mask-ops';

/** Rim band, as a share of the texture's longer side: starts at `BAND_START`, `BAND_WIDTH` wide (≥ 1.5 texels each). */
const BAND_START = 0.012;
const BAND_WIDTH = 0.012;

/** The back's RGB (same size and layout as `front`) from the front RGB and the subject mask. */
export function backTexture(front: Uint8Array, inside: Uint8Array, width: number, height: number): Uint8Array {
  const back = Uint8Array.from(front);
  const distance = distanceTransform(inside, width, height);
  const side = Math.max(width, height);
  const d0 = Math.max(1.5, BAND_START * side);
  const d1 = d0 + Math.max(1.5, BAND_WIDTH * side);
  const queue = new Int32Array(width * height);
  const done = new Uint8Array(width * height);
  let head = 0, tail = 0;
  for (let i = 0; i < done.length; i++) {
    if (!inside[i]) continue;
    if (distance[i]! <= d1) done[i] = 1;
    if (distance[i]! >= d0 && distance[i]! <= d1) queue[tail++] = i;
  }
  while (head < tail) {
    const i = queue[head++]!;
    const x = i % width;
    for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
      if (j < 0 || j >= done.length || done[j] || !inside[j]) continue;
      done[j] = 1;
      back[j * 3] = back[i * 3]!; back[j * 3 + 1] = back[i * 3 + 1]!; back[j * 3 + 2] = back[i * 3 + 2]!;
      queue[tail++] = j;
    }
  }
  const blurred = boxBlur(back, width, height, Math.max(1, Math.round(d1)));
  for (let i = 0; i < done.length; i++) {
    if (inside[i] && distance[i]! > d0) for (let c = 0; c < 3; c++) back[i * 3 + c] = blurred[i * 3 + c]!;
  }
  return back;
}

/** Separable box blur of an RGB image, radius r (edges clamped). */
function boxBlur(rgb: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const pass = (src: Uint8Array, len: number, lines: number, at: (line: number, k: number) => number): Uint8Array => {
    const out = new Uint8Array(src.length);
    for (let line = 0; line < lines; line++) {
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let k = -r; k <= r; k++) sum += src[at(line, Math.min(len - 1, Math.max(0, k))) * 3 + c]!;
        for (let k = 0; k < len; k++) {
          out[at(line, k) * 3 + c] = Math.round(sum / (2 * r + 1));
          sum += src[at(line, Math.min(len - 1, k + r + 1)) * 3 + c]! - src[at(line, Math.max(0, k - r)) * 3 + c]!;
        }
      }
    }
    return out;
  };
  const rows = pass(rgb, width, height, (y, x) => y * width + x);
  return pass(rows, height, width, (x, y) => y * width + x);
}
