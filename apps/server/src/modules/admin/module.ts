import type { FastifyInstance } from 'fastify';
import type { OrderRepo } from '../../db/orders-repo.ts';
import type { ModuleContext } from '../module-context.ts';
import { createDashboardRepo } from './repo.ts';
import { adminRoutes } from './routes.ts';
import { createDashboardService } from './service.ts';

/** The admin's dashboard: the day's sales, top products and the card-decline alert's state. */
export async function registerAdminModule(
  app: FastifyInstance,
  { config, db }: ModuleContext,
  uses: { orders: OrderRepo; declinedPaymentsSince: (since: Date) => Promise<number> },
): Promise<void> {
  await app.register(adminRoutes, {
    dashboard: createDashboardService({
      repo: createDashboardRepo(db),
      orders: uses.orders,
      timeZone: config.shopTimeZone,
      declinesSince: uses.declinedPaymentsSince,
      declineAlert: {
        threshold: config.paymentLimits.declineAlertThreshold,
        windowMs: config.paymentLimits.declineAlertWindowMs,
      },
    }),
  });
}
