import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { loadOrCreateSecret } from '../../db/app-secrets.ts';
import type { Mailer } from '../../integrations/mail/port.ts';
import type { OutboxHandlers } from '../../jobs/outbox.ts';
import type { AuditService } from '../audit/service.ts';
import type { ContactService } from '../contact/service.ts';
import type { ModuleContext } from '../module-context.ts';
import { createNewsletterLinks } from './links.ts';
import { createSendsRepo, NEWSLETTER_BATCH_JOB } from './sends-repo.ts';
import { newsletterSendRoutes } from './sends-routes.ts';
import { createNewsletterSendsService } from './sends-service.ts';
import { createSubscribersRepo, SIGNUP_MAIL_JOB } from './subscribers-repo.ts';
import { subscribersRoutes } from './subscribers-routes.ts';
import { createSubscribersService } from './subscribers-service.ts';

/**
 * The newsletter: subscribers with double opt-in, and sends in batches, each exactly once
 * (decision 006). Its outbox jobs: the sign-up mail and a send's next batch.
 */
export async function registerNewsletterModule(
  app: FastifyInstance,
  { config, db, log, siteOrigin }: ModuleContext,
  uses: { audit: AuditService; mailer: Mailer; contact: ContactService },
): Promise<{ jobs: OutboxHandlers }> {
  const { audit, mailer, contact } = uses;
  // The newsletter's signed links; the key is shared by every instance through the database.
  const links = createNewsletterLinks({
    secret: await loadOrCreateSecret(db, 'newsletter-link-key', () =>
      randomBytes(32).toString('base64url'),
    ),
    siteOrigin,
  });
  const subscribers = createSubscribersService({
    repo: createSubscribersRepo(db),
    links,
    mailer,
    log,
    audit,
  });
  await app.register(subscribersRoutes, {
    subscribers,
    signupRateLimit: config.newsletter.signupRateLimit,
    confirmRateLimit: config.newsletter.confirmRateLimit,
  });
  const sends = createNewsletterSendsService({
    repo: createSendsRepo(db),
    mailer,
    links,
    siteOrigin,
    batchSize: config.newsletter.batchSize,
    log,
    postalAddress: async () => (await contact.contactData()).address || null,
    audit,
  });
  // Registered before the outbox worker's stop (app.ts): running batches take no new rows, so
  // the worker's last round ends after the mails on their way instead of whole batches.
  app.addHook('preClose', async () => sends.stop());
  await app.register(newsletterSendRoutes, { sends });
  return {
    jobs: {
      [SIGNUP_MAIL_JOB]: async (payload) => subscribers.sendSignupMail(payload),
      [NEWSLETTER_BATCH_JOB]: async (payload, job) => sends.runBatchJob(payload, job),
    },
  };
}
