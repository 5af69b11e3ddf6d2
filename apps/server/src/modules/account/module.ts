import type { FastifyInstance } from 'fastify';
import type { OrderRepo } from '../../db/orders-repo.ts';
import type { Erp } from '../../integrations/erp/port.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { CustomersService } from '../erp/customers-service.ts';
import type { ModuleContext } from '../module-context.ts';
import { createAddressesRepo } from './addresses-repo.ts';
import { addressBookRoutes } from './addresses-routes.ts';
import { createAddressesService } from './addresses-service.ts';
import { accountRoutes } from './routes.ts';
import { createAccountService, type AccountService } from './service.ts';

/**
 * The lab's own account: its user and lab, its orders with their PDFs, 'Buy again' and the
 * address book.
 */
export async function registerAccountModule(
  app: FastifyInstance,
  { config, db }: ModuleContext,
  uses: { orders: OrderRepo; customers: CustomersService; catalog: CatalogService; erp: Erp },
): Promise<AccountService> {
  const account = createAccountService({ ...uses, timeZone: config.shopTimeZone });
  await app.register(accountRoutes, { account });
  await app.register(addressBookRoutes, {
    addresses: createAddressesService({ repo: createAddressesRepo(db), account }),
  });
  return account;
}
