import type { FastifyInstance } from 'fastify';
import type { Erp } from '../../integrations/erp/port.ts';
import type { AuditService } from '../audit/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { ModuleContext } from '../module-context.ts';
import { createCustomersService, type CustomersService } from './customers-service.ts';
import { createSyncLedger } from './ledger.ts';
import { createPriceSyncService } from './price-sync-service.ts';
import { createErpRepo } from './repo.ts';
import { erpRoutes } from './routes.ts';

/** Business Central's customers and prices, copied into the shop with a ledger of each sync. */
export async function registerErpModule(
  app: FastifyInstance,
  { config, db, log }: ModuleContext,
  uses: { erp: Erp; catalog: CatalogService; audit: AuditService },
): Promise<CustomersService> {
  const { erp, catalog, audit } = uses;
  const repo = createErpRepo(db);
  const ledger = createSyncLedger({ repo, log });
  const customers = createCustomersService({ repo, erp, ledger, log, audit });
  await app.register(erpRoutes, {
    customers,
    prices: createPriceSyncService({
      erp,
      catalog,
      ledger,
      mapping: config.priceMapping,
      log,
      audit,
    }),
    ledger,
  });
  return customers;
}
