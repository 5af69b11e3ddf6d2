import { z } from 'zod';
import { PRICE_TIERS } from '../auth.ts';
import { ProductDtoSchema } from './catalog-dto.ts';
import { ERP_SYNC_STATUSES } from './checkout-rules.ts';

/**
 * The answers of the cart, coupon and checkout calls (SPEC.md section 7), each written once: the
 * zod schema is the route's response schema (and the OpenAPI document's), the type is inferred
 * from it. Pages import the types only (checkout-rules.ts re-exports them), so zod stays out of
 * their bundles.
 */

/**
 * GET /api/cart (ours): the request's `_cart__rf` cookie resolved to products for the caller's
 * tier. `removed` lists cookie entries that name no live product; the browser drops them.
 */
export const CartAnswerSchema = z.object({
  tier: z.enum(PRICE_TIERS),
  items: z.array(z.object({ product: ProductDtoSchema, quantity: z.number().int() })),
  removed: z.array(z.object({ number: z.string().nullable(), title: z.string().nullable() })),
});
export type CartAnswer = z.infer<typeof CartAnswerSchema>;

/** GET /api/coupons/{code} (ours): a known code's percent; 404 'Invalid coupon code'. */
export const CouponAnswerSchema = z.object({ code: z.string(), percent: z.number() });
export type CouponAnswer = z.infer<typeof CouponAnswerSchema>;

export const VerifyCaptchaAnswerSchema = z.object({
  success: z.boolean(),
  /** Single-use, valid CAPTCHA_NONCE_TTL_SECONDS; binds the payment and its follow-up calls. */
  nonce: z.string(),
});
export type VerifyCaptchaAnswer = z.infer<typeof VerifyCaptchaAnswerSchema>;

/** GET /api/salesOrdersLastID: the newest order number given out ('WEB-100000' before any). */
export const SalesOrdersLastIdAnswerSchema = z.object({ lastSalesOrderId: z.string() });
export type SalesOrdersLastIdAnswer = z.infer<typeof SalesOrdersLastIdAnswerSchema>;

/** The answer of process-payment: ok with the gateway's retref, or the error to show. */
export const PaymentAnswerSchema = z.object({
  ok: z.boolean(),
  retref: z.string().nullable(),
  error: z.string().nullable(),
  /** The server-assigned order number (ours; the browser's salesOrderId is only a guess). */
  orderNumber: z.string().nullable(),
  /** What was charged, in cents. */
  amount: z.number().int().nullable(),
  /** Ours (issue 37): placed on account, payment is due on this day (YYYY-MM-DD). */
  paymentDueOn: z.string().nullable().optional(),
});
export type PaymentAnswer = z.infer<typeof PaymentAnswerSchema>;

export const CheckCustomerAnswerSchema = z.object({
  customer: z.object({ number: z.string(), fullName: z.string() }),
});
export type CheckCustomerAnswer = z.infer<typeof CheckCustomerAnswerSchema>;

export const CreateSalesOrderAnswerSchema = z.object({
  ok: z.literal(true),
  orderNumber: z.string(),
  /** The order's ERP state: the sync itself runs in the background, retried until it succeeds. */
  erpSyncStatus: z.enum(ERP_SYNC_STATUSES),
});
export type CreateSalesOrderAnswer = z.infer<typeof CreateSalesOrderAnswerSchema>;

export const CreateInvoiceAnswerSchema = z.object({
  invoiceId: z.string(),
  salesOrderId: z.string(),
});
export type CreateInvoiceAnswer = z.infer<typeof CreateInvoiceAnswerSchema>;

export const RecordPaymentAnswerSchema = z.object({ ok: z.literal(true), paymentId: z.string() });
export type RecordPaymentAnswer = z.infer<typeof RecordPaymentAnswerSchema>;
