import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../core/app-error.ts';

/**
 * JSON request bodies, refused when nested deeper than MAX_JSON_DEPTH before they are parsed:
 * JSON.parse builds a deep body whole, and a body of arrays in arrays under the 1 MB limit held
 * the event loop 0.2-1.8 s a request (issue 31). The shop's deepest body (process-payment: the
 * body, its cart, a line) is 3 levels. Parsing itself stays Fastify's own (secure-json-parse,
 * refusing __proto__ and constructor keys); so do its errors for empty or broken JSON.
 */
export const MAX_JSON_DEPTH = 32;

export const JSON_TOO_DEEP_MESSAGE = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;

/**
 * Whether JSON text opens more than `max` objects or arrays inside each other. One pass over
 * the text; brackets inside strings do not count. Text that is not JSON may be miscounted: the
 * parser refuses it anyway.
 */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c /* \ */) index += 1;
      else if (code === 0x22 /* " */) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) {
      depth -= 1;
    }
  }
  return false;
}

export const jsonBody = fp(
  async (app: FastifyInstance) => {
    const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = app.initialConfig;
    const parse = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      // parseAs 'string' hands over text; String() only satisfies the parser's wider type.
      const text = String(body);
      if (nestedDeeperThan(text, MAX_JSON_DEPTH)) {
        done(new AppError('bad_request', JSON_TOO_DEEP_MESSAGE), undefined);
        return;
      }
      parse(request, text, done);
    });
  },
  { name: 'json-body' },
);
