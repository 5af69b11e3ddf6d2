import {
  NEWSLETTER_MESSAGES,
  SIGNUP_LINK_TTL_MS,
  SUBSCRIBER_CSV_COLUMNS,
  type AddSubscriberInput,
  type NewsletterConfirmInput,
  type NewsletterSignupInput,
  type SubscriberChange,
  type SubscriberDto,
  type SubscribersAnswer,
  type SubscribersQuery,
} from '@labshop/shared/schemas/newsletter';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { toCsv } from '../../http/csv.ts';
import { AppError } from '../../core/app-error.ts';
import type { Mailer } from '../../integrations/mail/port.ts';
import { PermanentJobError, type OutboxPayload } from '../../jobs/outbox.ts';
import type { NewsletterLinks } from './links.ts';
import { signupConfirmationMail } from './signup-mail.ts';
import type { SubscriberRow, SubscribersRepo } from './subscribers-repo.ts';
import { createSubscribersRepo } from './subscribers-repo.ts';
import { exportChange, type AuditContext, type AuditLog } from '../audit/service.ts';

export const SUBSCRIBERS_CSV_FILENAME = 'subscribers.csv';

export type SignupFields = z.output<typeof NewsletterSignupInput>;

export interface SubscribersServiceDeps {
  repo: SubscribersRepo;
  links: NewsletterLinks;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The admin's changes and exports are logged (changes in their transaction). */
  audit: AuditLog;
  /** The clock (Unix milliseconds); tests move it. */
  now?: () => number;
}

