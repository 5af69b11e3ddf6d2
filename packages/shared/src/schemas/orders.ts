import { z } from 'zod';
import { ERP_SYNC_STATUSES, ORDER_STATUSES } from './checkout.ts';
import { limitField, pageField } from './paging.ts';

/**
 * Orders History (SPEC.md "Orders History" screen, "Order (history)", the orders calls and the
 * CSV exports) and the admin dashboard. Amounts here are dollar numbers with two decimals, as the
 * spec's order fields; wording the spec does not give is ours and marked so.
 */

export const ORDERS_MESSAGES = {
  // SPEC.md section 8, verbatim.
  loadFailed: 'Failed to load order history',
  empty: 'No orders found.',
  // Ours.
  retryFailed: 'The sync could not be queued again. Please try again.',
  retried: (orderNumber: string) =>
    `The sync of order ${orderNumber} is queued again; it runs in the background.`,
  orderNotFound: 'Order not found.',
  markedShipped: (orderNumber: string) => `Order ${orderNumber} is marked shipped.`,
  markedInvoiced: (orderNumber: string) => `Order ${orderNumber} is marked invoiced.`,
  markFailed: 'The order could not be marked. Please try again.',
  postedInBusinessCentral:
    'Shipments and invoices are posted in Business Central; the shop reads them from there.',
  notInErpYet: 'The order is not in the order system yet: wait for its sync, then mark it.',
  notShippedYet: 'Mark the order shipped before marking it invoiced.',
  dashboardLoadFailed: 'Failed to load the dashboard',
} as const;

/** Orders per page of GET /api/order-history when no limit is given; at most 100. */
export const ORDER_HISTORY_DEFAULT_LIMIT = 25;
export const ORDER_HISTORY_MAX_LIMIT = 100;
export const ORDER_HISTORY_SEARCH_MAX_LENGTH = 200;

/**
 * GET /api/order-history (the spec sends no query; these are ours and optional): page, limit,
 * and a search matching order number, customer number, name or e-mail, ignoring case.
 */
export const OrderHistoryQuery = z.object({
  page: pageField(),
  limit: limitField(ORDER_HISTORY_MAX_LIMIT, ORDER_HISTORY_DEFAULT_LIMIT),
  search: z.string().trim().max(ORDER_HISTORY_SEARCH_MAX_LENGTH).default(''),
});
export type OrderHistoryQuery = z.infer<typeof OrderHistoryQuery>;

export const OrderHistoryExportQuery = OrderHistoryQuery.pick({ search: true });

/** E-mails one GET /api/admin/customer-orders may ask about: a page of customer cards and more. */
export const CUSTOMER_ORDERS_MAX_EMAILS = 50;

/**
 * GET /api/admin/customer-orders?email=…&email=… (ours, issue 36): the admin's Customers cards
 * ask how many paid orders the shop has from each customer's e-mail.
 */
export const CustomerOrdersQuery = z.object({
  email: z.preprocess(
    (value) => (typeof value === 'string' ? [value] : value),
    z
      .array(z.string().trim().min(1, 'An e-mail is required.').max(254, 'An e-mail is too long.'))
      .min(1, 'Ask about at least one e-mail.')
      .max(CUSTOMER_ORDERS_MAX_EMAILS, `Ask about at most ${CUSTOMER_ORDERS_MAX_EMAILS} e-mails.`),
  ),
});

export const CustomerOrdersAnswerSchema = z.object({
  /** One entry per asked e-mail, as asked; e-mails match ignoring case. */
  customers: z.array(
    z.object({
      email: z.string(),
      /** Paid orders placed with the e-mail. */
      orders: z.number().int().nonnegative(),
      /** When the latest was paid; null without orders. */
      lastOrderAt: z.string().nullable(),
    }),
  ),
});
export type CustomerOrdersAnswer = z.infer<typeof CustomerOrdersAnswerSchema>;

/** SPEC.md "Order (history)": cart items with title, quantity, newPrice (the unit price paid). */
export const OrderCartItemSchema = z.object({
  number: z.string(),
  title: z.string(),
  quantity: z.number().int().positive(),
  newPrice: z.number(),
});
export type OrderCartItem = z.infer<typeof OrderCartItemSchema>;

