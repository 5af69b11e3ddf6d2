import type { FastifyBaseLogger } from 'fastify';
import type { CacheInvalidation } from '../cache/invalidation.ts';
import type { Config } from '../config/index.ts';
import type { Database } from '../db/client.ts';
import type { FileStorage } from '../integrations/storage/port.ts';

/**
 * What every module's wiring (`<module>/module.ts`) takes from the composition root (app.ts):
 * the configuration, the database and the app's shared plumbing. What one module needs of
 * another (the audit log, the catalogue) is passed to it by name, besides this.
 */
export interface ModuleContext {
  config: Config;
  db: Database;
  storage: FileStorage;
  /** Empties every instance's read caches after a write (decision 007). */
  invalidation: CacheInvalidation;
  log: FastifyBaseLogger;
  /** PUBLIC_URL's origin: links in mails, the CSRF check, the payment form's frame. */
  siteOrigin: string;
  /** Served over HTTPS: cookies are then Secure. */
  https: boolean;
}
