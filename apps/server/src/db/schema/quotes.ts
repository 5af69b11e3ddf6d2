import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

/** Quote numbers (Q-100001) come from this sequence, like order numbers. */
export const quoteNumberSequence = pgSequence('quote_number_seq', {
  startWith: 100001,
  increment: 1,
});

/**
 * What a quote's row says; 'expired' is not stored but read from `valid_until` (a sent or
 * accepted quote whose day has passed), so no job has to flip it.
 */
export const STORED_QUOTE_STATUSES = ['requested', 'sent', 'accepted', 'declined'] as const;

/**
 * A lab's request for a price (issue 37) and the staff's answer: lines at the quoted prices, an
 * optional freight amount, a validity date and a note. The user who asked owns it; their lab
 * (the ERP customer of their verified e-mail when they asked) sees it too.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    number: text('number').notNull(),
    status: text('status', { enum: STORED_QUOTE_STATUSES }).notNull().default('requested'),
    userSubject: text('user_subject').notNull(),
    email: text('email').notNull(),
    customerName: text('customer_name').notNull(),
    customerNumber: text('customer_number'),
    message: text('message').notNull().default(''),
    note: text('note').notNull().default(''),
    poNumber: text('po_number'),
    shipFirstName: text('ship_first_name').notNull(),
    shipLastName: text('ship_last_name').notNull(),
    shipPhone: text('ship_phone').notNull().default(''),
    shipAddress: text('ship_address').notNull(),
    shipCity: text('ship_city').notNull(),
    shipState: text('ship_state').notNull(),
    shipZip: text('ship_zip').notNull(),
    shipCountry: text('ship_country').notNull(),
    /** Null: no freight line. */
    freightCents: integer('freight_cents'),
    /** The last day (shop's time zone) it can be accepted and paid. */
    validUntil: date('valid_until', { mode: 'string' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('quotes_number_unique').on(table.number),
    index('quotes_created_at_idx').on(table.createdAt),
    index('quotes_user_subject_idx').on(table.userSubject),
    index('quotes_customer_number_idx').on(table.customerNumber),
    check('quotes_freight_nonnegative', sql`${table.freightCents} >= 0`),
  ],
);

export const quoteLines = pgTable(
  'quote_lines',
  {
    id: id(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productNumber: text('product_number').notNull(),
    title: text('title').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    /** The catalogue's wholesale price when the line was written. */
    listPriceCents: integer('list_price_cents'),
  },
  (table) => [
    uniqueIndex('quote_lines_quote_position_unique').on(table.quoteId, table.position),
    check('quote_lines_quantity_positive', sql`${table.quantity} >= 1`),
    check('quote_lines_price_nonnegative', sql`${table.unitPriceCents} >= 0`),
  ],
);
