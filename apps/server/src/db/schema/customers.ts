import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
