import {
  NEWSLETTER_MESSAGES,
  NEWSLETTER_SENDS_PAGE_SIZE,
  type NewsletterInput,
  type NewsletterPreview,
  type NewsletterQueued,
  type NewsletterSendDto,
  type NewsletterSendsAnswer,
} from '@labshop/shared/schemas/newsletter';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../core/app-error.ts';
import { databaseErrorCode } from '../../db/client.ts';
import { isUuid } from '../../core/uuid.ts';
import { MailError, type Mailer } from '../../integrations/mail/port.ts';
import { PermanentJobError, type OutboxJob, type OutboxPayload } from '../../jobs/outbox.ts';
import { isBlankHtml, sanitizeTextPageHtml } from '../content/sanitize-html.ts';
import type { NewsletterLinks } from './links.ts';
import { newsletterMail } from './newsletter-mail.ts';
import type { AuditContext, AuditLog } from '../audit/service.ts';
import type {
  DeliveryCounts,
  DeliveryFailure,
  DeliveryRow,
  NewsletterRow,
  SendsRepo,
} from './sends-repo.ts';

/**
 * Sending newsletters, each address exactly once. POST /api/newsletter writes the send, one
 * delivery row per subscribed address and one outbox job per batch in one transaction. A batch
 * job claims each row ('sending') before handing its mail to the mailer and records the outcome
 * after; the mail log's unique (newsletter, address) index is the last guard. A row a stopped
 * run left 'sending' is settled from the mail log: no log row means nothing went out (tried
 * again); a logged 'sent' or 'kept' is sent; a mail still 'queued' in the log was on its way
 * to the SMTP server and is 'unknown' (never sent again: a second copy is worse than none).
 */

export interface NewsletterSendsDeps {
  repo: SendsRepo;
  mailer: Mailer;
  links: NewsletterLinks;
  /** The site's origin, for the content's site-relative links and images. */
  siteOrigin: string;
  /** Recipients per outbox job (NEWSLETTER_BATCH_SIZE). */
  batchSize: number;
  log: FastifyBaseLogger;
  /** The shop's postal address for the mail's footer; null when there is none. */
  postalAddress?: () => Promise<string | null>;
  /** Newsletter mails on their way at once in this process, over every batch. Default 5. */
  concurrency?: number;
  /**
   * How long one job takes new rows (default 2 minutes); with a 10-second SMTP timeout per mail
   * it ends well inside the outbox's 5-minute lease. The rest goes on in a new job.
   */
  jobTimeBudgetMs?: number;
  /** Each send queued by an admin is logged in the queueing transaction. */
  audit?: Pick<AuditLog, 'record'>;
}

/** Tries of one address before it is 'failed' (SMTP 5xx fails at once). */
export const MAX_DELIVERY_ATTEMPTS = 5;
const DEFAULT_CONCURRENCY = 5;
const DEFAULT_JOB_TIME_BUDGET_MS = 2 * 60_000;
const ERROR_MAX_CHARS = 1000;
const SHUTDOWN_RESUME_DELAY_MS = 1000;

const BatchPayload = z.object({
  newsletterId: z.string().refine(isUuid),
  batch: z.number().int().min(0),
});

/**
 * Nodemailer's codes for failures of the connection or the session (no reply to this mail):
 * nothing was accepted, and the next mail would most likely fail the same way.
 */
const CONNECTION_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ETLS',
  'EREQUIRETLS',
  'EAUTH',
  'ENOAUTH',
  'EOAUTH2',
  'EPROXY',
  'ECONFIG',
]);
/** Nodemailer's codes for this mail being refused or broken on its way (also no copy sent). */
const MESSAGE_CODES = new Set([
  'EPROTOCOL',
  'EENVELOPE',
  'EMESSAGE',
  'ESTREAM',
  'EMAXLIMIT',
  'EMAXRECIPIENTS',
]);

type Verdict =
  | { outcome: 'failed' | 'unknown'; reason: string }
  | { outcome: 'retry'; reason: string; connection: boolean };

