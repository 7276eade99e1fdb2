import { facingCues } from '../src/facing';
import { distanceTransform } from '../src/mask-ops';

const SIZE = 120;

/** A round head: with `eyes`, two dark spots mirrored about its middle column in its upper half (a face); without, one tone (a back). */
function head(eyes: boolean): { data: Uint8Array; mask: Uint8Array; inside: Float32Array } {
  const data = new Uint8Array(SIZE * SIZE * 4), mask = new Uint8Array(SIZE * SIZE);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const u = (x + 0.5) / SIZE, v = (y + 0.5) / SIZE;
      if ((u - 0.5) ** 2 + (v - 0.5) ** 2 > 0.4 ** 2) continue;
      const i = y * SIZE + x;
      mask[i] = 1;
      const eye = eyes && (Math.hypot(u - 0.38, v - 0.35) < 0.04 || Math.hypot(u - 0.62, v - 0.35) < 0.04);
      const c = eye ? 20 : 200;
      data.set([c, c, c, 255], i * 4);
    }
  }
  return { data, mask, inside: distanceTransform(mask, SIZE, SIZE) };
}

describe('the facing cues', () => {
  it('read a pair of dark features high in the silhouette as a face, one tone as a back', () => {
    const face = head(true), back = head(false);
    const f = facingCues(face.data, face.mask, face.inside, SIZE, SIZE);
    const b = facingCues(back.data, back.mask, back.inside, SIZE, SIZE);
    expect(b.spots).toBe(0);
    expect(b.detail).toBeCloseTo(0, 6);
    expect(f.spots).toBeGreaterThan(0);
    // Mirrored about the middle column (to a pixel: the centroid is rounded).
    expect(f.pairedSpots).toBeGreaterThan(0.8 * f.spots);
    expect(f.upperDetail).toBeGreaterThan(f.detail);
    expect(f.detailLift).toBeGreaterThan(0);
  });

  it('gives neutral values for an empty picture', () => {
    const c = facingCues(new Uint8Array(64), new Uint8Array(16), new Float32Array(16), 4, 4);
    expect(c.detail).toBe(0);
    expect(c.upperOverLower).toBe(1);
  });
});
