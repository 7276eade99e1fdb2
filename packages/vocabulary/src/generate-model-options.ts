/**
 * The request options of image-to-model generation with their defaults and accepted ranges: one
 * truth for the wire contract (which validates them) and the generate engine (which defaults and
 * checks them), as the body plans are for rigging.
 */
export interface NumberOption {
  min: number;
  max: number;
  default: number;
}

export const GENERATE_MODEL_OPTIONS = {
  /** Inflation: 1 turns a disc into a sphere, 0.5 gives a body half as deep. */
  thickness: { min: 0.05, max: 2, default: 0.5 },
  /** Height of the model in metres. */
  height: { min: 0.01, max: 1000, default: 1 },
} as const satisfies Record<string, NumberOption>;

/**
 * The view a picture was taken from, when the caller knows it: it picks the learned depth prior of
 * pictures taken from there, and a side picture of a legged body gets its legs as left/right parts.
 */
export const PICTURE_VIEWS = ['front', 'side', 'top'] as const;
export type PictureView = (typeof PICTURE_VIEWS)[number];
