import type { FastifyInstance } from 'fastify';
import type { OrderRepo } from '../../db/orders-repo.ts';
import { createRateLimitCounter } from '../../db/rate-limit-counter.ts';
import { sandboxTokenizer } from '../../http/sandbox-tokenizer.ts';
import type { CaptchaVerifier } from '../../integrations/captcha/port.ts';
import type { Mailer } from '../../integrations/mail/port.ts';
import type { PaymentGateway } from '../../integrations/payments/port.ts';
import { ORDER_JOB_KINDS } from '../../jobs/order-jobs.ts';
import { enqueue, type OutboxHandlers } from '../../jobs/outbox.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { ContactService } from '../contact/service.ts';
import type { CustomersService } from '../erp/customers-service.ts';
import type { QuotesService } from '../quotes/service.ts';
import type { FreightService } from '../freight/service.ts';
import type { TermsService } from '../terms/service.ts';
import type { ModuleContext } from '../module-context.ts';
import { createCouponsRepo } from './coupons-repo.ts';
import { createInvoicesRepo } from './invoices-repo.ts';
import { createPaymentGuard, DECLINE_ALERT_JOB, declineAlertMailer } from './payment-guard.ts';
import { createPaymentsRepo } from './payments-repo.ts';
import { createCheckoutRepo } from './repo.ts';
import { checkoutRoutes } from './routes.ts';
import { createCheckoutService } from './service.ts';
import { createSettlementRepo } from './settlement-repo.ts';

/**
 * The cart's prices, the checkout and the one charge per order (decision 004), with its outbox
 * jobs: a pending order's reconciliation and the staff's alert on many declines.
 */
export async function registerCheckoutModule(
  app: FastifyInstance,
  { config, db, log, siteOrigin, https }: ModuleContext,
  uses: {
    orders: OrderRepo;
    customers: CustomersService;
    catalog: CatalogService;
    quotes: QuotesService;
    terms: TermsService;
    freight: FreightService;
    captcha: CaptchaVerifier;
    gateway: PaymentGateway;
    contact: ContactService;
    mailer: Mailer;
  },
) {
  const { mailer, ...checkoutUses } = uses;
  const payments = createPaymentsRepo(db);
  const checkout = createCheckoutService({
    repo: createCheckoutRepo(db),
    coupons: createCouponsRepo(db),
    payments,
    invoices: createInvoicesRepo(db),
    settlement: createSettlementRepo(db),
    ...checkoutUses,
    guard: createPaymentGuard({
      count: createRateLimitCounter(db),
      limits: config.paymentLimits,
      enqueue: (job) => enqueue(db, job),
      log,
    }),
    log,
    // A minute past the longest a charge can take (CardPointe's client timeout).
    reconcileAfterMs:
      (config.payments.kind === 'cardpointe' ? config.payments.timeoutMs : 0) + 60_000,
  });
  await app.register(checkoutRoutes, {
    checkout,
    captchaRateLimit: config.checkoutCaptchaRateLimit,
    secureCookies: https,
  });
  if (uses.gateway.kind === 'sandbox') await app.register(sandboxTokenizer, { siteOrigin });
  const jobs: OutboxHandlers = {
    [ORDER_JOB_KINDS.paymentReconcile]: async (payload) =>
      checkout.reconcilePendingOrder(String(payload.orderNumber)),
    [DECLINE_ALERT_JOB]: declineAlertMailer({
      mailer,
      staffMailTo: uses.contact.staffMailTo,
      declinesSince: payments.declinedSince,
      log,
    }),
  };
  return { declinedPaymentsSince: payments.declinedSince, jobs };
}