function clip(text: string): string {
  return text.length > ERROR_MAX_CHARS ? `${text.slice(0, ERROR_MAX_CHARS - 1)}…` : text;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What a failed send means for its address: never again, unknown, or try again later. */
export function classifySendError(error: unknown): Verdict {
  if (databaseErrorCode(error) === '23505') {
    return {
      outcome: 'unknown',
      reason:
        'Not sent: the mail log already has this newsletter for this address (an earlier attempt may have sent it).',
    };
  }
  // The log row could not be written: the mailer stopped before talking to the SMTP server.
  if (!(error instanceof MailError)) {
    return { outcome: 'retry', reason: clip(messageOf(error)), connection: false };
  }
  // Refused before sending (an address the mailer does not accept): the same every time.
  if (error.logId === null) return { outcome: 'failed', reason: clip(error.message) };
  const cause = (error.cause ?? {}) as { responseCode?: unknown; code?: unknown };
  const reason = clip(error.message);
  if (typeof cause.responseCode === 'number') {
    // RFC 5321: 5yz is permanent, 4yz transient; 503 is a session in the wrong state, and
    // 421 the server closing the connection (so every next mail fails too).
    if (cause.responseCode >= 500 && cause.responseCode !== 503) {
      return { outcome: 'failed', reason };
    }
    return { outcome: 'retry', reason, connection: cause.responseCode === 421 };
  }
  if (typeof cause.code === 'string' && CONNECTION_CODES.has(cause.code)) {
    return { outcome: 'retry', reason, connection: true };
  }
  if (typeof cause.code === 'string' && MESSAGE_CODES.has(cause.code)) {
    return { outcome: 'retry', reason, connection: false };
  }
  // Something else failed around the SMTP exchange (the database recording it): whether the
  // mail went out is not known.
  return { outcome: 'unknown', reason: `Not known whether it was sent: ${reason}` };
}

/** At most `size` holders at once; the others wait in order. */
function createLimiter(size: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async acquire(): Promise<void> {
      if (active < size) {
        active += 1;
        return;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    release(): void {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    },
  };
}

function sendDto(
  row: NewsletterRow,
  counts: DeliveryCounts | undefined,
  failures: DeliveryFailure[] | undefined,
): NewsletterSendDto {
  return {
    id: row.id,
    subject: row.subject,
    status: row.status,
    total: row.recipientsTotal,
    sent: counts?.sent ?? 0,
    failed: counts?.failed ?? 0,
    skipped: counts?.skipped ?? 0,
    unknown: counts?.unknown ?? 0,
    remaining: (counts?.pending ?? 0) + (counts?.sending ?? 0),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    failures: failures ?? [],
  };
}

export function createNewsletterSendsService(deps: NewsletterSendsDeps) {
  const { repo, mailer, links, log } = deps;
  const limiter = createLimiter(deps.concurrency ?? DEFAULT_CONCURRENCY);
  const budgetMs = deps.jobTimeBudgetMs ?? DEFAULT_JOB_TIME_BUDGET_MS;
  let stopping = false;

  async function dtos(rows: NewsletterRow[]): Promise<NewsletterSendDto[]> {
    const ids = rows.map((row) => row.id);
    const [counts, failures] = await Promise.all([repo.counts(ids), repo.failures(ids)]);
    return rows.map((row) => sendDto(row, counts.get(row.id), failures.get(row.id)));
  }

  async function postalAddress(): Promise<string | null> {
    try {
      return (await deps.postalAddress?.()) ?? null;
    } catch (error) {
      log.warn({ err: error }, "the shop's postal address could not be read for the newsletter");
      return null;
    }
  }

  /** Settles the rows a stopped run of this batch left 'sending', from the mail log. */
  async function settleInterrupted(newsletterId: string, batch: number): Promise<void> {
    for (const row of await repo.interrupted(newsletterId, batch)) {
      if (!row.logId) {
        // The mailer logs before it talks to the SMTP server: nothing went out.
        await repo.releaseInterrupted(row.id);
      } else if (row.logStatus === 'sent' || row.logStatus === 'kept') {
        await repo.markSent(row, row.logId, row.logSentAt ?? row.logCreatedAt ?? undefined);
      } else if (row.logStatus === 'failed' && row.attempts < MAX_DELIVERY_ATTEMPTS) {
        await repo.markRetry(row, clip(row.logError ?? 'The send failed.'), row.logId);
      } else if (row.logStatus === 'failed') {
        await repo.markFinal(row, 'failed', clip(row.logError ?? 'The send failed.'), row.logId);
      } else {
        await repo.markFinal(
          row,
          'unknown',
          'The server stopped while this mail was being handed to the SMTP server; it is not sent again, because a second copy is worse than none.',
          row.logId,
        );
      }
    }
  }

  type Outcome = 'sent' | 'skipped' | 'failed' | 'unknown' | 'retry' | 'halt';

  /** Claims one row and mails it; answers what became of it. */
  async function deliver(
    id: number,
    send: NewsletterRow,
    address: string | null,
    lastError: { text: string },
  ): Promise<Outcome> {
    const row: DeliveryRow | null = await repo.claim(id);
    if (!row) return 'skipped';
    let logId: string;
    try {
      ({ logId } = await mailer.send(
        newsletterMail({
          newsletterId: send.id,
          subject: send.subject,
          content: send.content,
          to: row.email,
          links,
          siteOrigin: deps.siteOrigin,
          postalAddress: address,
        }),
      ));
    } catch (error) {
      const verdict = classifySendError(error);
      const failedLogId = error instanceof MailError ? error.logId : null;
      if (verdict.outcome === 'retry' && row.attempts < MAX_DELIVERY_ATTEMPTS) {
        await repo.markRetry(row, verdict.reason, failedLogId);
        lastError.text = verdict.reason;
        return verdict.connection ? 'halt' : 'retry';
      }
      const status = verdict.outcome === 'unknown' ? 'unknown' : 'failed';
      await repo.markFinal(row, status, verdict.reason, failedLogId);
      log.warn(
        { newsletter: send.id, delivery: row.id, attempts: row.attempts, err: error },
        `newsletter mail ${status}`,
      );
      return status;
    }
    await repo.markSent(row, logId);
    return 'sent';
  }

  /** The admin's content sanitised as a send stores it; blank after that is 400. */
  function sanitizedContent(input: NewsletterInput): string {
    const content = sanitizeTextPageHtml(input.content);
    if (isBlankHtml(content)) {
      throw new AppError('bad_request', NEWSLETTER_MESSAGES.contentRequired);
    }
    return content;
  }

  /** A copy that belongs to no send, addressed to `to`: what the preview and the test show. */
  async function copyFor(input: NewsletterInput, to: string, subject = input.subject) {
    return newsletterMail({
      newsletterId: null,
      subject,
      content: sanitizedContent(input),
      to,
      links,
      siteOrigin: deps.siteOrigin,
      postalAddress: await postalAddress(),
    });
  }

  return {
    /**
     * POST /api/newsletter/preview: the mail as a recipient gets it, made for `to` (the admin);
     * nothing is stored or sent.
     */
    async preview(input: NewsletterInput, to: string): Promise<NewsletterPreview> {
      const mail = await copyFor(input, to);
      return { subject: mail.subject, html: mail.html ?? '', text: mail.text };
    },

    /**
     * POST /api/newsletter/test: one copy to the signed-in admin (`to`), through the real
     * mailer, its subject marked as a test. It is no send: nothing is queued or marked sent.
     */
    async sendTest(input: NewsletterInput, to: string | null): Promise<{ message: string }> {
      if (!to) throw new AppError('bad_request', NEWSLETTER_MESSAGES.testNoEmail);
      const mail = await copyFor(
        input,
        to,
        `${NEWSLETTER_MESSAGES.testSubjectPrefix}${input.subject}`,
      );
      try {
        await mailer.send(mail);
      } catch (error) {
        log.warn({ err: error }, 'the newsletter test copy could not be sent');
        throw new AppError(
          'unavailable',
          `${NEWSLETTER_MESSAGES.testFailed} ${error instanceof Error ? error.message : ''}`.trim(),
        );
      }
      log.info({ to }, 'newsletter test copy sent');
      return { message: NEWSLETTER_MESSAGES.testSent(to) };
    },

    /** POST /api/newsletter: queues a send to every subscribed address. */
    async queue(
      input: NewsletterInput,
      createdBy: string,
      context?: AuditContext,
    ): Promise<NewsletterQueued> {
      const content = sanitizedContent(input);
      const result = await repo.queue({
        subject: input.subject,
        content,
        createdBy,
        batchSize: deps.batchSize,
        onQueued: async (tx, row) => {
          if (!deps.audit || !context) return;
          await deps.audit.record(
            context,
            {
              action: 'newsletter.send',
              entityType: 'newsletter',
              entityId: row.id,
              after: {
                subject: row.subject,
                content: row.content,
                recipients: row.recipientsTotal,
              },
            },
            tx,
          );
        },
      });
      if (result.kind === 'duplicate') {
        throw new AppError('conflict', NEWSLETTER_MESSAGES.duplicateSend);
      }
      if (result.kind === 'noRecipients') {
        throw new AppError('conflict', NEWSLETTER_MESSAGES.noRecipients);
      }
      const [newsletter] = await dtos([result.row]);
      if (!newsletter) throw new Error('the queued newsletter has no answer');
      log.info(
        { newsletter: result.row.id, recipients: result.row.recipientsTotal, createdBy },
        'newsletter queued',
      );
      return { message: NEWSLETTER_MESSAGES.sendQueued(newsletter.total), newsletter };
    },

    async list(page: number): Promise<NewsletterSendsAnswer> {
      const { rows, total } = await repo.page(
        (page - 1) * NEWSLETTER_SENDS_PAGE_SIZE,
        NEWSLETTER_SENDS_PAGE_SIZE,
      );
      return { newsletters: await dtos(rows), total };
    },

    async detail(id: string): Promise<NewsletterSendDto> {
      const row = isUuid(id) ? await repo.byId(id.toLowerCase()) : null;
      if (!row) throw new AppError('not_found', NEWSLETTER_MESSAGES.sendNotFound);
      const [dto] = await dtos([row]);
      if (!dto) throw new Error('the newsletter has no answer');
      return dto;
    },

    /**
     * The 'newsletter-batch' outbox job. Rows that failed for now go back to 'pending' and the
     * job throws, so the outbox tries again with backoff. A run stopped by the time budget or
     * by shutdown (stop()) finishes the mails on their way and leaves the rest to a new job
     * (due at once, or a second later after a shutdown, for the next instance): stopping is not
     * a failure, so it costs the batch no attempt and no backoff.
     */
    async runBatchJob(payload: OutboxPayload, job: Pick<OutboxJob, 'id'>): Promise<void> {
      const parsed = BatchPayload.safeParse(payload);
      if (!parsed.success) {
        throw new PermanentJobError(`Invalid newsletter batch payload: ${JSON.stringify(payload)}`);
      }
      const { newsletterId, batch } = parsed.data;
      const send = await repo.byId(newsletterId);
      if (!send) throw new PermanentJobError(`Newsletter ${newsletterId} does not exist`);
      const startedAt = Date.now();
      await repo.markSending(send.id);
      await settleInterrupted(send.id, batch);
      await repo.skipUnsubscribed(send.id, batch);
      const ids = await repo.pendingIds(send.id, batch);
      const address = ids.length > 0 ? await postalAddress() : null;

      let next = 0;
      let stoppedBy: 'shutdown' | 'time budget' | 'connection failure' | 'error' | null = null;
      let fatal: unknown;
      let retried = 0;
      const lastError = { text: '' };
      const tally: Partial<Record<Outcome, number>> = {};

      const take = (): number | undefined => {
        if (stoppedBy) return undefined;
        if (stopping) stoppedBy = 'shutdown';
        // Past the budget only once this run took a row: every run makes progress.
        else if (next > 0 && Date.now() - startedAt >= budgetMs) stoppedBy = 'time budget';
        if (stoppedBy || next >= ids.length) return undefined;
        return ids[next++];
      };
      const lane = async () => {
        for (;;) {
          // The slot first, then the row: a claimed row never waits for a slot.
          await limiter.acquire();
          try {
            const id = take();
            if (id === undefined) return;
            const outcome = await deliver(id, send, address, lastError);
            tally[outcome] = (tally[outcome] ?? 0) + 1;
            if (outcome === 'retry' || outcome === 'halt') retried += 1;
            // The SMTP server is not reachable: the other rows would fail the same way.
            if (outcome === 'halt') stoppedBy ??= 'connection failure';
          } catch (error) {
            fatal ??= error;
            stoppedBy ??= 'error';
            return;
          } finally {
            limiter.release();
          }
        }
      };
      const lanes = Math.min(deps.concurrency ?? DEFAULT_CONCURRENCY, ids.length);
      await Promise.all(Array.from({ length: lanes }, lane));

      if (!(await repo.hasRemaining(send.id))) {
        const finished = await repo.finish(send.id);
        if (finished) {
          log.info(
            { newsletter: send.id, status: finished.status, sent: finished.recipientsSent },
            'newsletter send finished',
          );
        }
      }
      log.info(
        { newsletter: send.id, batch, job: job.id, ...tally, stoppedBy },
        'newsletter batch ran',
      );
      if (fatal) throw fatal;
      if (retried > 0) {
        throw new Error(
          `${retried} newsletter ${retried === 1 ? 'mail' : 'mails'} of batch ${batch} failed for now and will be tried again (last: ${lastError.text})`,
        );
      }
      if (stoppedBy && next < ids.length) {
        // After a shutdown, a moment later: this worker's last round must not pick it up again.
        await repo.enqueueContinuation(
          send.id,
          batch,
          job.id,
          stoppedBy === 'shutdown' ? SHUTDOWN_RESUME_DELAY_MS : 0,
        );
        log.info(
          { newsletter: send.id, batch, job: job.id, left: ids.length - next, stoppedBy },
          'newsletter batch not finished; resumes in a new job',
        );
      }
    },

    /** Shutdown: batches take no new rows (the mails on their way are finished). */
    stop(): void {
      stopping = true;
    },
  };
}

export type NewsletterSendsService = ReturnType<typeof createNewsletterSendsService>;
