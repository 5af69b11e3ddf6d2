import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  addVary,
  COMPRESSION_THRESHOLD_BYTES,
  GZIP_LEVEL,
  ownBytes,
  prefersGzip,
} from './compression.ts';

const gzipAsync = promisify(gzip);

/**
 * GET and HEAD JSON answers of the API carry an ETag made from their body, and a request whose
 * If-None-Match names it gets 304 with no body. The cache-control headers stay as the routes
 * set them: catalogue answers are `private, no-cache` (prices depend on the viewer), so the
 * browser asks every time and the ETag makes the unchanged answer cost a few bytes.
 *
 * The tag is weak (W/): the same JSON sent in br, gzip or as is is one answer, and compression
 * runs after this hook. Answers marked no-store, non-200 answers, streams and downloads (CSV)
 * get no tag.
 *
 * The tag names the JSON, so the gzip made for one answer serves every later answer with the
 * same tag (the catalogue's lists and products are the same text for many visitors): clients
 * that take gzip get it from a bounded memory of recent gzips, and nothing is compressed twice.
 */
export const apiEtags = fp(
  async (app: FastifyInstance) => {
    const gzips = createGzipMemory(GZIP_MEMORY_BYTES);
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
      if (payload.length < COMPRESSION_THRESHOLD_BYTES) return payload;
      if (!prefersGzip(request.headers['accept-encoding'])) return payload;
      // Sent with its encoding set, the compression plugin leaves it as it is.
      reply.header('content-encoding', 'gzip');
      addVary(reply, 'accept-encoding');
      reply.removeHeader('content-length');
      return gzips.of(etag, payload);
    });
  },
  { name: 'api-etags' },
);

/** Enough for the catalogue's pages and products many times over (a page is ~10 KB in gzip). */
const GZIP_MEMORY_BYTES = 16 * 1024 * 1024;

/** The gzip of recent answers by their tag; the oldest are forgotten beyond `maxBytes`. */
function createGzipMemory(maxBytes: number) {
  const byTag = new Map<string, Buffer>();
  let bytes = 0;
  return {
    async of(etag: string, body: string | Buffer): Promise<Buffer> {
      const known = byTag.get(etag);
      if (known) return known;
      const compressed = ownBytes(await gzipAsync(body, { level: GZIP_LEVEL }));
      if (!byTag.has(etag) && compressed.length <= maxBytes) {
        byTag.set(etag, compressed);
        bytes += compressed.length;
        for (const [oldest, buffer] of byTag) {
          if (bytes <= maxBytes) break;
          byTag.delete(oldest);
          bytes -= buffer.length;
        }
      }
      return compressed;
    },
  };
}

function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/api?');
}

/** A weak tag from a fast hash of the body (sha1: collisions are no concern for a cache tag). */
function bodyEtag(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** If-None-Match compares weakly (RFC 9110 13.1.2): W/"x" and "x" name the same answer. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}
