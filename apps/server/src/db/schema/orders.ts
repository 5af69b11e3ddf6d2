import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ERP_SYNC_STATUSES, ORDER_STATUSES } from '@labshop/shared/schemas/checkout';
import type { FreightZoneRates } from '@labshop/shared/schemas/freight';
import { id, timestamps } from './columns.ts';
import { quotes } from './quotes.ts';

export { ERP_SYNC_STATUSES, ORDER_STATUSES };

/**
 * Order numbers come from this sequence (shown as WEB-100001), never from "last plus one":
 * concurrent checkouts can never share a number.
 */
export const orderNumberSequence = pgSequence('order_number_seq', {
  startWith: 100001,
  increment: 1,
});

export const orders = pgTable(
  'orders',
  {
    id: id(),
    /** prefix-number, e.g. WEB-100234; also the card gateway's order id. */
    number: text('number').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    customerNumber: text('customer_number'),
    customerName: text('customer_name').notNull(),
    customerType: text('customer_type', { enum: ['Wholesale', 'Retail'] }).notNull(),
    /** The signed-in user's subject at the identity provider; null for guests. */
    userSubject: text('user_subject'),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    amountCents: integer('amount_cents').notNull(),
    couponCode: text('coupon_code'),
    /** The lab's PO number or reference (issue 36); Business Central's externalDocumentNumber. */
    poNumber: text('po_number'),
    /**
     * How it is paid (issue 37): by card, or on the lab's account terms (no card; the ERP's
     * invoice is due on payment_due_on under payment_terms, e.g. NET30).
     */
    paymentMethod: text('payment_method', { enum: ['card', 'on_account'] })
      .notNull()
      .default('card'),
    paymentTerms: text('payment_terms'),
    paymentDueOn: date('payment_due_on', { mode: 'string' }),
    /** Freight charged on the order (a quote's freight line), within amount_cents. */
    freightCents: integer('freight_cents').notNull().default(0),
    /** The quote the order pays for (issue 37); its lines and prices are the quote's. */
    quoteId: uuid('quote_id').references(() => quotes.id),
    shipName: text('ship_name').notNull(),
    shipAddress1: text('ship_address1').notNull(),
    shipCity: text('ship_city').notNull(),
    shipState: text('ship_state').notNull(),
    shipPostCode: text('ship_post_code').notNull(),
    /** ISO 3166-1 alpha-2. */
    shipCountry: text('ship_country').notNull(),
    shipPhone: text('ship_phone').notNull().default(''),
    paymentRetref: text('payment_retref'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    erpSyncStatus: text('erp_sync_status', { enum: ERP_SYNC_STATUSES })
      .notNull()
      .default('not_started'),
    erpSalesOrderId: text('erp_sales_order_id'),
    /** The ERP's own number for the sales order: its shipments and invoices name it. */
    erpSalesOrderNumber: text('erp_sales_order_number'),
    /** When the ERP took the sales order (the account's timeline). */
    erpSyncedAt: timestamp('erp_synced_at', { withTimezone: true }),
    erpSyncError: text('erp_sync_error'),
    /**
     * What the ERP last said of the sales order's progress (the account's timeline, issue 36):
     * its shipment and posted invoice, and when the shop last asked. Read by the order-status
     * round (jobs/order-status.ts); kept through an ERP outage.
     */
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    erpShipmentNumber: text('erp_shipment_number'),
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
    erpInvoiceNumber: text('erp_invoice_number'),
    /** The invoice's id in the ERP: its PDF is read by it. */
    erpInvoiceId: text('erp_invoice_id'),
    erpStatusCheckedAt: timestamp('erp_status_checked_at', { withTimezone: true }),
    /**
     * The storefront checkout that made the order: the SHA-256 of the browser's checkout cookie
     * (renewed once a payment is answered paid). Only a payment from the same checkout may be
     * answered with this order; null for API callers without the cookie.
     */
    checkoutId: text('checkout_id'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('orders_number_unique').on(table.number),
    index('orders_created_at_idx').on(table.createdAt),
    index('orders_user_subject_idx').on(table.userSubject),
    // A lab's account lists its orders by the user's e-mail and the lab's customer number.
    index('orders_email_lower_idx').on(sql`lower(${table.email})`),
    index('orders_customer_number_idx').on(table.customerNumber),
    // One order per accepted quote: a double click, two tabs or a retry find the same order. A
    // failed or voided payment's order does not count, so another card can be tried.
    uniqueIndex('orders_quote_live_unique')
      .on(table.quoteId)
      .where(
        sql`${table.quoteId} is not null and ${table.status} in ('pending', 'paid', 'needs_attention')`,
      ),
    // The order-status round: synced orders not yet invoiced, least recently asked first.
    index('orders_erp_status_due_idx')
      .on(table.erpStatusCheckedAt)
      .where(sql`${table.erpSyncedAt} is not null and ${table.invoicedAt} is null`),
    // The dashboard's orders and revenue per day.
    index('orders_paid_at_idx')
      .on(table.paidAt)
      .where(sql`${table.status} = 'paid'`),
    check('orders_amount_nonnegative', sql`${table.amountCents} >= 0`),
    check('orders_discount_nonnegative', sql`${table.discountCents} >= 0`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productNumber: text('product_number').notNull(),
    title: text('title').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
  },
  (table) => [
    uniqueIndex('order_lines_order_position_unique').on(table.orderId, table.position),
    check('order_lines_quantity_positive', sql`${table.quantity} >= 1`),
  ],
);

export const PAYMENT_STATUSES = [
  'pending',
  'approved',
  'declined',
  'unknown',
  'voided',
  'refunded',
] as const;

/** One card authorisation attempt; `unknown` until the gateway's answer or an inquiry settles it. */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    invoiceId: uuid('invoice_id'),
    customerNumber: text('customer_number'),
    gateway: text('gateway').notNull(),
    /** The order id sent to the gateway: the recovery handle when an answer is lost. */
    gatewayOrderId: text('gateway_order_id').notNull(),
    retref: text('retref'),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    responseCode: text('response_code'),
    responseText: text('response_text'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('payments_gateway_order_id_unique').on(table.gateway, table.gatewayOrderId),
    index('payments_order_idx').on(table.orderId),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** The order number the invoice belongs to (the spec's salesOrderId). */
    salesOrderId: text('sales_order_id').notNull(),
    customerNumber: text('customer_number'),
    fullName: text('full_name').notNull(),
    paymentRetref: text('payment_retref'),
    cart: jsonb('cart')
      .$type<{ number: string; title: string; quantity: number; newPrice: number }[]>()
      .notNull(),
    ...timestamps,
  },
  (table) => [uniqueIndex('invoices_order_unique').on(table.orderId)],
);

/** Coupon codes, matched case-insensitively (WELCOME2, Black10, and any added later). */
export const coupons = pgTable(
  'coupons',
  {
    code: text('code').primaryKey(),
    percent: integer('percent').notNull(),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('coupons_code_lower_unique').on(sql`lower(${table.code})`),
    check('coupons_percent_range', sql`${table.percent} > 0 and ${table.percent} <= 100`),
  ],
);

/**
 * Nonces handed out by POST /api/checkout/verify-captcha. One starts one payment: process-payment
 * claims it and binds it to the order it creates, so a doubled request finds the same order
 * instead of charging again, and the follow-up calls (checkCustomer, createSalesOrder, ...) prove
 * they belong to that order by sending it. Only a hash is stored.
 */
export const checkoutNonces = pgTable(
  'checkout_nonces',
  {
    nonceHash: text('nonce_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    orderId: uuid('order_id').references(() => orders.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('checkout_nonces_expires_at_idx').on(table.expiresAt),
    index('checkout_nonces_order_idx').on(table.orderId),
  ],
);

/**
 * The built-in ERP's sales orders (embedded mode): what Business Central keeps in production.
 * `externalDocumentNumber` is the shop's order number, unique, so a sync never duplicates one.
 */
export const erpSalesOrders = pgTable(
  'erp_sales_orders',
  {
    id: id(),
    /** The ERP's own document number, e.g. SO-000001. */
    number: text('number').notNull(),
    externalDocumentNumber: text('external_document_number').notNull(),
    customerNumber: text('customer_number').notNull(),
    /** The whole document as sent (lines, addresses, discount). */
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    /**
     * Marked by the admin (Orders History, embedded mode), what posting a shipment and an
     * invoice is in Business Central: the whole order at once, numbered after the sales order.
     */
    shipmentNumber: text('shipment_number'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    invoiceNumber: text('invoice_number'),
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('erp_sales_orders_number_unique').on(table.number),
    uniqueIndex('erp_sales_orders_external_unique').on(table.externalDocumentNumber),
  ],
);

/** The built-in ERP's document numbers (SO-000001, ...). */
export const erpSalesOrderSequence = pgSequence('erp_sales_order_seq', {
  startWith: 1,
  increment: 1,
});

/**
 * One row: the staff's freight table (issue 37), US zones with a flat rate or weight bands,
 * validated as a whole (FreightTableSchema) and replaced as a whole. Rates are cents here.
 */
export const freightTable = pgTable(
  'freight_table',
  {
    id: smallint('id').primaryKey().default(1),
    zones: jsonb('zones').$type<FreightZoneRates[]>().notNull().default([]),
    ...timestamps,
  },
  (table) => [check('freight_table_single_row', sql`${table.id} = 1`)],
);
