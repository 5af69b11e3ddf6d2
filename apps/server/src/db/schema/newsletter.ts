import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DELIVERY_STATUSES, NEWSLETTER_SEND_STATUSES } from '@labshop/shared/schemas/newsletter';
import { id, timestamps } from './columns.ts';

export const SUBSCRIBER_SOURCES = ['admin', 'signup', 'seed'] as const;

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: id(),
    displayName: text('display_name').notNull(),
    email: text('email').notNull(),
    subscribed: boolean('subscribed').notNull().default(true),
    /** How the address came: the admin's form, the public sign-up (confirmed), the demo seed. */
    source: text('source', { enum: SUBSCRIBER_SOURCES }).notNull().default('admin'),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('newsletter_subscribers_email_unique').on(sql`lower(${table.email})`),
    index('newsletter_subscribers_created_at_idx').on(table.createdAt),
  ],
);

export const newsletters = pgTable('newsletters', {
  id: id(),
  subject: text('subject').notNull(),
  /** Sanitised HTML. */
  content: text('content').notNull(),
  status: text('status', { enum: NEWSLETTER_SEND_STATUSES }).notNull().default('queued'),
  recipientsTotal: integer('recipients_total').notNull().default(0),
  recipientsSent: integer('recipients_sent').notNull().default(0),
  createdBy: text('created_by'),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  ...timestamps,
});

/**
 * One row per recipient of a send, written when the send is queued (every subscribed address
 * then), in batches of NEWSLETTER_BATCH_SIZE; one outbox job per batch. A row is claimed
 * ('sending') before its mail is handed to the mailer and marked 'sent' after, so a resumed
 * send never mails an address twice (see DELIVERY_STATUSES).
 */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    newsletterId: uuid('newsletter_id')
      .notNull()
      .references(() => newsletters.id, { onDelete: 'cascade' }),
    subscriberId: uuid('subscriber_id').references(() => newsletterSubscribers.id, {
      onDelete: 'set null',
    }),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    batch: integer('batch').notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    mailLogId: uuid('mail_log_id'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('newsletter_deliveries_recipient_unique').on(
      table.newsletterId,
      sql`lower(${table.email})`,
    ),
    index('newsletter_deliveries_batch_idx').on(table.newsletterId, table.batch, table.status),
    index('newsletter_deliveries_status_idx').on(table.newsletterId, table.status),
  ],
);
