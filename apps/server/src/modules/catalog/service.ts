import type { ReadCache } from '../../cache/read-cache.ts';
import type { ImageUrlConfig } from '../../config/index.ts';
import type { FileStorage } from '../../integrations/storage/port.ts';
import type { AuditLog } from '../audit/service.ts';
import { createCatalogAnswers } from './answers.ts';
import { createBrochureFiles } from './brochures.ts';
import { createCategoriesService } from './categories-service.ts';
import { createImageFiles } from './images.ts';
import { createProductsService } from './products-service.ts';
import { createQuickOrderService } from './quick-order-service.ts';
import type { CatalogRepo } from './repo.ts';

/**
 * The catalogue module's service, as app.ts builds it and other modules call it: products
 * (products-service.ts), categories (categories-service.ts) and the quick order
 * (quick-order-service.ts). Products and categories share the answers'
 * shape (answers.ts), the stored pictures (images.ts) and brochures (brochures.ts).
 */

export type { PriceWrite, ProductPriceRow } from './products-repo.ts';

export interface CatalogServiceDeps {
  repo: CatalogRepo;
  cache: ReadCache;
  storage: FileStorage;
  images: ImageUrlConfig;
  log: { warn(object: unknown, message: string): void };
  /** Every change is logged in the change's transaction. */
  audit: AuditLog;
}

/** Roughly the memory a cached catalogue answer holds, for the cache's byte bound. */
export function catalogAnswerBytes(value: unknown): number {
  if (typeof value === 'string') return value.length * 2;
  if (value && typeof value === 'object' && 'json' in value && typeof value.json === 'string') {
    return value.json.length * 2;
  }
  // The category list: small, and asked for rarely enough to measure.
  return JSON.stringify(value ?? null).length * 2;
}

export function createCatalogService({
  repo,
  cache,
  storage,
  images,
  log,
  audit,
}: CatalogServiceDeps) {
  const answers = createCatalogAnswers(images, storage.baseUrl);
  const imageFiles = createImageFiles(storage, log);
  const brochures = createBrochureFiles({ storage, log, repo });
  return {
    ...createProductsService({ repo, cache, audit, answers, imageFiles, brochures }),
    ...createCategoriesService({ repo, cache, audit, answers, imageFiles }),
    ...createQuickOrderService({ repo }),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
