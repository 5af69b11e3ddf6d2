import type { z } from 'zod';
import { AppError } from '../core/app-error.ts';
import type { MultipartForm, UploadedFile } from './uploads.ts';

/**
 * A multipart form checked at its route, as a JSON body is checked by the route's `body` schema
 * before the handler runs (Fastify has no parsed body to check for multipart requests): the
 * handler reads the form (readMultipartForm in uploads.ts), checks it with these, and hands the
 * service typed input. The route's `config.multipartForm` only documents the form (openapi.ts).
 */

/**
 * The form's text fields checked with their zod schema (a shared form schema, or one extending
 * it): 400 with the first failing field's message, as the spec's messages come one field at a
 * time. Unknown fields are dropped.
 */
export function parseFormFields<T extends z.ZodType>(
  schema: T,
  fields: MultipartForm['fields'],
): z.output<T> {
  const result = schema.safeParse(fields);
  if (!result.success) {
    throw new AppError('bad_request', result.error.issues[0]?.message ?? 'The form is not valid.');
  }
  return result.data;
}

/** The form's file in `field` (the first, if several were sent); 400 with `message` if none. */
export function requireFile(form: MultipartForm, field: string, message: string): UploadedFile {
  const file = form.files.find((candidate) => candidate.field === field);
  if (!file) throw new AppError('bad_request', message);
  return file;
}
