import { z } from 'zod';
import { ORDER_STATUSES } from './checkout-rules.ts';
import { pageField } from './paging.ts';

/**
 * The answers of the lab's account calls (issue 36, beyond SPEC.md), each written once: the zod
 * schema is the route's response schema, the type is inferred from it. Pages import the types
 * from account.ts, so zod stays out of their bundles. Amounts are dollars, times ISO 8601.
 */

/** The ERP customer a user's verified e-mail belongs to: their lab. */
export const AccountLabSchema = z.object({
  number: z.string(),
  displayName: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  phoneNumber: z.string(),
  email: z.string(),
});

/** GET /api/account: the signed-in user and their lab (null when none matches). */
export const AccountAnswerSchema = z.object({
  user: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
  emailVerified: z.boolean(),
  lab: AccountLabSchema.nullable(),
});
export type AccountAnswer = z.infer<typeof AccountAnswerSchema>;

/** One row of the lab's order list. */
export const AccountOrderSummarySchema = z.object({
  number: z.string(),
  placedAt: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Who placed it (a colleague's orders show too). */
  email: z.string(),
  /** The lab's PO number or reference, when one was given at checkout. */
  poNumber: z.string().nullable(),
  itemCount: z.number().int(),
  /** The first products' titles, for the list. */
  titles: z.array(z.string()),
  amount: z.number(),
  /** How far the ERP has taken it, as last read: invoiced, shipped, or neither yet. */
  progress: z.enum(['invoiced', 'shipped']).nullable(),
});
export type AccountOrderSummary = z.infer<typeof AccountOrderSummarySchema>;

/** GET /api/account/orders: a page of the lab's orders, newest first. */
export const AccountOrdersAnswerSchema = z.object({
  orders: z.array(AccountOrderSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AccountOrdersAnswer = z.infer<typeof AccountOrdersAnswerSchema>;

export const ORDER_STEPS = ['placed', 'sent', 'shipped', 'invoiced'] as const;

/**
 * One step of an order's timeline: done (with its time when known, and the ERP's document number
 * for a shipment or invoice), not yet, or not known yet (the ERP has not been asked).
 */
export const OrderStepSchema = z.object({
  step: z.enum(ORDER_STEPS),
  label: z.string(),
  state: z.enum(['done', 'waiting', 'unknown']),
  at: z.string().nullable(),
  /** Business Central dates its shipments and invoices: `at` is then that day, UTC midnight. */
  dateOnly: z.boolean(),
  /** The shipment's or invoice's number in the ERP. */
  document: z.string().nullable(),
});
export type OrderStep = z.infer<typeof OrderStepSchema>;

/** GET /api/account/orders/{number}: one of the lab's orders. */
export const AccountOrderSchema = AccountOrderSummarySchema.extend({
  lines: z.array(
    z.object({
      number: z.string(),
      title: z.string(),
      quantity: z.number().int(),
      unitPrice: z.number(),
      lineTotal: z.number(),
    }),
  ),
  subtotal: z.number(),
  discount: z.number(),
  /** A quote's freight within the amount (issue 37); 0 without. */
  freight: z.number(),
  /** How it is paid (issue 37): by card, or on account under terms, due on a day. */
  payment: z.object({
    method: z.enum(['card', 'on_account']),
    terms: z.string().nullable(),
    dueOn: z.string().nullable(),
  }),

  couponCode: z.string().nullable(),
  customerName: z.string(),
  shipTo: z.object({
    name: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    postCode: z.string(),
    country: z.string(),
    phone: z.string(),
  }),
  timeline: z.array(OrderStepSchema),
  /** When the ERP was last asked about shipping and invoicing: the status is as of then. */
  statusCheckedAt: z.string().nullable(),
  /**
   * The order's PDF (GET .../document.pdf): the ERP's invoice once invoiced, else the shop's
   * receipt of the payment.
   */
  document: z.object({ kind: z.enum(['invoice', 'receipt']), number: z.string() }),
});
export type AccountOrder = z.infer<typeof AccountOrderSchema>;

/**
 * GET /api/account/orders/{number}/reorder: what 'Buy again' puts in the cart (the order's
 * quantities; the cart prices them at today's prices) and what it leaves out, with why.
 */
export const ReorderAnswerSchema = z.object({
  add: z.array(z.object({ number: z.string(), title: z.string(), quantity: z.number().int() })),
  leftOut: z.array(
    z.object({
      number: z.string(),
      title: z.string(),
      reason: z.enum(['deleted', 'not_available']),
    }),
  ),
});
export type ReorderAnswer = z.infer<typeof ReorderAnswerSchema>;

/** GET /api/account/orders' query: a page, and a search by order, product or PO number. */
export const AccountOrdersQuery = z.object({
  page: pageField(),
  search: z.string().trim().max(100, 'The search is too long.').default(''),
});

/** An order number in a path. */
export const AccountOrderParams = z.object({
  number: z
    .string()
    .trim()
    .min(1, 'An order number is required.')
    .max(40, 'The order number is too long.'),
});
