import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Text the server sends (pages, JSON, CSV, scripts, styles, SVG) compressed. Per response,
 * gzip (level 6) is preferred when the client takes both: measured on this app's answers it is
 * within a few per cent of brotli quality 4 in size at well under its CPU cost, and the load
 * budget is 1,500 req/s on two cores; clients that take only br get brotli at quality 4. Built
 * assets come precompressed at the highest levels, br first (scripts/precompress-assets.mjs),
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
      zlibOptions: { level: 6 },
      // The plugin's default also compresses application/octet-stream (often compressed
      // already); other types are looked up in mime-db.
      customTypes: /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|javascript/,
      // Request bodies stay as they are: nothing here accepts compressed uploads.
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
