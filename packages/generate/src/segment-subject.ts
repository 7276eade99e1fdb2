/**
 * Subject segmentation: which pixels belong to the thing to be modelled.
 *
 * 1. Alpha first: a cut-out sprite or icon says exactly what its subject is. The alpha channel is
 *    used when a meaningful share of pixels is transparent (a PNG saved with an all-opaque alpha
 *    channel falls through to step 2).
 * 2. Otherwise the background is modelled from the border (see `fitBackground`: plain colour or
 *    bilinear gradient) and a pixel is subject when its colour is far from the model. The threshold
 *    adapts to the border's noise (JPEG artefacts, grain) but never drops below a fixed floor.
 * 3. Clean-up: a 3×3 closing fills pin-holes; every 4-connected part above a small size floor is
 *    subject (separate pieces stay separate pieces, thin parts are not eroded away); background
 *    regions enclosed by the subject are kept as holes unless they are specks. Deep-learning matting would do better on busy photos but needs weights
 *    we do not have; this is honest about needing a plain or gradient background.
 */
import { EngineError, withDefaults } from '@rigforge/mesh';
import type { RgbaImage } from './decode-image';
import { distanceToModel, fitBackground } from './fit-background';
import { labelComponents, morph3 } from './mask-ops';

export interface SegmentSubjectOptions {
  /** Whether the file carries an alpha channel. */
  hasAlpha?: boolean;
  /** Minimum RGB distance (0..441) from the background model for a pixel to count as subject. */
  minColorDistance?: number;
}

export const SEGMENT_SUBJECT_DEFAULTS: Required<SegmentSubjectOptions> = {
  hasAlpha: false,
  minColorDistance: 40,
};

export interface SubjectMask {
  /** 1 = subject, row-major, same size as the image. */
  mask: Uint8Array;
  width: number;
  height: number;
  method: 'alpha' | 'background';
  subjectPixels: number;
  holes: number;
  warnings: string[];
}

/** Find the main subject of an image; throws `EngineError('invalid_input')` when there is none or it fills the image. */
export function segmentSubject(image: RgbaImage, options: SegmentSubjectOptions = {}): SubjectMask {
  const { hasAlpha, minColorDistance } = withDefaults(SEGMENT_SUBJECT_DEFAULTS, options);
  const { data, width, height } = image;
  const count = width * height;
  const warnings: string[] = [];
  let raw: Uint8Array = new Uint8Array(count);
  let method: SubjectMask['method'] = 'background';

  let transparent = 0;
  if (hasAlpha) for (let i = 0; i < count; i++) if (data[i * 4 + 3]! < 128) transparent++;
  if (hasAlpha && transparent >= count * 0.005) {
    method = 'alpha';
    for (let i = 0; i < count; i++) raw[i] = data[i * 4 + 3]! >= 128 ? 1 : 0;
  } else {
    const bg = fitBackground(image);
    // Most of the border must agree with one plain or gradient colour, or there is no background
    // to separate from (a photo, a full-bleed illustration).
    // Plain backgrounds measure a few units of noise (JPEG ringing, grain); far more means texture.
    const borderIsBackground = bg.inlierFraction >= 0.6 && bg.noise <= 25;
    if (!borderIsBackground) throw fillsImage();
    const threshold = Math.max(minColorDistance, 4 * bg.noise);
    const sx = width > 1 ? 1 / (width - 1) : 0;
    const sy = height > 1 ? 1 / (height - 1) : 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        const o = i * 4;
        // Transparent pixels of a mostly opaque image are background whatever colour they store.
        if (data[o + 3]! < 128) continue;
        const d = distanceToModel(bg.coefficients, x * sx, y * sy, data[o]!, data[o + 1]!, data[o + 2]!);
        raw[i] = d > threshold ? 1 : 0;
      }
    }
  }

  // Clean-up without losing parts: a closing fills pin-holes, then every 4-connected part above a
  // small size floor is kept. A 3×3 opening used to remove speckle here, but it also erased every
  // part thinner than three working pixels (an antenna, a sword, a tail tip) and the rest was then
  // stretched to the requested height; isolated specks are what the size floor removes instead.
  raw = morph3(morph3(raw, width, height, false), width, height, true);

  const minSubject = Math.max(16, Math.round(count * 0.0005));
  const parts = labelComponents(raw, width, height, 1);
  let main = 0;
  for (let id = 1; id < parts.sizes.length; id++) if (parts.sizes[id]! > (parts.sizes[main] ?? 0)) main = id;
  const mainSize = main > 0 ? parts.sizes[main]! : 0;
  if (mainSize < minSubject) {
    throw new EngineError(
      'invalid_input',
      `generate: no subject found in the ${width}×${height} image (it looks blank: use a transparent background, or a subject that differs from a plain or gradient background)`,
    );
  }
  if (parts.borders[main] === 15) throw fillsImage();
  // Every sizeable part is subject: a robot whose arms do not touch its body keeps its arms, as
  // separate pieces. Parts below the floor are specks (noise, JPEG fringe, dust).
  const minPart = Math.max(16, Math.round(count * 0.0002));
  const keep = new Uint8Array(parts.sizes.length);
  for (let id = 1; id < parts.sizes.length; id++) if (parts.sizes[id]! >= minPart) keep[id] = 1;

  const mask = new Uint8Array(count);
  for (let i = 0; i < count; i++) mask[i] = keep[parts.labels[i]!]!;
  // Holes: background regions that do not reach the border. Specks are filled, real openings kept.
  const background = labelComponents(mask, width, height, 0);
  const minHole = Math.max(12, mainSize * 0.002);
  let holes = 0;
  const fill = new Uint8Array(background.sizes.length);
  for (let id = 1; id < background.sizes.length; id++) {
    if (background.borders[id] !== 0) continue;
    if (background.sizes[id]! < minHole) fill[id] = 1;
    else holes++;
  }
  let subjectPixels = 0;
  for (let i = 0; i < count; i++) {
    if (mask[i] === 0 && fill[background.labels[i]!] === 1) mask[i] = 1;
    subjectPixels += mask[i]!;
  }
  return { mask, width, height, method, subjectPixels, holes, warnings };
}

function fillsImage(): EngineError {
  return new EngineError(
    'invalid_input',
    'generate: the subject fills the whole image (it touches every border, or no plain or gradient background surrounds it); use a picture of one object on a transparent, plain or gradient background with some margin around it',
  );
}
