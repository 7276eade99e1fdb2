/**
 * base64Schema accepts exactly the strings its documented pattern (the OpenAPI `pattern`)
 * matches, though it checks them with a faster search for what breaks the pattern.
 */
import { z } from 'zod';
import { BASE64_PATTERN, base64Schema } from '../src/common';

const pattern = new RegExp(BASE64_PATTERN);

test.each([
  'A', 'Zm9v', 'Zm9vYg==', 'Zm9vYmE=', 'ab+/', 'A=', 'A==',
  '', '=', '==', 'A===', 'A=A', 'A=\n', 'AB-C', 'AB_C', '=AB', 'AB==\n', 'A B', '\nAB', 'é', 'AB=C=',
])('%j: the same verdict as the documented pattern', (value) => {
  expect(base64Schema.safeParse(value).success).toBe(pattern.test(value));
});

test('random strings over the alphabet, =, and a few others: the same verdicts', () => {
  const chars = 'AZaz09+/====-_ \n';
  let seed = 7;
  const next = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 16) % chars.length;
  for (let i = 0; i < 5000; i++) {
    const value = Array.from({ length: 1 + (i % 7) }, () => chars[next()]).join('');
    expect([value, base64Schema.safeParse(value).success]).toEqual([value, pattern.test(value)]);
  }
});

test('the OpenAPI document still gives the pattern', () => {
  expect(z.toJSONSchema(base64Schema, { io: 'input' })).toMatchObject({ type: 'string', minLength: 1, pattern: BASE64_PATTERN });
});
