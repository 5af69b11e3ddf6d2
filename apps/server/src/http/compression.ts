import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** gzip's level for answers compressed as they are sent (see below). */
export const GZIP_LEVEL = 6;

/**
 * Text the server sends (pages, JSON, CSV, scripts, styles, SVG) compressed. Per response,
 * gzip (level 6) is preferred when the client takes both: measured on this app's answers it is
 * within a few per cent of brotli quality 4 in size at well under its CPU cost, and the load
 * budget is 1,500 req/s on two cores; clients that take only br get brotli at quality 4. Built
 * assets come precompressed at the highest levels, br first (apps/web/scripts/precompress-assets.mjs),
 * and cached pages carry their own gzip (ssr.ts), so neither is compressed here. Never event
 * streams, or anything compressed already (images, fonts, PDFs, archives: the types mime-db
 * calls incompressible).
 *
 * Registered before every route: it hooks each route as the route is added.
 */
export const compression = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      global: true,
      encodings: ['gzip', 'br'],
      threshold: COMPRESSION_THRESHOLD_BYTES,
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: GZIP_LEVEL },
      // The plugin's default also compresses application/octet-stream (often compressed
      // already); other types are looked up in mime-db.
      customTypes: /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|javascript/,
      // Request bodies stay as they are: nothing here accepts compressed uploads.
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);

/**
 * `buffer` on memory of its own size. zlib hands back its output as a view on the chunk it
 * wrote into (8 or 16 KB however short the output), so a kept small gzip would hold the whole
 * chunk: measured on the page and gzip caches, hundreds of MB that their byte bounds never
 * counted.
 */
export function ownBytes(buffer: Buffer): Buffer {
  return buffer.byteLength < buffer.buffer.byteLength ? Buffer.from(buffer) : buffer;
}

/** Whether Accept-Encoding allows gzip (by name, as x-gzip, or through *) with a quality above 0. */
export function acceptsGzip(header: string | undefined): boolean {
  return qualityOf('gzip', header) > 0;
}

/** Whether gzip is what the compression plugin would choose: taken, and not below br. */
export function prefersGzip(header: string | undefined): boolean {
  const gzip = qualityOf('gzip', header);
  return gzip > 0 && gzip >= qualityOf('br', header);
}

function qualityOf(coding: 'gzip' | 'br', header: string | undefined): number {
  if (!header) return 0;
  const qualities = new Map<string, number>();
  for (const item of header.toLowerCase().split(',')) {
    const [name = '', ...params] = item.split(';').map((part) => part.trim());
    const quality = params.find((param) => param.startsWith('q='))?.slice(2);
    qualities.set(name, quality === undefined ? 1 : Number(quality) || 0);
  }
  const named = qualities.get(coding) ?? (coding === 'gzip' ? qualities.get('x-gzip') : undefined);
  return named ?? qualities.get('*') ?? 0;
}

/** Adds `header` to the reply's Vary unless it is there (or Vary is *). */
export function addVary(reply: FastifyReply, header: string): void {
  const current = String(reply.getHeader('vary') ?? '');
  const names = varyNames(current);
  if (names.includes('*') || names.includes(header)) return;
  reply.header('vary', current ? `${current}, ${header}` : header);
}

/** The header names a Vary value lists, lower-cased. */
export function varyNames(header: string | null | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
}
