import type { FastifyInstance } from 'fastify';
import type { OrderRepo } from '../../db/orders-repo.ts';
import type { AccountService } from '../account/service.ts';
import type { AuditService } from '../audit/service.ts';
import type { CustomersService } from '../erp/customers-service.ts';
import type { ModuleContext } from '../module-context.ts';
import { createTermsRepo } from './repo.ts';
import { termsRoutes } from './routes.ts';
import { createTermsService, type TermsService } from './service.ts';

/** Paying on account: who may, their terms and credit, and the staff's say per customer. */
export async function registerTermsModule(
  app: FastifyInstance,
  { config, db }: ModuleContext,
  uses: {
    account: AccountService;
    audit: AuditService;
    customers: CustomersService;
    orders: OrderRepo;
  },
): Promise<TermsService> {
  const terms = createTermsService({
    repo: createTermsRepo(db),
    repoOf: createTermsRepo,
    customers: uses.customers,
    orders: uses.orders,
    account: uses.account,
    audit: uses.audit,
    timeZone: config.shopTimeZone,
  });
  await app.register(termsRoutes, { terms });
  return terms;
}