export function toSubscriberDto(row: SubscriberRow): SubscriberDto {
  return {
    _id: row.id,
    displayName: row.displayName,
    email: row.email,
    subscribed: row.subscribed,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The newsletter's subscribers (SPEC.md "Newsletter" screen, "Newsletter subscriber", the
 * subscribers calls and messages): the admin's list, CSV, add, unsubscribe and subscribe; and
 * the public side: sign-up with a confirmation mail (double opt-in) and the signed unsubscribe
 * link every newsletter carries.
 */
export function createSubscribersService(deps: SubscribersServiceDeps) {
  const { repo, links, mailer, log, audit } = deps;
  const now = deps.now ?? Date.now;

  async function setSubscribed(
    email: string,
    subscribed: boolean,
    context: AuditContext,
  ): Promise<SubscriberChange> {
    const row = await audit.transaction(context, async (tx, record) => {
      const txRepo = createSubscribersRepo(tx);
      const before = await txRepo.byEmail(email);
      const after = before && (await txRepo.setSubscribed(email, subscribed));
      if (!after) throw new AppError('not_found', NEWSLETTER_MESSAGES.notFound(email));
      if (before.subscribed !== after.subscribed) {
        record({
          action: subscribed ? 'subscriber.subscribe' : 'subscriber.unsubscribe',
          entityType: 'subscriber',
          entityId: after.email,
          before: { subscribed: before.subscribed },
          after: { subscribed: after.subscribed },
        });
      }
      return after;
    });
    return {
      message: subscribed
        ? NEWSLETTER_MESSAGES.subscribed(email)
        : NEWSLETTER_MESSAGES.unsubscribed(email),
      subscriber: toSubscriberDto(row),
    };
  }

  function duplicate(row: SubscriberRow | null, email: string): AppError {
    return new AppError(
      'conflict',
      row && !row.subscribed
        ? NEWSLETTER_MESSAGES.duplicateUnsubscribed(email)
        : NEWSLETTER_MESSAGES.duplicate(email),
    );
  }

  return {
    /** A page of the list, newest first; total counts every match. */
    async list(query: SubscribersQuery): Promise<SubscribersAnswer> {
      const { rows, total, subscribed } = await repo.page(query.search, {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return { subscribers: rows.map(toSubscriberDto), total, subscribed };
    },

    /** subscribers.csv: every match of `search`, not one page. */
    async exportCsv(search: string, context: AuditContext): Promise<string> {
      const rows = await repo.all(search);
      await audit.record(
        context,
        exportChange('subscribers.export', SUBSCRIBERS_CSV_FILENAME, { search, rows: rows.length }),
      );
      return toCsv(
        SUBSCRIBER_CSV_COLUMNS,
        rows.map((row) => {
          const dto = toSubscriberDto(row);
          return SUBSCRIBER_CSV_COLUMNS.map((column) => dto[column]);
        }),
      );
    },

    /** The admin's add-subscriber form: 409 when the address is on the list in any case. */
    async add(input: AddSubscriberInput, context: AuditContext): Promise<SubscriberChange> {
      const existing = await repo.byEmail(input.email);
      if (existing) throw duplicate(existing, input.email);
      const row = await audit.transaction(context, async (tx, record) => {
        const added = await createSubscribersRepo(tx).insert({ ...input, source: 'admin' });
        if (added) {
          record({
            action: 'subscriber.add',
            entityType: 'subscriber',
            entityId: added.email,
            after: {
              displayName: added.displayName,
              email: added.email,
              subscribed: added.subscribed,
            },
          });
        }
        return added;
      });
      // Another request added it a moment ago.
      if (!row) throw duplicate(await repo.byEmail(input.email), input.email);
      log.info({ subscriber: row.id }, 'newsletter subscriber added by the admin');
      return { message: NEWSLETTER_MESSAGES.added, subscriber: toSubscriberDto(row) };
    },

    /** The admin's unsubscribe; unsubscribing an address that is already out changes nothing. */
    unsubscribe: (email: string, context: AuditContext) => setSubscribed(email, false, context),

    /** The admin's subscribe (back on the list); idempotent as well. */
    subscribe: (email: string, context: AuditContext) => setSubscribed(email, true, context),

    /**
     * The footer's sign-up form. Whatever happens the visitor hears the same thanks, so the
     * form never tells who is on the list: a filled trap field does nothing; otherwise the
     * confirmation mail is queued (at most one an hour per address), and the job skips
     * addresses already subscribed.
     */
    async signup(input: SignupFields, visitor: { ip: string }): Promise<void> {
      if (input.companyFax.trim() !== '') {
        log.info({ ip: visitor.ip }, 'newsletter sign-up: trap field filled, nothing sent');
        return;
      }
      const queued = await repo.queueSignupMail(input.email, input.displayName, now());
      if (!queued) log.info({ ip: visitor.ip }, 'newsletter sign-up: confirmation already sent');
    },

    /** The outbox job of a sign-up: mails the signed confirmation link. Throws to retry. */
    async sendSignupMail(payload: OutboxPayload): Promise<void> {
      const { email, displayName } = payload;
      if (typeof email !== 'string' || email === '') {
        throw new PermanentJobError('newsletter sign-up job without an e-mail address');
      }
      const name = typeof displayName === 'string' ? displayName : '';
      if ((await repo.byEmail(email))?.subscribed) {
        log.info('newsletter sign-up of an address already subscribed: no mail');
        return;
      }
      const expires = now() + SIGNUP_LINK_TTL_MS;
      await mailer.send(
        signupConfirmationMail({
          email,
          displayName: name,
          confirmUrl: links.confirmPageUrl(email, name, expires),
          expires: new Date(expires),
        }),
      );
    },

    /**
     * The confirmation link: on the list (source 'signup'), or back on it. A forged link is
     * 403, an expired one 410; confirming twice changes nothing.
     */
    async confirm(input: NewsletterConfirmInput): Promise<void> {
      if (!links.verifyConfirm(input.email, input.name, input.expires, input.sig)) {
        throw new AppError('forbidden', NEWSLETTER_MESSAGES.linkInvalid);
      }
      if (input.expires < now()) throw new AppError('gone', NEWSLETTER_MESSAGES.linkExpired);
      const displayName = input.name.trim() || input.email.split('@')[0] || input.email;
      const added = await repo.insert({ displayName, email: input.email, source: 'signup' });
      if (added) {
        log.info({ subscriber: added.id }, 'newsletter sign-up confirmed');
        return;
      }
      await repo.setSubscribed(input.email, true);
    },

    /**
     * The signed unsubscribe link (the newsletter's link, its page's button, one-click from
     * mail providers). A valid signature always answers success, on the list or not, so the
     * link tells nothing; a missing or wrong one is 403.
     */
    async unsubscribeBySignedLink(email: string, sig: string): Promise<void> {
      if (!email || !sig || !links.verifyUnsubscribe(email, sig)) {
        throw new AppError('forbidden', NEWSLETTER_MESSAGES.linkInvalid);
      }
      const row = await repo.setSubscribed(email, false);
      if (row) log.info({ subscriber: row.id }, 'newsletter: unsubscribed through the link');
    },
  };
}

export type SubscribersService = ReturnType<typeof createSubscribersService>;
