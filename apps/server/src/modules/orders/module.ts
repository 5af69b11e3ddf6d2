import type { FastifyInstance } from 'fastify';
import type { OrderRepo } from '../../db/orders-repo.ts';
import { createBuiltInPosting } from '../../integrations/erp/built-in.ts';
import type { Erp } from '../../integrations/erp/port.ts';
import type { AuditService } from '../audit/service.ts';
import type { ModuleContext } from '../module-context.ts';
import { createSyncJobsRepo } from './repo.ts';
import { ordersRoutes } from './routes.ts';
import { createOrdersService } from './service.ts';

/**
 * The admin's order history, its CSV export, an order's ERP sync retried by hand, and (built-in
 * ERP) its shipment and invoice marked.
 */
export async function registerOrdersModule(
  app: FastifyInstance,
  { db }: ModuleContext,
  uses: { orders: OrderRepo; audit: AuditService; erp: Erp },
): Promise<void> {
  const { erp, ...rest } = uses;
  // Business Central posts its own shipments and invoices; the built-in ERP's are marked here.
  const posting = erp.kind === 'built-in' ? createBuiltInPosting(db) : null;
  await app.register(ordersRoutes, {
    orders: createOrdersService({ ...rest, posting, syncJobs: createSyncJobsRepo(db) }),
  });
}
