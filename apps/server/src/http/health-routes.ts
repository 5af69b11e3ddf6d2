import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export interface HealthOptions {
  /** Answers whether the database takes queries now. */
  pingDatabase(): Promise<boolean>;
  /** True once shutdown began: load balancers should stop sending traffic. */
  isShuttingDown(): boolean;
}

/** Liveness (/healthz: the process answers) and readiness (/readyz: it can serve traffic). */
export async function healthRoutes(app: FastifyInstance, options: HealthOptions): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/healthz',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness: the process is running',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  typed.get(
    '/readyz',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness: the database answers and the server is not shutting down',
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({ error: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (options.isShuttingDown()) {
        return reply.code(503).send({ error: 'The server is shutting down.' });
      }
      if (!(await options.pingDatabase())) {
        return reply.code(503).send({ error: 'The database is not reachable.' });
      }
      return { status: 'ready' as const };
    },
  );
}
