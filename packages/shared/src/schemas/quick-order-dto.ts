import { z } from 'zod';
import { PRICE_TIERS } from '../auth.ts';
import { QUICK_ORDER_MAX_TEXT_LENGTH, QUICK_ORDER_MESSAGES } from '../quick-order.ts';

/**
 * POST /api/quick-order (issue 36), written once: the zod schemas are the route's (and the
 * OpenAPI document's), the types are inferred from them. Pages import the types only (from
 * quick-order.ts), so zod stays out of their bundles.
 */

export const QuickOrderRequestSchema = z.object({
  text: z
    .string({ error: 'text must be given, as text.' })
    .max(QUICK_ORDER_MAX_TEXT_LENGTH, QUICK_ORDER_MESSAGES.textTooLong)
    .describe('Lines of product number and quantity, as typed, pasted or read from a CSV file'),
});
export type QuickOrderRequest = z.infer<typeof QuickOrderRequestSchema>;

/** One product of the order: a line of the text, or several naming one product (merged). */
export const QuickOrderLineSchema = z.object({
  /** The text's lines (from 1) this line stands for; more than one when they were merged. */
  lines: z.array(z.number().int()),
  /** The first of those lines as typed. */
  text: z.string(),
  /** The product's number as the catalogue writes it; as typed when no product has it. */
  number: z.string(),
  /** The product's title; null when the number names no product. */
  title: z.string().nullable(),
  /** Null when the quantity is not a whole number from 1 to 999. */
  quantity: z.number().int().nullable(),
  /** At the caller's price tier; null unless the line can go into the cart. */
  unitPriceCents: z.number().int().nullable(),
  lineTotalCents: z.number().int().nullable(),
  /** Why the line cannot go into the cart; null when it can. */
  error: z.string().nullable(),
  /** Said of a line that can: lines merged into it, a quantity capped. */
  note: z.string().nullable(),
});
export type QuickOrderLine = z.infer<typeof QuickOrderLineSchema>;

export const QuickOrderAnswerSchema = z.object({
  tier: z.enum(PRICE_TIERS),
  lines: z.array(QuickOrderLineSchema),
  /** How many lines can go into the cart (those without an error). */
  readyCount: z.number().int(),
  /** The sum of their line totals. */
  totalCents: z.number().int(),
});
export type QuickOrderAnswer = z.infer<typeof QuickOrderAnswerSchema>;
