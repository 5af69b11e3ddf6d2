import type { FastifyInstance } from 'fastify';
import type { AuditService } from '../audit/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { ModuleContext } from '../module-context.ts';
import { createFreightRepo } from './repo.ts';
import { freightRoutes } from './routes.ts';
import { createFreightService, type FreightService } from './service.ts';

/** Freight on every order: the staff's table, the cart's estimate, the checkout's charge. */
export async function registerFreightModule(
  app: FastifyInstance,
  { db }: ModuleContext,
  uses: { audit: AuditService; catalog: CatalogService },
): Promise<FreightService> {
  const freight = createFreightService({
    repo: createFreightRepo(db),
    repoOf: createFreightRepo,
    catalog: uses.catalog,
    audit: uses.audit,
  });
  await app.register(freightRoutes, { freight });
  return freight;
}
