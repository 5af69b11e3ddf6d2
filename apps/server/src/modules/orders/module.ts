import type { FastifyInstance } from 'fastify';
import type { OrderRepo } from '../../db/orders-repo.ts';
import type { AuditService } from '../audit/service.ts';
import type { ModuleContext } from '../module-context.ts';
import { createSyncJobsRepo } from './repo.ts';
import { ordersRoutes } from './routes.ts';
import { createOrdersService } from './service.ts';

/** The admin's order history, its CSV export and an order's ERP sync retried by hand. */
export async function registerOrdersModule(
  app: FastifyInstance,
  { db }: ModuleContext,
  uses: { orders: OrderRepo; audit: AuditService },
): Promise<void> {
  await app.register(ordersRoutes, {
    orders: createOrdersService({ ...uses, syncJobs: createSyncJobsRepo(db) }),
  });
}
