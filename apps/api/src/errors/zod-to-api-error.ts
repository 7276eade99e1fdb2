/** Turns a request schema's failure into a 400 naming the field, so clients learn what to fix. */
import type { z } from 'zod';
import { ApiError } from './api-error';

/** Turns the first zod issue into a 400 naming the field, e.g. `rig_type: must be one of biped, ...`. */
export function zodToApiError(error: z.ZodError, context: string): ApiError {
  const issue = error.issues[0];
  if (!issue) return new ApiError('invalid_request', `${context}: invalid request`);
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    return new ApiError('invalid_request', `${context}: unknown field "${key}"`, { param: key });
  }
  const param = issue.path.map(String).join('.') || undefined;
  let message = issue.message;
  if (issue.code === 'invalid_value' && 'values' in issue) {
    message = `must be one of ${issue.values.map(String).join(', ')}`;
  } else if (issue.code === 'invalid_type') {
    message = `must be of type ${issue.expected}`;
  }
  return new ApiError('invalid_request', param ? `${context}: ${param} ${message}` : `${context}: ${message}`, {
    param,
  });
}
