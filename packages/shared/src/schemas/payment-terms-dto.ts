import { z } from 'zod';
import { CustomerOrdersQuery } from './orders.ts';
import { PAYMENT_TERMS_MESSAGES, TERMS_LIMITS, TERMS_MODES } from './payment-terms.ts';

/** The schemas of paying on account's calls (issue 37). Amounts are dollars, days YYYY-MM-DD. */

/** GET /api/account/payment-terms: whether the user's lab may pay on account now, and how. */
export const AccountPaymentTermsSchema = z.object({
  onAccount: z.boolean(),
  /** 'NET30' from the ERP, or the shop's 'Net 30'. */
  terms: z.string().nullable(),
  dueDays: z.number().int().nullable(),
  /** An order placed today is due on this day (shop's time zone). */
  dueOn: z.string().nullable(),
  /** Null: no credit limit. */
  creditLimit: z.number().nullable(),
  /** On-account orders not yet due (what the limit counts). */
  openOnAccount: z.number(),
  /** What the lab may still order on account; null: no limit. */
  available: z.number().nullable(),
});
export type AccountPaymentTerms = z.infer<typeof AccountPaymentTermsSchema>;

/** One customer card's terms, by e-mail. */
export const CustomerTermsEntrySchema = z.object({
  email: z.string(),
  /** Null: no customer has this e-mail. */
  customerNumber: z.string().nullable(),
  /** The ERP's terms and credit limit. */
  erp: z.object({
    terms: z.string().nullable(),
    dueDays: z.number().int().nullable(),
    creditLimit: z.number().nullable(),
  }),
  /** What the staff set ('erp': nothing, the ERP decides). */
  mode: z.enum(TERMS_MODES),
  dueDays: z.number().int().nullable(),
  creditLimit: z.number().nullable(),
  /** What applies now. */
  onAccount: z.boolean(),
  terms: z.string().nullable(),
  effectiveDueDays: z.number().int().nullable(),
  effectiveCreditLimit: z.number().nullable(),
});
export type CustomerTermsEntry = z.infer<typeof CustomerTermsEntrySchema>;

/** GET /api/admin/customer-terms?email=a&email=b: the cards' terms, in the order asked. */
export const CustomerTermsAnswerSchema = z.object({ customers: z.array(CustomerTermsEntrySchema) });
export type CustomerTermsAnswer = z.infer<typeof CustomerTermsAnswerSchema>;

/** ?email=a&email=b: asked like the cards' order counts (GET /api/admin/customer-orders). */
export const CustomerTermsQuery = CustomerOrdersQuery;

/** PUT /api/admin/customer-terms: the staff's say for the customer with this e-mail. */
export const CustomerTermsInput = z.object({
  email: z.string().trim().min(1).max(320),
  mode: z.enum(TERMS_MODES),
  /** With 'allowed': days to pay (default 30). */
  dueDays: z
    .number({ error: PAYMENT_TERMS_MESSAGES.dueDays })
    .int(PAYMENT_TERMS_MESSAGES.dueDays)
    .min(TERMS_LIMITS.dueDaysMin, PAYMENT_TERMS_MESSAGES.dueDays)
    .max(TERMS_LIMITS.dueDaysMax, PAYMENT_TERMS_MESSAGES.dueDays)
    .nullable()
    .default(null),
  /** With 'allowed': dollars; null: no limit. */
  creditLimit: z
    .number({ error: PAYMENT_TERMS_MESSAGES.creditLimitValue })
    .min(0, PAYMENT_TERMS_MESSAGES.creditLimitValue)
    .max(TERMS_LIMITS.creditLimitMax, PAYMENT_TERMS_MESSAGES.creditLimitValue)
    .nullable()
    .default(null),
});
export type CustomerTermsInput = z.input<typeof CustomerTermsInput>;
