import { DASHBOARD_DAYS, DashboardSchema } from '@labshop/shared/schemas/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DashboardService } from './service.ts';
import { ErrorSchema } from '../../http/errors.ts';

export async function adminRoutes(
  fastify: FastifyInstance,
  options: { dashboard: DashboardService },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/dashboard',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "The admin start page: orders and revenue per day, best sellers, what's waiting",
        description: `Paid orders and revenue (dollars, as charged) per day for the last ${DASHBOARD_DAYS} days, oldest first, every day present; days are counted in timeZone (SHOP_TIME_ZONE). topProducts ranks the products of those orders by their lines' revenue (before the order's discount). pendingErpSyncs: paid orders not yet in the ERP; failedErpSyncs: paid orders whose sync failed.`,
        response: { 200: DashboardSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async () => {
      return options.dashboard.dashboard();
    },
  );
}
