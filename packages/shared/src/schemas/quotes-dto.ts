import { z } from 'zod';
import { QUANTITY_MESSAGE } from './checkout-rules.ts';
import { shippingAddressFields } from './address-book-dto.ts';
import { billingFields, checkStateAndZip } from './checkout-forms.ts';
import { stopWith } from './field-checks.ts';
import { pageField } from './paging.ts';
import { QUOTE_LIMITS, QUOTE_MESSAGES, QUOTE_STATUSES } from './quotes.ts';

/**
 * The quote calls' schemas (issue 37): each answer written once, its type inferred. Amounts
 * are dollars (two decimals at most), days YYYY-MM-DD, times ISO 8601.
 */

const quantity = () =>
  z.coerce
    .number({ error: QUANTITY_MESSAGE })
    .int(QUANTITY_MESSAGE)
    .min(1, QUANTITY_MESSAGE)
    .max(999, QUANTITY_MESSAGE);

const productNumber = () => z.string().trim().min(1, 'A product number is required.').max(40);

/** Dollars with at most two decimals, within the quote's limit. */
const amount = (message: string) =>
  z
    .number({ error: message })
    .min(0, message)
    .max(QUOTE_LIMITS.amount, message)
    // Whole cents: 12.5 and 12.50 are fine, 12.505 is not.
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, message);

/** POST /api/account/quotes: the cart's lines, where to ship, the PO number and a message. */
export const QuoteRequestInput = z.object({
  lines: z
    .array(z.object({ number: productNumber(), quantity: quantity() }))
    .min(1, QUOTE_MESSAGES.noLines)
    .max(QUOTE_LIMITS.lines, QUOTE_MESSAGES.tooManyLines),
  message: z
    .string()
    .trim()
    .max(QUOTE_LIMITS.message, stopWith(QUOTE_MESSAGES.messageTooLong))
    .default(''),
  shipTo: shippingAddressFields.superRefine(checkStateAndZip),
  poNumber: billingFields.shape.poNumber,
});
export type QuoteRequestInput = z.input<typeof QuoteRequestInput>;

/** PUT /api/admin/quotes/{number}: the whole quote as the staff set it. */
export const QuoteUpdateInput = z.object({
  lines: z
    .array(
      z.object({
        number: productNumber(),
        quantity: quantity(),
        unitPrice: amount(QUOTE_MESSAGES.price),
      }),
    )
    .min(1, QUOTE_MESSAGES.noLines)
    .max(QUOTE_LIMITS.lines, QUOTE_MESSAGES.tooManyLines),
  /** Null: no freight line. */
  freight: amount(QUOTE_MESSAGES.freight).nullable(),
  /** Null: not set yet (a quote cannot be sent without one). */
  validUntil: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, QUOTE_MESSAGES.validUntil)
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), QUOTE_MESSAGES.validUntil)
    .nullable(),
  note: z.string().trim().max(QUOTE_LIMITS.note, stopWith(QUOTE_MESSAGES.noteTooLong)).default(''),
});
export type QuoteUpdateInput = z.input<typeof QuoteUpdateInput>;

export const QuoteLineSchema = z.object({
  number: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  lineTotal: z.number(),
  /** The catalogue's wholesale price when the line was written, for comparison. */
  listPrice: z.number().nullable(),
});
export type QuoteLine = z.infer<typeof QuoteLineSchema>;

export const QuoteSummarySchema = z.object({
  number: z.string(),
  status: z.enum(QUOTE_STATUSES),
  requestedAt: z.string(),
  /** The last day it can be accepted and paid, once set. */
  validUntil: z.string().nullable(),
  email: z.string(),
  customerName: z.string(),
  /** The lab's customer number in the ERP, when the user's e-mail is a lab's. */
  customerNumber: z.string().nullable(),
  poNumber: z.string().nullable(),
  itemCount: z.number().int(),
  total: z.number(),
  /** The paid order made from it. */
  orderNumber: z.string().nullable(),
});
export type QuoteSummary = z.infer<typeof QuoteSummarySchema>;

export const QuoteSchema = QuoteSummarySchema.extend({
  message: z.string(),
  note: z.string(),
  sentAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  declinedAt: z.string().nullable(),
  shipTo: z.object({
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    country: z.string(),
  }),
  lines: z.array(QuoteLineSchema),
  subtotal: z.number(),
  /** Null: no freight line. */
  freight: z.number().nullable(),
  /** Accept and decline are open: sent, and valid today. */
  canAccept: z.boolean(),
  /** The quote can be paid now (accepted, valid, no order yet). */
  canPay: z.boolean(),
});
export type Quote = z.infer<typeof QuoteSchema>;

/** GET /api/account/quotes: a page of the lab's quotes, newest first. */
export const QuotesAnswerSchema = z.object({
  quotes: z.array(QuoteSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type QuotesAnswer = z.infer<typeof QuotesAnswerSchema>;

/** GET /api/admin/quotes: as the account's, with a count per status for the filter. */
export const AdminQuotesAnswerSchema = QuotesAnswerSchema.extend({
  counts: z.record(z.enum(QUOTE_STATUSES), z.number().int()),
});
export type AdminQuotesAnswer = z.infer<typeof AdminQuotesAnswerSchema>;

export const AccountQuotesQuery = z.object({ page: pageField() });

export const AdminQuotesQuery = z.object({
  page: pageField(),
  search: z.string().trim().max(QUOTE_LIMITS.search, 'The search is too long.').default(''),
  status: z.enum(QUOTE_STATUSES).optional(),
});

/** A quote number in a path: anything up to 40, so a malformed one is a 404 like a missing one. */
export const QuoteParams = z.object({ number: z.string().trim().max(40) });
