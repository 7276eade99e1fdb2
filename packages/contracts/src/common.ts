/** Field schemas every request shares (ids, URLs, base64, query parameters), written once. */
import { z } from 'zod';

export const uuidSchema = z.uuid({ error: 'must be a UUID' });

/** An absolute http(s) URL; the fetch guard re-checks the host at download time. */
export const httpUrlSchema = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an absolute http or https URL');

/** Standard base64, padding optional, no whitespace: the `pattern` the OpenAPI document gives. */
export const BASE64_PATTERN = '^[A-Za-z0-9+/]+={0,2}$';

/**
 * What breaks BASE64_PATTERN in a non-empty string, searched for: a character outside the
 * alphabet and `=`, an `=` followed by anything but `=`, a third `=`, or a leading `=`. Matching
 * the pattern itself ran a per-character loop of ~70 ms over a 13 MB upload (6× its JSON.parse,
 * the largest cost of a 10 MB upload's submission); this search takes a fifth of that.
 */
const NOT_BASE64 = /[^A-Za-z0-9+/=]|=[^=]|={3}|^=/;

/** Standard base64 (padding optional, no whitespace); size is checked after decoding. */
export const base64Schema = z
  .string()
  .min(1, 'must not be empty')
  .refine((value) => !NOT_BASE64.test(value), 'must be base64 (A-Z a-z 0-9 + /, optional = padding)')
  .meta({ pattern: BASE64_PATTERN });

/**
 * An integer query parameter (query strings carry text): digits only, then within `min`..`max`.
 * The messages name the parameter, as the 400 answer shows them.
 */
export const queryIntSchema = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a non-negative integer`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`);

/** The query of an endpoint that takes no parameters: any given is a mistake worth a 400. */
export const emptyQuerySchema = z.strictObject({});
