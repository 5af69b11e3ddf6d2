import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

/**
 * Business-system customers: the built-in ERP's own records in embedded mode, and the cached
 * copy of Business Central's list in production.
 */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    number: text('number').notNull(),
    displayName: text('display_name').notNull(),
    type: text('type', { enum: ['Company', 'Person'] })
      .notNull()
      .default('Company'),
    addressLine1: text('address_line1').notNull().default(''),
    addressLine2: text('address_line2').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    country: text('country').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    email: text('email').notNull().default(''),
    website: text('website').notNull().default(''),
    /**
     * The customer's payment terms in the ERP (issue 37: paying on account): their code
     * ('NET30'), the days to pay, and Business Central's id of them; null: none (pay by card).
     */
    paymentTermsCode: text('payment_terms_code'),
    paymentTermsDays: integer('payment_terms_days'),
    erpPaymentTermsId: text('erp_payment_terms_id'),
    /** The ERP's credit limit; null or 0: none set. */
    creditLimitCents: integer('credit_limit_cents'),
    /** The record's id in the business system, when it came from there. */
    erpId: text('erp_id'),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('customers_number_unique').on(table.number),
    index('customers_email_idx').on(sql`lower(${table.email})`),
  ],
);

/**
 * The shop's own say on paying on account, per customer (issue 37), over the ERP's terms:
 * 'allowed' (with the days to pay and an optional credit limit) or 'off'. No row: the ERP's
 * terms decide.
 */
export const customerPaymentTerms = pgTable('customer_payment_terms', {
  customerNumber: text('customer_number').primaryKey(),
  mode: text('mode', { enum: ['allowed', 'off'] }).notNull(),
  dueDays: integer('due_days'),
  creditLimitCents: integer('credit_limit_cents'),
  ...timestamps,
});
