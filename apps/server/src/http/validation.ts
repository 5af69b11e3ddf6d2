import type { z } from 'zod';
import { AppError } from '../core/app-error.ts';

/**
 * Checks a form the route's schema could not check itself (a multipart body) with its shared
 * zod schema: 400 with the first failing field's message, as the spec's messages come one field
 * at a time. A body that is not an object counts as an empty form. JSON bodies are checked by
 * the route's `body` schema before the handler runs.
 */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const body = input !== null && typeof input === 'object' && !Array.isArray(input) ? input : {};
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new AppError('bad_request', result.error.issues[0]?.message ?? 'The form is not valid.');
  }
  return result.data;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can be a row id (a UUID); anything else is answered as not found. */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
