import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { CacheInvalidation } from '../cache/invalidation.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Empties the read caches of every instance after a write (decision 007). */
    readonly cacheInvalidation: CacheInvalidation;
  }
}

/**
 * Puts the cache invalidation on the app, listens while the app runs, and invalidates after
 * every successful administrator write: one write (a text page, the contact data, a product)
 * can change many pages, including parts no module caches itself.
 */
export const cacheInvalidation = fp(
  async (app: FastifyInstance, options: { invalidation: CacheInvalidation }) => {
    const { invalidation } = options;
    app.decorate('cacheInvalidation', invalidation);
    app.addHook('onResponse', async (request, reply) => {
      if (isAdminWrite(request) && reply.statusCode < 400) invalidation.invalidate();
    });
    app.addHook('onReady', async () => invalidation.start());
    app.addHook('onClose', async () => invalidation.stop());
  },
  { name: 'cache-invalidation' },
);

function isAdminWrite(request: FastifyRequest): boolean {
  return (
    request.method !== 'GET' &&
    request.method !== 'HEAD' &&
    request.routeOptions.config?.access === 'admin'
  );
}
