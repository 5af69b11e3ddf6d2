import type { FastifyInstance } from 'fastify';
import { createReadCache } from '../../cache/read-cache.ts';
import type { AuditService } from '../audit/service.ts';
import type { ModuleContext } from '../module-context.ts';
import { createContentRepo } from './repo.ts';
import { contentRoutes } from './routes.ts';
import { createContentService } from './service.ts';

/** The storefront's content: notifications, gallery, testimonials and text pages. */
export async function registerContentModule(
  app: FastifyInstance,
  { config, db, storage, invalidation, log }: ModuleContext,
  audit: AuditService,
): Promise<void> {
  await app.register(contentRoutes, {
    content: createContentService({
      repo: createContentRepo(db),
      // A few small lists and eight pages: the entry count bounds it.
      cache: invalidation.shared(createReadCache({ ttlMs: config.catalogCacheMs, maxEntries: 50 })),
      storage,
      images: config.images,
      log,
      audit,
    }),
  });
}
