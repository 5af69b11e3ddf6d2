import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: id(),
    displayName: text('display_name').notNull(),
    email: text('email').notNull(),
    subscribed: boolean('subscribed').notNull().default(true),
    ...timestamps,
  },
  (table) => [uniqueIndex('newsletter_subscribers_email_unique').on(sql`lower(${table.email})`)],
);

export const newsletters = pgTable('newsletters', {
  id: id(),
  subject: text('subject').notNull(),
  /** Sanitised HTML. */
  content: text('content').notNull(),
  status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] })
    .notNull()
    .default('queued'),
  recipientsTotal: integer('recipients_total').notNull().default(0),
  recipientsSent: integer('recipients_sent').notNull().default(0),
  createdBy: text('created_by'),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  ...timestamps,
});
