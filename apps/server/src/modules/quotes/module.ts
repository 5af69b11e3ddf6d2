import type { FastifyInstance } from 'fastify';
import type { OutboxHandlers } from '../../jobs/outbox.ts';
import type { Mailer } from '../../integrations/mail/port.ts';
import type { AccountService } from '../account/service.ts';
import type { AuditService } from '../audit/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { ContactService } from '../contact/service.ts';
import type { ModuleContext } from '../module-context.ts';
import { quoteMailHandlers } from './mail.ts';
import { createQuotesRepo } from './repo.ts';
import { quotesRoutes } from './routes.ts';
import { dayIn, dayText } from '../../core/shop-days.ts';
import { createQuotesService, type QuotesService } from './service.ts';

/** Quotes: the lab's requests and answers, the staff's pricing and sending, and their mails. */
export async function registerQuotesModule(
  app: FastifyInstance,
  { config, db, log, siteOrigin }: ModuleContext,
  uses: {
    account: AccountService;
    audit: AuditService;
    catalog: CatalogService;
    contact: ContactService;
    mailer: Mailer;
  },
): Promise<{ quotes: QuotesService; jobs: OutboxHandlers }> {
  const repo = createQuotesRepo(db);
  const quotes = createQuotesService({
    repo,
    catalog: uses.catalog,
    account: uses.account,
    audit: uses.audit,
    repoOf: createQuotesRepo,
    timeZone: config.shopTimeZone,
  });
  await app.register(quotesRoutes, { quotes, requestLimit: config.quoteRequestRateLimit });
  const jobs = quoteMailHandlers({
    repo,
    mailer: uses.mailer,
    staffMailTo: uses.contact.staffMailTo,
    siteOrigin,
    today: () => dayIn(config.shopTimeZone),
    dayText,
    log,
  });
  return { quotes, jobs };
}
