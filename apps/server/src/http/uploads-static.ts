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
    // Stored files are images and PDFs made by the server; an hour keeps pages fast while an
    // admin's replacement still shows soon.
    maxAge: '1h',
    schemaHide: true,
  });
}
