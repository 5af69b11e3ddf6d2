import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context.ts';
import { createMailLogRepo } from './repo.ts';
import { mailRoutes } from './routes.ts';
import { createMailLogService } from './service.ts';

/** The admin's log of the mails the shop sent. */
export async function registerMailModule(
  app: FastifyInstance,
  { db }: ModuleContext,
): Promise<void> {
  await app.register(mailRoutes, { mail: createMailLogService(createMailLogRepo(db)) });
}
