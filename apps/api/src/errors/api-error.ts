/** The error value routes throw, so every refusal carries a documented code and status instead of an ad-hoc response. */
import { statusForErrorCode, type ApiErrorCode } from '@rigforge/contracts';

/** The one error a route throws; the error middleware renders it as `{error:{code,message,param?}}`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly param?: string;
  readonly headers: Record<string, string>;

  constructor(code: ApiErrorCode, message: string, options: { param?: string; headers?: Record<string, string> } = {}) {
    super(message);
    this.code = code;
    this.status = statusForErrorCode(code);
    this.param = options.param;
    this.headers = options.headers ?? {};
  }
}
