import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { mkdir } from 'node:fs/promises';
import { LOCAL_UPLOADS_URL_PREFIX } from '../integrations/storage/local-disk.ts';

/** Serves the local-disk storage (DATA_DIR/uploads) at /uploads/. */
export async function uploadsStatic(
  app: FastifyInstance,
  options: { root: string },
): Promise<void> {
  await mkdir(options.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: options.root,
    prefix: LOCAL_UPLOADS_URL_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    // Stored pictures get a fresh name on every upload (a replacement is a new file), so their
    // content never changes under a name: browsers may keep them for a year. Other files
    // (brochures, addressed by their own name) are kept an hour.
    cacheControl: false,
    setHeaders(res, filePath) {
      res.setHeader(
        'cache-control',
        /\.(?:jpe?g|webp)$/i.test(filePath)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600',
      );
    },
    schemaHide: true,
  });
}
