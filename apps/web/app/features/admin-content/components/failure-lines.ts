import { ApiError } from '../../admin/api/http.ts';

/**
 * The lines of a failed write: the spec's message, then the server's reason when it gave one
 * (a field message, 'Only JPG images are allowed', a lost session).
 */
export function failureLines(error: unknown, message: string): string[] {
  const reason = error instanceof ApiError ? error.message.trim() : '';
  return reason && reason !== message ? [message, reason] : [message];
}
