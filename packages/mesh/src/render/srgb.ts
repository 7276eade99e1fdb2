/** sRGB transfer functions; lighting is done in linear space, images are stored in sRGB. */

export function srgbToLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
}

export function linearToSrgb(c: number): number {
  return c <= 0.0031308 ? c * 12.92 : 1.055 * Math.pow(c, 1 / 2.4) - 0.055;
}

/** 8-bit sRGB value -> linear 0..1, for texture texels. */
export const SRGB8_TO_LINEAR: Float32Array = (() => {
  const lut = new Float32Array(256);
  for (let i = 0; i < 256; i++) lut[i] = srgbToLinear(i / 255);
  return lut;
})();

const ENCODE_STEPS = 4096;
const ENCODE_LUT: Uint8Array = (() => {
  const lut = new Uint8Array(ENCODE_STEPS + 1);
  for (let i = 0; i <= ENCODE_STEPS; i++) lut[i] = Math.round(linearToSrgb(i / ENCODE_STEPS) * 255);
  return lut;
})();

/** Linear 0..1 (clamped, NaN -> 0) -> 8-bit sRGB. */
export function encodeSrgb8(c: number): number {
  if (!(c > 0)) return 0;
  if (c >= 1) return 255;
  return ENCODE_LUT[Math.round(c * ENCODE_STEPS)]!;
}
