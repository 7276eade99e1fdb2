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

/** Standard base64 (padding optional, no whitespace); size is checked after decoding. */
export const base64Schema = z
  .string()
  .min(1, 'must not be empty')
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64 (A-Z a-z 0-9 + /, optional = padding)');
