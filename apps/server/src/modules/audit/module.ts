import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context.ts';
import { createAuditRepo } from './repo.ts';
import { auditRoutes } from './routes.ts';
import { createAuditService, type AuditService } from './service.ts';

/** The audit log: every admin change is appended in the change's transaction (issue 10). */
export async function registerAuditModule(
  app: FastifyInstance,
  { db }: ModuleContext,
): Promise<AuditService> {
  const audit = createAuditService({ db, repo: createAuditRepo(db) });
  await app.register(auditRoutes, { audit });
  return audit;
}
