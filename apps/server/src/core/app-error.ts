/**
 * The kinds of failure a service may report, and the HTTP status each maps to (http/errors.ts answers it).
 * Every error answer has the shape { "error": "message" }.
 */
const STATUS_BY_KIND = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  /** Was valid once and is no longer (an expired link). */
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  unavailable: 503,
} as const;

export type AppErrorKind = keyof typeof STATUS_BY_KIND;

export class AppError extends Error {
  constructor(
    readonly kind: AppErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get statusCode(): number {
    return STATUS_BY_KIND[this.kind];
  }
}
