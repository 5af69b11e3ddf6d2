import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * GET and HEAD JSON answers of the API carry an ETag made from their body, and a request whose
 * If-None-Match names it gets 304 with no body. The cache-control headers stay as the routes
 * set them: catalogue answers are `private, no-cache` (prices depend on the viewer), so the
 * browser asks every time and the ETag makes the unchanged answer cost a few bytes.
 *
 * The tag is weak (W/): the same JSON sent in br, gzip or as is is one answer, and compression
 * runs after this hook. Answers marked no-store, non-200 answers, streams and downloads (CSV)
 * get no tag.
 */
export const apiEtags = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
      if (reply.statusCode !== 200 || !isApiPath(request.url)) return payload;
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (!/[+/]json(?:;|$)/.test(String(reply.getHeader('content-type') ?? ''))) return payload;
      if (/no-store/.test(String(reply.getHeader('cache-control') ?? ''))) return payload;

      const etag = bodyEtag(payload);
      reply.header('etag', etag);
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
        reply.code(304);
        reply.removeHeader('content-length');
        // Empty, not null: Fastify's HEAD handling expects a body to drop.
        return '';
      }
      return payload;
    });
  },
  { name: 'api-etags' },
);

function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/api?');
}

/** A weak tag from a fast hash of the body (sha1: collisions are no concern for a cache tag). */
export function bodyEtag(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** If-None-Match compares weakly (RFC 9110 13.1.2): W/"x" and "x" name the same answer. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}
