/** How content authors name a material, so assets share colours and PBR factors by value. */
import type { MeshMaterial } from '@rigforge/mesh';

/** A material as content authors write it: an sRGB hex colour plus PBR factors. */
export interface MaterialSpec {
  /** Unique within one asset; also the glTF material name. */
  name: string;
  /** sRGB colour as `#rrggbb` (what a colour picker shows). */
  color: string;
  /** Default 0. */
  metallic?: number;
  /** Default 0.8. */
  roughness?: number;
}

/** Converts an sRGB hex colour to the linear RGBA the mesh model stores. */
export function linearFromHex(hex: string): [number, number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new Error(`catalog: bad colour "${hex}"`);
  const v = parseInt(m[1]!, 16);
  const toLinear = (c: number): number => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
  };
  return [toLinear((v >> 16) & 255), toLinear((v >> 8) & 255), toLinear(v & 255), 1];
}

export function toMeshMaterial(spec: MaterialSpec): MeshMaterial {
  return {
    name: spec.name,
    baseColor: linearFromHex(spec.color),
    metallic: spec.metallic ?? 0,
    roughness: spec.roughness ?? 0.8,
  };
}

/** Mixes two sRGB hex colours (t = 0 → a, 1 → b); used for tints between variants. */
export function mixHex(a: string, b: string, t: number): string {
  const pa = parseInt(a.replace('#', ''), 16);
  const pb = parseInt(b.replace('#', ''), 16);
  let out = 0;
  for (const shift of [16, 8, 0]) {
    const ca = (pa >> shift) & 255;
    const cb = (pb >> shift) & 255;
    out |= Math.round(ca + (cb - ca) * t) << shift;
  }
  return `#${out.toString(16).padStart(6, '0')}`;
}
