import type { FastifyInstance } from 'fastify';
import { createReadCache } from '../../cache/read-cache.ts';
import type { CaptchaVerifier } from '../../integrations/captcha/port.ts';
import { createCachedGeocoder } from '../../integrations/geocoder/cache.ts';
import { createGeocoder } from '../../integrations/geocoder/index.ts';
import type { Mailer } from '../../integrations/mail/port.ts';
import type { OutboxHandlers } from '../../jobs/outbox.ts';
import type { AuditService } from '../audit/service.ts';
import type { ModuleContext } from '../module-context.ts';
import { CONTACT_MAIL_JOB, createContactRepo } from './repo.ts';
import { contactRoutes } from './routes.ts';
import { createContactService, type ContactService } from './service.ts';

/**
 * The contact form and the shop's contact data (address, phone, e-mail, map position), with its
 * outbox job: a message's mail retried until it is sent.
 */
export async function registerContactModule(
  app: FastifyInstance,
  { config, db, invalidation, log }: ModuleContext,
  uses: { audit: AuditService; mailer: Mailer; captcha: CaptchaVerifier },
): Promise<{ contact: ContactService; jobs: OutboxHandlers }> {
  const contact = createContactService({
    repo: createContactRepo(db),
    geocoder: createCachedGeocoder(db, createGeocoder(config.geocoder)),
    captcha: uses.captcha,
    mailer: uses.mailer,
    shopMailTo: config.mail.shopTo,
    log,
    audit: uses.audit,
    cache: invalidation.shared(createReadCache({ ttlMs: config.catalogCacheMs, maxEntries: 1 })),
  });
  await app.register(contactRoutes, { contact, rateLimit: config.contactRateLimit });
  const jobs: OutboxHandlers = {
    [CONTACT_MAIL_JOB]: async (payload) =>
      contact.resendMessageMail(String(payload.contactMessageId)),
  };
  return { contact, jobs };
}
