import type { Socket } from 'node:net';
import type {
  ConnectionError,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../core/app-error.ts';
import { databaseErrorCode, isDatabaseUnavailable } from '../db/client.ts';

export const GENERIC_SERVER_ERROR = 'Something went wrong. Please try again later.';
/** The answer while the database cannot be reached (restarting, failing over). */
export const DATABASE_UNAVAILABLE_ERROR =
  'The shop is briefly unavailable. Please try again in a moment.';

/** The answer while the server sheds load (http/load-shedding.ts). */
export const OVERLOADED_ERROR = 'The shop is busy right now. Please try again in a moment.';

/** Messages for the framework's own client errors, in words a user can act on. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request length does not match its body.',
};

/** Every error answer in the API documents: `{ error: 'message' }`. */
export const ErrorSchema = z.object({ error: z.string() });

/** What an admin route may answer besides its own cases: bad input, no session, not an admin. */
export const adminErrorResponses = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

export interface ErrorBody {
  error: string;
}

/**
 * PostgreSQL refuses some characters in text (a NUL byte, broken UTF-8): that is the caller's
 * input, not a server failure.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);
export const UNSTORABLE_TEXT_MESSAGE =
  'The request contains characters that cannot be stored (such as a NUL byte).';

/**
 * Errors the router raises before any route runs (Fastify's `frameworkErrors`), in the same
 * `{ error }` shape as every other answer.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.code(400).send({ error: 'The address is not valid.' } satisfies ErrorBody);
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(414).send({ error: 'The address is too long.' } satisfies ErrorBody);
  } else {
    reply.log.error({ err: error }, 'request failed in the router');
    void reply.code(500).send({ error: GENERIC_SERVER_ERROR } satisfies ErrorBody);
  }
}

/**
 * Requests Node's HTTP parser refuses before any route sees them (headers or address too large,
 * a broken request line, a timeout), answered in the same `{ error }` shape; Fastify's default
 * answer has fields of its own.
 */
export function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'The request took too long to arrive.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'The address or the headers are too long.']
        : [400, 'Bad Request', 'The request could not be read.'];
  const body = JSON.stringify({ error: message } satisfies ErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export const errorHandler = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        // The first failing field's message: the spec's messages are written for one field.
        const first = error.validation[0];
        const message = first?.message ?? 'The request is not valid.';
        return reply.code(400).send({ error: message } satisfies ErrorBody);
      }
      if (error instanceof AppError) {
        return reply.code(error.statusCode).send({ error: error.message } satisfies ErrorBody);
      }
      if (UNSTORABLE_TEXT_CODES.has(databaseErrorCode(error) ?? '')) {
        return reply.code(400).send({ error: UNSTORABLE_TEXT_MESSAGE } satisfies ErrorBody);
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const message =
          FRAMEWORK_MESSAGES[error.code] ?? (error.validation ? error.message : undefined);
        return reply
          .code(status)
          .send({ error: message ?? defaultClientMessage(status) } satisfies ErrorBody);
      }
      if (isDatabaseUnavailable(error)) {
        // Not the request's fault and over soon: a client or load balancer may try again.
        request.log.warn({ err: error }, 'request failed: the database is unavailable');
        return reply
          .code(503)
          .header('retry-after', '5')
          .send({ error: DATABASE_UNAVAILABLE_ERROR } satisfies ErrorBody);
      }
      // 5xx: the details go to the log, never to the caller.
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: GENERIC_SERVER_ERROR } satisfies ErrorBody);
    });

    app.setNotFoundHandler((request, reply) => {
      reply
        .code(404)
        .send({ error: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` });
    });
  },
  { name: 'error-handler' },
);

function defaultClientMessage(status: number): string {
  switch (status) {
    case 401:
      return 'Please sign in first.';
    case 403:
      return 'You are not allowed to do this.';
    case 404:
      return 'Not found.';
    case 405:
      return 'This method is not allowed here.';
    case 413:
      return 'The request is too large.';
    case 415:
      return 'This content type is not accepted here.';
    case 429:
      return 'Too many requests. Please wait a moment and try again.';
    default:
      return 'The request is not valid.';
  }
}
