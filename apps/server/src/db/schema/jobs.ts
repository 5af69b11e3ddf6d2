import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

export const OUTBOX_STATUSES = ['pending', 'running', 'done', 'dead'] as const;

/**
 * Durable work written in the same transaction as the change that causes it (ERP sync,
 * e-mail, newsletter batches); a worker runs it and retries with backoff until it succeeds.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** At most one live job per key, e.g. `erp-sales-order:WEB-100234`. */
    dedupeKey: text('dedupe_key'),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(25),
    /**
     * Lower runs first among due jobs (OUTBOX_PRIORITY): bulk work such as a newsletter's
     * batches must not hold back an order's confirmation mail or ERP sync.
     */
    priority: integer('priority').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('outbox_due_idx')
      .on(table.priority, table.runAt)
      .where(sql`${table.status} in ('pending', 'running')`),
    uniqueIndex('outbox_dedupe_key_unique').on(table.dedupeKey),
  ],
);

export const MAIL_STATUSES = ['kept', 'queued', 'sent', 'failed'] as const;

/**
 * Every e-mail the shop sends. In embedded mode this is where mail ends ('kept'), visible in the
 * admin; with SMTP configured it is the delivery record.
 */
export const mailLog = pgTable(
  'mail_log',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: MAIL_STATUSES }).notNull(),
    transport: text('transport', { enum: ['database', 'smtp'] }).notNull(),
    messageId: text('message_id'),
    error: text('error'),
    /** What the mail is about, e.g. `order:WEB-100234` or `newsletter:<id>`. */
    relatedTo: text('related_to'),
    newsletterId: uuid('newsletter_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('mail_log_created_at_idx').on(table.createdAt),
    // The order mail job asks, per order, whether its confirmation is already logged: without
    // this index each ask read the whole log (the soak found it, one scan per checkout).
    index('mail_log_related_to_idx').on(table.relatedTo),
    uniqueIndex('mail_log_newsletter_recipient_unique')
      .on(table.newsletterId, sql`lower(${table.toAddress})`)
      .where(sql`${table.newsletterId} is not null`),
  ],
);

/**
 * Request counters for per-client rate limits (the contact form), shared by every instance:
 * `hits` requests under `key` since the window that ends at `resetsAt` began.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_resets_at_idx').on(table.resetsAt)],
);