/** SPEC.md "Order (history)": shipping name, address1, city, state, postCode, country, phone. */
export const OrderShippingSchema = z.object({
  name: z.string(),
  address1: z.string(),
  city: z.string(),
  state: z.string(),
  postCode: z.string(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  phone: z.string(),
});
export type OrderShipping = z.infer<typeof OrderShippingSchema>;

export const OrderHistoryEntrySchema = z.object({
  // SPEC.md "Order (history)".
  orderNumber: z.string(),
  customerNumber: z.string().nullable(),
  customerName: z.string(),
  customerType: z.enum(['Wholesale', 'Retail']),
  email: z.string(),
  phone: z.string(),
  /** Dollars, as charged (after the discount). */
  amount: z.number(),
  cart: z.array(OrderCartItemSchema),
  shipping: OrderShippingSchema,
  createdAt: z.string(),
  // Ours: the payment and the ERP sync (issue: "each order's payment retref and ERP sync state").
  status: z.enum(ORDER_STATUSES),
  paidAt: z.string().nullable(),
  /** Dollars. */
  discount: z.number(),
  couponCode: z.string().nullable(),
  /** Ours (issue 37): dollars of freight within amount (a quote's or the freight table's); 0 without. */
  freight: z.number(),
  /** Ours (issue 37): by card, or on the lab's account under terms, due on a day. */
  paymentMethod: z.enum(['card', 'on_account']),
  paymentTerms: z.string().nullable(),
  paymentDueOn: z.string().nullable(),
  /** Ours (issue 36): the lab's PO number or reference; not in the CSV (SPEC.md's 16 columns). */
  poNumber: z.string().nullable(),
  paymentRetref: z.string().nullable(),
  erpSyncStatus: z.enum(ERP_SYNC_STATUSES),
  /** The ERP's id of the sales order once synced (an id for machines, not shown to people). */
  erpSalesOrderId: z.string().nullable(),
  /** When the sync succeeded (its job's end); null when not synced, or not known. */
  erpSyncedAt: z.string().nullable(),
  /** Why the sync last failed: the order's record, else its outbox job's last error. */
  erpSyncError: z.string().nullable(),
  erpSyncAttempts: z.number().int().nonnegative(),
  /** A failed sync, or one whose job gave up: the admin may queue it again. */
  canRetrySync: z.boolean(),
  /**
   * Ours (issue 36): what the ERP last said of the sales order: its shipment and invoice (number
   * and time; Business Central gives dates, as UTC midnight), and when the shop last asked.
   */
  shippedAt: z.string().nullable(),
  erpShipmentNumber: z.string().nullable(),
  invoicedAt: z.string().nullable(),
  erpInvoiceNumber: z.string().nullable(),
  erpStatusCheckedAt: z.string().nullable(),
  /**
   * The built-in ERP (embedded mode) only: the admin may mark the synced order shipped, then
   * invoiced, as the office posts them in Business Central.
   */
  canMarkShipped: z.boolean(),
  canMarkInvoiced: z.boolean(),
});
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntrySchema>;

export const OrderHistoryAnswerSchema = z.object({
  orders: z.array(OrderHistoryEntrySchema),
  /** Every matching order, not just this page. */
  total: z.number().int().nonnegative(),
});
export type OrderHistoryAnswer = z.infer<typeof OrderHistoryAnswerSchema>;

/**
 * orders_history.csv: SPEC.md says 16 columns; these are the spec's order fields with the
 * shipping address spread over its seven parts. `cart` is "Title x quantity @ price" per item,
 * joined by "; ". Amounts are dollars with two decimals; createdAt is ISO 8601 in UTC.
 */
export const ORDER_HISTORY_CSV_COLUMNS = [
  'orderNumber',
  'createdAt',
  'customerNumber',
  'customerName',
  'customerType',
  'email',
  'phone',
  'amount',
  'cart',
  'shippingName',
  'shippingAddress1',
  'shippingCity',
  'shippingState',
  'shippingPostCode',
  'shippingCountry',
  'shippingPhone',
] as const;

/** One cart in the CSV's `cart` cell. */
export function cartSummary(cart: readonly OrderCartItem[]): string {
  return cart
    .map((item) => `${item.title} x ${item.quantity} @ ${item.newPrice.toFixed(2)}`)
    .join('; ');
}

// ---------------------------------------------------------------------------------------------
// The admin dashboard (ours): GET /api/admin/dashboard
// ---------------------------------------------------------------------------------------------

/** Days in the dashboard's chart, ending today in the shop's time zone. */
export const DASHBOARD_DAYS = 90;
export const DASHBOARD_TOP_PRODUCTS = 5;

export const DashboardSchema = z.object({
  /** The shop's time zone (SHOP_TIME_ZONE) the days are counted in. */
  timeZone: z.string(),
  /** DASHBOARD_DAYS entries, oldest first, every day present (0 when no order). */
  days: z.array(
    z.object({
      /** YYYY-MM-DD. */
      date: z.string(),
      orders: z.number().int().nonnegative(),
      /** Dollars. */
      revenue: z.number(),
    }),
  ),
  totals: z.object({ orders: z.number().int().nonnegative(), revenue: z.number() }),
  /** Best sellers in those days by revenue. */
  topProducts: z.array(
    z.object({
      number: z.string(),
      title: z.string(),
      quantity: z.number().int().nonnegative(),
      revenue: z.number(),
    }),
  ),
  /** Subscribed newsletter addresses. */
  subscribers: z.number().int().nonnegative(),
  /** Paid orders not yet in the ERP: waiting or being retried. */
  pendingErpSyncs: z.number().int().nonnegative(),
  /** Paid orders whose ERP sync failed: they need a look. */
  failedErpSyncs: z.number().int().nonnegative(),
  products: z.number().int().nonnegative(),
  categories: z.number().int().nonnegative(),
  paidOrders: z.number().int().nonnegative(),
  /**
   * Card declines in the last alert window (PAYMENT_DECLINE_ALERT_*); at the threshold or
   * above, the dashboard warns of card testing (the staff are mailed once per window too).
   */
  cardDeclines: z.object({
    count: z.number().int().nonnegative(),
    threshold: z.number().int().positive(),
    windowMinutes: z.number().int().positive(),
  }),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
