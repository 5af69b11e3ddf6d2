import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdminOverviewService } from './service.ts';

const count = z.number().int().nonnegative();
const OverviewSchema = z.object({
  products: count,
  categories: count,
  paidOrders: count,
  ordersFailedToSync: count,
  subscribers: count,
});

export async function adminRoutes(
  fastify: FastifyInstance,
  options: { overview: AdminOverviewService },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/overview',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "The admin start page's counts",
        response: { 200: OverviewSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return options.overview.overview();
    },
  );
}
