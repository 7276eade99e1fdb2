/** The exactly-one-input rule every submission route applies, written once. */
import { ApiError } from '../errors/api-error';

/**
 * The rule every submission with alternative inputs follows: exactly one of `fields` is given
 * (POST /v1/rigs: model_url, model_base64, from_job; POST /v1/models: image_url, image_base64).
 * Returns the field given; otherwise a 400 `invalid_request` naming the fields, prefixed by
 * `resource`, its `param` the second field given or, when none is, the first of `fields`.
 */
export function exactlyOneOf<K extends string>(body: Partial<Record<K, unknown>>, fields: readonly [K, ...K[]], resource: string): K {
  const given = fields.filter((k) => body[k] !== undefined);
  if (given.length === 1) return given[0]!;
  const list = fields.length > 1 ? `${fields.slice(0, -1).join(', ')} or ${fields[fields.length - 1]!}` : fields[0];
  throw new ApiError(
    'invalid_request',
    given.length === 0 ? `${resource}: give exactly one of ${list}` : `${resource}: give exactly one of ${list}, not ${given.join(' and ')}`,
    { param: given[1] ?? fields[0] },
  );
}
