import type { FastifyInstance } from 'fastify';
import { createReadCache } from '../../cache/read-cache.ts';
import type { AuditService } from '../audit/service.ts';
import type { ModuleContext } from '../module-context.ts';
import { createCatalogRepo } from './repo.ts';
import { catalogRoutes } from './routes.ts';
import { catalogAnswerBytes, createCatalogService, type CatalogService } from './service.ts';

/** Products and categories, read through a cache every instance empties on a write. */
export async function registerCatalogModule(
  app: FastifyInstance,
  { config, db, storage, invalidation, log }: ModuleContext,
  audit: AuditService,
): Promise<CatalogService> {
  const catalog = createCatalogService({
    repo: createCatalogRepo(db),
    cache: invalidation.shared(
      createReadCache({
        ttlMs: config.catalogCacheMs,
        // Searches are many and each is asked for by few: the byte bound is what holds memory.
        maxEntries: 2000,
        maxBytes: 32 * 1024 * 1024,
        sizeOf: catalogAnswerBytes,
      }),
    ),
    storage,
    images: config.images,
    log,
    audit,
  });
  await app.register(catalogRoutes, { catalog });
  return catalog;
}
