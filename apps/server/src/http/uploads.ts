import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fileRefusal, PRODUCT_LIMITS } from '@labshop/shared/schemas/catalog';
import { AppError } from '../core/app-error.ts';

/**
 * Multipart forms (the admin's product, category and gallery uploads). Files are read into
 * memory within tight limits, so a request can never hold more than about
 * files x 10 MB; the modules then check each file's content themselves.
 */
export const UPLOAD_LIMITS = {
  fileBytes: Math.max(PRODUCT_LIMITS.imageBytes, PRODUCT_LIMITS.brochureBytes),
  /** A product's pictures and its brochure. */
  files: PRODUCT_LIMITS.images + 1,
  fields: 40,
  fieldBytes: 100 * 1024,
} as const;

export const UPLOAD_MESSAGES = {
  notMultipart: 'Send this form as multipart/form-data.',
  fileTooLarge: `Each file must be at most ${UPLOAD_LIMITS.fileBytes / (1024 * 1024)} MB.`,
  tooManyFiles: `Send at most ${UPLOAD_LIMITS.files} files at once.`,
  tooManyFields: 'The form has too many fields.',
  fieldTooLong: 'A form field is too long.',
} as const;

export interface UploadedFile {
  field: string;
  /** The visitor's file name: for messages only, never for storage keys. */
  filename: string;
  mimetype: string;
  data: Buffer;
}

export interface MultipartForm {
  /** Text fields; a repeated field keeps its last value. */
  fields: Record<string, string>;
  files: UploadedFile[];
}

export const uploads = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, {
      limits: {
        fileSize: UPLOAD_LIMITS.fileBytes,
        files: UPLOAD_LIMITS.files,
        fields: UPLOAD_LIMITS.fields,
        fieldSize: UPLOAD_LIMITS.fieldBytes,
        parts: UPLOAD_LIMITS.files + UPLOAD_LIMITS.fields,
      },
      throwFileSizeLimit: true,
    });
  },
  { name: 'uploads', dependencies: ['error-handler'] },
);

/**
 * Reads a whole multipart request. Files in fields other than `fileFields` are drained and
 * dropped, like unknown text fields elsewhere in the API.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  fileFields: readonly string[],
): Promise<MultipartForm> {
  if (!request.isMultipart())
    throw new AppError('unsupported_media_type', UPLOAD_MESSAGES.notMultipart);
  const form: MultipartForm = { fields: {}, files: [] };
  // The file being read, so that a size refusal can name it.
  let reading: string | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!fileFields.includes(part.fieldname)) {
          part.file.resume();
          continue;
        }
        reading = part.filename;
        const data = await part.toBuffer();
        reading = null;
        // An empty file input still sends a part with no name and no bytes.
        if (data.length === 0 && part.filename === '') continue;
        form.files.push({
          field: part.fieldname,
          filename: part.filename,
          mimetype: part.mimetype,
          data,
        });
      } else {
        if (part.valueTruncated)
          throw new AppError('payload_too_large', UPLOAD_MESSAGES.fieldTooLong);
        form.fields[part.fieldname] =
          typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (error) {
    throw uploadError(error, reading);
  }
  return form;
}

function uploadError(error: unknown, filename: string | null): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(
        'payload_too_large',
        filename === null
          ? UPLOAD_MESSAGES.fileTooLarge
          : fileRefusal(filename, UPLOAD_MESSAGES.fileTooLarge),
      );
    case 'FST_FILES_LIMIT':
      return new AppError('payload_too_large', UPLOAD_MESSAGES.tooManyFiles);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('payload_too_large', UPLOAD_MESSAGES.tooManyFields);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('unsupported_media_type', UPLOAD_MESSAGES.notMultipart);
    default:
      // A body that ends mid-part or is not multipart at all is the caller's fault.
      if (error instanceof Error && /multipart|boundary|Unexpected end/i.test(error.message)) {
        return new AppError('bad_request', 'The form data could not be read.');
      }
      return error;
  }
}
